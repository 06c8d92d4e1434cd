/* The P6 backend (Pentium Pro/II/III/M) against the P6 model. */
#include <string.h>

#include "pmu/backend.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

#define TEXT_LEN 1024

static void describe_line(void *ctx, const char *text)
{
    char *all = ctx;
    strncat(all, text, TEXT_LEN - 1 - strlen(all));
}

static void detection(void)
{
    const char *groups[] = {"ppro", "pii", "piii", "pm"};
    for (unsigned i = 0; i < 4; i++) {
        char text[TEXT_LEN] = "";
        model_pmu(&m, &pmu, MODEL_P6, groups[i], NULL);
        pmu_describe(&pmu, describe_line, text);
        CHECK(!strcmp(pmu_name(&pmu), "p6") && strstr(text, groups[i]) && pmu.caps.n_gp == 2 &&
                  pmu.caps.gp_width == 40,
              "%s: p6 backend, group named in the inventory (%s)", groups[i], text);
    }
    /* A family-6 model the tables do not know and no leaf 0xA: no P6. */
    struct cpu_info cpu;
    pmu_cpu_by_name("arch", NULL, &cpu);
    memset(&cpu.perfmon, 0, sizeof cpu.perfmon);
    struct pmu_hw hw = model_hw(&m);
    pmu_init(&pmu, &cpu, &hw, NULL);
    CHECK(!strcmp(pmu_name(&pmu), "tsc"), "family 6 model 0x2a with leaf 0xA zeroed -> tsc (%s)",
          pmu_name(&pmu));
}

/* The inventory names the errata that apply to this CPU, and only those. */
static void errata(void)
{
    char text[TEXT_LEN] = "";
    model_pmu(&m, &pmu, MODEL_P6, "ppro", NULL);
    pmu_describe(&pmu, describe_line, text);
    CHECK(pmu.cpu.stepping < 9 && strstr(text, "Pentium Pro erratum 26") &&
              strstr(text, "shared enable"),
          "Pentium Pro stepping %u: erratum 26 and the shared enable listed", pmu.cpu.stepping);
    text[0] = '\0';
    pmu.cpu.stepping = 9;
    pmu_describe(&pmu, describe_line, text);
    CHECK(!strstr(text, "erratum 26") && strstr(text, "shared enable"),
          "Pentium Pro stepping 9: erratum 26 fixed, not listed");
    CHECK(plan_of("INST_RETIRED") == 0, "one event (%s)", err);
    CHECK(!pmu_quirk_marking(&pmu, &plan.events[0], PMU_QUIRK_USER_RDPMC),
          "Pentium Pro stepping 9: no result marked");
    pmu.cpu.stepping = 8;
    const struct pmu_quirk *q = pmu_quirk_marking(&pmu, &plan.events[0], PMU_QUIRK_USER_RDPMC);
    CHECK(q && !strcmp(q->name, "Pentium Pro erratum 26") &&
              !pmu_quirk_marking(&pmu, &plan.events[0], PMU_QUIRK_GATE),
          "Pentium Pro stepping 8: a window reading with RDPMC at CPL 3 is marked, others not");
    text[0] = '\0';
    model_pmu(&m, &pmu, MODEL_P6, "pii", NULL);
    pmu.cpu.stepping = 0;
    pmu_describe(&pmu, describe_line, text);
    CHECK(!strstr(text, "erratum 26"), "Pentium II stepping 0: erratum 26 not listed");
}

static void privilege_and_counting(void)
{
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    CHECK(plan_of("INST_RETIRED:u,CPU_CLK_UNHALTED:k") == 0 && plan.n_passes == 1,
          "two events, one pass (%s)", err);
    unsigned from = m.n_log;
    CHECK(pmu_start_pass(&pmu, &plan, 0) == 0, "start pass 0");
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0),
          "the writes made are exactly pmu_encode_pass()'s");
    model_run_loop(&m, 100, 3);
    model_run_loop(&m, 50, 0);
    uint64_t inst = model_read(&m, &plan.events[0]);
    uint64_t cyc = model_read(&m, &plan.events[1]);
    CHECK(inst == 400, "INST_RETIRED:u counts only CPL 3: 100 loops x 4 = %llu",
          (unsigned long long)inst);
    CHECK(cyc == 150, "CPU_CLK_UNHALTED:k counts only CPL 0: 50 loops x 3 = %llu",
          (unsigned long long)cyc);
    CHECK(pmu_stop_pass(&pmu, &plan, 0) == 0, "stop pass 0");
    model_run_loop(&m, 100, 0);
    CHECK(model_read(&m, &plan.events[1]) == 150, "stopped: PerfEvtSel0 EN clear freezes both");
}

