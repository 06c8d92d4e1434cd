/* AMD K7 and later: four 48-bit counters PERF_CTR0-3 (0xC0010004-7) with
 * selectors PERF_CTL0-3 (0xC0010000-3), or, where CPUID 0x80000001 ECX
 * bit 23 says so, the core extension: six counters with interleaved
 * CTL/CTR pairs from 0xC0010200. Each selector has its own EN bit; event
 * selects are 12 bits (bits 11:8 at 35:32). */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/events_amd.h"
#include "pmu/x86/events_pfm.h"
#include "pmu/x86/evtsel.h"
#include "pmu/x86/regs.h"
#include "pmu/x86/registry.h"

#define AMD_LEGACY_COUNTERS 4
#define AMD_CORE_COUNTERS   6
#define AMD_WIDTH           48

static const char *const amd_variant_names[] = {
    [AMD_K7] = "k7",         [AMD_K8] = "k8",         [AMD_FAM10H] = "fam10h",
    [AMD_FAM15H] = "fam15h", [AMD_FAM17H] = "fam17h",
};

_Static_assert(AMD_MAX_TABLES <= EVTSEL_MAX_TABLES, "the resolver takes every table of a family");

static bool amd_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_AMD && cpu->family >= 6 && cpu->features[FEAT_MSR];
}

/* The event table of each family. Families 12h, 14h (Bobcat) and 16h
 * (Jaguar) are not Zen; their events are closest to family 10h's, the
 * nearest table we carry (libpfm4 has amd64_fam14h/fam16h of their own). */
static enum amd_family amd_variant_of(unsigned family)
{
    if (family == 6) {
        return AMD_K7;
    }
    if (family < 0x10) {
        return AMD_K8;
    }
    if (family == 0x15) {
        return AMD_FAM15H;
    }
    if (family < 0x17) {
        return AMD_FAM10H;
    }
    return AMD_FAM17H;
}

static bool core_extension(const struct pmu *pmu)
{
    return pmu->cpu.features[FEAT_AMD_PERFCTR_CORE];
}

/* The legacy MSRs; init moves to the core extension's where CPUID has it. */
static const struct pmu_caps amd_caps = {
    .n_gp = AMD_LEGACY_COUNTERS,
    .gp_width = AMD_WIDTH,
    .gp_name = "PMC",
    .gp_reg = MSR_K7_PERFCTR0,
    .sel_name = "PERF_CTL",
    .n_sel = AMD_LEGACY_COUNTERS,
    .sel_reg = MSR_K7_EVNTSEL0,
    .rdpmc = true,
};

/* PerfMonV2: the global control, status and status-clear registers. */
static bool perfmon_v2(const struct pmu *pmu)
{
    return pmu->caps.perfmon_version >= 2;
}

/* The core extension interleaves the control and counter MSRs; PerfMonV2
 * says how many counters there are (CPUID 0x80000022 EBX[3:0]). */
static void amd_init(struct pmu *pmu)
{
    struct pmu_caps *caps = &pmu->caps;
    caps->event_group = amd_variant_of(pmu->cpu.family);
    caps->variant = amd_variant_names[caps->event_group];
    if (caps->event_group == AMD_FAM17H) {
        pfm_pick_table(pmu);
    }
    if (core_extension(pmu)) {
        caps->n_gp = caps->n_sel = AMD_CORE_COUNTERS;
        caps->sel_reg = MSR_F15H_PERF_CTL0;
        caps->gp_reg = MSR_F15H_PERF_CTL0 + 1;
        caps->stride = 2;
    }
    unsigned n = pmu->cpu.amd_core_counters;
    if (core_extension(pmu) && pmu->cpu.features[FEAT_AMD_PERFMON_V2] && n) {
        caps->perfmon_version = 2;
        /* the core extension's MSRs hold six (C001_0200-C001_020B) */
        caps->n_gp = caps->n_sel = n > AMD_CORE_COUNTERS ? AMD_CORE_COUNTERS : n;
    }
}

static uint32_t ctl_msr(const struct pmu *pmu, unsigned i)
{
    return pmu_sel_reg(&pmu->caps, i);
}

static uint32_t ctr_msr(const struct pmu *pmu, unsigned i)
{
    return pmu_gp_reg(&pmu->caps, i);
}

