/* The architectural perfmon backend (v1-v5) against the arch model. */
#include <string.h>

#include "pmu/x86/regs.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

/* An arch CPU with exactly these counts (0 is a count, not "default"). */
static void arch(unsigned version, unsigned gp, unsigned fixed)
{
    struct pmu_cpu_opts opts = PMU_CPU_ARCH(version, gp, fixed);
    model_pmu(&m, &pmu, MODEL_ARCH, "arch", &opts);
}

/* An arch CPU with the synthetic model's default counts. */
static void arch_default(unsigned version)
{
    struct pmu_cpu_opts opts = {.arch_version = version};
    model_pmu(&m, &pmu, MODEL_ARCH, "arch", &opts);
}

static void detection(void)
{
    for (unsigned v = 1; v <= 5; v++) {
        arch_default(v);
        CHECK(!strcmp(pmu_name(&pmu), "arch") && pmu.caps.perfmon_version == v &&
                  pmu.caps.n_gp == 4 && pmu.caps.gp_width == 48 &&
                  pmu.caps.n_fixed == (v == 1   ? 0
                                       : v == 5 ? 4
                                                : 3),
              "v%u: arch backend, 4 GP counters of 48 bits, %u fixed", v, pmu.caps.n_fixed);
    }
}

static void fixed_and_global(void)
{
    arch(4, 4, 3);
    CHECK(plan_of("instructions:u,cycles,branches,ref-cycles:k") == 0 && plan.n_passes == 1,
          "4 events, one pass (%s)", err);
    CHECK(!strcmp(plan.events[0].counter, "FIXED0") && plan.events[0].read.index == 0x40000000 &&
              !strcmp(plan.events[1].counter, "FIXED1") &&
              !strcmp(plan.events[2].counter, "PMC0") && !strcmp(plan.events[3].counter, "FIXED2"),
          "instructions/cycles/ref-cycles go to fixed counters 0/1/2, branches to PMC0");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0), "writes = pmu_encode_pass()");
    CHECK(m.fixed_ctrl == 0x132 && m.global_ctrl == 0x700000001ull,
          "FIXED_CTR_CTRL 0x%llx (USR for 0, OS+USR for 1, OS for 2), GLOBAL_CTRL 0x%llx",
          (unsigned long long)m.fixed_ctrl, (unsigned long long)m.global_ctrl);
    model_run_loop(&m, 10, 3);
    model_run_loop(&m, 5, 0);
    CHECK(model_read(&m, &plan.events[0]) == 40, "FIXED0 instructions:u = 40");
    CHECK(model_read(&m, &plan.events[1]) == 45, "FIXED1 cycles = 45");
    CHECK(model_read(&m, &plan.events[2]) == 15, "PMC0 branches = 15");
    CHECK(model_read(&m, &plan.events[3]) == 15, "FIXED2 ref-cycles:k = 15");
    CHECK_OK(pmu_stop_pass(&pmu, &plan, 0));
    CHECK(m.global_ctrl == 0 && m.fixed_ctrl == 0, "stop clears GLOBAL_CTRL and FIXED_CTR_CTRL");
    model_run_loop(&m, 5, 0);
    CHECK(model_read(&m, &plan.events[1]) == 45, "stopped counters stay");
    /* Filters that fixed counters lack push the event to a GP counter. */
    CHECK(plan_of("cycles:c=1:i") == 0 && !strcmp(plan.events[0].counter, "PMC0"),
          "cycles with cmask/inv cannot use a fixed counter: %s", plan.events[0].counter);
}

static void overflow_flag(void)
{
    arch(2, 2, 0); /* no fixed counter: raw instructions go to PMC0 */
    plan_of("r00c0");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    model_wrmsr(&m, 0xc1, 0xfffffffeu); /* sign-extends: 2^48 - 2 */
    CHECK(m.ctr[0] == 0xfffffffffffeull, "an IA32_PMC0 write sign-extends to 48 bits");
    model_run_loop(&m, 1, 0);
    CHECK(m.ctr[0] == 2 && (m.global_status & 1),
          "4 instructions wrap the counter to 2 and set GLOBAL_STATUS bit 0");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(!(m.global_status & 1), "programming a pass clears its overflow bit (GLOBAL_OVF_CTRL)");
}

