/* The PMU layer's core: the event-spec language, backend choice, passes,
 * errors, verification and the TSC fallback. */
#include <stdio.h>
#include <string.h>

#include "pmu/backend.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

static void splitting(void)
{
    struct {
        const char *list;
        size_t first;
    } cases[] = {
        {"INST_RETIRED:u,cycles", 14}, {"event=0x3c,umask=0x00,cmask=2,inv,edge,cycles", 38},
        {"event=0xc0,u,k", 14},        {"cpu/event=0x3c,umask=1/uk,instructions", 25},
        {"r01c2,cycles", 5},           {"cycles", 6},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = pmu_spec_word_len(cases[i].list);
        CHECK(n == cases[i].first, "first word of '%s' is %zu bytes (%zu)", cases[i].list,
              cases[i].first, n);
    }
    struct pmu_spec spec;
    const char *w = "INST_RETIRED:u:c=3:I";
    CHECK(pmu_spec_parse(w, strlen(w), &spec, err, sizeof err) == 0 && spec.kind == PMU_SPEC_NAME &&
              !strcmp(spec.name, "INST_RETIRED") && spec.n_mods == 3 && spec.mods[1].has_value &&
              spec.mods[1].value == 3,
          "NAME:u:c=3:I splits into a name and three modifiers");
    w = "r1f00c4:k";
    CHECK(pmu_spec_parse(w, strlen(w), &spec, err, sizeof err) == 0 && spec.kind == PMU_SPEC_RAW &&
              spec.raw == 0x1f00c4 && spec.n_mods == 1,
          "rHEX is raw, modifiers after it stay");
    w = "RETIRED_UOPS";
    CHECK(pmu_spec_parse(w, strlen(w), &spec, err, sizeof err) == 0 && spec.kind == PMU_SPEC_NAME,
          "a name starting with R is not raw");
    w = "event=0x3c,umask=0x1,cmask=2";
    CHECK(pmu_spec_parse(w, strlen(w), &spec, err, sizeof err) == 0 &&
              spec.kind == PMU_SPEC_FIELDS && spec.n_mods == 3 && spec.mods[2].value == 2,
          "event=... is the fields form");
    w = "INST_RETIRED:c=zz";
    CHECK(pmu_spec_parse(w, strlen(w), &spec, err, sizeof err) < 0 &&
              strstr(err, "'INST_RETIRED:c=zz'"),
          "a bad number names the word: %s", err);
}

