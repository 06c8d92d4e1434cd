/* The NetBurst backend driven against the PMU model: what the programmed
 * ESCRs and CCCRs count. Filters (threshold, compare, complement, edge,
 * privilege, threads, active thread), overflow (FORCE_OVF, the OVF flag
 * and its clearing, PMI bits, 40-bit wrap), cascading, and the reads. */
#include <string.h>

#include "pmu/x86/p4_regs.h"
#include "tests/host/check.h"
#include "tests/host/models/p4_model.h"

#define CRU0  0x3b8 /* CRU_ESCR0/1: instr_retired, uops_retired */
#define UOPS  0x01
#define INSTR 0x02

static struct p4_model model;
static struct pmu pmu;
static struct pmu_plan plan;

/* Plans `spec` on a fresh model and CPU, starts pass 0. */
static bool start(const char *cpu, unsigned cpu_model, bool ht, const char *spec)
{
    char err[PMU_ERR_LEN];
    p4_model_pmu(&model, &pmu, cpu, cpu_model, ht);
    if (pmu_plan_events(&pmu, spec, &plan, err, sizeof err) < 0) {
        printf("plan '%s': %s\n", spec, err);
        return false;
    }
    return pmu_start_pass(&pmu, &plan, 0) == 0;
}

static uint64_t read_event(unsigned i)
{
    uint64_t v = 0;
    const struct pmu_read *r = &plan.events[i].read;
    if (r->kind == PMU_READ_RDPMC) {
        pmu.hw.rdpmc(pmu.hw.ctx, r->index, &v);
    } else {
        pmu.hw.rdmsr(pmu.hw.ctx, r->index, &v);
    }
    return v;
}

/* One cycle in ring `cpl` on logical processor `thread` with `uops` uops
 * and `instr` instructions retired; `active` LPs are running. */
static void cycle(unsigned cpl, unsigned thread, unsigned active, unsigned uops, unsigned instr)
{
    struct p4_cycle cy = {
        cpl, thread, active, 2, {{CRU0, UOPS, 0, (uint8_t)uops}, {CRU0, INSTR, 0, (uint8_t)instr}}};
    p4_model_cycle(&model, &cy);
}

/* Uops per cycle for the filter tests. */
static const unsigned pattern[] = {0, 1, 2, 3, 4, 0, 3};

/* Counts `spec` (on uops_retired) over the pattern in ring 0. */
static uint64_t count_pattern(const char *spec)
{
    if (!start("p4", 0, false, spec)) {
        return ~0ull;
    }
    uint64_t before = read_event(0);
    for (unsigned i = 0; i < sizeof pattern / sizeof pattern[0]; i++) {
        cycle(0, 0, 1, pattern[i], 1);
    }
    return pmu_delta(&plan.events[0].read, before, read_event(0));
}

static void test_filters(void)
{
    CHECK(count_pattern("uops_retired:NBOGUS") == 13, "no filter: every uop counts (13)");
    CHECK(count_pattern("uops_retired:NBOGUS:cmp") == 5,
          "cmp: cycles with at least one uop (5 of 7)");
    CHECK(count_pattern("uops_retired:NBOGUS:thr=1") == 4,
          "thr=1: cycles with more than one uop (4)");
    CHECK(count_pattern("uops_retired:NBOGUS:c=3") == 3,
          "c=3: cycles with at least 3 uops retired (3)");
    CHECK(count_pattern("uops_retired:NBOGUS:thr=1:cmpl") == 3,
          "thr=1:cmpl: cycles with at most one uop (3)");
    CHECK(count_pattern("uops_retired:NBOGUS:c=2:e") == 2,
          "c=2:e: rising edges of 'at least 2 uops' (2)");
    CHECK(count_pattern("uops_retired:NBOGUS:c=2:i") == 3,
          "c=2:i: cycles with fewer than 2 uops (3)");
    CHECK(model.violations == 0, "no write the hardware would reject (%s)", model.last_violation);
}

