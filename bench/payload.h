/* A payload: the code measured between the counter reads. Payloads are
 * data in the `.payloads` section, so a new file (C or NASM) adds one
 * without touching a list: the linker gathers them.
 *
 * The harness copies the body `unroll` times into the measured window.
 * The body must therefore be position-independent (jumps only within
 * itself) and may use every general register except ESP. Registers start
 * from `struct payload_regs` (set by prepare); memory it touches must be
 * prepared before (prepare runs outside the window). */
#ifndef BAREBENCH_PAYLOAD_H
#define BAREBENCH_PAYLOAD_H

#include <stdint.h>

/* What a payload needs from the CPU; it is skipped, with the reason, where
 * something is missing. */
#define PAYLOAD_NEEDS_MMX   0x01u
#define PAYLOAD_NEEDS_SSE   0x02u
#define PAYLOAD_NEEDS_SSE2  0x04u
#define PAYLOAD_NEEDS_RDPMC 0x08u
#define PAYLOAD_NEEDS_MSR   0x10u
#define PAYLOAD_NEEDS_TSC   0x20u
#define PAYLOAD_NEEDS_CMOV  0x40u
/* Not in `all` or `default`: chosen by name only (the fault_* payloads). */
#define PAYLOAD_TEST_ONLY 0x100u
/* Not in `default` (slow or memory-hungry), but in `all`. */
#define PAYLOAD_NOT_DEFAULT 0x200u

#define PAYLOAD_INSNS_VARIABLE (-1)

/* Initial registers of the body (EAX..EDX are reloaded after the start reads). */
struct payload_regs {
    uint32_t eax, ebx, ecx, edx, esi, edi, ebp;
};

/* What prepare may use. */
struct payload_env {
    /* The most body copies a window of this run holds (2U when
     * differencing): size a buffer the body walks through by it. */
    uint32_t max_copies;
    uint32_t working_set; /* bytes, from the wss= option (pointer chase) */
};

struct payload {
    const char *name;
    const char *description;
    const uint8_t *body; /* NULL for a C payload: the body is `call fn` */
    uint32_t body_len;
    int32_t insns;    /* instructions per iteration, PAYLOAD_INSNS_VARIABLE if not fixed */
    int32_t branches; /* branch instructions among them, PAYLOAD_INSNS_VARIABLE if not fixed */
    uint32_t flags;
    /* Sets registers and memory before the window; returns 0 or a reason to skip. */
    const char *(*prepare)(struct payload_regs *regs, const struct payload_env *env);
    void (*fn)(void); /* C payloads: called once per iteration */
};

/* A C payload: `fn` runs once per iteration; insns counts its instructions
 * plus the CALL and RET, branches its branch instructions with them, or
 * PAYLOAD_INSNS_VARIABLE. */
#define PAYLOAD_C(id, desc, insns_, branches_, flags_, prepare_, fn_)                              \
    static const struct payload payload_##id                                                       \
        __attribute__((used, section(".payloads"), aligned(4))) = {.name = #id,                    \
                                                                   .description = desc,            \
                                                                   .insns = insns_,                \
                                                                   .branches = branches_,          \
                                                                   .flags = flags_,                \
                                                                   .prepare = prepare_,            \
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
