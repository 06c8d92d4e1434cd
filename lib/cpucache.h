/* The caches a CPU reports through CPUID, by the first of these it has:
 * leaf 4 (Intel's deterministic cache parameters), leaf 0x8000001D (AMD's,
 * with TOPOEXT), leaf 2's descriptor bytes (older Intel parts), leaves
 * 0x80000005 and 0x80000006 (older AMD parts). */
#ifndef BAREBENCH_CPUCACHE_H
#define BAREBENCH_CPUCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/cpuinfo.h"

#define CPUCACHE_MAX 8

struct cpu_cache {
    uint8_t level; /* 1, 2, 3 */
    char type;     /* 'd' data, 'i' instruction, 'u' unified */
    uint32_t bytes;
};

/* Fills out[0..n) (at most CPUCACHE_MAX) and says which leaves gave them;
 * 0 with the reason in *source when none does. */
unsigned cpucache_decode(const struct cpu_info *info, cpuid_fn cpuid, void *ctx,
                         struct cpu_cache *out, const char **source);

/* "L1d=49152;L1i=32768;L2=1048576": each cache's bytes, as a record field
 * holds them; "-" for none. */
void cpucache_text(const struct cpu_cache *caches, unsigned n, char *buf, size_t size);

#endif