static uint64_t count_ring(const char *spec, unsigned cpl)
{
    if (!start("p4", 0, false, spec)) {
        return ~0ull;
    }
    uint64_t before = read_event(0);
    for (unsigned i = 0; i < 10; i++) {
        cycle(cpl, 0, 1, 1, 1);
    }
    return read_event(0) - before;
}

static void test_privilege(void)
{
    CHECK(count_ring("uops_retired:NBOGUS", 0) == 10, "default counts ring 0");
    CHECK(count_ring("uops_retired:NBOGUS", 3) == 10, "default counts ring 3");
    CHECK(count_ring("uops_retired:NBOGUS:u", 0) == 0, ":u does not count ring 0");
    CHECK(count_ring("uops_retired:NBOGUS:u", 3) == 10, ":u counts ring 3");
    CHECK(count_ring("uops_retired:NBOGUS:k", 0) == 10, ":k counts ring 0");
    CHECK(count_ring("uops_retired:NBOGUS:k", 3) == 0, ":k does not count ring 3");
    CHECK((plan.events[0].flags & PMU_EVF_ADVANCES) && !(plan.events[0].flags & PMU_EVF_USER_ONLY),
          ":k uops must move over the kernel's loop");
    count_ring("uops_retired:NBOGUS:u", 3);
    CHECK(!(plan.events[0].flags & PMU_EVF_ADVANCES) && (plan.events[0].flags & PMU_EVF_USER_ONLY),
          ":u uops are marked user-only: pmu_verify does not expect them to move");
}

/* Counts `spec` on a Hyper-Threading model: 3 cycles on LP0 alone, 4 on
 * LP1 alone, 5 with both active (events on LP0), 2 with none active. */
static uint64_t count_threads(const char *spec)
{
    if (!start("p4", 0, true, spec)) {
        return ~0ull;
    }
    uint64_t before = read_event(0);
    for (unsigned i = 0; i < 3; i++) {
        cycle(0, 0, 1, 1, 1);
    }
    for (unsigned i = 0; i < 4; i++) {
        cycle(0, 1, 2, 1, 1);
    }
    for (unsigned i = 0; i < 5; i++) {
        cycle(0, 0, 3, 1, 1);
    }
    for (unsigned i = 0; i < 2; i++) {
        cycle(0, 0, 0, 1, 1);
    }
    return read_event(0) - before;
}

static void test_threads(void)
{
    CHECK(count_threads("uops_retired:NBOGUS") == 12, "default: both threads, any active (12)");
    CHECK(count_threads("uops_retired:NBOGUS:t0") == 8, "t0: logical processor 0 only (8)");
    CHECK(count_threads("uops_retired:NBOGUS:t1") == 4, "t1: logical processor 1 only (4)");
    CHECK(count_threads("uops_retired:NBOGUS:at=1") == 7, "at=1: one LP active (7)");
    CHECK(count_threads("uops_retired:NBOGUS:at=2") == 5, "at=2: both LPs active (5)");
    CHECK(count_threads("uops_retired:NBOGUS:at=0") == 2, "at=0: no LP active (2)");
    CHECK(model.violations == 0, "HT model: no rejected write (%s)", model.last_violation);

    char err[PMU_ERR_LEN];
    p4_model_pmu(&model, &pmu, "p4", 0, false);
    CHECK(pmu_plan_events(&pmu, "uops_retired:NBOGUS:at=1", &plan, err, sizeof err) < 0 &&
              strstr(err, "Hyper-Threading"),
          "without HT, at=1 is refused: %s", err);
    CHECK(pmu_plan_events(&pmu, "uops_retired:NBOGUS:t1", &plan, err, sizeof err) < 0,
          "without HT, t1 is refused: %s", err);
    CHECK(pmu_plan_events(&pmu, "uops_retired:NBOGUS", &plan, err, sizeof err) == 0 &&
              (p4_cccr_value(&plan.events[0]) & P4_CCCR_ACTIVE_THREAD_MASK) ==
                  P4_CCCR_ACTIVE_THREAD(P4_AT_ANY),
          "the active-thread field is 11b by default (the SDM requires it without HT)");
}

