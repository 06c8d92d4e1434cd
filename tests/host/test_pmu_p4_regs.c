/* The NetBurst register model and event table against the Intel SDM
 * (vol. 3B, NetBurst section: "CCCR MSRs", the ESCR tables) and the
 * model's own SDM tables: field positions, ESCR addresses and which
 * counters each reaches with which ESCR select, model-dependent ESCRs,
 * the cascade pairs, the order of a pass's writes; and every event and
 * mask of the table counting in the model when its signal fires. */
#include <string.h>

#include "pmu/x86/p4_events.h"
#include "tests/host/check.h"
#include "tests/host/models/p4_model.h"
#include "tools/hostlib/cpus.h"

static struct p4_model model;
static struct pmu pmu;
static struct pmu_plan plan;

static void test_fields(void)
{
    /* The CCCR (SDM vol. 3B, NetBurst section, "CCCR MSRs"). */
    CHECK(P4_CCCR_ENABLE == 1u << 12, "CCCR enable is bit 12");
    CHECK(P4_CCCR_ESCR_SELECT(7) == 7u << 13, "CCCR ESCR select is bits 13-15");
    CHECK(P4_CCCR_ACTIVE_THREAD(3) == 3u << 16, "CCCR active thread is bits 16-17");
    CHECK(P4_CCCR_COMPARE == 1u << 18 && P4_CCCR_COMPLEMENT == 1u << 19,
          "CCCR compare bit 18, complement bit 19");
    CHECK(P4_CCCR_THRESHOLD(15) == 15u << 20, "CCCR threshold is bits 20-23");
    CHECK(P4_CCCR_EDGE == 1u << 24 && P4_CCCR_FORCE_OVF == 1u << 25,
          "CCCR edge bit 24, FORCE_OVF bit 25");
    CHECK(P4_CCCR_OVF_PMI_T0 == 1u << 26 && P4_CCCR_OVF_PMI_T1 == 1u << 27,
          "CCCR OVF_PMI_T0 bit 26, OVF_PMI_T1 bit 27");
    CHECK(P4_CCCR_CASCADE == 1u << 30 && P4_CCCR_OVF == 1u << 31, "CCCR cascade 30, OVF 31");
    /* The ESCR. */
    CHECK(P4_ESCR_EVENT(0x3f) == 0x3fu << 25, "ESCR event select is bits 25-30");
    CHECK(P4_ESCR_EMASK(0xffff) == 0xffffu << 9, "ESCR event mask is bits 9-24");
    CHECK(P4_ESCR_TAG(15) == 15u << 5 && P4_ESCR_TAG_ENABLE == 1u << 4,
          "ESCR tag value bits 5-8, tag enable bit 4");
    CHECK(P4_ESCR_T0_OS == 8 && P4_ESCR_T0_USR == 4 && P4_ESCR_T1_OS == 2 && P4_ESCR_T1_USR == 1,
          "ESCR T0_OS 3, T0_USR 2, T1_OS 1, T1_USR 0");

    char err[PMU_ERR_LEN];
    p4_model_pmu(&model, &pmu, "p4", 0, true);
    CHECK(pmu_plan_events(&pmu, "packed_SP_uop:TAG1:TAG3:k:t1:thr=9:cmpl:e:at=2", &plan, err,
                          sizeof err) == 0,
          "an event with every field plans (%s)", err);
    uint32_t escr = p4_escr_value(&plan.events[0]), cccr = p4_cccr_value(&plan.events[0]);
    CHECK(escr == (P4_ESCR_EVENT(0x08) | P4_ESCR_EMASK(0x8000) | P4_ESCR_TAG(0xa) |
                   P4_ESCR_TAG_ENABLE | P4_ESCR_T1_OS),
          "its ESCR: event 8, mask bit 15 (ALL by default), tag 1010b, T1_OS only (0x%x)",
          (unsigned)escr);
    CHECK(pmu_plan_events(&pmu, "uops_retired:NBOGUS:t1:fovf:pmi", &plan, err, sizeof err) == 0 &&
              p4_cccr_value(&plan.events[0]) ==
                  (P4_CCCR_ENABLE | P4_CCCR_ESCR_SELECT(4) | P4_CCCR_ACTIVE_THREAD(3) |
                   P4_CCCR_FORCE_OVF | P4_CCCR_OVF_PMI_T1),
          "fovf:pmi:t1: FORCE_OVF and OVF_PMI_T1 (0x%x)", (unsigned)p4_cccr_value(&plan.events[0]));
    CHECK(cccr == (P4_CCCR_ENABLE | P4_CCCR_ESCR_SELECT(1) | P4_CCCR_ACTIVE_THREAD(2) |
                   P4_CCCR_COMPARE | P4_CCCR_COMPLEMENT | P4_CCCR_THRESHOLD(9) | P4_CCCR_EDGE),
          "its CCCR: enable, select 1, active both, compare, complement, 9, edge (0x%x)",
          (unsigned)cccr);
}

