/* Deltas of a window's reads, metrics among them (pmu/pmu.h). */
#include "pmu/pmu.h"

/* What a metric's fraction (byte `metric - 1` of value, in 255ths) of
 * `base` events comes to, rounded to the nearest. */
static uint64_t metric_share(const struct pmu_read *r, uint64_t value, uint64_t base)
{
    uint64_t fraction = (value >> (8 * (r->metric - 1))) & 0xff;
    return (base * fraction + 127) / 255;
}

void pmu_window_deltas(const struct pmu_read *reads, unsigned n, const uint64_t *start,
                       const uint64_t *end, uint64_t *delta)
{
    for (unsigned i = 0; i < n; i++) {
        const struct pmu_read *r = &reads[i];
        delta[i] = 0;
        if (!r->metric) {
            delta[i] = pmu_delta(r, start[i], end[i]);
            continue;
        }
        for (unsigned b = 0; b < n; b++) {
            if (!reads[b].metric && reads[b].kind == r->kind && reads[b].index == r->of) {
                uint64_t from = metric_share(r, start[i], start[b]);
                uint64_t to = metric_share(r, end[i], end[b]);
                delta[i] = to > from ? to - from : 0;
                break;
            }
        }
    }
}