/* The CCCR's OVF flag, bit 31 (SDM "CCCR MSRs"), read through the PMU's MSR access. */
static bool ovf_flag(unsigned i)
{
    uint64_t cccr = 0;
    pmu.hw.rdmsr(pmu.hw.ctx, P4_CCCR_MSR(plan.events[i].hw_index), &cccr);
    return (cccr >> 31) & 1;
}

/* Software clears OVF by writing the CCCR back without it. */
static bool clear_ovf(unsigned i)
{
    uint64_t cccr = 0;
    uint32_t msr = P4_CCCR_MSR(plan.events[i].hw_index);
    return pmu.hw.rdmsr(pmu.hw.ctx, msr, &cccr) == 0 &&
           pmu.hw.wrmsr(pmu.hw.ctx, msr, cccr & ~(1ull << 31)) == 0;
}

static void test_overflow(void)
{
    CHECK(start("p4", 0, false, "uops_retired:NBOGUS:fovf"), "FORCE_OVF event starts");
    CHECK(!ovf_flag(0), "OVF clear before counting");
    cycle(0, 0, 1, 1, 0);
    CHECK(ovf_flag(0) && read_event(0) == 1, "FORCE_OVF: OVF set on the first increment");
    CHECK(clear_ovf(0) && !ovf_flag(0), "OVF cleared by software");
    cycle(0, 0, 1, 0, 0);
    CHECK(!ovf_flag(0), "OVF stays clear without an increment");
    cycle(0, 0, 1, 1, 0);
    CHECK(ovf_flag(0), "FORCE_OVF: set again on the next increment");

    CHECK(start("p4", 0, false, "uops_retired:NBOGUS:period=5:pmi"), "period=5:pmi starts");
    uint64_t before = read_event(0);
    CHECK(before == (1ull << 40) - 5, "period=5: counter preset to 2^40-5");
    for (unsigned i = 0; i < 4; i++) {
        cycle(0, 0, 1, 1, 0);
    }
    CHECK(!ovf_flag(0) && model.pmi[0] == 0, "no overflow after 4 of 5");
    cycle(0, 0, 1, 1, 0);
    CHECK(ovf_flag(0) && read_event(0) == 0, "overflow on the 5th event: OVF set, counter 0");
    CHECK(model.pmi[0] == 0, "no PMI yet: it comes on the event after the overflow (SDM)");
    cycle(0, 0, 1, 0, 0);
    CHECK(model.pmi[0] == 0, "a cycle without the event brings no PMI");
    cycle(0, 0, 1, 1, 0);
    CHECK(model.pmi[0] == 1 && model.pmi[1] == 0, "pmi without HT: OVF_PMI_T0 only, on event 6");
    for (unsigned i = 0; i < 4; i++) {
        cycle(0, 0, 1, 1, 0);
    }
    CHECK(ovf_flag(0) && model.pmi[0] == 1, "OVF is sticky, and one overflow is one PMI");
    CHECK(pmu_delta(&plan.events[0].read, before, read_event(0)) == 10,
          "40-bit wrap: delta across the overflow is 10");

    CHECK(start("p4", 0, true, "uops_retired:NBOGUS:period=5:pmi"), "HT pmi starts");
    for (unsigned i = 0; i < 6; i++) {
        cycle(0, 0, 1, 1, 0);
    }
    CHECK(model.pmi[0] == 1 && model.pmi[1] == 1, "pmi with HT: both counted threads get one");
    CHECK(start("p4", 0, true, "uops_retired:NBOGUS:period=5:pmi:t1"), "HT pmi:t1 starts");
    for (unsigned i = 0; i < 6; i++) {
        cycle(0, 1, 2, 1, 0);
    }
    CHECK(model.pmi[0] == 0 && model.pmi[1] == 1, "pmi:t1: OVF_PMI_T1 only");

    CHECK_OK(pmu_stop_pass(&pmu, &plan, 0));
    CHECK(model.cccr[plan.events[0].hw_index] == P4_CCCR_ACTIVE_THREAD(P4_AT_ANY),
          "stop clears enable and OVF, keeps the active-thread field 11b");
}

