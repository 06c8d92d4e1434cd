/* The AMD backend (K7 and later, legacy and core-extension counters)
 * against the AMD model. */
#include <string.h>

#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

static bool log_touches(unsigned from, uint32_t lo, uint32_t hi)
{
    for (unsigned i = from; i < m.n_log; i++) {
        if (m.log[i].msr >= lo && m.log[i].msr <= hi)
            return true;
    }
    return false;
}

static void legacy(void)
{
    const char *cpus[] = {"k7", "k8", "fam10h"};
    for (unsigned i = 0; i < 3; i++) {
        model_pmu(&m, &pmu, MODEL_AMD, cpus[i], NULL);
        CHECK(!strcmp(pmu_name(&pmu), "amd") && pmu.n_gp == 4 && pmu.gp_width == 48,
              "%s: amd backend, 4 legacy counters of 48 bits", cpus[i]);
        CHECK(plan_of("cycles,instructions:u,branches:k,branch-misses") == 0 && plan.n_passes == 1,
              "%s: four events in one pass (%s)", cpus[i], err);
        unsigned from = m.n_log;
        CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
        CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0) &&
                  !log_touches(from, 0xc0010200, 0xc001020b),
              "%s: writes = encoding, only the legacy MSRs", cpus[i]);
        model_run_loop(&m, 10, 0);
        model_run_loop(&m, 10, 3);
        CHECK(model_read(&m, &plan.events[0]) == 60 && model_read(&m, &plan.events[1]) == 40 &&
                  model_read(&m, &plan.events[2]) == 10,
              "%s: cycles 60, instructions:u 40, branches:k 10", cpus[i]);
        CHECK_OK(pmu_stop_pass(&pmu, &plan, 0));
        model_run_loop(&m, 10, 0);
        CHECK(model_read(&m, &plan.events[0]) == 60, "%s: stopped", cpus[i]);
    }
    model_pmu(&m, &pmu, MODEL_AMD, "k8", NULL);
    CHECK(plan_of("cycles,instructions,branches,branch-misses,RETIRED_UOPS") == 0 &&
              plan.n_passes == 2,
          "a fifth event opens a second pass");
    CHECK(plan_of("DATA_CACHE_REFILLS") == 0 && (plan.events[0].config & 0xff00) == 0x1f00,
          "no unit mask named: the default ones (ALL = 0x1F)");
    CHECK(plan_of("DATA_CACHE_REFILLS:L2_SHARED:L2_OWNED") == 0 &&
              (plan.events[0].config & 0xff00) == 0x0a00,
          "unit masks combine: 0x02|0x08");
    CHECK(plan_of("RETIRED_INSTRUCTIONS:t") < 0 && strstr(err, "not allowed"),
          "any-thread does not exist on AMD: %s", err);
    model_pmu(&m, &pmu, MODEL_AMD, "k7", NULL);
    CHECK(plan_of("RETIRED_UOPS:c=2") == 0, "k7: RETIRED_UOPS with cmask");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    model_run_loop(&m, 10, 0);
    CHECK(model_read(&m, &plan.events[0]) == 20, "k7: cmask 2 counts clocks with >= 2 uops");
    CHECK(plan_of("DISPATCHED_FPU") < 0 && strstr(err, "unknown event"),
          "k7 lacks K8's DISPATCHED_FPU: %s", err);
}

static void core_extension(void)
{
    model_pmu(&m, &pmu, MODEL_AMD, "fam15h", NULL);
    CHECK(pmu.n_gp == 6, "fam15h: CPUID 0x80000001 ECX[23] -> 6 core counters");
    CHECK(plan_of("cycles,instructions,branches,branch-misses,RETIRED_UOPS,r40") == 0 &&
              plan.n_passes == 1,
          "six events in one pass");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0) &&
              !log_touches(from, 0xc0010000, 0xc0010007) &&
              log_touches(from, 0xc001020a, 0xc001020b),
          "core extension MSRs only, up to CTL5/CTR5");
    model_run_loop(&m, 10, 0);
    CHECK(model_read(&m, &plan.events[5]) == 10, "PMC5 counts loads (raw r40)");
    CHECK(plan_of("r02d,r00b,r0304,cycles") == 0 && plan.n_passes == 3 &&
              plan.events[0].counter_mask == 0x08 && plan.events[3].pass == 0,
          "fam15h: 0x02D, 0x00B and 0x004 with two unit-mask bits all need PMC3: 3 passes");
    CHECK(plan_of("r08f") == 0 && !strcmp(plan.events[0].counter, "PMC0"),
          "fam15h: 0x08F only on PMC0");
    CHECK(plan_of("r0e0") < 0 && strstr(err, "'r0e0'") && strstr(err, "core counters"),
          "fam15h: a northbridge event is refused: %s", err);
    model_pmu(&m, &pmu, MODEL_AMD, "fam17h", NULL);
    CHECK(plan_of("event=0x1c0") == 0 && plan.events[0].config >> 32 == 1 &&
              (plan.events[0].config & 0xff) == 0xc0,
          "12-bit event select: bits 11:8 go to 35:32");
    CHECK(plan_of("cache-misses:u") == 0 && plan.events[0].config == 0x10964,
          "fam17h: cache-misses is raw 0x0964, with the user's modifiers (%llx)",
          (unsigned long long)plan.events[0].config);
    CHECK(plan_of("cycles") == 0 && !strcmp(plan.events[0].name, "CYCLES_NOT_IN_HALT"),
          "fam17h: cycles is CYCLES_NOT_IN_HALT");
    CHECK(pmu_verify(&pmu, &plan, 0), "verify on the model");
    /* 48-bit wrap. */
    model_pmu(&m, &pmu, MODEL_AMD, "k8", NULL);
    plan_of("instructions");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    model_wrmsr(&m, 0xc0010004, (1ull << 48) - 1);
    model_run_loop(&m, 1, 0);
    CHECK(model_read(&m, &plan.events[0]) == 3 &&
              pmu_delta(&plan.events[0].read, (1ull << 48) - 1, 3) == 4,
          "48-bit counters wrap and pmu_delta spans the wrap");
}

/* Families 14h and 16h (Bobcat, Jaguar) are not Zen: they take the
 * family 10h events, and family 17h the Zen ones. */
static void event_tables_by_family(void)
{
    const unsigned families[] = {0x14, 0x16, 0x17};
    for (unsigned i = 0; i < 3; i++) {
        model_pmu(&m, &pmu, MODEL_AMD, "fam10h", NULL);
        struct cpu_info cpu = pmu.cpu;
        cpu.family = families[i];
        struct pmu_hw hw = model_hw(&m);
        pmu_init(&pmu, &cpu, &hw, NULL);
        bool zen = families[i] >= 0x17;
        CHECK((plan_of("DISPATCH_STALLS") == 0) == !zen,
              "family %xh: DISPATCH_STALLS (a family 10h event) is %s", families[i],
              zen ? "unknown (Zen tables)" : "known (family 10h tables)");
    }
}

int main(void)
{
    legacy();
    core_extension();
    event_tables_by_family();
    return check_summary();
}
