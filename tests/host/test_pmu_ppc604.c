/* The 604/604e backend against the model (tests/host/models/model_ppc604.c):
 * the MMCR0/MMCR1 layout, the freeze bits as privilege filters, counter
 * constraints and passes, raw codes, counting through mfspr. */
#include <string.h>

#include "lib/kstring.h"
#include "pmu/backend.h"
#include "pmu/ppc/events_604e.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

static void detection(void)
{
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604e", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "ppc604e") && pmu.caps.n_gp == 4 && pmu.caps.gp_width == 32,
          "PVR version 0x0009 -> ppc604e, 4 counters x 32 bits (%s, %u)", pmu_name(&pmu),
          pmu.caps.n_gp);
    CHECK(pmu_reg_kind(&pmu) == PMU_REG_SPR, "its registers are SPRs");
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "ppc604") && pmu.caps.n_gp == 2,
          "PVR version 0x0004 -> ppc604, 2 counters (%s, %u)", pmu_name(&pmu), pmu.caps.n_gp);
    model_pmu(&m, &pmu, MODEL_PPC604, "timebase", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "timebase"), "another PowerPC (a 750) -> the time base (%s)",
          pmu_name(&pmu));
    CHECK(plan_of("cycles") == 0 && plan.events[0].read.kind == PMU_READ_RDTSC,
          "the time base reads like the TSC (mftb in the window)");
}

static void layout(void)
{
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604e", NULL);
    /* PMC1 select 0x1e (bits 19-25), PMC2 select 0x08 (26-31), PMC3 select
     * 0x1e (MMCR1 bits 0-4), PMC4 select 0x09 (bits 5-9). */
    CHECK(plan_of("LOAD_QUEUE_ENTRIES,BRANCHES_COMPLETED,CR_LOGICAL_FINISHED,STORE_QUEUE_WRITES") ==
                  0 &&
              plan.n_passes == 1,
          "one event of each counter's table fits one pass (%s)", err);
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(m.mmcr0 == (0x1eu << 6 | 0x08), "MMCR0 = 0x%08x: PMC1SEL 0x1e, PMC2SEL 0x08", m.mmcr0);
    CHECK(m.mmcr1 == (0x1eu << 27 | 0x09u << 22), "MMCR1 = 0x%08x: PMC3SEL 0x1e, PMC4SEL 0x09",
          m.mmcr1);
    CHECK(!strcmp(plan.events[0].encoding, "r11e") && !strcmp(plan.events[3].encoding, "r409"),
          "encodings name counter and select: %s %s", plan.events[0].encoding,
          plan.events[3].encoding);
    CHECK_OK(pmu_stop_pass(&pmu, &plan, 0));
    CHECK(m.mmcr0 == 0x80000000u, "stop freezes everything: MMCR0 = FC (0x%08x)", m.mmcr0);
}

static void every_event(void)
{
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604e", NULL);
    unsigned bad = 0, placements = 0;
    for (unsigned i = 0; i < ppc604e_n_events; i++) {
        const struct ppc_event *ev = &ppc604e_events[i];
        for (unsigned c = 0; c < PPC_PMCS; c++) {
            if (ev->code[c] < 0) {
                continue;
            }
            char raw[8];
            str_copy(raw, sizeof raw, "r");
            raw[1] = (char)('1' + c);
            raw[2] = "0123456789abcdef"[ev->code[c] >> 4];
            raw[3] = "0123456789abcdef"[ev->code[c] & 15];
            raw[4] = '\0';
            if (plan_of(raw) < 0 || plan.events[0].hw_index != c) {
                bad++;
            }
            placements++;
        }
        if (plan_of(ev->name) < 0) {
            bad++;
        }
    }
    CHECK(bad == 0,
          "every event of the tables (%u, on %u counter selects) plans by name and, on "
          "each counter that has it, raw (%u failed)",
          ppc604e_n_events, placements, bad);
    CHECK(plan_of("r105,r205") == 0 && plan.n_passes == 1,
          "raw codes on PMC1 and PMC2 share a pass");
    CHECK(plan_of("r180") < 0 && strstr(err, "rCSS"), "select 0x80 is too wide for PMC1: %s", err);
    CHECK(plan_of("r520") < 0, "there is no PMC5: %s", err);
    CHECK(plan_of("r320") < 0, "PMC3 selects have 5 bits: %s", err);
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604", NULL);
    CHECK(plan_of("SYSTEM_CALLS") < 0 && strstr(err, "not on this CPU"),
          "a PMC3 event on the 604: %s", err);
    CHECK(plan_of("r301") < 0, "no PMC3 on the 604: %s", err);
}

