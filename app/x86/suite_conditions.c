/* The suite's conditions on bare-metal x86: the serializer and the rest
 * (app/x86/conditions.c). */
#include "app/provenance.h"
#include "app/suite_arch.h"
#include "app/winrun.h"
#include "app/x86/conditions.h"
#include "app/x86/disturb.h"

/* The x86 conditions (app/x86/conditions.c): one set per run. */
static struct conditions conditions;
static struct provenance provenance;
static const struct measure_probe *probe;

enum serializer suite_conditions_setup(struct pmu *pmu, unsigned serialize_choice, bool turbo_off)
{
    conditions_setup(&conditions, pmu, serialize_choice, turbo_off);
    provenance_read(&provenance, &pmu->cpu);
    probe = disturb_probe_init(&pmu->cpu, &pmu->hw);
    return conditions.ser;
}

const struct provenance *suite_provenance(void)
{
    return &provenance;
}

void suite_conditions_record(void)
{
    conditions_record(&conditions);
    provenance_record(&provenance);
    disturb_record();
}

void suite_conditions_calibrate(struct pmu *pmu, const char *when)
{
    conditions_calibrate(pmu, when);
}

const struct measure_probe *suite_probe(void)
{
    return probe;
}

bool suite_has_monitor_gate(void)
{
    return true;
}

/* A ring-3 window enters and leaves through the gate, and reads its
 * counters with RDPMC at CPL 3. */
unsigned suite_window_traits(void)
{
    return winrun_at_ring3() ? PMU_QUIRK_USER_RDPMC | PMU_QUIRK_GATE : 0;
}

/* Bare metal calibrates with a cycles counter where one counts (the
 * cycles_per_tsc conditions), not with a chain of known latency. */
int64_t suite_ticks_per_cycle_x100(void)
{
    return 0;
}
