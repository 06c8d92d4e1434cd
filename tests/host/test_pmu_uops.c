/* events=uops: the uops-retired and per-port events each CPU's own tables
 * give (pmu/uops_events.c), planned for every synthetic CPU. Where the
 * manuals give a core's ports the group has them all: Nehalem's six
 * (Intel 64 and IA-32 Architectures Optimization Reference Manual,
 * "Intel Microarchitecture Code Name Nehalem"), Sandy Bridge's six, Haswell's
 * and Skylake's eight, Ice Lake's ten in seven unit masks; family 15h's
 * four FP pipes (AMD BKDG for family 15h, PMCx000) and Zen 1's four
 * (AMD PPR for family 17h, PMCx000); NetBurst's uops_retired. Where a CPU's tables have none the
 * group is refused with the reason, and `default,uops` adds the group to
 * the backend's default set. */
#include <string.h>

#include "tests/host/synthetic_pmu.h"

struct expected {
    const char *cpu;
    const char *retired; /* the uops-retired event, or NULL */
    unsigned ports;      /* unit masks of ports or pipes */
    const char *first_port;
};

static const struct expected cores[] = {
    {"ppro", "UOPS_RETIRED", 0, NULL},
    {"pm", "UOPS_RETIRED", 0, NULL},
    {"k8", "RETIRED_UOPS", 0, NULL},
    {"fam15h", "RETIRED_UOPS", 4, "DISPATCHED_FPU_OPS:OPS_PIPE0"},
    {"nhm", "UOPS_RETIRED", 6, "UOPS_EXECUTED:PORT0"},
    {"snb", "UOPS_RETIRED", 6, "UOPS_DISPATCHED_PORT:PORT_0"},
    {"hsw", "UOPS_RETIRED", 8, "UOPS_EXECUTED_PORT:PORT_0"},
    {"skl", "UOPS_RETIRED", 8, "UOPS_DISPATCHED_PORT:PORT_0"},
    {"icl", "UOPS_RETIRED:SLOTS", 7, "UOPS_DISPATCHED:PORT_7_8"},
    {"spr", "UOPS_RETIRED:SLOTS", 7, "UOPS_DISPATCHED:PORT_0"},
    {"amd64_fam17h_zen1", "RETIRED_UOPS", 4, "FPU_PIPE_ASSIGNMENT:TOTAL3"},
    {"amd64_fam17h_zen2", "RETIRED_UOPS", 0, NULL},
    {"amd64_fam19h_zen4", "RETIRED_OPS", 0, NULL},
    {"p4", "uops_retired:NBOGUS", 0, NULL},
};

static struct pmu pmu;
static struct pmu_plan plan, defaults;
static char err[PMU_ERR_LEN];

static void init(const char *cpu_name)
{
    synthetic_pmu(&pmu, cpu_name);
}

static void check_core(const struct expected *e)
{
    init(e->cpu);
    int r = pmu_plan_events(&pmu, "uops", &plan, err, sizeof err);
    CHECK(r == 0 && plan.n_events == 1 + e->ports, "%s: uops plans %u event(s) (%s)", e->cpu,
          1 + e->ports, r ? err : "ok");
    if (r != 0) {
        return;
    }
    CHECK(!strcmp(plan.events[0].name, e->retired), "%s: the first is %s (%s)", e->cpu, e->retired,
          plan.events[0].name);
    if (e->ports) {
        const char *port = plan.events[1].name;
        CHECK(!strcmp(port, e->first_port), "%s: then the ports, from %s (%s)", e->cpu,
              e->first_port, port);
        size_t event_len = strcspn(port, ":");
        bool one_event = true;
        for (unsigned i = 2; i < plan.n_events; i++) {
            one_event &= !strncmp(plan.events[i].name, port, event_len + 1);
        }
        CHECK(one_event, "%s: all %u ports are unit masks of one event", e->cpu, e->ports);
    }
    unsigned n_default = 0;
    CHECK_OK(pmu_plan_events(&pmu, NULL, &defaults, err, sizeof err));
    n_default = defaults.n_events;
    r = pmu_plan_events(&pmu, "default,uops", &plan, err, sizeof err);
    CHECK(r == 0 && plan.n_events == n_default + 1 + e->ports,
          "%s: default,uops is the %u default events and the group (%s)", e->cpu, n_default,
          r ? err : "ok");
}

/* Every synthetic CPU: the group plans, or is refused naming itself. */
static void check_all(void)
{
    for (unsigned i = 0; pmu_cpu_name(i); i++) {
        init(pmu_cpu_name(i));
        int r = pmu_plan_events(&pmu, "default,uops", &plan, err, sizeof err);
        CHECK(r == 0 || strstr(err, "'uops': "),
              "%s: uops plans (%u events) or is refused with its reason (%s)", pmu_cpu_name(i),
              plan.n_events, r ? err : "ok");
    }
}

int main(void)
{
    for (unsigned i = 0; i < sizeof cores / sizeof cores[0]; i++) {
        check_core(&cores[i]);
    }
    check_all();
    const char *none[] = {"p5mmx", "tmt", "tsc"};
    for (unsigned i = 0; i < sizeof none / sizeof none[0]; i++) {
        init(none[i]);
        CHECK(pmu_plan_events(&pmu, "uops", &plan, err, sizeof err) < 0 &&
                  strstr(err, "uops-retired or port events"),
              "%s: uops is refused, saying why (%s)", none[i], err);
    }
    return check_summary();
}