/* The silicon revision, whose events and unit masks the tables bound
 * (the rule: amd_revision_of in pmu/x86/events_amd.c). */
static enum amd_revision amd_revision(const struct pmu *pmu)
{
    return amd_revision_of(pmu->cpu.family, pmu->cpu.model, pmu->cpu.stepping);
}

/* Which revision's events and unit masks the tables give. */
static void amd_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[160];
    const char *msrs =
        core_extension(pmu) ? "core extension MSRs (CPUID 0x80000001 ECX[23])" : "legacy MSRs";
    if (pmu->caps.event_group == AMD_FAM17H) {
        fmt_snprintf(text, sizeof text, "amd: %s family %02xh model 0x%x stepping %u; %s",
                     pmu->cpu.vendor_string, pmu->cpu.family, pmu->cpu.model, pmu->cpu.stepping,
                     msrs);
    } else {
        fmt_snprintf(text, sizeof text,
                     "amd: events and unit masks of %s (family %02xh model 0x%x stepping %u); %s",
                     amd_revision_name(amd_revision(pmu)), pmu->cpu.family, pmu->cpu.model,
                     pmu->cpu.stepping, msrs);
    }
    line(ctx, text);
    if (perfmon_v2(pmu)) {
        fmt_snprintf(text, sizeof text,
                     "amd: PerfMonV2 (CPUID 0x80000022): %u core counters (EBX[3:0] says %u); "
                     "PerfCntrGlobalCtl 0xc0000301, GlobalStatus 0xc0000300, GlobalStatusClr "
                     "0xc0000302",
                     pmu->caps.n_gp, pmu->cpu.amd_core_counters);
        line(ctx, text);
    }
    pfm_describe_table(pmu, "", line, ctx);
}

/* The tables whose union is the CPU's event list: its generated table
 * from family 17h on, else its family's. */
static unsigned amd_tables(const struct pmu *pmu, const struct pmu_event_table *tables[])
{
    if (pmu->caps.model_table) {
        tables[0] = pmu->caps.model_table;
        return 1;
    }
    return amd_family_tables(pmu->caps.event_group, tables);
}

static unsigned amd_event_tables(const struct pmu *pmu, const struct pmu_event_table *out[],
                                 unsigned max)
{
    const struct pmu_event_table *tables[AMD_MAX_TABLES];
    unsigned n = amd_tables(pmu, tables);
    n = n < max ? n : max;
    for (unsigned t = 0; t < n; t++) {
        out[t] = tables[t];
    }
    return n;
}

static void amd_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    const struct pmu_event_table *tables[AMD_MAX_TABLES];
    unsigned n = amd_tables(pmu, tables);
    for (unsigned t = 0; t < n; t++) {
        pmu_list_table_rev(tables[t], amd_revision(pmu), line, ctx);
    }
}

static const char *amd_default_events(const struct pmu *pmu)
{
    return pmu->caps.event_group == AMD_FAM17H ? "CYCLES_NOT_IN_HALT,RETIRED_INSTRUCTIONS,"
                                                 "RETIRED_BRANCH_INSTRUCTIONS,"
                                                 "RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED"
                                               : "CPU_CLK_UNHALTED,RETIRED_INSTRUCTIONS,"
                                                 "RETIRED_BRANCH_INSTRUCTIONS,"
                                                 "RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS";
}

static const struct pmu_alias amd_aliases[] = {
    {"cycles", "CPU_CLK_UNHALTED"},
    {"cpu-cycles", "CPU_CLK_UNHALTED"},
    {"instructions", "RETIRED_INSTRUCTIONS"},
    {"branches", "RETIRED_BRANCH_INSTRUCTIONS"},
    {"branch-instructions", "RETIRED_BRANCH_INSTRUCTIONS"},
    {"branch-misses", "RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS"},
    {"cache-references", "DATA_CACHE_ACCESSES"},
    {"cache-misses", "DATA_CACHE_MISSES"},
    {NULL, NULL},
};

static const struct pmu_alias amd17_aliases[] = {
    {"cycles", "CYCLES_NOT_IN_HALT"},
    {"cpu-cycles", "CYCLES_NOT_IN_HALT"},
    {"instructions", "RETIRED_INSTRUCTIONS"},
    {"branches", "RETIRED_BRANCH_INSTRUCTIONS"},
    {"branch-instructions", "RETIRED_BRANCH_INSTRUCTIONS"},
    {"branch-misses", "RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED"},
    /* L2 requests and their misses, as Linux maps them on Zen. */
    {"cache-references", "rff60"},
    {"cache-misses", "r0964"},
    {NULL, NULL},
};