static void global_enable(void)
{
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    /* FLOPS can only use PMC0, so INST_RETIRED lands on PMC1 and counts
     * only through the EN bit of PerfEvtSel0. */
    CHECK(plan_of("INST_RETIRED,FLOPS") == 0 && plan.events[0].hw_index == 1 &&
              plan.events[1].hw_index == 0,
          "FLOPS forced to PMC0, INST_RETIRED moved to PMC1");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(!(m.sel[1] & (1u << 22)) && (m.sel[0] & (1u << 22)),
          "EN is set in PerfEvtSel0 only (0x%llx, 0x%llx)", (unsigned long long)m.sel[0],
          (unsigned long long)m.sel[1]);
    model_run_loop(&m, 10, 0);
    CHECK(model_read(&m, &plan.events[0]) == 40, "PMC1 counts under PerfEvtSel0's EN");
    /* A pass with an event on PMC1 only: PerfEvtSel0 = EN, nothing else. */
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    CHECK(plan_of("MUL,INST_RETIRED,DIV") == 0 && plan.n_passes == 2 &&
              plan.events[2].hw_index == 1 && plan.events[2].pass == 1,
          "MUL and DIV both need PMC1: DIV goes to a second pass");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 1));
    CHECK(m.sel[0] == (1u << 22), "PMC1-only pass: PerfEvtSel0 holds the global enable only");
    model_run_loop(&m, 10, 0);
    CHECK(m.ctr[0] == 0, "and PMC0, selecting nothing at no CPL, stays at 0");
}

static void width_and_sign_extension(void)
{
    model_pmu(&m, &pmu, MODEL_P6, "pii", NULL);
    model_wrmsr(&m, 0xc1, 0x80000000u);
    CHECK(m.ctr[0] == 0xff80000000ull, "a write sign-extends bit 31 into 40 bits");
    plan_of("INST_RETIRED");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    model_wrmsr(&m, 0xc1, 0xfffffff6u); /* 2^40 - 10 */
    uint64_t start = model_read(&m, &plan.events[0]);
    model_run_loop(&m, 10, 0);
    uint64_t end = model_read(&m, &plan.events[0]);
    CHECK(start == 0xfffffffff6ull && end == 30, "the 40-bit counter wraps (%llx -> %llu)",
          (unsigned long long)start, (unsigned long long)end);
    CHECK(pmu_delta(&plan.events[0].read, start, end) == 40, "pmu_delta across the wrap = 40");
}