static void full_width(void)
{
    arch(4, 4, 3);
    m.perf_caps = 1u << 13;
    struct pmu_hw hw = model_hw(&m);
    pmu_init(&pmu, &m.cpu, &hw, NULL);
    CHECK(pmu.caps.perf_capabilities == (1u << 13), "PERF_CAPABILITIES read where PDCM is set");
    plan_of("r00c4");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    bool used_a_pmc = false;
    for (unsigned i = from; i < m.n_log; i++) {
        used_a_pmc |= m.log[i].msr == 0x4c1;
    }
    CHECK(used_a_pmc, "FW_WRITE: the counter is written through IA32_A_PMC0 (0x4C1)");
    model_wrmsr(&m, 0x4c1, 0xfffffffeu);
    CHECK(m.ctr[0] == 0xfffffffeull, "and a full-width write does not sign-extend");
    /* Without PDCM the MSR is never read (it would #GP). */
    arch(4, 4, 3);
    m.cpu.features[FEAT_PDCM] = false;
    m.perf_caps = 1u << 13;
    hw = model_hw(&m);
    pmu_init(&pmu, &m.cpu, &hw, NULL);
    plan_of("r00c4");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(pmu.caps.perf_capabilities == 0 && m.log[1].msr == 0xc1,
          "no PDCM: caps 0, legacy IA32_PMC0 writes");
}

static void version1(void)
{
    arch(1, 2, 0);
    CHECK(plan_of("cycles,instructions,branches") == 0 && plan.n_passes == 2,
          "v1: no fixed counters, 3 events on 2 GP counters take 2 passes");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    bool global = false;
    for (unsigned i = from; i < m.n_log; i++) {
        global |= m.log[i].msr >= 0x38d && m.log[i].msr <= 0x390;
    }
    CHECK(!global, "v1: the global registers are never touched");
    model_run_loop(&m, 10, 0);
    CHECK(model_read(&m, &plan.events[0]) == 30 && model_read(&m, &plan.events[1]) == 40,
          "v1: each PERFEVTSEL's own EN starts its counter");
}

static void availability(void)
{
    arch(4, 4, 3);
    m.cpu.perfmon.unavailable = 1u << 4; /* LLC_MISSES */
    struct pmu_hw hw = model_hw(&m);
    pmu_init(&pmu, &m.cpu, &hw, NULL);
    CHECK(plan_of("LLC_REFERENCES,LLC_MISSES") < 0 && strstr(err, "'LLC_MISSES'") &&
              strstr(err, "not on this CPU"),
          "an event leaf 0xA EBX marks unavailable is refused: %s", err);
    CHECK(plan_of("TOPDOWN_SLOTS") < 0 && strstr(err, "not on this CPU"),
          "TOPDOWN_SLOTS is beyond EBX length 7: %s", err);
    CHECK(plan_of("r412e") == 0, "a raw encoding is always accepted");
    m.cpu.perfmon.unavailable = 1u << 6; /* MISPREDICTED_BRANCH_RETIRED */
    pmu_init(&pmu, &m.cpu, &hw, NULL);
    CHECK(plan_of(NULL) == 0 && plan.n_events == 3,
          "without mispredicted branches the default set plans whole, with 3 events (%s)", err);
    arch(2, 4, 3);
    CHECK(plan_of("cycles:t") < 0 && strstr(err, "not allowed"),
          "v2: the any-thread modifier is refused: %s", err);
    arch(3, 4, 3);
    CHECK(plan_of("cycles:t") == 0 && (plan.events[0].config & (1u << 21)),
          "v3: any-thread modifier sets bit 21");
    arch(5, 8, 4);
    CHECK(plan_of("slots") == 0 && !strcmp(plan.events[0].counter, "FIXED3"),
          "v5: TOPDOWN_SLOTS on FIXED3 (%s)", plan.events[0].counter);
}

static void placement(void)
{
    arch(2, 2, 3);
    CHECK(plan_of("branches,branch-misses,LLC_MISSES,cycles,instructions") == 0 &&
              plan.n_passes == 2 && plan.events[3].pass == 0 && plan.events[4].pass == 0,
          "fixed events join pass 0 while the third GP event opens pass 1");
    CHECK(pmu_verify(&pmu, &plan, 0) && pmu.counting, "verify: counters advance on the model");
}

static const char *marking(unsigned event, unsigned window)
{
    const struct pmu_quirk *q = pmu_quirk_marking(&pmu, &plan.events[event], window);
    return q ? q->name : "";
}

/* The E-cores' far-transfer overcount (erratum SRF7) marks instructions
 * and, before Clearwater Forest, branches, in windows that pass the
 * monitor gate only. */
