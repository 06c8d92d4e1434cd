/* Placing NetBurst event sets on (ESCR, counter) pairs: full passes, pass
 * splitting, and sets that cannot be placed, whose errors must name the
 * conflict. */
#include <string.h>

#include "pmu/x86/p4_regs.h"
#include "tests/host/check.h"
#include "tests/host/models/p4_model.h"

static struct p4_model model;
static struct pmu pmu;
static struct pmu_plan plan;
static char err[PMU_ERR_LEN];

static void use_cpu(const char *name, unsigned cpu_model)
{
    p4_model_pmu(&model, &pmu, name, cpu_model, false);
}

static int plan_spec(const char *spec)
{
    err[0] = '\0';
    return pmu_plan_events(&pmu, spec, &plan, err, sizeof err);
}

/* Resolves each word of `specs` (';'-separated) and places them all in
 * one pass with the backend's place(), as the core does for a pass. */
static int place_set(const char *specs)
{
    static struct pmu_plan resolved; /* the list so far, as the core keeps it */
    struct pmu_assigned_event *ptrs[PMU_MAX_EVENTS];
    unsigned n = 0;
    err[0] = '\0';
    memset(&resolved, 0, sizeof resolved);
    for (const char *s = specs; *s && n < PMU_MAX_EVENTS;) {
        size_t len = strcspn(s, ";");
        struct pmu_spec spec;
        struct pmu_assigned_event *ev = &resolved.events[n];
        if (pmu_spec_parse(s, len, &spec, err, sizeof err) < 0 ||
            pmu.backend->resolve(&pmu, &resolved, &spec, ev, err, sizeof err) < 0) {
            return -2;
        }
        ptrs[n] = ev;
        resolved.n_events = ++n;
        s += len + (s[len] == ';');
    }
    return pmu.backend->place(&pmu, ptrs, n, err, sizeof err);
}

/* Every placed event of pass p: its ESCR reaches its counter, no ESCR
 * and no counter twice, the CCCR selects that ESCR. */
static bool pass_consistent(unsigned p)
{
    uint32_t counters = 0;
    uint64_t escrs = 0;
    for (unsigned i = 0; i < plan.n_events; i++) {
        const struct pmu_assigned_event *ev = &plan.events[i];
        if (ev->pass != p) {
            continue;
        }
        unsigned escr = P4_AUX_PLACED(ev->hw_aux);
        if (escr >= P4_N_ESCRS || !(p4_escrs[escr].counters >> ev->hw_index & 1) ||
            (counters >> ev->hw_index & 1) || (escrs >> escr & 1) ||
            (p4_cccr_value(ev) & P4_CCCR_ESCR_SELECT_MASK) !=
                P4_CCCR_ESCR_SELECT(p4_escrs[escr].select)) {
            return false;
        }
        counters |= 1u << ev->hw_index;
        escrs |= 1ull << escr;
    }
    return true;
}

/* 18 events that need all 18 counters: 4 BPU, 4 MS, 4 FLAME, 6 IQ. */
static const char *const full_set =
    "BPU_fetch_request,ITLB_reference:HIT,page_walk_type:DTMISS,MOB_load_replay:NO_STA,"
    "tc_ms_xfer,uop_queue_writes:FROM_ROM,retired_branch_type:CONDITIONAL,TC_misc,"
    "SSE_input_assist,memory_cancel:64K_CONF,memory_complete:LSC,WC_Buffer:WCB_EVICTS,"
    "instr_retired:NBOGUSNTAG,uops_retired:NBOGUS,branch_retired:MMTP,machine_clear:CLEAR,"
    "uops_type:TAGLOADS,resource_stall";

static void test_full_pass(void)
{
    use_cpu("p4", 0);
    CHECK(plan_spec(full_set) == 0 && plan.n_events == 18 && plan.n_passes == 1,
          "18 events on all 18 counters in one pass (%s)", err);
    CHECK(pass_consistent(0), "each ESCR once, each counter once, ESCR connected, CCCR selects it");
    uint32_t used = 0;
    for (unsigned i = 0; i < plan.n_events; i++) {
        used |= 1u << plan.events[i].hw_index;
    }
    CHECK(used == 0x3ffff, "every counter 0-17 used (0x%x)", (unsigned)used);

    struct pmu_write w[PMU_MAX_WRITES + 1];
    unsigned n = pmu_encode_pass(&pmu, &plan, 0, w, PMU_MAX_WRITES + 1);
    CHECK(n == 54, "full pass: 18 ESCR + 18 counter + 18 CCCR writes (%u)", n);
    CHECK(pmu_start_pass(&pmu, &plan, 0) == 0 && model.violations == 0,
          "the model accepts every write of the full pass (%s)", model.last_violation);

    /* The largest pass: every counter preset for sampling (each preset is
     * written twice, erratum N15) and a replay metric. */
    char with_periods[1024] = "";
    for (const char *s = full_set; *s;) {
        size_t len = strcspn(s, ",");
        snprintf(with_periods + strlen(with_periods), sizeof with_periods - strlen(with_periods),
                 "%s%.*s:period=1000", with_periods[0] ? "," : "", (int)len, s);
        s += len + (s[len] == ',');
    }
    CHECK(plan_spec(with_periods) == 0 && plan.n_passes == 1,
          "18 events with periods in one pass (%s)", err);
    n = pmu_encode_pass(&pmu, &plan, 0, w, PMU_MAX_WRITES + 1);
    CHECK(n == 72 && n <= PMU_MAX_WRITES,
          "full pass with periods: 18 ESCR + 2 x 18 counter + 18 CCCR = %u writes, within %u", n,
          (unsigned)PMU_MAX_WRITES);
    CHECK(pmu_start_pass(&pmu, &plan, 0) == 0 && model.violations == 0,
          "pmu_start_pass programs all of it (%s)", model.last_violation);

    CHECK(plan_spec("instructions,uops,cycles,branches,branch-misses,instructions:k,uops:u") == 0 &&
              plan.n_passes == 2 && pass_consistent(0) && pass_consistent(1),
          "a fourth CRU_ESCR0/1 event goes to a second pass");
}

