/* Which errata and quirks of a backend apply to this CPU, and which results
 * they make suspect (the kernel marks those, pmu_describe names them all). */
#include "pmu/pmu.h"

static bool in_range(unsigned v, unsigned lo, unsigned hi)
{
    return v >= lo && (hi == 0 || v <= hi);
}

bool pmu_quirk_applies(const struct pmu *pmu, const struct pmu_quirk *q)
{
    return in_range(pmu->cpu.model, q->model_lo, q->model_hi) &&
           in_range(pmu->cpu.stepping, q->stepping_lo, q->stepping_hi);
}

const struct pmu_quirk *pmu_quirk_marking(const struct pmu *pmu,
                                          const struct pmu_assigned_event *ev, unsigned window)
{
    for (unsigned i = 0; i < pmu->caps.n_quirks; i++) {
        const struct pmu_quirk *q = &pmu->caps.quirks[i];
        if ((q->marks & window) && pmu_quirk_applies(pmu, q) && (!q->affects || q->affects(ev))) {
            return q;
        }
    }
    return 0;
}