static void choice(void)
{
    struct {
        const char *cpu, *backend;
    } cases[] = {
        {"p5", "p5"},      {"p5mmx", "p5mmx"}, {"ppro", "p6"}, {"pii", "p6"}, {"piii", "p6"},
        {"pm", "p6"},      {"arch", "arch"},   {"k7", "amd"},  {"k8", "amd"}, {"fam10h", "amd"},
        {"fam15h", "amd"}, {"fam17h", "amd"},  {"tsc", "tsc"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        model_pmu(&m, &pmu, MODEL_DEAD, cases[i].cpu, NULL);
        CHECK(!strcmp(pmu_name(&pmu), cases[i].backend), "synthetic %s -> backend %s (%s)",
              cases[i].cpu, cases[i].backend, pmu_name(&pmu));
        CHECK(plan_of(NULL) == 0 && plan.n_events >= 1, "%s: the default set plans (%s)",
              cases[i].cpu, err);
    }
    model_pmu(&m, &pmu, MODEL_DEAD, "p4", NULL);
    CHECK(strcmp(pmu_name(&pmu), "p6") != 0 && strcmp(pmu_name(&pmu), "arch") != 0,
          "a Pentium 4 never gets the P6 or arch backend (%s)", pmu_name(&pmu));
    struct cpu_info cpu;
    CHECK(!pmu_cpu_by_name("pentium9", NULL, &cpu), "unknown synthetic CPU names are refused");
    /* Forcing a backend the CPU does not fit falls back to detection. */
    model_init(&m, MODEL_DEAD, "k8", NULL);
    struct pmu_hw hw = model_hw(&m);
    pmu_init(&pmu, &m.cpu, &hw, "p6");
    CHECK(!strcmp(pmu_name(&pmu), "amd"), "forcing p6 on an AMD is ignored (%s)", pmu_name(&pmu));
    CHECK(!pmu_is_named(&pmu, "p6") && pmu_is_named(&pmu, "AMD"),
          "... and the caller can tell: the PMU is named amd, not p6");
    pmu_init(&pmu, &m.cpu, &hw, "tsc");
    CHECK(!strcmp(pmu_name(&pmu), "tsc"), "forcing tsc always works");
}

/* A new backend needs a synthetic CPU (tools/hostlib/cpus.c) for the host
 * tools and every test that walks the CPU table to reach it. */
static void every_backend_has_a_cpu(void)
{
    for (unsigned b = 0; b < pmu_n_backends; b++) {
        const char *found = NULL;
        for (unsigned i = 0; !found && pmu_cpu_name(i); i++) {
            model_pmu(&m, &pmu, MODEL_DEAD, pmu_cpu_name(i), NULL);
            if (pmu.backend == pmu_backends[b]) {
                found = pmu_cpu_name(i);
            }
        }
        CHECK(found, "backend %s has a synthetic CPU that chooses it (%s)", pmu_backends[b]->name,
              found ? found : "none in tools/hostlib/cpus.c");
    }
}

static void errors_and_passes(void)
{
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    CHECK(plan_of("INST_RETIRED,,cycles") < 0 && strstr(err, "empty"), "empty word: %s", err);
    CHECK(plan_of("INST_RETIRED,") < 0 && strstr(err, "empty"), "trailing comma: %s", err);
    CHECK(plan_of("INST_RETIRED,NOPE:u") < 0 && strstr(err, "'NOPE:u'") &&
              strstr(err, "unknown event") && plan.n_events == 1,
          "unknown event named, the events before it kept: %s", err);
    char list[600] = "";
    for (unsigned i = 0; i < 17; i++) {
        strcat(list, i ? ",INST_RETIRED" : "INST_RETIRED");
    }
    CHECK(plan_of(list) == 0 && plan.n_passes == 9, "17 events on 2 counters: 9 passes");
    strcpy(list, "FLOPS");
    for (unsigned i = 0; i < 16; i++) {
        strcat(list, ",FLOPS");
    }
    CHECK(plan_of(list) < 0 && strstr(err, "passes"), "more than 16 passes refused: %s", err);
    CHECK(plan_of("INST_RETIRED:u,instructions:k,CPU_CLK_UNHALTED") == 0 &&
              plan.events[0].pass == 0 && plan.events[1].pass == 0 && plan.events[2].pass == 1 &&
              !strcmp(plan.events[1].name, "INST_RETIRED:k") &&
              !strcmp(plan.events[0].encoding, "rc0:u"),
          "names and encodings are canonical; passes fill in order");
}

static void verification(void)
{
    /* QEMU TCG: writes vanish, RDPMC faults -> not counting, TSC. */
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    m.kind = MODEL_DEAD;
    plan_of(NULL);
    CHECK(!pmu_verify(&pmu, &plan, 0) && !pmu.counting, "QEMU-like PMU: verification fails");
    CHECK(pmu.not_counting && strstr(pmu.not_counting, "reading a counter faulted"),
          "... and says why: %s", pmu.not_counting);
    pmu_fallback_tsc(&pmu);
    CHECK(!strcmp(pmu_name(&pmu), "tsc") && plan_of(NULL) == 0 &&
              plan.events[0].read.kind == PMU_READ_RDTSC && !strcmp(plan.events[0].name, "TSC") &&
              !strcmp(plan.events[0].counter, "TSC"),
          "after the fallback every event says TSC");
    CHECK(plan_of("instructions") < 0 && strstr(err, "not on this CPU"),
          "the TSC backend refuses instructions: %s", err);
    CHECK(pmu_verify(&pmu, &plan, 0), "the TSC needs no verification");
    /* The TSC takes any number of events: a pass must still be read whole. */
    char list[200] = "TSC";
    for (unsigned i = 1; i < PMU_MAX_EVENTS; i++) {
        strcat(list, ",TSC");
    }
    unsigned in_pass[PMU_MAX_PASSES] = {0};
    CHECK(plan_of(list) == 0 && plan.n_events == PMU_MAX_EVENTS, "%d TSC events plan: %s",
          PMU_MAX_EVENTS, err);
    for (unsigned i = 0; i < plan.n_events; i++) {
        in_pass[plan.events[i].pass]++;
    }
    CHECK(plan.n_passes == 2 && in_pass[0] == PMU_MAX_COUNTERS &&
              in_pass[1] == PMU_MAX_EVENTS - PMU_MAX_COUNTERS,
          "no pass holds more than the %d reads of a window (%u passes: %u + %u)", PMU_MAX_COUNTERS,
          plan.n_passes, in_pass[0], in_pass[1]);
    /* Bochs without msrs=: WRMSR #GP, RDPMC returns 0. */
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    m.kind = MODEL_GP;
    plan_of(NULL);
    CHECK(pmu_start_pass(&pmu, &plan, 0) < 0 && !pmu_verify(&pmu, &plan, 0),
          "Bochs-like PMU: programming faults, verification fails");
    CHECK(pmu.not_counting && strstr(pmu.not_counting, "register write faulted while programming"),
          "... and says why: %s", pmu.not_counting);
    /* A model whose counters work but with only a user-mode event. */
    model_pmu(&m, &pmu, MODEL_ARCH, "arch", NULL);
    plan_of("instructions:u,branches:u");
    unsigned from = m.n_log;
    CHECK(pmu_verify(&pmu, &plan, 0), "a pass of CPL-3-only events is verified...");
    CHECK(m.n_log > from && m.log[m.n_log - 1].value == 0 && m.sel[0] == 0 && plan.n_events == 2,
          "...with the default set, leaving the counters stopped and the plan alone");
    plan_of("branch-misses");
    CHECK(pmu_verify(&pmu, &plan, 0), "an event that may rightly not move (0 branch misses) "
                                      "is no verdict: the default set decides");
    m.kind = MODEL_DEAD;
    CHECK(!pmu_verify(&pmu, &plan, 0), "and on a dead PMU the default set fails too");
    CHECK(pmu_verify(&pmu, &plan, 0) == false && pmu.not_counting != NULL,
          "a failed verification always names its reason (%s)", pmu.not_counting);
}

/* The encoding of one event, to compare two spellings of it. */
struct encoded {
    uint64_t config, config2;
    char name[PMU_NAME_LEN];
};

static bool encode_one(const char *spec, struct encoded *out)
{
    if (plan_of(spec) < 0 || plan.n_events != 1) {
        return false;
    }
    out->config = plan.events[0].config;
    out->config2 = plan.events[0].config2;
    memcpy(out->name, plan.events[0].name, sizeof out->name);
    return true;
}

/* One modifier vocabulary (pmu/modifiers.c): every backend takes the same
 * spellings for what its hardware has and refuses the rest by name. */
static void modifiers(void)
{
    struct {
        const char *cpu, *lacked; /* a modifier of the vocabulary it has no bit for */
    } cases[] = {
        {"p5mmx", "e"}, {"piii", "t"}, {"arch", "d"},
        {"k8", "pc"},   {"p4", "pm"},  {"ppc604e", "c=2"},
    };
    static const char *const same[][2] = {
        {"cycles:u", "cycles:usr"}, {"cycles:k", "cycles:os"},       {"cycles:u", "cycles:u=1:k=0"},
        {"cycles", "cycles:u:k"},   {"cycles", "cycles:usr=1:os=1"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *cpu = cases[i].cpu;
        model_pmu(&m, &pmu, MODEL_DEAD, cpu, NULL);
        for (unsigned j = 0; j < sizeof same / sizeof same[0]; j++) {
            struct encoded a, b;
            bool ok = encode_one(same[j][0], &a) && encode_one(same[j][1], &b);
            CHECK(ok && a.config == b.config && a.config2 == b.config2 && !strcmp(a.name, b.name),
                  "%s: %s and %s encode alike (%s)", cpu, same[j][0], same[j][1],
                  ok ? a.name : err);
        }
        CHECK(plan_of("cycles:u=0") < 0 && strstr(err, "no privilege level"),
              "%s: u=0 alone counts nowhere and is refused: %s", cpu, err);
        CHECK(plan_of("cycles:u=2") < 0 && strstr(err, "takes 0 or 1"),
              "%s: a flag takes 0 or 1: %s", cpu, err);
        char spec[40], word[40];
        snprintf(spec, sizeof spec, "cycles:%s", cases[i].lacked);
        snprintf(word, sizeof word, "'%.*s' not allowed on %s", (int)strcspn(cases[i].lacked, "="),
                 cases[i].lacked, pmu_name(&pmu));
        CHECK(plan_of(spec) < 0 && strstr(err, word), "%s: %s is refused by name: %s", cpu, spec,
              err);
    }
}

static void line_count(void *ctx, const char *text)
{
    (void)text;
    (*(unsigned *)ctx)++;
}

static void first_line(void *ctx, const char *text)
{
    if (!*(char *)ctx) {
        strncpy(ctx, text, 255);
    }
}

static void listing(void)
{
    const char *cpus[] = {"p5", "p5mmx", "ppro",   "pii",    "piii",   "pm", "arch",
                          "k7", "k8",    "fam10h", "fam15h", "fam17h", "tsc"};
    for (unsigned i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        unsigned lines = 0, inventory = 0;
        model_pmu(&m, &pmu, MODEL_DEAD, cpus[i], NULL);
        pmu_list_events(&pmu, line_count, &lines);
        pmu_describe(&pmu, line_count, &inventory);
        CHECK(lines >= 1 && inventory >= 1, "%s: --list gives %u lines, the inventory %u", cpus[i],
              lines, inventory);
        /* The inventory opens with the counters pmu->caps holds. */
        char first[256] = "", want[64];
        pmu_describe(&pmu, first_line, first);
        snprintf(want, sizeof want, ": %u counters ", pmu.caps.n_gp);
        CHECK(strstr(first, pmu.caps.n_gp ? want : "no usable PMU"),
              "%s: the inventory states pmu->caps (%s)", cpus[i], first);
    }
}

int main(void)
{
    splitting();
    choice();
    every_backend_has_a_cpu();
    errors_and_passes();
    verification();
    listing();
    modifiers();
    return check_summary();
}