static void test_order(void)
{
    use_cpu("p4", 0);
    /* Four BPU-group events on the BPU, ITLB, PMH and MOB ESCRs. */
    const char *specs[] = {"BPU_fetch_request", "BPU_fetch_request,ITLB_reference:HIT",
                           "BPU_fetch_request,ITLB_reference:HIT,page_walk_type:DTMISS",
                           "BPU_fetch_request,ITLB_reference:HIT,page_walk_type:DTMISS,"
                           "MOB_load_replay:NO_STA"};
    uint32_t want[] = {0x1, 0x5, 0xd, 0xf};
    for (unsigned k = 0; k < 4; k++) {
        uint32_t used = 0;
        plan_spec(specs[k]);
        for (unsigned i = 0; i < plan.n_events; i++) {
            used |= 1u << plan.events[i].hw_index;
        }
        CHECK(plan.n_passes == 1 && used == want[k],
              "%u BPU events use counters 0x%x: BPU_COUNTER1 (unreliable enable) last", k + 1,
              (unsigned)used);
    }
}

static void test_single_escr_events(void)
{
    use_cpu("p4", 0);
    CHECK(plan_spec("BSQ_allocation:REQ_TYPE0") == 0 && plan.events[0].hw_index <= 1 &&
              !strcmp(p4_escrs[P4_AUX_PLACED(plan.events[0].hw_aux)].name, "BSU_ESCR0"),
          "BSQ_allocation: BSU_ESCR0 only, counter 0 or 1 (%s)", plan.events[0].counter);
    CHECK(plan_spec("BSQ_active_entries:REQ_TYPE0") == 0 &&
              (plan.events[0].hw_index == 2 || plan.events[0].hw_index == 3),
          "BSQ_active_entries: BSU_ESCR1 only, counter 2 or 3 (%s)", plan.events[0].counter);
    CHECK(plan_spec("IOQ_active_entries:ALL_READ") == 0 &&
              !strcmp(p4_escrs[P4_AUX_PLACED(plan.events[0].hw_aux)].name, "FSB_ESCR1"),
          "IOQ_active_entries: FSB_ESCR1 only");
    CHECK(plan_spec("IOQ_active_entries:ALL_READ,IOQ_active_entries:ALL_WRITE") == 0 &&
              plan.n_passes == 2,
          "two IOQ_active_entries need FSB_ESCR1 twice: two passes");
}

