/* A payload: the code measured between the counter reads. Payloads are
 * data in the `.payloads` section, so a new file (C or NASM) adds one
 * without touching a list: the linker gathers them.
 *
 * The harness copies the body `unroll` times into the measured window.
 * The body must therefore be position-independent (jumps only within
 * itself) and may use every general register but the stack pointer (ESP,
 * r1). Registers start from `struct payload_regs` (set by prepare), and
 * those the counter reads leave alone carry over from one window to the
 * next (bench/window.h); memory it touches must be prepared before
 * (prepare runs outside the window). */
#ifndef BAREBENCH_PAYLOAD_H
#define BAREBENCH_PAYLOAD_H

#include <stdint.h>

#define PAYLOAD_INSNS_VARIABLE (-1)

/* The initial registers of the body, r[0] up, each a word of the mode's
 * size (a pointer fits): each architecture's window loads them
 * (bench/x86/payload_regs.h names them EAX..EBP, RAX..RBP in long mode,
 * EAX..EDX reloaded after the start reads; bench/ppc/payload_regs.h
 * r3..r9). */
#define PAYLOAD_REGS 7
struct payload_regs {
    uintptr_t r[PAYLOAD_REGS];
};

/* What prepare may use. */
struct payload_env {
    /* The most body copies a window of this run holds (2U when
     * differencing): size a buffer the body walks through by it. */
    uint32_t max_copies;
    uint32_t working_set; /* bytes, from the wss= option (pointer chase) */
};

typedef const char *payload_prepare_fn(struct payload_regs *regs, const struct payload_env *env);
typedef void payload_fn(void);

/* The fields and flags bench/payload.def declares; the assembler macros
 * read the same list. */
#define PAYLOAD_FIELD(type, name) type name;
#define PAYLOAD_NEED(name, bit)
#define PAYLOAD_FLAG(name, bit)
struct payload {
#include "bench/payload.def"
};
#undef PAYLOAD_FIELD
#undef PAYLOAD_NEED
#undef PAYLOAD_FLAG

/* What a payload needs from the CPU (it is skipped, with the reason, where
 * something is missing: suite_missing_feature), and how it is selected. */
#define PAYLOAD_FIELD(type, name)
#define PAYLOAD_NEED(name, bit) PAYLOAD_NEEDS_##name = (bit),
#define PAYLOAD_FLAG(name, bit) PAYLOAD_##name = (bit),
enum payload_flag {
#include "bench/payload.def"
};
#undef PAYLOAD_NEED
#undef PAYLOAD_FLAG

/* Every need, and every flag a payload may carry. */
#define PAYLOAD_NEED(name, bit) | PAYLOAD_NEEDS_##name
#define PAYLOAD_FLAG(name, bit)
enum {
    PAYLOAD_NEEDS_ALL = 0
#include "bench/payload.def"
};
#undef PAYLOAD_FLAG
#define PAYLOAD_FLAG(name, bit) | PAYLOAD_##name
enum {
    PAYLOAD_KNOWN_FLAGS = 0
#include "bench/payload.def"
};
#undef PAYLOAD_FIELD
#undef PAYLOAD_NEED
#undef PAYLOAD_FLAG

/* A C payload: `fn` runs once per iteration; insns counts its instructions
 * plus the CALL and RET, branches its branch instructions with them, or
 * PAYLOAD_INSNS_VARIABLE. */
#define PAYLOAD_C(id, desc, insns_, branches_, flags_, prepare_, fn_)                              \
    static const struct payload payload_##id __attribute__((                                       \
        used, section(".payloads"), aligned(sizeof(void *)))) = {.name = #id,                      \
                                                                 .description = desc,              \
                                                                 .insns = insns_,                  \
                                                                 .branches = branches_,            \
                                                                 .flags = flags_,                  \
                                                                 .prepare = prepare_,              \
                                                                 .fn = fn_}

/* The i-th payload: those the linker gathered, in link order, then those
 * added at run time (modules); NULL past the last. */
const struct payload *payload_at(unsigned i);

/* The payload with that name (ASCII case ignored, as bench= does), or NULL. */
const struct payload *payload_named(const char *name);

/* Makes the n payloads at extra (which must stay in place) follow the
 * built-in ones; a later call replaces the earlier list. */
void payload_set_extra(const struct payload *extra, unsigned n);

#endif