static void test_escr_table(void)
{
    p4_model_init(&model, 2, false);
    unsigned n = 0, agree = 0, in_range = 0, twice = 0;
    bool seen[0x42] = {false};
    for (unsigned e = 0; e < P4_N_ESCRS; e++) {
        const struct p4_escr *escr = &p4_escrs[e];
        n++;
        if (escr->msr < 0x3a0 || escr->msr > 0x3e1) {
            continue;
        }
        in_range++;
        twice += seen[escr->msr - 0x3a0];
        seen[escr->msr - 0x3a0] = true;
        bool ok = escr->counters != 0;
        for (unsigned c = 0; c < P4_N_COUNTERS; c++) {
            bool reaches = escr->counters >> c & 1;
            ok = ok && reaches == (p4_model_escr_for(&model, c, escr->select) == escr->msr);
        }
        agree += ok;
        if (!ok) {
            printf("ESCR %s differs from the SDM model\n", escr->name);
        }
    }
    CHECK(n == 45 && in_range == 45, "45 ESCRs, all at 0x3a0-0x3e1");
    CHECK(twice == 0, "no ESCR address twice");
    CHECK(agree == 45,
          "every ESCR reaches exactly the counters whose CCCR select %s picks it (%u/45)", "value",
          agree);
    /* And the other way: every (counter, select) of the SDM table is ours. */
    unsigned pairs = 0, ours = 0;
    for (unsigned c = 0; c < P4_N_COUNTERS; c++) {
        for (unsigned sel = 0; sel < 8; sel++) {
            uint16_t msr = p4_model_escr_for(&model, c, sel);
            if (!msr) {
                continue;
            }
            pairs++;
            int e = p4_escr_by_msr(msr);
            ours += e >= 0 && p4_escrs[e].select == sel && (p4_escrs[e].counters >> c & 1);
        }
    }
    CHECK(pairs == ours && pairs > 0, "every counter/select pair of the SDM table is ours (%u/%u)",
          ours, pairs);

    struct cpu_info cpu;
    pmu_cpu_by_name("p4-prescott", NULL, &cpu);
    int iq0 = p4_escr_by_msr(0x3ba), iq1 = p4_escr_by_msr(0x3bb);
    CHECK(iq0 >= 0 && iq1 >= 0 && !p4_escr_present(&p4_escrs[iq0], &cpu) &&
              !p4_escr_present(&p4_escrs[iq1], &cpu),
          "IQ_ESCR0/1 absent on model 3");
    cpu.model = 2;
    CHECK(p4_escr_present(&p4_escrs[iq0], &cpu) && p4_escr_present(&p4_escrs[iq1], &cpu),
          "IQ_ESCR0/1 present on model 2");
    CHECK(!strcmp(p4_counter_name(0), "BPU_COUNTER0") &&
              !strcmp(p4_counter_name(17), "IQ_COUNTER5") &&
              !strcmp(p4_cccr_name(8), "FLAME_CCCR0"),
          "counter and CCCR names by group");
    CHECK(P4_COUNTER_MSR(17) == 0x311 && P4_CCCR_MSR(17) == 0x371,
          "counters 0x300-0x311, CCCRs 0x360-0x371");
}

static void test_cascade_pairs(void)
{
    struct cpu_info early, late;
    pmu_cpu_by_name("p4", NULL, &early);
    early.model = 1;
    pmu_cpu_by_name("p4-prescott", NULL, &late);
    unsigned regular = 0;
    for (unsigned from = 0; from < 18; from++) {
        for (unsigned to = 0; to < 18; to++) {
            regular += p4_cascade_bit(from, to, &early) == P4_CCCR_CASCADE;
        }
    }
    CHECK(regular == 16, "16 regular cascade links: alternate counters of counters 0-15");
    CHECK(p4_cascade_bit(0, 2, &early) == P4_CCCR_CASCADE &&
              p4_cascade_bit(13, 15, &early) == P4_CCCR_CASCADE && !p4_cascade_bit(0, 1, &early),
          "0 starts 2, 13 starts 15, 0 does not start 1");
    CHECK(!p4_cascade_bit(16, 12, &early) && !p4_cascade_bit(16, 17, &early),
          "model 1: counters 16 and 17 start nothing");
    CHECK(p4_cascade_bit(16, 12, &late) == P4_CCCR_EXT_CASCADE &&
              p4_cascade_bit(17, 15, &late) == P4_CCCR_EXT_CASCADE &&
              p4_cascade_bit(17, 16, &late) == P4_CCCR_EXT_CASCADE &&
              p4_cascade_bit(16, 17, &late) == P4_CCCR_EXT_CASCADE &&
              !p4_cascade_bit(16, 14, &late),
          "model 3: extended cascading 16->12, 17->15, 17->16, 16->17 (bit 11), nothing else");
}

