/* Overflow presets, interrupt enables, detection, re-arming and wrap
 * (pmu/overflow.c) against the PMU models: for each PMU family a counter
 * preset for a period must overflow after exactly that many events,
 * again after re-arming, and the programmed selector must carry the
 * interrupt enable. The P6/arch/AMD models have no interrupt line (they
 * model counting, not the LVTPC), so for them the test checks the INT bit
 * written; the P4 model counts the PMIs the CCCR requests; the 604e model
 * clears MMCR0[PMXE] when a counter goes negative, as the hardware does
 * when it signals the interrupt, and re-arming must set it again. */
#include <stdio.h>
#include <string.h>

#include "pmu/overflow.h"
#include "tests/host/check.h"
#include "tests/host/models/model.h"
#include "tests/host/models/p4_model.h"

static struct model m;
static struct p4_model p4m;
static struct pmu pmu;
static struct pmu_plan plan;
static struct pmu_overflow ovf;
static char err[PMU_ERR_LEN];

/* One case: how to build the PMU, the event, its events per loop iteration. */
struct ovf_case {
    const char *what;
    enum model_kind kind; /* ignored for the P4 */
    const char *cpu;
    unsigned arch_version;
    const char *event;
    unsigned index; /* the sampled event of the plan */
    unsigned per_iteration;
    enum pmu_ovf_style style;
    unsigned pmi_lag; /* events after the overflow before the PMI (SDM: 1 on the P4) */
};

static bool is_p4(const struct ovf_case *c)
{
    return strncmp(c->cpu, "p4", 2) == 0;
}

static void run(const struct ovf_case *c, unsigned iterations)
{
    if (is_p4(c)) {
        p4_model_workload(&p4m, iterations);
    } else {
        model_run_loop(&m, iterations, 0);
    }
}

static bool pending(void)
{
    bool p = false;
    return pmu_overflow_pending(&pmu, &ovf, &p) == 0 && p;
}

/* Whether the counter's interrupt enable is all set in its control register. */
static bool enabled(void)
{
    uint64_t v = 0;
    return pmu.hw.rdmsr(pmu.hw.ctx, ovf.regs.control_msr, &v) == 0 &&
           (v & ovf.regs.pmi_bit) == ovf.regs.pmi_bit;
}

/* Iterations until the counter reports an overflow (at most `limit`). */
static unsigned iterations_to_overflow(const struct ovf_case *c, unsigned limit)
{
    for (unsigned i = 1; i <= limit; i++) {
        run(c, 1);
        if (pending()) {
            return i;
        }
    }
    return 0;
}

static uint64_t read_counter(void)
{
    const struct pmu_read *r = &plan.events[ovf.event].read;
    uint64_t v = ~0ull;
    if (r->kind == PMU_READ_RDPMC) {
        pmu.hw.rdpmc(pmu.hw.ctx, r->index, &v);
    } else {
        pmu.hw.rdmsr(pmu.hw.ctx, r->index, &v);
    }
    return v;
}

static bool build(const struct ovf_case *c)
{
    if (is_p4(c)) {
        return p4_model_pmu(&p4m, &pmu, c->cpu, 0, false);
    }
    struct pmu_cpu_opts opts = {.arch_version = c->arch_version};
    return model_pmu(&m, &pmu, c->kind, c->cpu, &opts);
}