static void test_cascade(void)
{
    /* Extending a count: the same event on the alternate counter. */
    CHECK(start("p4", 0, false, "uops_retired:NBOGUS:period=3,uops_retired:NBOGUS:cascade"),
          "extend: leader with period=3 and its cascade follower start");
    const struct pmu_assigned_event *lead = &plan.events[0], *follow = &plan.events[1];
    CHECK(follow->hw_index == (lead->hw_index ^ 2), "the follower is on the alternate counter (%s)",
          follow->counter);
    uint32_t cccr = model.cccr[follow->hw_index];
    CHECK((cccr & P4_CCCR_CASCADE) && !(cccr & P4_CCCR_ENABLE),
          "follower CCCR: cascade bit 30 set, its own enable clear (SDM: CCCR cascade)");
    for (unsigned i = 0; i < 10; i++) {
        cycle(0, 0, 1, 1, 0);
    }
    CHECK(read_event(1) == 7, "follower counts the 7 events after the leader's overflow (%llu)",
          (unsigned long long)read_event(1));
    CHECK(p4_period(lead) + read_event(1) == 10, "period + follower = all 10 events");
    CHECK(!(model.cccr[follow->hw_index] & P4_CCCR_ENABLE),
          "the cascade runs the follower without setting its enable");

    /* It counts while its CASCADE and the leader's OVF are set: clearing
     * either stops it (SDM vol. 3B, "Halting Event Counting"). */
    uint32_t lead_cccr = P4_CCCR_MSR(lead->hw_index), follow_cccr = P4_CCCR_MSR(follow->hw_index);
    uint64_t v = 0;
    CHECK_OK(pmu.hw.rdmsr(pmu.hw.ctx, lead_cccr, &v));
    CHECK_OK(pmu.hw.wrmsr(pmu.hw.ctx, lead_cccr, v & ~(uint64_t)P4_CCCR_OVF));
    cycle(0, 0, 1, 1, 0);
    CHECK(read_event(1) == 7, "the leader's OVF cleared: the follower stops (%llu)",
          (unsigned long long)read_event(1));
    CHECK_OK(pmu.hw.wrmsr(pmu.hw.ctx, lead_cccr, v));
    cycle(0, 0, 1, 1, 0);
    CHECK(read_event(1) == 8, "OVF set again: it counts again (%llu)",
          (unsigned long long)read_event(1));
    CHECK_OK(pmu.hw.rdmsr(pmu.hw.ctx, follow_cccr, &v));
    CHECK_OK(pmu.hw.wrmsr(pmu.hw.ctx, follow_cccr, v & ~(uint64_t)P4_CCCR_CASCADE));
    cycle(0, 0, 1, 1, 0);
    CHECK(read_event(1) == 8, "its CASCADE cleared: it stops (%llu)",
          (unsigned long long)read_event(1));

    /* Counting B after N occurrences of A. */
    CHECK(start("p4", 0, false, "instr_retired:NBOGUSNTAG:period=4,uops_retired:NBOGUS:cascade"),
          "after N: instructions with period=4, uops cascaded");
    for (unsigned i = 0; i < 10; i++) {
        cycle(0, 0, 1, 2, 1);
    }
    CHECK(read_event(1) == 12, "uops counted only after the 4th instruction: 6 cycles x 2 (%llu)",
          (unsigned long long)read_event(1));

    /* Extended cascading: counter 16 starts counter 12 (Prescott). */
    CHECK(start("p4-prescott", 0, false,
                "instr_retired:NBOGUSNTAG:period=2:cntr=16,branch_retired:MMTP:cascade:cntr=12"),
          "extended cascade 16 -> 12 on model 3");
    cccr = model.cccr[12];
    CHECK((cccr & P4_CCCR_EXT_CASCADE) && !(cccr & P4_CCCR_CASCADE) && !(cccr & P4_CCCR_ENABLE),
          "IQ_CCCR0 bit 11 (CASCNT4INTO0) set, cascade and enable clear");
    struct p4_cycle cy = {0, 0, 1, 2, {{CRU0, INSTR, 0, 1}, {0x3cc, 0x06, 2, 1}}};
    for (unsigned i = 0; i < 5; i++) {
        p4_model_cycle(&model, &cy);
    }
    CHECK(read_event(1) == 3, "counter 12 counts branches after counter 16 overflows (3)");
    CHECK(model.violations == 0, "no rejected write (%s)", model.last_violation);
}