static void test_write_order(void)
{
    char err[PMU_ERR_LEN];
    struct pmu_write w[PMU_MAX_WRITES];
    p4_model_pmu(&model, &pmu, "p4", 0, false);
    CHECK(pmu_plan_events(&pmu,
                          "replay_event:L1_LD_MISS,uops_retired:NBOGUS:period=9,"
                          "uops_retired:NBOGUS:cascade",
                          &plan, err, sizeof err) == 0 &&
              plan.n_passes == 1,
          "replay metric, preset leader and follower in one pass (%s)", err);
    unsigned n = pmu_encode_pass(&pmu, &plan, 0, w, PMU_MAX_WRITES);
    CHECK(n == 12, "2 PEBS + 3 ESCR + 4 counter (the preset twice) + 3 CCCR writes (%u)", n);
    CHECK(w[0].msr == P4_MSR_PEBS_ENABLE && w[0].value == (P4_PEBS_UOP_TAG | 1) &&
              w[1].msr == P4_MSR_PEBS_MATRIX_VERT && w[1].value == 1,
          "L1_LD_MISS: IA32_PEBS_ENABLE 0x1000001, PEBS_MATRIX_VERT 1 first");
    bool escrs_first = true;
    for (unsigned i = 2; i < 5; i++) {
        escrs_first = escrs_first && w[i].msr >= 0x3a0 && w[i].msr <= 0x3e1;
    }
    CHECK(escrs_first, "then the ESCRs");
    unsigned lead = plan.events[1].hw_index, follow = plan.events[2].hw_index;
    CHECK(w[6].msr == P4_COUNTER_MSR(lead) && w[7].msr == P4_COUNTER_MSR(lead) &&
              w[6].value == (1ull << 40) - 9 && w[7].value == w[6].value,
          "the preset counter is written twice with 2^40-9 (erratum N15)");
    CHECK(w[8].msr == P4_COUNTER_MSR(follow) && w[8].value == 0, "the follower starts at 0");
    CHECK(w[9].msr == P4_CCCR_MSR(follow) && !(w[9].value & P4_CCCR_ENABLE) &&
              (w[9].value & P4_CCCR_CASCADE) && w[10].msr != P4_CCCR_MSR(follow),
          "the follower's CCCR (cascade, no enable) comes before the leaders' CCCRs");
    n = pmu_encode_stop(&pmu, &plan, 0, w, PMU_MAX_WRITES);
    CHECK(n == 5 && w[3].msr == P4_MSR_PEBS_ENABLE && w[3].value == 0,
          "stop: three CCCRs, then IA32_PEBS_ENABLE and the matrix cleared");
}

/* Every event and mask counts in the model when its signal fires. */
static void test_every_event_counts(void)
{
    const char *cpus[] = {"p4", "p4-prescott"};
    for (unsigned k = 0; k < 2; k++) {
        unsigned masks = 0, counted = 0, events = 0;
        for (unsigned i = 0; i < p4_n_events; i++) {
            const struct p4_event *ev = &p4_events[i];
            p4_model_pmu(&model, &pmu, cpus[k], 0, false);
            if (!p4_event_present(ev, &pmu.cpu)) {
                continue;
            }
            events++;
            for (unsigned m = 0; m < ev->n_masks; m++) {
                const struct p4_mask *mask = &ev->masks[m];
                if (mask->flags & (P4_MF_TAG | P4_MF_REPLAY)) {
                    continue;
                }
                char spec[96], err[PMU_ERR_LEN];
                snprintf(spec, sizeof spec, "%s:%s", ev->name, mask->name);
                p4_model_pmu(&model, &pmu, cpus[k], 0, false);
                masks++;
                if (pmu_plan_events(&pmu, spec, &plan, err, sizeof err) < 0 ||
                    pmu_start_pass(&pmu, &plan, 0) < 0) {
                    printf("%s: %s\n", spec, err);
                    continue;
                }
                unsigned escr = P4_AUX_PLACED(plan.events[0].hw_aux);
                p4_model_signal(&model, p4_escrs[escr].msr, ev->event_select, mask->bit, 1);
                uint64_t v = 0;
                pmu.hw.rdpmc(pmu.hw.ctx, plan.events[0].read.index, &v);
                if (v == 1 && model.violations == 0) {
                    counted++;
                } else {
                    printf("%s on %s: counted %llu (%s)\n", spec, plan.events[0].counter,
                           (unsigned long long)v, model.last_violation);
                }
            }
        }
        CHECK(counted == masks && masks > 150,
              "%s: each of the %u events' %u masks counts its signal once in the model (%u)",
              cpus[k], events, masks, counted);
    }
}

int main(void)
{
    test_fields();
    test_escr_table();
    test_cascade_pairs();
    test_write_order();
    test_every_event_counts();
    return check_summary();
}