static unsigned bits_set(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1) {
        n++;
    }
    return n;
}

/* Family 15h: the core counters an event may use (BKDG for family 15h,
 * "Performance Counter Events"; the same rules as Linux's
 * amd_get_event_constraints_f15h). Events are grouped by bits 7:4 of the
 * event select; 0 means "not on the core counters" (e.g. northbridge). */
static uint32_t fam15h_counters(uint32_t code, uint32_t umask)
{
    switch (code & 0xf0) {
    case 0x00: /* floating point */
    case 0x10:
        if (code == 0x000 && (umask & 0xf0) && (umask & 0x0f)) {
            return 0x08;
        }
        if ((code == 0x004 && bits_set(umask) > 1) || code == 0x003 || code == 0x00b ||
            code == 0x00d) {
            return 0x08;
        }
        return 0x38;
    case 0x20: /* load/store, data cache, execution */
    case 0x30:
    case 0x40:
    case 0x50:
    case 0xc0:
        switch (code) {
        case 0x023:
        case 0x043:
        case 0x045:
        case 0x046:
        case 0x054:
        case 0x055:
            return 0x07;
        case 0x02d:
            return 0x08;
        case 0x02e:
            return 0x09;
        case 0x031:
            return bits_set(umask) <= 1 ? 0x07 : 0;
        case 0x1c0:
            return 0x38;
        default:
            return 0x3f;
        }
    case 0x60: /* combined unit, instruction cache, decoder */
    case 0x70:
    case 0x80:
    case 0x90:
    case 0xd0:
        if (code == 0x08f || code == 0x187 || code == 0x188) {
            return 0x01;
        }
        if ((code >= 0x0db && code <= 0x0df) || code == 0x1d6 || code == 0x1d8) {
            return 0x3f;
        }
        return 0x07;
    default:
        return 0;
    }
}

static int amd_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                       const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                       size_t errlen)
{
    (void)plan;
    struct evtsel_rules rules;
    memset(&rules, 0, sizeof rules);
    rules.n_tables = amd_tables(pmu, rules.tables);
    rules.aliases[0] = pmu->caps.event_group == AMD_FAM17H ? amd17_aliases : amd_aliases;
    rules.all_counters = (1u << pmu->caps.n_gp) - 1;
    /* Event select bits 11:8 at 35:32 only from family 10h: on K7 and K8
     * PERF_CTL bits 63:32 are reserved and a 1 there raises #GP (K8 BKDG,
     * publication 26094, "Performance Event-Select Registers"). */
    rules.amd = pmu->caps.event_group >= AMD_FAM10H;
    rules.revision = amd_revision(pmu);
    rules.revision_name = amd_revision_name;
    rules.backend = pmu_name(pmu);
    if (evtsel_resolve(&rules, spec, ev, err, errlen) < 0) {
        return -1;
    }
    if (pmu->caps.event_group == AMD_FAM15H) {
        /* The legacy MSRs, where CPUID hides the extension, alias PMC0-3. */
        uint32_t code = evtsel_event_code(&rules, ev->config);
        ev->counter_mask =
            fam15h_counters(code, (uint32_t)(ev->config >> 8) & 0xff) & rules.all_counters;
        if (!ev->counter_mask) {
            return pmu_error(err, errlen,
                             "'%s': event 0x%03x is not countable on the family 15h core "
                             "counters",
                             spec->text, (unsigned)code);
        }
    }
    return 0;
}

static int amd_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                     char *err, size_t errlen)
{
    return pmu_place_pmcs(events, n, pmu->caps.n_gp, pmu->caps.gp_width, err, errlen);
}

/* At most three writes per counter (selector off, counter reset,
 * selector) and, with PerfMonV2, three global ones. */
#define AMD_MAX_PASS_WRITES (3 * AMD_CORE_COUNTERS + 3)
_Static_assert(AMD_MAX_PASS_WRITES <= PMU_MAX_WRITES, "an AMD pass fits PMU_MAX_WRITES");