static void test_reads(void)
{
    CHECK(start("p4", 0, false, "uops_retired:NBOGUS:period=5:fast"), "fast read starts");
    const struct pmu_read *r = &plan.events[0].read;
    CHECK(r->kind == PMU_READ_RDPMC && r->index == (P4_RDPMC_FAST | plan.events[0].hw_index) &&
              r->width == 32,
          "fast: RDPMC ECX = counter | bit 31, 32 bits");
    uint64_t before = read_event(0);
    CHECK(before == 0xfffffffbull, "fast read returns bits 31:0");
    for (unsigned i = 0; i < 10; i++) {
        cycle(0, 0, 1, 1, 0);
    }
    CHECK(pmu_delta(r, before, read_event(0)) == 10, "32-bit wrap handled: delta 10");

    CHECK(start("p4", 0, false, "uops_retired:NBOGUS:rdmsr"), "rdmsr read starts");
    r = &plan.events[0].read;
    CHECK(r->kind == PMU_READ_RDMSR && r->index == P4_COUNTER_MSR(plan.events[0].hw_index) &&
              r->width == 40,
          "rdmsr: RDMSR of the counter MSR, 40 bits");
    for (unsigned i = 0; i < 3; i++) {
        cycle(0, 0, 1, 1, 0);
    }
    CHECK(read_event(0) == 3, "rdmsr reads the count");

    CHECK(start("p4", 0, false, "instructions"), "plain event starts");
    r = &plan.events[0].read;
    CHECK(r->kind == PMU_READ_RDPMC && r->index == plan.events[0].hw_index && r->width == 40,
          "default read: RDPMC with the counter number, 40 bits");
}

static void test_verify(void)
{
    char err[PMU_ERR_LEN];
    const char *cpus[] = {"p4", "p4-prescott"};
    for (unsigned i = 0; i < 2; i++) {
        p4_model_pmu(&model, &pmu, cpus[i], 0, false);
        CHECK(pmu_plan_events(&pmu, NULL, &plan, err, sizeof err) == 0 && plan.n_passes == 1,
              "%s: default set plans in one pass", cpus[i]);
        CHECK(pmu_verify(&pmu, &plan, 0), "%s: pmu_verify sees the model count the known loop",
              cpus[i]);
        CHECK(model.violations == 0, "%s: no rejected write (%s)", cpus[i], model.last_violation);
    }
    /* Nothing drives the model: the counters stay still, verify says so. */
    p4_model_pmu(&model, &pmu, "p4", 0, false);
    CHECK_OK(pmu_plan_events(&pmu, "instructions", &plan, err, sizeof err));
    pmu.hw.workload = NULL;
    CHECK(!pmu_verify(&pmu, &plan, 0), "counters that do not move fail pmu_verify");
}

int main(void)
{
    test_filters();
    test_privilege();
    test_threads();
    test_overflow();
    test_cascade();
    test_reads();
    test_verify();
    return check_summary();
}
