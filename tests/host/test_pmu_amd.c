/* The AMD backend (K7 and later, legacy and core-extension counters,
 * PerfMonV2) against the AMD model. */
#include <string.h>

#include "pmu/overflow.h"
#include "pmu/x86/events_amd.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

static bool log_touches(unsigned from, uint32_t lo, uint32_t hi)
{
    for (unsigned i = from; i < m.n_log; i++) {
        if (m.log[i].msr >= lo && m.log[i].msr <= hi) {
            return true;
        }
    }
    return false;
}

static void legacy(void)
{
    const char *cpus[] = {"k7", "k8", "fam10h"};
    for (unsigned i = 0; i < 3; i++) {
        model_pmu(&m, &pmu, MODEL_AMD, cpus[i], NULL);
        CHECK(!strcmp(pmu_name(&pmu), "amd") && pmu.caps.n_gp == 4 && pmu.caps.gp_width == 48,
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
    CHECK(pmu.caps.n_gp == 6, "fam15h: CPUID 0x80000001 ECX[23] -> 6 core counters");
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
    model_pmu(&m, &pmu, MODEL_AMD, "k8", NULL);
    CHECK(plan_of("event=0x1c0") < 0 && strstr(err, "event=0x1c0"),
          "k8: an 8-bit event select; PERF_CTL bits 35:32 are reserved before family 10h: %s", err);
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

/* libpfm4's rule (amd64_get_revision in pfmlib_amd64.c): CPUID family,
 * model (extended model folded in) and stepping -> revision. */
static void revision_rule(void)
{
    static const struct {
        unsigned family, model, stepping;
        enum amd_revision rev;
    } rows[] = {
        {6, 2, 0, AMD_REV_K7},
        {15, 0x04, 0, AMD_REV_K8_B},
        {15, 0x04, 8, AMD_REV_K8_C},
        {15, 0x05, 1, AMD_REV_K8_B},
        {15, 0x05, 2, AMD_REV_K8_C},
        {15, 0x0f, 0, AMD_REV_K8_C},
        {15, 0x15, 0, AMD_REV_K8_D},
        {15, 0x1f, 0, AMD_REV_K8_D},
        {15, 0x23, 2, AMD_REV_K8_E},
        {15, 0x3f, 2, AMD_REV_K8_E},
        {15, 0x43, 2, AMD_REV_K8_F},
        {15, 0x5f, 3, AMD_REV_K8_F},
        {15, 0xc1, 3, AMD_REV_K8_F},
        {15, 0x6b, 2, AMD_REV_K8_G},
        {15, 0x7f, 2, AMD_REV_K8_G},
        {15, 0x8f, 0, AMD_REV_K8_G},
        {15, 0x9f, 0, AMD_REV_K8_B},
        {0x10, 2, 3, AMD_REV_FAM10H_B},
        {0x10, 4, 2, AMD_REV_FAM10H_C},
        {0x10, 6, 3, AMD_REV_FAM10H_C},
        {0x10, 8, 0, AMD_REV_FAM10H_D},
        {0x10, 9, 1, AMD_REV_FAM10H_D},
        {0x10, 0xa, 0, AMD_REV_FAM10H_B},
        {0x14, 1, 0, AMD_REV_FAM10H_D},
        {0x15, 1, 0, AMD_REV_FAM15H},
        {0x17, 1, 1, AMD_REV_FAM17H},
    };
    unsigned wrong = 0;
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        enum amd_revision rev = amd_revision_of(rows[i].family, rows[i].model, rows[i].stepping);
        if (rev != rows[i].rev) {
            printf("family %xh model 0x%x stepping %u: %s, not %s\n", rows[i].family, rows[i].model,
                   rows[i].stepping, amd_revision_name(rev), amd_revision_name(rows[i].rev));
            wrong++;
        }
    }
    CHECK(wrong == 0, "revision by CPUID family/model/stepping as libpfm4: %u rows",
          (unsigned)(sizeof rows / sizeof rows[0]));
}

static uint32_t umask_of(const struct pmu_assigned_event *ev)
{
    return (uint32_t)(ev->config >> 8) & 0xff;
}

static void list_line(void *ctx, const char *text)
{
    char *buf = ctx;
    size_t used = strlen(buf);
    if (used + strlen(text) + 2 < 16384) {
        memcpy(buf + used, text, strlen(text));
        buf[used + strlen(text)] = '\n';
        buf[used + strlen(text) + 1] = '\0';
    }
}

/* An older revision refuses what only a newer one has, naming itself and
 * the revisions that have it; unnamed, ALL is the revision's own. */
static void revisions(void)
{
    model_pmu(&m, &pmu, MODEL_AMD, "k8-revc", NULL);
    CHECK(plan_of("PROBE:UPSTREAM_WRITES") < 0 && strstr(err, "'PROBE:UPSTREAM_WRITES'") &&
              strstr(err, "unit mask UPSTREAM_WRITES") && strstr(err, "K8 revision C") &&
              strstr(err, "K8 revision D"),
          "k8 revision C refuses PROBE:UPSTREAM_WRITES (revision D on): %s", err);
    CHECK(plan_of("PROBE") == 0 && umask_of(&plan.events[0]) == 0x3f && plan_of("PROBE:ALL") == 0 &&
              umask_of(&plan.events[0]) == 0x3f,
          "k8 revision C: PROBE and PROBE:ALL are 0x3F, bit 6 stays reserved");
    CHECK(plan_of("SIZED_BLOCKS") < 0 && strstr(err, "event SIZED_BLOCKS") &&
              strstr(err, "K8 revision C"),
          "k8 revision C refuses the event SIZED_BLOCKS: %s", err);
    static char listing[16384];
    listing[0] = '\0';
    pmu_list_events(&pmu, list_line, listing);
    /* PROBE's lines: up to the next event (a line that is no unit mask). */
    char *probe = strstr(listing, "\nPROBE ");
    char *next = probe ? strstr(probe + 1, "\n") : NULL;
    while (next && next[1] == ' ') {
        next = strstr(next + 1, "\n");
    }
    if (next) {
        *next = '\0';
    }
    CHECK(probe && !strstr(probe, "UPSTREAM_WRITES") && strstr(probe, "umask 0x3f (default)") &&
              !strstr(probe, "umask 0x7f") && !strstr(listing, "SIZED_BLOCKS"),
          "k8 revision C lists neither UPSTREAM_WRITES, SIZED_BLOCKS nor PROBE's ALL = 0x7F");
    CHECK(pmu_find_umask_rev(pmu_find_event(&amd_k8_table, "PROBE"), "UPSTREAM_WRITES",
                             AMD_REV_K8_D) != NULL,
          "the table has UPSTREAM_WRITES for revision D");

    model_pmu(&m, &pmu, MODEL_AMD, "k8-revd", NULL);
    CHECK(plan_of("PROBE:UPSTREAM_WRITES") == 0 && umask_of(&plan.events[0]) == 0x40 &&
              plan_of("PROBE") == 0 && umask_of(&plan.events[0]) == 0x7f,
          "k8 revision D: UPSTREAM_WRITES = 0x40, PROBE's ALL = 0x7F");

    model_pmu(&m, &pmu, MODEL_AMD, "k8-reve", NULL);
    CHECK(plan_of("THERMAL_STATUS_AND_ECC_ERRORS:CLKS_CPU_ACTIVE") < 0 &&
              strstr(err, "K8 revision E") && strstr(err, "only from K8 revision F on"),
          "k8 revision E: no thermal clocks (revision F on): %s", err);
    CHECK(plan_of("THERMAL_STATUS_AND_ECC_ERRORS") == 0 && umask_of(&plan.events[0]) == 0x80,
          "k8 revision E: THERMAL_STATUS_AND_ECC_ERRORS's ALL = 0x80");

    model_pmu(&m, &pmu, MODEL_AMD, "fam10h-barcelona", NULL);
    CHECK(plan_of("L1_DTLB_MISS_AND_L2_DTLB_HIT:L2_1G_TLB_HIT") < 0 &&
              strstr(err, "revision B (Barcelona)") && strstr(err, "revision C (Shanghai) on"),
          "Barcelona refuses L2_1G_TLB_HIT (Shanghai on): %s", err);
    CHECK(plan_of("L1_DTLB_MISS_AND_L2_DTLB_HIT") == 0 && umask_of(&plan.events[0]) == 0x03,
          "Barcelona: L1_DTLB_MISS_AND_L2_DTLB_HIT's ALL = 0x03");
    CHECK(plan_of("RETIRED_X87_OPS") < 0 && strstr(err, "Barcelona"),
          "Barcelona refuses RETIRED_X87_OPS: %s", err);
    model_pmu(&m, &pmu, MODEL_AMD, "fam10h-shanghai", NULL);
    CHECK(plan_of("L1_DTLB_MISS_AND_L2_DTLB_HIT") == 0 && umask_of(&plan.events[0]) == 0x07 &&
              plan_of("RETIRED_X87_OPS") == 0,
          "Shanghai: ALL = 0x07, RETIRED_X87_OPS known");
    CHECK(plan_of("NON_CANCELLED_L3_READ_REQUESTS") < 0 && strstr(err, "(Shanghai)") &&
              strstr(err, "(Istanbul) on"),
          "Shanghai refuses NON_CANCELLED_L3_READ_REQUESTS (Istanbul on): %s", err);
    CHECK(plan_of("r7fec") == 0, "raw encodings stay the user's business");
}

/* PerfMonV2 (Zen 4): the counters CPUID 0x80000022 reports, a pass that
 * stops every counter through PerfCntrGlobalCtl, clears their overflow
 * bits and starts them at once; counts only through that enable (the
 * model's PerfCntrGlobalCtl starts at 0); overflow in
 * PerfCntrGlobalStatus, cleared through PerfCntrGlobalStatusClr. */
static void perfmon_v2(void)
{
    model_pmu(&m, &pmu, MODEL_AMD, "amd64_fam19h_zen4", NULL);
    CHECK(pmu.caps.perfmon_version == 2 && pmu.caps.n_gp == 6 && m.global_ctrl == 0,
          "Zen 4: PerfMonV2 with the 6 counters CPUID reports (version %u, %u counters)",
          pmu.caps.perfmon_version, pmu.caps.n_gp);
    CHECK(plan_of("cycles,instructions:u,branches") == 0, "Zen 4: three events (%s)", err);
    CHECK(pmu_verify(&pmu, &plan, 0) && pmu.counting,
          "Zen 4: the counters advance over the known loop (through the global enable the "
          "model starts without)");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0) && m.log[from].msr == 0xc0000301 &&
              m.log[from].value == 0 && m.log[m.n_log - 1].msr == 0xc0000301 &&
              m.log[m.n_log - 1].value == 0x7 && m.log[m.n_log - 2].msr == 0xc0000302,
          "Zen 4: GlobalCtl 0 first; GlobalStatusClr, then GlobalCtl = the three counters last");
    model_run_loop(&m, 10, 0);
    model_run_loop(&m, 10, 3);
    CHECK(model_read(&m, &plan.events[0]) == 60 && model_read(&m, &plan.events[1]) == 40 &&
              model_read(&m, &plan.events[2]) == 20,
          "Zen 4: cycles 60, instructions:u 40, branches 20");
    from = m.n_log;
    CHECK_OK(pmu_stop_pass(&pmu, &plan, 0));
    CHECK(m.log[from].msr == 0xc0000301 && m.log[from].value == 0 && m.global_ctrl == 0,
          "Zen 4: stopping clears PerfCntrGlobalCtl first");
    model_run_loop(&m, 10, 0);
    CHECK(model_read(&m, &plan.events[0]) == 60, "Zen 4: stopped");

    struct pmu_overflow ovf;
    memset(&ovf, 0, sizeof ovf);
    CHECK(plan_of("instructions") == 0 &&
              pmu_overflow_setup(&pmu, &plan, 0, 100, &ovf, err, sizeof err) == 0 &&
              ovf.regs.style == PMU_OVF_GLOBAL_STATUS && ovf.regs.status_msr == 0xc0000300 &&
              ovf.regs.status_reset_msr == 0xc0000302,
          "Zen 4: sampling reads PerfCntrGlobalStatus and clears through GlobalStatusClr (%s)",
          err);
    CHECK_OK(pmu_overflow_start(&pmu, &plan, &ovf));
    bool pending = true;
    CHECK(pmu_overflow_pending(&pmu, &ovf, &pending) == 0 && !pending, "Zen 4: none pending");
    model_run_loop(&m, 25, 0); /* 100 instructions */
    CHECK(pmu_overflow_pending(&pmu, &ovf, &pending) == 0 && pending &&
              (m.global_status & ovf.regs.status_bit),
          "Zen 4: 100 instructions overflow the counter: its GlobalStatus bit is set");
    CHECK(pmu_overflow_rearm(&pmu, &ovf) == 0 && !(m.global_status & ovf.regs.status_bit),
          "Zen 4: re-arming clears it through GlobalStatusClr");
    CHECK(m.faults == 0, "Zen 4: no access faulted (%u)", m.faults);

    model_pmu(&m, &pmu, MODEL_AMD, "fam17h", NULL);
    CHECK_OK(plan_of("cycles"));
    CHECK(pmu.caps.perfmon_version == 0 && pmu_verify(&pmu, &plan, 0),
          "Zen 1 has no PerfMonV2: the EN bits alone, and it counts");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(!log_touches(0, 0xc0000300, 0xc0000303) && m.faults == 0,
          "Zen 1: no PerfMonV2 register is touched (they would #GP)");
}

int main(void)
{
    legacy();
    perfmon_v2();
    core_extension();
    event_tables_by_family();
    revision_rule();
    revisions();
    return check_summary();
}
