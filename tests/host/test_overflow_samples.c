/* Sampling's bookkeeping (pmu/overflow_samples.c): the sample= option and
 * the histogram by window position, then a whole sampling loop on the P4
 * model, whose CCCR raises a PMI request: each request is answered as the
 * kernel's NMI handler does (pending? record, re-arm) and the samples
 * must land on the body offsets the model's "EIP" walked through. */
#include <string.h>

#include "pmu/overflow.h"
#include "pmu/overflow_samples.h"
#include "tests/host/check.h"
#include "tests/host/models/p4_model.h"

static void parsing(void)
{
    char ev[32];
    uint64_t period = 0;
    CHECK(pmu_sample_parse("INST_RETIRED:u:100000", ev, sizeof ev, &period) &&
              !strcmp(ev, "INST_RETIRED:u") && period == 100000,
          "EVENT:PERIOD splits at the last ':' so EVENT keeps its modifiers (%s, %llu)", ev,
          (unsigned long long)period);
    const char *bad[] = {"cycles",
                         ":100",
                         "cycles:",
                         "cycles:0",
                         "cycles:12x",
                         "cycles:-5",
                         "cycles:1000000000001",
                         "a_much_too_long_event_name_for_the_buffer:10"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(!pmu_sample_parse(bad[i], ev, sizeof ev, &period), "'%s' is refused", bad[i]);
    }
}

static void histogram(void)
{
    /* A window at 0x1000: 20 bytes of reads, 4 copies of a 3-byte body, reads. */
    const struct pmu_sample_layout w = {0x1000, 50, 20, 3, 4};
    struct pmu_sample_hist h;
    memset(&h, 0, sizeof h);
    pmu_sample_add(&h, &w, 0x1000 + 20);     /* copy 0, offset 0 */
    pmu_sample_add(&h, &w, 0x1000 + 20 + 4); /* copy 1, offset 1 */
    pmu_sample_add(&h, &w, 0x1000 + 31);     /* copy 3, offset 2 */
    pmu_sample_add(&h, &w, 0x1000 + 5);      /* prologue */
    pmu_sample_add(&h, &w, 0x1000 + 32);     /* epilogue */
    pmu_sample_add(&h, &w, 0x1000 + 50);     /* just past the window */
    pmu_sample_add(&h, NULL, 0x1000 + 21);   /* no window running */
    CHECK(h.body[0] == 1 && h.body[1] == 1 && h.body[2] == 1,
          "body samples filed by offset over all copies (%u %u %u)", h.body[0], h.body[1],
          h.body[2]);
    CHECK(h.reads == 2 && h.outside == 2 && h.total == 7,
          "reads around the body, and EIPs outside any window, counted apart (%u, %u, %u)", h.reads,
          h.outside, h.total);
    const struct pmu_sample_layout big = {0, 2000, 0, 1000, 2};
    memset(&h, 0, sizeof h);
    pmu_sample_add(&h, &big, 1999);
    CHECK(h.body[PMU_SAMPLE_BUCKETS - 1] == 1, "offsets past the last bucket land in it");
}

/* The P4 model runs a 4-instruction "body" one retired instruction per
 * cycle; the model's PMI request count tells when the handler would run. */
static void sampling_loop(void)
{
    static struct p4_model m;
    struct pmu pmu;
    struct pmu_plan plan;
    struct pmu_overflow ovf;
    char err[PMU_ERR_LEN];
    p4_model_pmu(&m, &pmu, "p4", 0, false);
    if (pmu_plan_events(&pmu, "instructions", &plan, err, sizeof err) ||
        pmu_overflow_setup(&pmu, &plan, 0, 7, &ovf, err, sizeof err) ||
        pmu_overflow_start(&pmu, &plan, &ovf)) {
        CHECK(false, "p4 sampling set-up (%s)", err);
        return;
    }
    const struct pmu_sample_layout w = {0x2000, 100, 10, 4, 20};
    struct pmu_sample_hist h;
    memset(&h, 0, sizeof h);
    unsigned answered = 0;
    for (unsigned i = 0; i < 4 * 20; i++) {
        /* instr_retired:NBOGUSNTAG, one per cycle, at "EIP" body + i */
        struct p4_cycle cy = {0, 0, 1, 1, {{0x3b8, 0x02, 0, 1}}};
        p4_model_cycle(&m, &cy);
        bool pending = false;
        if (m.pmi[0] > answered && pmu_overflow_pending(&pmu, &ovf, &pending) == 0 && pending) {
            answered = m.pmi[0];
            pmu_sample_add(&h, &w, 0x2000 + 10 + i);
            CHECK_OK(pmu_overflow_rearm(&pmu, &ovf));
        }
    }
    /* Every 7th instruction: i = 6, 13, 20, ... 76: 11 samples. */
    unsigned expect[4] = {0};
    for (unsigned i = 6; i < 80; i += 7) {
        expect[i % 4]++;
    }
    CHECK(h.total == 11 && !memcmp(h.body, expect, sizeof expect),
          "one sample every 7 instructions, filed by body offset: %u %u %u %u (want %u %u %u %u)",
          h.body[0], h.body[1], h.body[2], h.body[3], expect[0], expect[1], expect[2], expect[3]);
}

int main(void)
{
    parsing();
    histogram();
    sampling_loop();
    return check_summary();
}
