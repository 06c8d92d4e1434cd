/* Payload modules: payloads assembled outside the kernel and handed to it
 * by the boot loader (multiboot1 or multiboot2 module), so a new payload
 * needs no kernel rebuild. `tools/barebench payload` writes them; this
 * parser checks every byte a payload will use before any of it runs.
 *
 * Format version 2, all fields little-endian (docs/payload-modules.md);
 * version 1 is read too (32-byte descriptors, ending at offset 28, which
 * must be 0):
 *
 *   header, MODULE_HEADER_LEN bytes at offset 0
 *     0  magic "BBPM"
 *     4  u16 version (2 or 1)     6  u16 header length (32)
 *     8  u32 module length, header included
 *    12  u32 CRC-32 (IEEE 802.3, as zlib) of bytes 16 .. module length
 *    16  u32 payload count (1..MODULE_MAX_PAYLOADS)
 *    20  u32 offset of the descriptor table (4-byte aligned)
 *    24  u16 descriptor length (40; version 1: 32)
 *    26  u16 mode of the bodies: 0 = 32-bit (as before the field), 64
 *    28  u32 reserved, 0
 *   descriptor, MODULE_DESC_LEN bytes each
 *     0  u32 offset of the name      4  u32 offset of the description
 *     8  u32 offset of the body     12  u32 body length
 *    16  i32 instructions per iteration (-1: not fixed)
 *    20  i32 branches per iteration (-1: not fixed)
 *    24  u32 flags (PAYLOAD_NEEDS_*, PAYLOAD_TEST_ONLY, PAYLOAD_NOT_DEFAULT)
 *    28  u32 set-up: 0 none, else the kernel's set-up of that number
 *        (the setups given to module_parse), the payload's prepare
 *    32  u32 offset of a CPUID feature name (struct payload's feature),
 *        1..MODULE_MAX_FEATURE of [a-z0-9._], or 0 for none
 *    36  u32 reserved, 0
 *
 * A kernel takes the modules of its own mode only: the same bytes are
 * other instructions in the other mode.
 *
 * Offsets count from the start of the module; everything they point to
 * lies inside it. Bodies are position-independent, as every payload body
 * is (the harness copies them): a module carries no relocations. */
#ifndef BAREBENCH_MODULE_H
#define BAREBENCH_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/payload.h"

#define MODULE_MAGIC       "BBPM"
#define MODULE_VERSION     2
#define MODULE_HEADER_LEN  32
#define MODULE_DESC_LEN    40
#define MODULE_DESC_LEN_V1 32
/* A generated instruction table is a few thousand small payloads
 * (docs/itable.md). */
#define MODULE_MAX_BYTES    (1024u << 10)
#define MODULE_MAX_PAYLOADS 4096
#define MODULE_MAX_FEATURE  23 /* characters of a feature name */

/* The module payloads a program carries (app/modules.c): two modules'
 * worth. The PowerPC kernel has no loader that hands it modules, and the
 * 40p boots an image of 1 MiB at most, so its selection stays small. */
#if defined(__powerpc__)
#define MODULE_KERNEL_PAYLOADS 64
#else
#define MODULE_KERNEL_PAYLOADS (2 * MODULE_MAX_PAYLOADS)
#endif
#define MODULE_MAX_BODY 4096
#define MODULE_MAX_NAME 31  /* characters of a name: [A-Za-z0-9_] */
#define MODULE_MAX_DESC 160 /* characters of a description: printable ASCII */
#define MODULE_WHY_MAX  128

/* The set-ups a kernel offers modules: set-up k (1..n) is fns[k - 1]. */
struct module_setups {
    payload_prepare_fn *const *fns;
    unsigned n;
};

/* The architecture's set-ups (bench/<arch>/module_setups.c). */
extern const struct module_setups module_setups;

/* Checks the len bytes at data, for a kernel whose payloads run in
 * mode_bits (32 or 64) mode and that offers setups, and, when every check
 * passes, fills out[0..*n) with payloads whose name, description, feature
 * and body point into data (which must outlive them). Returns true, or
 * false with *n = 0 and the first problem found in why (never empty). At
 * most cap payloads are accepted: a module with more is refused. */
bool module_parse(const uint8_t *data, size_t len, unsigned mode_bits,
                  const struct module_setups *setups, struct payload *out, unsigned cap,
                  unsigned *n, char *why, size_t why_size);

#endif