static void check_case(const struct ovf_case *c)
{
    const uint64_t period = 1000;
    if (!build(c) || pmu_plan_events(&pmu, c->event, &plan, err, sizeof err) != 0) {
        CHECK(false, "%s: PMU and plan for %s (%s)", c->what, c->event, err);
        return;
    }
    CHECK(pmu_overflow_unsupported(&pmu) == NULL, "%s: %s can interrupt on overflow", c->what,
          pmu_name(&pmu));
    CHECK(pmu_overflow_setup(&pmu, &plan, c->index, 0, &ovf, err, sizeof err) < 0 &&
              strstr(err, "period 0"),
          "%s: period 0 is refused (%s)", c->what, err);
    char least[32];
    snprintf(least, sizeof least, "must be %u to", 1 + c->pmi_lag);
    CHECK(pmu_overflow_setup(&pmu, &plan, c->index, 1ull << 62, &ovf, err, sizeof err) < 0 &&
              strstr(err, least),
          "%s: a period beyond the counter is refused (%s)", c->what, err);
    if (c->pmi_lag) {
        CHECK(pmu_overflow_setup(&pmu, &plan, c->index, c->pmi_lag, &ovf, err, sizeof err) < 0 &&
                  strstr(err, least),
              "%s: a period of %u is refused: the PMI comes after the overflow (%s)", c->what,
              c->pmi_lag, err);
    }
    if (pmu_overflow_setup(&pmu, &plan, c->index, period, &ovf, err, sizeof err) != 0) {
        CHECK(false, "%s: setup period %llu (%s)", c->what, (unsigned long long)period, err);
        return;
    }
    CHECK(ovf.regs.style == c->style, "%s: overflow style %d (want %d)", c->what, ovf.regs.style,
          c->style);
    CHECK(ovf.regs.pmi_lag == c->pmi_lag &&
              ovf.preset == (1ull << ovf.regs.width) - period + c->pmi_lag,
          "%s: preset 2^%u - %llu + %u = 0x%llx", c->what, ovf.regs.width,
          (unsigned long long)period, c->pmi_lag, (unsigned long long)ovf.preset);

    struct pmu_write w[PMU_MAX_WRITES];
    unsigned n = pmu_overflow_encode(&pmu, &plan, &ovf, w, PMU_MAX_WRITES);
    bool preset = false, pmi = false;
    for (unsigned i = 0; i < n && i < PMU_MAX_WRITES; i++) {
        preset |= w[i].msr == ovf.regs.counter_msr && w[i].value == ovf.preset;
        pmi |= w[i].msr == ovf.regs.control_msr && (w[i].value & ovf.regs.pmi_bit);
    }
    CHECK(preset && pmi, "%s: the writes preset MSR 0x%x and set the interrupt enable in 0x%x",
          c->what, (unsigned)ovf.regs.counter_msr, (unsigned)ovf.regs.control_msr);

    CHECK(pmu_overflow_start(&pmu, &plan, &ovf) == 0 && !pending(),
          "%s: started, no overflow pending", c->what);
    unsigned expect = (unsigned)(period / c->per_iteration);
    unsigned got = iterations_to_overflow(c, 2 * expect);
    CHECK(got == expect, "%s: overflow after exactly %u iterations x %u events (got %u)", c->what,
          expect, c->per_iteration, got);
    if (is_p4(c)) {
        CHECK(p4m.pmi[0] == 1, "%s: the CCCR requested one PMI for logical processor 0 (%u)",
              c->what, p4m.pmi[0]);
    }
    if (c->style == PMU_OVF_NEGATIVE) {
        CHECK(!enabled(), "%s: the interrupt cleared its enable (MMCR0[PMXE])", c->what);
    }
    run(c, 3);
    /* A 604e counter does not wrap: it counts on past its sign bit. */
    uint64_t past = read_counter() & ((1ull << ovf.regs.width) - 1);
    CHECK(past == 3ull * c->per_iteration + c->pmi_lag,
          "%s: the counter wrapped to the %u events past the period, plus the %u between the "
          "overflow and the PMI (%llu)",
          c->what, 3 * c->per_iteration, c->pmi_lag, (unsigned long long)past);
    uint64_t counted = pmu_overflow_counted(&ovf, past, 0);
    CHECK(counted == (uint64_t)(expect + 3) * c->per_iteration,
          "%s: counted since armed, not re-armed: the period plus the %u past it = %llu (got %llu)",
          c->what, 3 * c->per_iteration, (unsigned long long)(expect + 3) * c->per_iteration,
          (unsigned long long)counted);
    CHECK(pmu_overflow_rearm(&pmu, &ovf) == 0 && !pending() && enabled(),
          "%s: re-armed, overflow state cleared, interrupt enabled", c->what);
    got = iterations_to_overflow(c, 2 * expect);
    CHECK(got == expect, "%s: after re-arming, the next overflow after %u iterations again (%u)",
          c->what, expect, got);
    CHECK(pmu_overflow_rearm(&pmu, &ovf) == 0, "%s: re-armed a second time", c->what);
    run(c, 2);
    counted = pmu_overflow_counted(&ovf, read_counter(), 2);
    CHECK(counted == 2 * period + 2ull * c->per_iteration,
          "%s: counted since armed, re-armed twice: two periods plus %u = %llu (got %llu)", c->what,
          2 * c->per_iteration, (unsigned long long)(2 * period + 2ull * c->per_iteration),
          (unsigned long long)counted);
    CHECK_OK(pmu_stop_pass(&pmu, &plan, ovf.pass));
}

static const struct ovf_case cases[] = {
    {"p6", MODEL_P6, "piii", 0, "INST_RETIRED", 0, MODEL_LOOP_INSTR, PMU_OVF_TOP_BIT, 0},
    {"p6 counter 1", MODEL_P6, "piii", 0, "BR_INST_RETIRED,INST_RETIRED", 1, MODEL_LOOP_INSTR,
     PMU_OVF_TOP_BIT, 0},
    {"arch v4 GP", MODEL_ARCH, "arch", 4, "BRANCH_INSTRUCTIONS_RETIRED", 0, 1,
     PMU_OVF_GLOBAL_STATUS, 0},
    {"arch v4 fixed", MODEL_ARCH, "arch", 4, "INSTRUCTION_RETIRED", 0, MODEL_LOOP_INSTR,
     PMU_OVF_GLOBAL_STATUS, 0},
    {"arch v1", MODEL_ARCH, "arch", 1, "INSTRUCTION_RETIRED", 0, MODEL_LOOP_INSTR, PMU_OVF_TOP_BIT,
     0},
    {"amd k8", MODEL_AMD, "k8", 0, "RETIRED_INSTRUCTIONS", 0, MODEL_LOOP_INSTR, PMU_OVF_TOP_BIT, 0},
    {"amd fam15h", MODEL_AMD, "fam15h", 0, "RETIRED_INSTRUCTIONS", 0, MODEL_LOOP_INSTR,
     PMU_OVF_TOP_BIT, 0},
    {"p4", MODEL_P6, "p4", 0, "instructions", 0, 2, PMU_OVF_CONTROL_FLAG, 1},
    {"ppc604e PMC1", MODEL_PPC604, "ppc604e", 0, "INSTRUCTIONS_COMPLETED", 0, MODEL_LOOP_INSTR,
     PMU_OVF_NEGATIVE, 0},
    {"ppc604e PMC2", MODEL_PPC604, "ppc604e", 0, "CYCLES,INSTRUCTIONS_COMPLETED", 1,
     MODEL_LOOP_INSTR, PMU_OVF_NEGATIVE, 0},
};