static void filters(void)
{
    struct {
        const char *spec;
        uint64_t expect; /* per 10 loops */
        const char *why;
    } cases[] = {
        {"UOPS_RETIRED", 60, "occurrences: 3+2+1 per loop"},
        {"UOPS_RETIRED:c=2", 20, "cmask 2: clocks with >= 2 uops"},
        {"UOPS_RETIRED:c=2:i", 10, "cmask 2 inverted: clocks with < 2 uops"},
        {"UOPS_RETIRED:c=2:e", 10, "cmask 2 with edge: rising edges"},
        {"INST_RETIRED:e", 1, "edge without cmask: one rising edge"},
        {"event=0xc2,umask=0,cmask=3", 10, "fields form, cmask 3"},
        {"r20000c2:k", 20, "raw rCCUUEE with cmask 2 and :k"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        model_pmu(&m, &pmu, MODEL_P6, "ppro", NULL);
        int r = plan_of(cases[i].spec);
        CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
        model_run_loop(&m, 10, 0);
        uint64_t got = model_read(&m, &plan.events[0]);
        CHECK(r == 0 && got == cases[i].expect, "%s: %s = %llu (%s)", cases[i].spec, cases[i].why,
              (unsigned long long)got, err);
    }
}

static void errors(void)
{
    struct {
        const char *cpu, *spec, *needle;
    } cases[] = {
        {"pii", "INST_RETIRED,EMON_KNI_INST_RETIRED:SCALAR", "'EMON_KNI_INST_RETIRED:SCALAR'"},
        {"piii", "INST_RETIRED:t", "not allowed"},
        {"piii", "L2_LD", "needs a unit mask"},
        {"piii", "BUS_DRDY_CLOCKS:SELF:ANY", "cannot be combined"},
        {"piii", "INST_RETIRED:c=300", "0-255"},
        {"piii", "INST_RETIRED:BOGUS", "'BOGUS'"},
        {"piii", "r1000000c0", "bits"},
        {"piii", "event=0x3c,event=0xc0", "event= given twice"},
        {"piii", "event=0xc0,umask=1,umask=2", "umask= given twice"},
        {"ppro", "MMX_UOPS_EXEC", "unknown event"},
        {"pm", "MMX_INSTR_EXEC", "unknown event"}, /* Pentium II only */
        {"piii", "INST_RETIRED:u:k=0:u=0", "no privilege"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        model_pmu(&m, &pmu, MODEL_P6, cases[i].cpu, NULL);
        int r = plan_of(cases[i].spec);
        CHECK(r < 0 && strstr(err, cases[i].needle), "%s '%s' refused: %s", cases[i].cpu,
              cases[i].spec, err);
    }
    model_pmu(&m, &pmu, MODEL_P6, "pm", NULL);
    CHECK(plan_of("L2_LD:M:ONLY_HW_PREFETCH") == 0 && (plan.events[0].config & 0xffff) == 0x1829,
          "pm: L2_LD with the prefetch qualifier = 0x1829 (%llx)",
          (unsigned long long)plan.events[0].config);
    CHECK(plan_of("FLOPS,CYCLES_DIV_BUSY,FP_COMP_OPS_EXE") == 0 && plan.n_passes == 3,
          "three PMC0-only events take three passes");
    CHECK(plan_of("cycles,instructions,branches,branch-misses") == 0 && plan.n_passes == 2 &&
              !strcmp(plan.events[3].name, "BR_MISS_PRED_RETIRED"),
          "perf aliases map to P6 names, 4 events in 2 passes");
    CHECK(plan_of("INST_RETIRED:int:pc:e:i:c=1:k") == 0 && plan.events[0].config == 0x019e00c0ull &&
              !strcmp(plan.events[0].name, "INST_RETIRED:k:e:i:pc:int:c=1"),
          "every P6 modifier: OS, E, PC, INT, INV, CMASK = 0x019e00c0 (%llx, %s)",
          (unsigned long long)plan.events[0].config, plan.events[0].name);
    const char *groups[] = {"ppro", "pii", "piii", "pm"};
    for (unsigned i = 0; i < 4; i++) {
        model_pmu(&m, &pmu, MODEL_P6, groups[i], NULL);
        CHECK(plan_of("cycles,instructions,branches,branch-misses,cache-references,"
                      "cache-misses,bus-cycles") == 0,
              "%s: every perf alias resolves (%s)", groups[i], err);
    }
    CHECK(!strcmp(plan.events[5].name, "L2_LINES_IN:I:S:E:M"),
          "pm: cache-misses needs the unit masks of its L2_LINES_IN (%s)", plan.events[5].name);
    CHECK(plan_of("mmx_uops_exec") == 0 && (plan.events[0].config & 0xffff) == 0x0fb2,
          "MMX_UOPS_EXEC carries the SDM's unit mask 0x0F, names are case-insensitive");
}

static void verify(void)
{
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    plan_of(NULL);
    CHECK(plan.n_events == 4 && plan.n_passes == 2, "default set: 4 events in 2 passes");
    CHECK(pmu_verify(&pmu, &plan, 0) && pmu.counting, "the model's counters advance: verified");
    CHECK(m.sel[0] == 0, "verification leaves the counters stopped");

    /* A P6 retires at most 3 instructions a cycle: c=4 counts nothing, rightly. */
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    CHECK(plan_of("INST_RETIRED:c=4,CPU_CLK_UNHALTED:e") == 0 &&
              !(plan.events[0].flags & PMU_EVF_ADVANCES) &&
              !(plan.events[1].flags & PMU_EVF_ADVANCES),
          "cmask and edge filters drop the 'must advance' promise of cycles and instructions");
    CHECK(pmu_verify(&pmu, &plan, 0) && pmu.counting,
          "a filtered set whose counts may be zero does not make a live PMU look dead");
}

int main(void)
{
    detection();
    errata();
    privilege_and_counting();
    global_enable();
    width_and_sign_extension();
    filters();
    errors();
    verify();
    return check_summary();
}