static void aliases_and_passes(void)
{
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604e", NULL);
    CHECK(plan_of("instructions,cycles,branches") == 0 &&
              !strcmp(plan.events[0].name, "INSTRUCTIONS_COMPLETED") &&
              !strcmp(plan.events[1].name, "CYCLES") &&
              !strcmp(plan.events[2].name, "BRANCHES_COMPLETED") && plan.n_passes == 1,
          "perf aliases instructions, cycles, branches (%s)", err);
    CHECK(plan.events[2].hw_index == 1, "branches completed can only be on PMC2 (PMC%u)",
          plan.events[2].hw_index + 1);
    CHECK(plan_of("ICACHE_MISSES,DTLB_MISSES") == 0 && plan.n_passes == 2,
          "two PMC1-only events need two passes");
    CHECK(plan_of("cycles:u,instructions:k") == 0 && plan.n_passes == 2,
          "different privilege filters cannot share MMCR0: two passes (%u)", plan.n_passes);
    CHECK(plan_of("cycles:u,instructions:u") == 0 && plan.n_passes == 1,
          "the same filter shares a pass");
    CHECK(plan_of("cycles:pm:nopm") < 0, "pm and nopm together count nothing: %s", err);
    CHECK(plan_of("LOAD_MISSES_THRESHOLD:thresh=12") == 0, "thresh=12 (%s)", err);
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK((m.mmcr0 >> 16 & 0x3f) == 12 && (m.mmcr0 >> 6 & 0x7f) == 0x17,
          "MMCR0 THRESHOLD 12, PMC1SEL 0x17 (0x%08x)", m.mmcr0);
    CHECK(plan_of("cycles:thresh=64") < 0, "the threshold has 6 bits: %s", err);
    CHECK(plan_of("cycles:c=2") < 0 && strstr(err, "not allowed"), "no cmask here: %s", err);
}

static void counting(void)
{
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604e", NULL);
    CHECK(plan_of("cycles,instructions,branches") == 0, "three events");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0), "the SPR writes are the encoding");
    model_run_loop(&m, 10, 0);
    model_run_loop(&m, 5, 3);
    CHECK(model_read(&m, &plan.events[0]) == 45 && model_read(&m, &plan.events[1]) == 60 &&
              model_read(&m, &plan.events[2]) == 15,
          "read with mfspr: 45 cycles, 60 instructions, 15 branches");
    CHECK(plan_of("instructions:u,cycles:k") == 0, "u and k");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(m.mmcr0 & 0x40000000u, "u sets FCS (freeze in supervisor state): 0x%08x", m.mmcr0);
    model_run_loop(&m, 10, 0);
    model_run_loop(&m, 5, 3);
    CHECK(model_read(&m, &plan.events[0]) == 20, "instructions:u counts problem state only: %llu",
          (unsigned long long)model_read(&m, &plan.events[0]));
    CHECK_OK(pmu_start_pass(&pmu, &plan, 1));
    CHECK(m.mmcr0 & 0x20000000u, "k sets FCP (freeze in problem state): 0x%08x", m.mmcr0);
    model_run_loop(&m, 10, 0);
    model_run_loop(&m, 5, 3);
    CHECK(model_read(&m, &plan.events[1]) == 30, "cycles:k counts supervisor state only: %llu",
          (unsigned long long)model_read(&m, &plan.events[1]));
    plan_of(NULL);
    CHECK(pmu_verify(&pmu, &plan, 0), "verify on the model");
    model_pmu(&m, &pmu, MODEL_DEAD, "ppc604e", NULL);
    plan_of(NULL);
    CHECK(!pmu_verify(&pmu, &plan, 0) && pmu.not_counting,
          "storage-only PMCs (QEMU) fail verification: %s", pmu.not_counting);
    pmu_fallback_tsc(&pmu);
    CHECK(!strcmp(pmu_name(&pmu), "timebase"), "and fall back to the time base, not the TSC (%s)",
          pmu_name(&pmu));
}

int main(void)
{
    detection();
    layout();
    every_event();
    aliases_and_passes();
    counting();
    return check_summary();
}