static void unsupported(void)
{
    model_pmu(&m, &pmu, MODEL_P5, "p5mmx", NULL);
    CHECK_OK(pmu_plan_events(&pmu, NULL, &plan, err, sizeof err));
    CHECK(pmu_overflow_unsupported(&pmu) != NULL &&
              pmu_overflow_setup(&pmu, &plan, 0, 100, &ovf, err, sizeof err) < 0 &&
              strstr(err, "PM0/PM1"),
          "p5mmx: no overflow interrupt, and the reason names the PM pins (%s)", err);
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    pmu_fallback_tsc(&pmu);
    CHECK(pmu_overflow_unsupported(&pmu) != NULL, "tsc: no overflow interrupt");
}

static void presets(void)
{
    CHECK(pmu_overflow_preset(1, 40) == 0xffffffffffull, "preset for 1 event, 40 bits: 2^40-1");
    CHECK(pmu_overflow_preset(1000, 48) == (1ull << 48) - 1000, "preset for 1000, 48 bits");
    CHECK(pmu_overflow_preset(1ull << 31, 40) == 0xff80000000ull,
          "preset for 2^31, 40 bits: sign-extended from bit 31 as a P6 write makes it");
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    CHECK_OK(pmu_plan_events(&pmu, "INST_RETIRED", &plan, err, sizeof err));
    CHECK(pmu_overflow_setup(&pmu, &plan, 0, 1000, &ovf, err, sizeof err) == 0 &&
              ovf.regs.max_period == 1ull << 31,
          "p6: counter writes sign-extend bit 31, so periods stop at 2^31");

    /* A P4 counter is 40 bits (SDM vol. 3B, NetBurst section: it overflows
     * when it counts past 2^40 - 1) even when RDPMC's fast form reads only
     * its low 32 (SDM vol. 2B, RDPMC). */
    p4_model_pmu(&p4m, &pmu, "p4", 0, false);
    if (pmu_plan_events(&pmu, "uops_retired:NBOGUS:fast", &plan, err, sizeof err) == 0 &&
        pmu_overflow_setup(&pmu, &plan, 0, 1000, &ovf, err, sizeof err) == 0) {
        CHECK(ovf.preset == 0xffffffffffull - 998 && plan.events[0].read.width == 32,
              "p4 :fast: the preset is 2^40 - 999 (0x%llx), not a 32-bit one",
              (unsigned long long)ovf.preset);
    } else {
        CHECK(false, "p4 :fast: plan and overflow set-up (%s)", err);
    }
}

/* Ring 0 holds the PMI handler: an event counting there needs a period
 * above the handler's cost; a ring-3 one does not. */
static void least_periods(void)
{
    model_pmu(&m, &pmu, MODEL_ARCH, "arch", NULL);
    CHECK_OK(pmu_plan_events(&pmu, "instructions,instructions:u,instructions:k,cycles:u", &plan,
                             err, sizeof err));
    uint64_t least[4];
    for (unsigned i = 0; i < 4; i++) {
        least[i] = pmu_overflow_min_period(&plan, i);
    }
    CHECK(least[0] == PMU_OVERFLOW_MIN_RING0 && least[1] == 1 &&
              least[2] == PMU_OVERFLOW_MIN_RING0 && least[3] == 1,
          "arch: rings 0 and 3, ring 3, ring 0, ring 3 take %llu, %llu, %llu, %llu",
          (unsigned long long)least[0], (unsigned long long)least[1], (unsigned long long)least[2],
          (unsigned long long)least[3]);
    p4_model_pmu(&p4m, &pmu, "p4", 0, false);
    CHECK_OK(pmu_plan_events(&pmu, "instructions,instructions:u", &plan, err, sizeof err));
    CHECK(pmu_overflow_min_period(&plan, 0) == PMU_OVERFLOW_MIN_RING0 &&
              pmu_overflow_min_period(&plan, 1) == 1,
          "p4: the ESCR's rings decide the same way");
}

int main(void)
{
    presets();
    least_periods();
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        check_case(&cases[i]);
    }
    unsupported();
    return check_summary();
}