static void test_unplaceable(void)
{
    use_cpu("p4", 0);
    CHECK(place_set("instr_retired:NBOGUSNTAG;uops_retired:NBOGUS;mispred_branch_retired") < 0 &&
              strstr(err, "mispred_branch_retired") && strstr(err, "CRU_ESCR0 by 'instr_retired") &&
              strstr(err, "CRU_ESCR1 by 'uops_retired"),
          "three CRU_ESCR0/1 events in one pass: %s", err);
    CHECK(place_set("uops_retired:NBOGUS:cntr=12;branch_retired:MMTP:cntr=12") < 0 &&
              strstr(err, "IQ_COUNTER0 by 'uops_retired"),
          "two events pinned to one counter: %s", err);
    CHECK(place_set("tc_ms_xfer:cntr=0") < 0 && strstr(err, "MS_ESCR0"),
          "a counter its ESCRs do not reach: %s", err);
    CHECK(plan_spec("tc_ms_xfer:cntr=0") < 0 && strstr(err, "tc_ms_xfer"),
          "the planner passes the error on: %s", err);
    CHECK(place_set("replay_event:L1_LD_MISS;replay_event:DTLB_LD_MISS") < 0 &&
              strstr(err, "IA32_PEBS_ENABLE"),
          "two replay metrics in one pass: %s", err);
    CHECK(plan_spec("replay_event:L1_LD_MISS,replay_event:DTLB_LD_MISS") == 0 && plan.n_passes == 2,
          "... so the planner gives each its own pass");
    CHECK(plan_spec("replay_event:L1_LD_MISS,replay_event:L1_LD_MISS:BOGUS") == 0 &&
              plan.n_passes == 1,
          "the same replay metric twice shares a pass");

    /* Cascades that cannot be placed. */
    CHECK(place_set("uops_retired:NBOGUS:cascade") < 0 && strstr(err, "before it"),
          "a follower without a leader: %s", err);
    CHECK(plan_spec("BSQ_allocation:REQ_TYPE0,BSQ_allocation:REQ_TYPE0:cascade") < 0 &&
              strstr(err, "cannot cascade from 'BSQ_allocation"),
          "BSU_ESCR0 reaches counters 0-1 only, their alternates 2-3 are out of reach: %s", err);
    CHECK(plan_spec("tc_ms_xfer,uops_retired:NBOGUS:cascade") < 0 &&
              strstr(err, "cannot cascade from 'tc_ms_xfer"),
          "no cascade across counter groups: %s", err);
    CHECK(place_set("tc_ms_xfer;uops_retired:NBOGUS:cascade") == -2 &&
              strstr(err, "cannot cascade from 'tc_ms_xfer"),
          "... and the resolver refuses the follower before placement: %s", err);

    use_cpu("p4", 1); /* Willamette: no extended cascading */
    CHECK(plan_spec("uops_retired:NBOGUS:cntr=16,instr_retired:NBOGUSNTAG:cascade") < 0,
          "model 1: counter 16 cannot start any counter: %s", err);
    use_cpu("p4", 2);
    CHECK(plan_spec("uops_retired:NBOGUS:cntr=16,instr_retired:NBOGUSNTAG:cascade") == 0 &&
              plan.events[1].hw_index == 17,
          "model 2: extended cascading 16 -> 17 (%s)", plan.events[1].counter);

    use_cpu("p4-prescott", 0);
    CHECK(plan_spec("cpu/event=0x1,escr=0x3ba,umask=0x1/") < 0 && strstr(err, "IQ_ESCR0"),
          "model 3: IQ_ESCR0 does not exist: %s", err);
    use_cpu("p4", 0);
    CHECK(plan_spec("cpu/event=0x1,escr=0x3ba,umask=0x1/") == 0 &&
              (plan.events[0].hw_index == 12 || plan.events[0].hw_index == 13 ||
               plan.events[0].hw_index == 16),
          "model 2: IQ_ESCR0 feeds IQ counters 0, 1, 4 (%s)", plan.events[0].counter);
    CHECK(plan_spec("instr_completed:NBOGUS") < 0 && strstr(err, "not on this CPU"),
          "instr_completed only on models 3, 4, 6: %s", err);
    use_cpu("p4-prescott", 0);
    CHECK(plan_spec("instr_completed:NBOGUS") == 0, "instr_completed on Prescott");
}

static void test_errors(void)
{
    use_cpu("p4", 0);
    const struct {
        const char *spec, *word;
    } bad[] = {
        {"no_such_event", "unknown event"},
        {"instr_retired", "needs an event mask"},
        {"instr_retired:NOPE", "'NOPE' is neither"},
        {"uops_retired:NBOGUS:thr=16", "thr wants a value 0-15 on p4"},
        {"uops_retired:NBOGUS:c=0", "c wants a value 1-16 on p4"},
        {"uops_retired:NBOGUS:cntr=18", "cntr wants a value 0-17 on p4"},
        {"uops_retired:NBOGUS:fast:rdmsr", "exclude"},
        {"r1234", "no rUUEE form"},
        {"cpu/event=0x1,umask=0x1/", "needs event=, escr= and umask="},
        {"cpu/event=0x1,escr=0x3b8/", "needs event=, escr= and umask="},
        {"cpu/event=0x1,escr=0x3bf,umask=0x1/", "ESCR address"},
        {"replay_event:L1_LD_MISS:L2_LD_MISS", "one replay metric"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(plan_spec(bad[i].spec) < 0 && strstr(err, bad[i].word), "'%s' refused: %s",
              bad[i].spec, err);
    }
}

static void test_encoding_roundtrip(void)
{
    use_cpu("p4", 0);
    const char *specs[] = {"uops_retired:NBOGUS:thr=3:cmpl:e:k", "packed_SP_uop:ALL:TAG2",
                           "replay_event:L1_LD_MISS", "instructions:u:period=100:fast"};
    for (unsigned i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        char encoding[PMU_NAME_LEN];
        CHECK(plan_spec(specs[i]) == 0, "%s plans", specs[i]);
        uint64_t escr = plan.events[0].config, cccr = plan.events[0].config2 & 0xffffffffu;
        snprintf(encoding, sizeof encoding, "%s", plan.events[0].encoding);
        CHECK(plan_spec(encoding) == 0 && plan.events[0].config == escr &&
                  (plan.events[0].config2 & 0xffffffffu) == cccr,
              "its encoding %s types back to the same registers", encoding);
    }
}

int main(void)
{
    test_full_pass();
    test_order();
    test_single_escr_events();
    test_unplaceable();
    test_errors();
    test_encoding_roundtrip();
    return check_summary();
}
