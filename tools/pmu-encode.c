/* pmu-encode: prints the register writes that program an event set on a
 * named PMU, without the hardware. The PMU layer is the kernel's own
 * (pmu/), fed a synthetic CPU.
 *
 *   pmu-encode --pmu NAME -e SPEC[,SPEC...]   one line per write, in order:
 *       wrmsr 0xADDR 0xVALUE  # what
 *     then one line per event: rdpmc 0xINDEX (or rdmsr / rdtsc)  # event
 *     PowerPC (ppc604e, ppc604, timebase): mtspr SPR 0xVALUE, then
 *     mfspr SPR or mftb, the SPR in decimal
 *   pmu-encode --pmu NAME --perf -e SPEC[,SPEC...]   per pass, one line per
 *     event: its perf_event_open configuration as `perf stat -e` takes it
 *     (cpu/config=0xCONFIG/ with u or k after it), then the raw fields;
 *     on a PMU Linux's perf cannot be given raw configs for, the reason
 *   pmu-encode --pmu NAME --list              events and unit masks
 *   pmu-encode --pmu NAME --describe          counter inventory
 *   pmu-encode --list-cpus                    the NAMEs, one a line
 *   arch only: --version N --gp N --fixed N (leaf 0xA), --perf-caps HEX
 *
 * K8 and family 10h events and unit masks differ by silicon revision: a
 * PMU name per revision (k8-revc, fam10h-barcelona, ...) is a CPU of that
 * revision, whose events are refused when the revision lacks them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/pmu.h"
#include "pmu/x86/perf_attr.h"
#include "pmu/x86/events_pfm.h"
#include "tools/hostlib/cpus.h"

struct fake_hw {
    bool have_caps;
    uint64_t perf_caps;
};

/* Nothing to program: only IA32_PERF_CAPABILITIES answers, when given. */
static int fake_rdmsr(void *ctx, uint32_t msr, uint64_t *val)
{
    const struct fake_hw *hw = ctx;
    if (msr == 0x345 && hw->have_caps) {
        *val = hw->perf_caps;
        return 0;
    }
    return -1;
}

static int fake_wrmsr(void *ctx, uint32_t msr, uint64_t val)
{
    (void)ctx;
    (void)msr;
    (void)val;
    return -1;
}

static int fake_rdpmc(void *ctx, uint32_t ecx, uint64_t *val)
{
    (void)ctx;
    (void)ecx;
    (void)val;
    return -1;
}

static void print_line(void *ctx, const char *text)
{
    (void)ctx;
    printf("%s\n", text);
}

/* The tables generated from libpfm4, as the README's Markdown table: each
 * with its description, the CPUs that take it (pmu/x86/pfm_cpus.c) and its
 * number of events. */
static void list_tables(void)
{
    printf("| table | libpfm4 PMU | CPUs (CPUID family: models) | events |\n"
           "|---|---|---|---|\n");
    for (unsigned t = 0; t < pfm_n_tables; t++) {
        const struct pfm_table *table = &pfm_tables[t];
        char cpus[400] = "";
        const struct pfm_cpu *last = NULL;
        for (unsigned r = 0; r < pfm_n_cpus; r++) {
            const struct pfm_cpu *c = &pfm_cpus[r];
            if (strcmp(c->pfm_name, table->pfm_name) != 0) {
                continue;
            }
            size_t n = strlen(cpus);
            if (last && last->vendor == c->vendor && last->family == c->family) {
                n += (size_t)snprintf(cpus + n, sizeof cpus - n, ", ");
            } else {
                /* Hygon's family 18h is the only one it makes */
                const char *vendor = c->family == 0x18         ? "Hygon"
                                     : c->vendor == VENDOR_AMD ? "AMD"
                                                               : "Intel";
                n += (size_t)snprintf(cpus + n, sizeof cpus - n, "%s%s %xh: ", n ? "; " : "",
                                      vendor, c->family);
            }
            n += (size_t)snprintf(cpus + n, sizeof cpus - n, "0x%02x", c->model_lo);
            if (c->model_hi != c->model_lo) {
                n += (size_t)snprintf(cpus + n, sizeof cpus - n, "-0x%02x", c->model_hi);
            }
            if (c->stepping_lo != 0 || c->stepping_hi != 0xf) {
                snprintf(cpus + n, sizeof cpus - n, " stepping %u-%u", c->stepping_lo,
                         c->stepping_hi);
            }
            last = c;
        }
        printf("| `%s` | %s | %s | %u |\n", table->pfm_name, table->desc, cpus,
               table->table.n_events);
    }
    printf("\nlibpfm4 %s\n", pfm_version);
}