static void errata(void)
{
    arch_default(4);
    CHECK(plan_of("instructions,branches,cycles") == 0, "instructions, branches, cycles (%s)", err);
    pmu.cpu.model = 0xaf;
    CHECK(strstr(marking(0, PMU_QUIRK_GATE), "SRF7") && strstr(marking(1, PMU_QUIRK_GATE), "SRF7"),
          "Sierra Forest: instructions and branches of a gate window are marked (%s)",
          marking(0, PMU_QUIRK_GATE));
    CHECK(!*marking(2, PMU_QUIRK_GATE) && !*marking(0, 0) && !*marking(0, PMU_QUIRK_USER_RDPMC),
          "Sierra Forest: not cycles, nor a window without the gate");
    pmu.cpu.model = 0xdd;
    CHECK(*marking(0, PMU_QUIRK_GATE) && !*marking(1, PMU_QUIRK_GATE),
          "Clearwater Forest: instructions marked, branches not");
    pmu.cpu.model = 0x5e;
    CHECK(!*marking(0, PMU_QUIRK_GATE) && !*marking(1, PMU_QUIRK_GATE), "Skylake: nothing marked");
}

/* A generated table's events on the counters Linux lets them use
 * (pmu/x86/arch_constraints.c): Sandy Bridge's L1D_PEND_MISS.PENDING and
 * CYCLE_ACTIVITY.CYCLES_L1D_PENDING both need PMC2, so they take two
 * passes; INST_RETIRED.PREC_DIST goes on PMC1 alone; the pseudo-encoding
 * of reference cycles on FIXED2 alone, and where that counter is absent it
 * is refused; an unconstrained event may use any counter. */
static void model_constraints(void)
{
    model_pmu(&m, &pmu, MODEL_ARCH, "snb", NULL);
    CHECK(plan_of("L1D_PEND_MISS:PENDING,CYCLE_ACTIVITY:CYCLES_L1D_PENDING") == 0 &&
              plan.n_passes == 2 && plan.events[0].counter_mask == 0x4 &&
              !strcmp(plan.events[0].counter, "PMC2") && !strcmp(plan.events[1].counter, "PMC2"),
          "snb: two events that only PMC2 counts take two passes (%s)", err);
    CHECK(plan_of("INST_RETIRED:PREC_DIST") == 0 && plan.events[0].counter_mask == 0x2,
          "snb: INST_RETIRED:PREC_DIST on PMC1 alone (mask 0x%x)", plan.events[0].counter_mask);
    CHECK(plan_of("UNHALTED_REFERENCE_CYCLES") == 0 &&
              plan.events[0].counter_mask == 1u << (ARCH_FIXED_BASE + 2),
          "snb: its reference cycles (00H/03H) on FIXED2 alone");
    CHECK(plan_of("UOPS_ISSUED:ANY") == 0 && plan.events[0].counter_mask == 0xf,
          "snb: an unconstrained event may use every PMC (mask 0x%x)", plan.events[0].counter_mask);
    CHECK(plan_of("L1D_PEND_MISS.PENDING:u") == 0 &&
              !strcmp(plan.events[0].name, "L1D_PEND_MISS:PENDING:u") &&
              plan.events[0].counter_mask == 0x4,
          "snb: perf's EVENT.UMASK is EVENT:UMASK, modifiers after it (%s)", plan.events[0].name);
    CHECK(plan_of("L1D_PEND_MISS.NOPE") < 0 && strstr(err, "'NOPE' is neither a unit mask"),
          "snb: a dotted name with no such unit mask says so: %s", err);
    struct pmu_cpu_opts spr = PMU_CPU_ARCH(5, 8, 4);
    model_pmu(&m, &pmu, MODEL_ARCH, "spr", &spr);
    CHECK(plan_of("LONGEST_LAT_CACHE:MISS,L1D_PEND_MISS:PENDING,MEM_LOAD_RETIRED:L1_HIT,"
                  "BR_INST_RETIRED:ALL_BRANCHES") == 0 &&
              plan.events[0].counter_mask == 0xff && plan.events[1].counter_mask == 0xf &&
              plan.events[2].counter_mask == 0xf && plan.events[3].counter_mask == 0xff,
          "spr with 8 PMCs: 2EH and C4H on any, 48H (below 90H) and D1H on PMC0-3 (masks 0x%x "
          "0x%x 0x%x 0x%x: %s)",
          plan.events[0].counter_mask, plan.events[1].counter_mask, plan.events[2].counter_mask,
          plan.events[3].counter_mask, err);
    struct pmu_cpu_opts opts = PMU_CPU_ARCH(3, 4, 2);
    model_pmu(&m, &pmu, MODEL_ARCH, "snb", &opts);
    CHECK(plan_of("UNHALTED_REFERENCE_CYCLES") < 0 && strstr(err, "FIXED_CTR2"),
          "snb without FIXED_CTR2: its reference cycles are refused: %s", err);
}

int main(void)
{
    detection();
    model_constraints();
    errata();
    fixed_and_global();
    overflow_flag();
    full_width();
    version1();
    availability();
    placement();
    return check_summary();
}
