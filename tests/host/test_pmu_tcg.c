/* Under QEMU's TCG the counting model counts instructions, cycles and
 * branches, and every other event reads 0 (emu/README.md, "What counts"):
 * each backend says which of its events those are, so that the kernel
 * marks the others' results as not modelled instead of printing a 0.00
 * that reads like a real zero. Elsewhere nothing is marked. */
#include <string.h>

#include "lib/kstring.h"
#include "tests/host/check.h"
#include "tests/host/models/model.h"
#include "tests/host/models/p4_model.h"

static struct pmu pmu;
static struct pmu_plan plan;
static char err[PMU_ERR_LEN];

static void under_tcg(bool tcg)
{
    pmu.cpu.features[FEAT_HYPERVISOR] = tcg;
    str_copy(pmu.cpu.hypervisor, sizeof pmu.cpu.hypervisor, tcg ? "TCGTCGTCGTCG" : "");
}

/* How many of the events of `spec` the kernel would mark. */
static int marked(const char *spec)
{
    if (pmu_plan_events(&pmu, spec, &plan, err, sizeof err) < 0) {
        CHECK(0, "%s plans: %s", spec, err);
        return -1;
    }
    int n = 0;
    for (unsigned i = 0; i < plan.n_events; i++) {
        n += pmu_not_modelled(&pmu, &plan.events[i]) != NULL;
    }
    return n;
}

static void check_backend(const char *what, const char *modelled, const char *unmodelled)
{
    under_tcg(true);
    CHECK(marked(modelled) == 0, "%s under TCG: %s are modelled", what, modelled);
    CHECK(marked(unmodelled) == 1, "%s under TCG: %s is marked not modelled", what, unmodelled);
    under_tcg(false);
    CHECK(marked(unmodelled) == 0, "%s on a machine that is not TCG: %s is not marked", what,
          unmodelled);
}

int main(void)
{
    static struct model m;
    model_pmu(&m, &pmu, MODEL_P5, "p5mmx", NULL);
    check_backend("p5mmx", "instructions,branches,cycles", "DATA_READ");
    check_backend("p5mmx", "instructions", "NUMBER_OF_CYCLES_NOT_IN_HALT_STATE:o");

    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    check_backend("piii", "instructions,cycles", "DATA_MEM_REFS");
    check_backend("piii", "branches", "BR_MISS_PRED_RETIRED");
    check_backend("piii", "INST_RETIRED:c=1:i", "INST_RETIRED:e");

    model_pmu(&m, &pmu, MODEL_ARCH, "arch", NULL);
    check_backend("arch", "instructions,cycles,ref-cycles,branches", "cache-misses");
    check_backend("arch", "instructions:u", "branch-misses");

    model_pmu(&m, &pmu, MODEL_AMD, "k8", NULL);
    check_backend("k8", "instructions,cycles,branches", "branch-misses");
    model_pmu(&m, &pmu, MODEL_AMD, "fam17h", NULL);
    check_backend("fam17h", "instructions,cycles,branches", "cache-references");

    static struct p4_model p4;
    p4_model_pmu(&p4, &pmu, "p4", 2, false);
    check_backend("p4", "instructions,cycles,branches", "branch-misses");
    check_backend("p4", "branch_retired:MMNP:MMNM", "branch_retired:MMTP");
    check_backend("p4", "instr_retired:NBOGUSNTAG", "instr_retired:BOGUSNTAG");
    check_backend("p4", "cycles", "uops");

    pmu_fallback_tsc(&pmu);
    under_tcg(true);
    CHECK(marked("tsc") == 0, "the TSC counts under TCG too: nothing is marked");
    return check_summary();
}