static int usage(void)
{
    const char *cpu;
    fprintf(stderr, "usage: pmu-encode --pmu NAME (-e SPEC[,SPEC...] | --list | --describe)\n"
                    "       [--version N] [--gp N] [--fixed N] [--perf-caps HEX]\n"
                    "       pmu-encode --pmu NAME --perf -e SPEC[,SPEC...]\n"
                    "       pmu-encode --list-cpus | --list-tables\n"
                    "--perf: the perf_event_open configuration of each event (arch, AMD, P6)\n"
                    "as `perf stat -e` takes it, or why the PMU has none.\n"
                    "PMU names:");
    for (unsigned i = 0; (cpu = pmu_cpu_name(i)); i++) {
        fprintf(stderr, " %s", cpu);
    }
    fprintf(stderr, "\n"
                    "K8 and family 10h by silicon revision (CPUID model and stepping, as libpfm4\n"
                    "chooses them): k8-revb .. k8-revg, fam10h-barcelona (revision B),\n"
                    "fam10h-shanghai (C), fam10h-istanbul (D); k8 and fam10h are the newest.\n"
                    "An event or unit mask the revision lacks is refused, naming the revision.\n"
                    "--list-tables: the event tables generated from libpfm4 and their CPUs.\n");
    return 2;
}

static bool parse_number(const char *word, const char *text, unsigned long long *out)
{
    char *end;
    *out = strtoull(text, &end, 0);
    if (!*text || *end) {
        fprintf(stderr, "pmu-encode: %s: not a number: '%s'\n", word, text);
        return false;
    }
    return true;
}

/* On PowerPC (PMU_REG_SPR) registers are SPRs, printed in decimal as the
 * manuals number them, counters are read with mfspr and time with mftb. */
static const char *read_kind(enum pmu_read_kind kind, bool spr)
{
    switch (kind) {
    case PMU_READ_RDPMC:
        return "rdpmc";
    case PMU_READ_RDMSR:
        return spr ? "mfspr" : "rdmsr";
    case PMU_READ_OUTSIDE:
        return "read outside the window";
    case PMU_READ_RDTSC:
        break;
    }
    return spr ? "mftb" : "rdtsc";
}

/* The perf configurations of each pass (pmu/x86/perf_attr.h): `perf stat
 * -e` takes a PMU's raw config as PMU/config=0x../ and the privilege as a
 * u (exclude_kernel) or k (exclude_user) modifier after the last slash,
 * as in perf's own parse test "cpu/config=10,config1=1,config2=3,
 * period=1000/u" (tools/perf/tests/parse-events.c, test__events_pmu). */
static int print_perf(const struct pmu *pmu, const struct pmu_plan *plan)
{
    const char *why = perf_attr_why_not(pmu);
    if (why) {
        fprintf(stderr, "pmu-encode: %s: no perf configuration: %s\n", pmu_name(pmu), why);
        return 1;
    }
    const char *linux_pmu = perf_attr_pmu_name(pmu);
    for (unsigned p = 0; p < plan->n_passes; p++) {
        struct perf_attr attrs[PMU_MAX_EVENTS];
        char err[PMU_ERR_LEN];
        int n = perf_attr_pass(pmu, plan, p, attrs, PMU_MAX_EVENTS, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "pmu-encode: %s\n", err);
            return 1;
        }
        printf("# pass %u\n", p);
        for (int i = 0; i < n; i++) {
            const struct perf_attr *a = &attrs[i];
            const struct pmu_assigned_event *ev = &plan->events[a->event];
            const char *mod = a->exclude_kernel && !a->exclude_user   ? "u"
                              : a->exclude_user && !a->exclude_kernel ? "k"
                                                                      : "";
            printf("%s/config=0x%llx/%s  # %s on %s: type %u config 0x%llx exclude_user %d "
                   "exclude_kernel %d\n",
                   linux_pmu, (unsigned long long)a->config, mod, ev->name, ev->counter, a->type,
                   (unsigned long long)a->config, a->exclude_user, a->exclude_kernel);
        }
    }
    return 0;
}

