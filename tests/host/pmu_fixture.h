/* What every backend test drives: one model, one PMU, the plan of the
 * last event list and its error message. Include once, from the test. */
#ifndef BAREBENCH_PMU_FIXTURE_H
#define BAREBENCH_PMU_FIXTURE_H

#include "tests/host/models/model.h"

static struct model m;
static struct pmu pmu;
static struct pmu_plan plan;
static char err[PMU_ERR_LEN];

/* Plans a spec list on `pmu`: 0, or -1 with the message in err. */
static int plan_of(const char *spec)
{
    return pmu_plan_events(&pmu, spec, &plan, err, sizeof err);
}

#endif
