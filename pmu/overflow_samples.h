/* Sampling's bookkeeping, kept apart from the hardware so that it runs on
 * the host too: the sample=EVENT:PERIOD option, and the histogram that
 * files each interrupted EIP under the payload's body offset. */
#ifndef BAREBENCH_PMU_OVERFLOW_SAMPLES_H
#define BAREBENCH_PMU_OVERFLOW_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PMU_SAMPLE_BUCKETS 256 /* body offsets; the last one takes the rest */

/* Where a generated window lies: prologue (reads), `unroll` copies of a
 * `body_len`-byte body from `body_at`, epilogue (reads). */
struct pmu_sample_layout {
    uint64_t code; /* the window's address: the code may lie above 4 GiB in long mode */
    uint32_t len, body_at, body_len, unroll;
};

struct pmu_sample_hist {
    unsigned body[PMU_SAMPLE_BUCKETS]; /* by offset in the body, over all copies */
    unsigned reads;                    /* in the window, outside the body copies */
    unsigned outside;                  /* no window, or EIP outside it (C function, kernel) */
    unsigned total;
};

/* Splits "EVENT:PERIOD" at its last ':' (EVENT may carry modifiers, e.g.
 * "INST_RETIRED:u:100000"). False unless EVENT is non-empty and fits in
 * `size` and PERIOD is a decimal number from 1 to 10^12. */
bool pmu_sample_parse(const char *option, char *event, size_t size, uint64_t *period);

/* Files one sample: w is the window running when the PMI came, or NULL. */
void pmu_sample_add(struct pmu_sample_hist *h, const struct pmu_sample_layout *w, uint64_t pc);

#endif