/* With PerfMonV2 every counter stops at once through PerfCntrGlobalCtl,
 * is programmed, has its overflow bit cleared, and starts at once, as
 * Linux's amd_pmu_v2_enable_all does; the PERF_CTL EN bits stay set. */
static unsigned amd_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                           struct pmu_write *out, unsigned max)
{
    unsigned n = 0;
    uint64_t enable = 0;
    if (perfmon_v2(pmu)) {
        pmu_emit(out, max, &n, MSR_AMD_PERF_GLOBAL_CTL, 0, "PerfCntrGlobalCtl = 0: all stop");
    }
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass) {
            continue;
        }
        unsigned c = ev->hw_index;
        enable |= 1ull << c;
        pmu_emit(out, max, &n, ctl_msr(pmu, c), 0, "PERF_CTL%u = 0", c);
        pmu_emit(out, max, &n, ctr_msr(pmu, c), 0, "PERF_CTR%u = 0", c);
        pmu_emit(out, max, &n, ctl_msr(pmu, c), ev->config | EVTSEL_EN, "PERF_CTL%u %s +EN", c,
                 ev->name);
    }
    if (perfmon_v2(pmu)) {
        pmu_emit(out, max, &n, MSR_AMD_PERF_GLOBAL_STATUS_CLR, enable,
                 "PerfCntrGlobalStatusClr: clear overflow");
        pmu_emit(out, max, &n, MSR_AMD_PERF_GLOBAL_CTL, enable, "PerfCntrGlobalCtl: start");
    }
    return n;
}

static unsigned amd_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                struct pmu_write *out, unsigned max)
{
    unsigned n = 0;
    if (perfmon_v2(pmu)) {
        pmu_emit(out, max, &n, MSR_AMD_PERF_GLOBAL_CTL, 0, "PerfCntrGlobalCtl = 0: all stop");
    }
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass == pass) {
            pmu_emit(out, max, &n, ctl_msr(pmu, ev->hw_index), 0, "PERF_CTL%u = 0", ev->hw_index);
        }
    }
    return n;
}

/* 48-bit counters written whole; the top bit must start set, as the
 * overflow check reads it going to 0 (AMD BKDG, "Performance Monitoring
 * Counters"). With PerfMonV2 the overflow shows in PerfCntrGlobalStatus
 * and is cleared through PerfCntrGlobalStatusClr. */
static void amd_overflow_regs(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                              struct pmu_overflow_regs *regs)
{
    bool v2 = perfmon_v2(pmu);
    *regs = (struct pmu_overflow_regs){
        .counter_msr = ctr_msr(pmu, ev->hw_index),
        .preset_writes = 1,
        .width = pmu->caps.gp_width,
        .max_period = 1ull << (pmu->caps.gp_width - 1),
        .control_msr = ctl_msr(pmu, ev->hw_index),
        .pmi_bit = EVTSEL_INT,
        .style = v2 ? PMU_OVF_GLOBAL_STATUS : PMU_OVF_TOP_BIT,
        .status_msr = v2 ? MSR_AMD_PERF_GLOBAL_STATUS : 0,
        .status_reset_msr = v2 ? MSR_AMD_PERF_GLOBAL_STATUS_CLR : 0,
        .status_bit = v2 ? 1ull << ev->hw_index : 0,
    };
}

/* The AMD events QEMU's counting model counts (emu/README.md, "What
 * counts"): retired instructions, cycles not in halt, retired branches. */
static const struct evtsel_tcg_event amd_tcg_events[] = {{0xc0, 0}, {0x76, 0}, {0xc2, 0}};

static bool amd_tcg_counts(const struct pmu_assigned_event *ev)
{
    return evtsel_tcg_counts(true, ev->config, amd_tcg_events, PMU_ARRAY_SIZE(amd_tcg_events));
}

const struct pmu_backend pmu_amd_backend = {
    .name = "amd",
    .caps = &amd_caps,
    .detect = amd_detect,
    .init = amd_init,
    .describe = amd_describe,
    .list = amd_list,
    .event_tables = amd_event_tables,
    .default_events = amd_default_events,
    .resolve = amd_resolve,
    .place = amd_place,
    .encode = amd_encode,
    .overflow_regs = amd_overflow_regs,
    .encode_stop = amd_encode_stop,
    .tcg_counts = amd_tcg_counts,
};
