#define _POSIX_C_SOURCE 200809L
/* Which CPU takes which table generated from libpfm4 (pmu/x86/pfm_cpus.c):
 *  - every table the rows name was generated, and every row names one;
 *  - no CPU matches two rows;
 *  - AMD's rule, read again from libpfm4's amd64_get_revision() (4.13):
 *    family 17h is Zen 2 from model 48 on, else Zen 1; family 19h is Zen 3
 *    on models 0x00-0x0F and 0x20-0x5F and Zen 4 on model 17, else nothing;
 *    Hygon's family 18h takes Zen 1's table (Linux's rule);
 *  - a CPU no row names is unknown, and takes what pfm_pick_table says;
 *  - on this machine, the kernel's choice for its CPU (CPUID decoded as the
 *    kernel decodes it) is the core PMU libpfm4 detects here, or both know
 *    none. libpfm4 detects from the real CPUID only, so this is the one CPU
 *    the test can ask it about. */
#include <cpuid.h>
#include <perfmon/pfmlib.h>
#include <string.h>

#include "lib/cpuinfo.h"
#include "pmu/x86/events_pfm.h"
#include "tests/host/check.h"

static const char *pick(enum cpu_vendor vendor, unsigned family, unsigned model)
{
    struct cpu_info cpu;
    memset(&cpu, 0, sizeof cpu);
    cpu.vendor = vendor;
    cpu.family = family;
    cpu.model = model;
    return pfm_pmu_of(&cpu);
}

static void rows_and_tables(void)
{
    unsigned missing = 0;
    for (unsigned r = 0; r < pfm_n_cpus; r++) {
        const struct pfm_table *t = pfm_table_named(pfm_cpus[r].pfm_name);
        missing += !t || t->table.n_events == 0;
    }
    CHECK(missing == 0 && pfm_n_tables > 0, "every one of the %u rows names a generated table",
          pfm_n_cpus);
    unsigned unnamed = 0;
    for (unsigned t = 0; t < pfm_n_tables; t++) {
        bool named = false;
        for (unsigned r = 0; r < pfm_n_cpus; r++) {
            named |= !strcmp(pfm_cpus[r].pfm_name, pfm_tables[t].pfm_name);
        }
        unnamed += !named;
    }
    CHECK(unnamed == 0, "every one of the %u tables is some CPU's", pfm_n_tables);
    unsigned overlaps = 0;
    for (unsigned a = 0; a < pfm_n_cpus; a++) {
        for (unsigned b = a + 1; b < pfm_n_cpus; b++) {
            const struct pfm_cpu *x = &pfm_cpus[a], *y = &pfm_cpus[b];
            if (x->vendor == y->vendor && x->family == y->family && x->model_lo <= y->model_hi &&
                y->model_lo <= x->model_hi && x->stepping_lo <= y->stepping_hi &&
                y->stepping_lo <= x->stepping_hi) {
                printf("rows %u and %u overlap\n", a, b);
                overlaps++;
            }
        }
    }
    CHECK(overlaps == 0, "no CPU matches two rows");
}

static const char *libpfm_amd_rule(unsigned family, unsigned model)
{
    if (family == 0x17 || family == 0x18) {
        return model >= 48 && family == 0x17 ? "amd64_fam17h_zen2" : "amd64_fam17h_zen1";
    }
    if (family == 0x19) {
        if (model <= 0x0f || (model >= 0x20 && model <= 0x5f)) {
            return "amd64_fam19h_zen3";
        }
        return model == 17 ? "amd64_fam19h_zen4" : NULL;
    }
    return NULL;
}

static void amd_rule(void)
{
    unsigned differ = 0, checked = 0;
    for (unsigned family = 0x15; family <= 0x1a; family++) {
        for (unsigned model = 0; model <= 0xff; model++) {
            const char *ours = pick(VENDOR_AMD, family, model);
            const char *theirs = libpfm_amd_rule(family, model);
            checked++;
            if ((ours || theirs) && (!ours || !theirs || strcmp(ours, theirs) != 0)) {
                printf("AMD family %xh model 0x%x: ours %s, libpfm4's rule %s\n", family, model,
                       ours ? ours : "none", theirs ? theirs : "none");
                differ++;
            }
        }
    }
    CHECK(differ == 0, "AMD families 15h-1Ah, every model (%u): the table libpfm4's rule gives",
          checked);
    CHECK(!pick(VENDOR_INTEL, 6, 0xad) && !pick(VENDOR_INTEL, 6, 0x0f) &&
              !strcmp(pick(VENDOR_INTEL, 6, 0x5e), "skl"),
          "Intel: Skylake (0x5e) takes skl; Granite Rapids (0xad) and Core 2 (0x0f) none");
}

/* A CPU no row names: unknown, and an AMD one takes its family's first
 * table, or in a newer family the newest table; an Intel one none. */
static void stand_in(void)
{
    static const struct {
        enum cpu_vendor vendor;
        unsigned family, model;
        const char *table;
    } cases[] = {
        {VENDOR_AMD, 0x1a, 0x02, "amd64_fam19h_zen4"}, /* Zen 5, this machine */
        {VENDOR_AMD, 0x19, 0x61, "amd64_fam19h_zen3"}, /* a Zen 4 libpfm4 4.13 lacks */
        {VENDOR_INTEL, 6, 0xad, NULL},                 /* Granite Rapids */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pmu pmu;
        memset(&pmu, 0, sizeof pmu);
        pmu.cpu.vendor = cases[i].vendor;
        pmu.cpu.family = cases[i].family;
        pmu.cpu.model = cases[i].model;
        pfm_pick_table(&pmu);
        const char *got = pmu.caps.model_table ? pmu.caps.model_table->name : NULL;
        CHECK(pmu.caps.model_table_unknown &&
                  (got && cases[i].table ? !strcmp(got, cases[i].table) : got == cases[i].table),
              "family %xh model 0x%x: unknown, and the events of %s", cases[i].family,
              cases[i].model, got ? got : "none (the architectural ones)");
    }
}

static void host_cpuid(uint32_t leaf, uint32_t subleaf, struct cpuid_regs *out, void *ctx)
{
    (void)ctx;
    __cpuid_count(leaf, subleaf, out->eax, out->ebx, out->ecx, out->edx);
}

/* The core PMU libpfm4 detects on this machine, among the tables' names. */
static const char *libpfm_detected(void)
{
    if (pfm_initialize() != PFM_SUCCESS) {
        return NULL;
    }
    for (unsigned t = 0; t < pfm_n_tables; t++) {
        for (int p = 0; p < PFM_PMU_MAX; p++) {
            pfm_pmu_info_t info;
            memset(&info, 0, sizeof info);
            info.size = sizeof info;
            if (pfm_get_pmu_info(p, &info) == PFM_SUCCESS && info.is_present &&
                !strcmp(info.name, pfm_tables[t].pfm_name)) {
                return pfm_tables[t].pfm_name;
            }
        }
    }
    return NULL;
}

static void this_machine(void)
{
    struct cpu_info cpu;
    cpuinfo_decode(&cpu, host_cpuid, NULL);
    const char *ours = pfm_pmu_of(&cpu);
    const char *theirs = libpfm_detected();
    CHECK((!ours && !theirs) || (ours && theirs && !strcmp(ours, theirs)),
          "this machine (%s family %xh model 0x%x stepping %u): table %s, libpfm4 detects %s",
          cpu.vendor_string, cpu.family, cpu.model, cpu.stepping, ours ? ours : "none",
          theirs ? theirs : "none");
}

int main(void)
{
    rows_and_tables();
    amd_rule();
    stand_in();
    this_machine();
    return check_summary();
}