static int encode(struct pmu *pmu, const char *spec, bool perf)
{
    static struct pmu_plan plan;
    char err[PMU_ERR_LEN];
    bool spr = pmu_reg_kind(pmu) == PMU_REG_SPR;
    if (pmu_plan_events(pmu, spec, &plan, err, sizeof err) < 0) {
        fprintf(stderr, "pmu-encode: %s\n", err);
        return 1;
    }
    if (perf) {
        return print_perf(pmu, &plan);
    }
    for (unsigned p = 0; p < plan.n_passes; p++) {
        struct pmu_write writes[64];
        unsigned n = pmu_encode_pass(pmu, &plan, p, writes, 64);
        printf("# pass %u\n", p);
        for (unsigned i = 0; i < n && i < 64; i++) {
            printf(spr ? "mtspr %u 0x%llx  # %s\n" : "wrmsr 0x%x 0x%llx  # %s\n", writes[i].msr,
                   (unsigned long long)writes[i].value, writes[i].what);
        }
    }
    for (unsigned i = 0; i < plan.n_events; i++) {
        const struct pmu_assigned_event *ev = &plan.events[i];
        printf(spr ? "%s %u  # %s on %s, pass %u, encoding %s, %u bits\n"
                   : "%s 0x%x  # %s on %s, pass %u, encoding %s, %u bits\n",
               read_kind(ev->read.kind, spr), ev->read.index, ev->name, ev->counter, ev->pass,
               ev->encoding, ev->read.width);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *name = NULL, *spec = NULL;
    bool list = false, describe = false, perf = false;
    struct pmu_cpu_opts opts = {0};
    struct fake_hw fake = {false, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long long num;
        if (!strcmp(a, "--list")) {
            list = true;
        } else if (!strcmp(a, "--describe")) {
            describe = true;
        } else if (!strcmp(a, "--perf")) {
            perf = true;
        } else if (!strcmp(a, "--list-cpus")) {
            const char *cpu;
            for (unsigned c = 0; (cpu = pmu_cpu_name(c)); c++) {
                printf("%s\n", cpu);
            }
            return 0;
        } else if (!strcmp(a, "--list-tables")) {
            list_tables();
            return 0;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (!value) {
            fprintf(stderr, "pmu-encode: '%s' needs a value or is unknown\n", a);
            return usage();
        } else if (!strcmp(a, "--pmu")) {
            name = value;
            i++;
        } else if (!strcmp(a, "-e") || !strcmp(a, "--events")) {
            spec = value;
            i++;
        } else if (!strcmp(a, "--version") || !strcmp(a, "--gp") || !strcmp(a, "--fixed") ||
                   !strcmp(a, "--perf-caps")) {
            if (!parse_number(a, value, &num)) {
                return 2;
            }
            if (!strcmp(a, "--version")) {
                opts.arch_version = (unsigned)num;
            } else if (!strcmp(a, "--gp")) {
                opts.has_gp = true, opts.gp = (unsigned)num;
            } else if (!strcmp(a, "--fixed")) {
                opts.has_fixed = true, opts.fixed = (unsigned)num;
            } else {
                fake.have_caps = true, fake.perf_caps = num;
            }
            i++;
        } else {
            fprintf(stderr, "pmu-encode: unknown option '%s'\n", a);
            return usage();
        }
    }
    if (!name) {
        return usage();
    }
    if (opts.arch_version > 5 || (opts.arch_version && opts.arch_version < 1)) {
        fprintf(stderr, "pmu-encode: --version: architectural perfmon versions are 1-5\n");
        return 2;
    }
    if (opts.gp > 8 || opts.fixed > 4) {
        fprintf(stderr, "pmu-encode: --gp is at most 8, --fixed at most 4\n");
        return 2;
    }
    struct cpu_info cpu;
    if (!pmu_cpu_by_name(name, &opts, &cpu)) {
        fprintf(stderr, "pmu-encode: unknown PMU '%s'\n", name);
        return usage();
    }
    struct pmu_hw hw = {
        .rdmsr = fake_rdmsr, .wrmsr = fake_wrmsr, .rdpmc = fake_rdpmc, .ctx = &fake};
    static struct pmu pmu;
    pmu_init(&pmu, &cpu, &hw, NULL);
    /* pmu_init() falls back to the TSC when the CPU's PMU is unusable (e.g.
     * leaf 0xA with 0 GP counters, which the arch backend refuses): say so,
     * rather than let "--pmu arch" quietly encode RDTSC. */
    if (!strcmp(pmu_name(&pmu), "tsc") && strcmp(name, "tsc") != 0) {
        fprintf(stderr,
                "pmu-encode: note: %s with these options has no usable PMU; the kernel "
                "would measure with the time-stamp counter\n",
                name);
    }
    if (describe) {
        pmu_describe(&pmu, print_line, NULL);
    }
    if (list) {
        pmu_list_events(&pmu, print_line, NULL);
    }
    if (spec || (!list && !describe)) {
        return encode(&pmu, spec, perf);
    }
    return 0;
}
