/* The measured window: code generated around `unroll` copies of a payload
 * body, reading the counters of one pass before and after it.
 *
 *   pushad; load ESI, EDI, EBP
 *   for each counter:  SER; [mov ecx, index[i];] read -> start[i]
 *   SER; load EAX, EBX, ECX, EDX
 *   body x unroll
 *   for each counter:  SER; read -> end[i]
 *   store ESI, EDI, EBP
 *   popad; ret            (or INT exit_vector: see window_set_runner)
 *
 * Inside it there are no calls, no branches and no stores but the reads'
 * own; interrupts are off (the kernel never enables them around it).
 * SER is CPUID, LFENCE or SERIALIZE; its cost, like the reads', is the
 * same in every window and is removed by differencing or by subtracting
 * the empty window. */
#ifndef BAREBENCH_WINDOW_H
#define BAREBENCH_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/payload.h"
#include "pmu/pmu.h"

#define WINDOW_MAX_READS PMU_MAX_COUNTERS

/* x86: CPUID, LFENCE, SERIALIZE; PowerPC: sync then isync. */
enum serializer {
    SERIALIZER_CPUID,
    SERIALIZER_LFENCE,
    SERIALIZER_SERIALIZE,
    SERIALIZER_SYNC_ISYNC
};

struct window {
    uint8_t *code;
    size_t len;
    unsigned n_reads;
    size_t body_at;    /* offset of the first body copy in code */
    uint32_t body_len; /* bytes of one copy (5, a CALL, for C payloads) */
    uint32_t unroll;   /* copies */
    /* The reads it was built with. An x86 window loads each RDPMC or
     * RDMSR index (ECX) from memory, where window_run puts it before each
     * run. */
    struct pmu_read reads[WINDOW_MAX_READS];
};

/* Runs a built window's code once. The default calls it at CPL 0. */
typedef void (*window_runner)(const struct window *w);

/* Installs how windows are entered (NULL: the default call) and how they
 * end: exit_vector 0 ends them with RET, another with INT exit_vector,
 * the gate a ring-3 window returns to the kernel through. Only the last
 * instruction changes: what the reads measure stays the same. On the
 * 604/604e a non-zero exit_vector (GATE_EXIT_VECTOR) makes problem-state
 * windows, which also read their counters through the gate
 * (bench/ppc/gate.h). */
void window_set_runner(window_runner run, uint8_t exit_vector);

/* For the runner, between window_run's start and the window's code: read
 * `read` of the window goes to counter `index` this time, where the
 * platform has just moved it (a Linux process: perf's mmap page says
 * where each event is now). */
void window_set_read_index(unsigned read, uint32_t index);

/* For the runner: the value of a PMU_READ_OUTSIDE read, taken just before
 * the window's code (at_end false) or just after it. */
void window_put_outside_read(unsigned read, bool at_end, uint64_t value);

/* Generates a window into buf; false when it does not fit in cap bytes. */
bool window_build(struct window *w, const struct payload *p, uint32_t unroll,
                  const struct pmu_read *reads, unsigned n_reads, enum serializer ser, uint8_t *buf,
                  size_t cap);

/* Runs a window once: raw counter values before and after the body. The
 * registers the counter reads leave alone (x86: ESI, EDI, EBP; PowerPC:
 * r3-r9) carry over: they go back into *regs as the body left them, and
 * the next window run with *regs starts from there. A pointer chase so
 * goes on through its whole buffer from window to window instead of
 * walking the same lines in each, which a real cache would keep. */
void window_run(const struct window *w, struct payload_regs *regs, uint64_t *start, uint64_t *end);

/* The window window_run is running, or NULL between windows: what an
 * interrupt's handler (the sampler's) files the interrupted address
 * under. One that a fault ended stays named until the next window runs;
 * an address outside its code is outside it all the same. */
const struct window *window_running(void);

const char *serializer_name(enum serializer ser);

#endif
