/* The counter inventory, printed from what the PMU is (struct pmu_caps)
 * for every backend alike, as Linux's x86_pmu_show_pmu_cap prints every
 * PMU's from struct x86_pmu; then what only the backend can add, and the
 * errata that apply to this CPU. */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/time_counter.h"

#define LINE_LEN 200

/* " (MSR 0xc1-0xc2)", " (SPR 953, 954, 957, 958)", " (MSR 0xc0010201-0xc001020b, every
 * 2nd)": the n registers reg(caps, i). */
static void append_regs(char *text, const struct pmu *pmu,
                        uint32_t (*reg)(const struct pmu_caps *caps, unsigned i), unsigned n)
{
    const struct pmu_caps *caps = &pmu->caps;
    if (pmu_reg_kind(pmu) == PMU_REG_SPR) {
        pmu_append(text, LINE_LEN, " (SPR");
        for (unsigned i = 0; i < n; i++) {
            pmu_append(text, LINE_LEN, "%s %u", i ? "," : "", (unsigned)reg(caps, i));
        }
        pmu_append(text, LINE_LEN, ")");
        return;
    }
    pmu_append(text, LINE_LEN, " (MSR 0x%x", (unsigned)reg(caps, 0));
    if (n > 1) {
        pmu_append(text, LINE_LEN, "-0x%x%s", (unsigned)reg(caps, n - 1),
                   reg(caps, 1) - reg(caps, 0) == 2 ? ", every 2nd" : "");
    }
    pmu_append(text, LINE_LEN, ")");
}

static uint32_t fixed_reg(const struct pmu_caps *caps, unsigned j)
{
    return caps->fixed_reg + j;
}

/* "p6 (ppro): 2 counters PMC0-1 x 40 bits (MSR 0xc1-0xc2); control
 * PERFEVTSEL0-1 (MSR 0x186-0x187); read RDPMC 0-1; overflow interrupt". */
static void describe_gp(const struct pmu *pmu, const char *who, pmu_line_fn line, void *ctx)
{
    const struct pmu_caps *caps = &pmu->caps;
    char text[LINE_LEN];
    unsigned last = caps->gp_first + caps->n_gp - 1;
    fmt_snprintf(text, sizeof text, "%s: %u counters %s%u-%u x %u bits", who, caps->n_gp,
                 caps->gp_name ? caps->gp_name : "", caps->gp_first, last, caps->gp_width);
    append_regs(text, pmu, pmu_gp_reg, caps->n_gp);
    if (caps->n_sel == 1) {
        pmu_append(text, sizeof text, "; control %s", caps->sel_name);
    } else {
        pmu_append(text, sizeof text, "; control %s0-%u", caps->sel_name, caps->n_sel - 1);
    }
    append_regs(text, pmu, pmu_sel_reg, caps->n_sel);
    if (caps->rdpmc) {
        pmu_append(text, sizeof text, "; read RDPMC 0-%u", caps->n_gp - 1);
    } else {
        pmu_append(text, sizeof text, "; read %s",
                   pmu_reg_kind(pmu) == PMU_REG_SPR ? "mfspr" : "RDMSR (no RDPMC)");
    }
    pmu_append(text, sizeof text, "; %soverflow interrupt",
               pmu->backend->overflow_regs ? "" : "no ");
    line(ctx, text);
}

/* "arch: 3 fixed counters (bitmap 0x7) x 48 bits (MSR 0x309-0x30b);
 * read RDPMC 0x40000000-0x40000002". */
static void describe_fixed(const struct pmu *pmu, const char *who, pmu_line_fn line, void *ctx)
{
    const struct pmu_caps *caps = &pmu->caps;
    char text[LINE_LEN];
    unsigned top = 0;
    for (unsigned j = 0; j < 32; j++) {
        top = (caps->fixed_mask >> j) & 1 ? j : top;
    }
    fmt_snprintf(text, sizeof text, "%s: %u fixed counters (bitmap 0x%x) x %u bits", who,
                 caps->n_fixed, (unsigned)caps->fixed_mask, caps->fixed_width);
    append_regs(text, pmu, fixed_reg, top + 1);
    pmu_append(text, sizeof text, "; read RDPMC 0x%x-0x%x", (unsigned)caps->fixed_rdpmc,
               (unsigned)(caps->fixed_rdpmc + top));
    line(ctx, text);
}

/* "tsc: no usable PMU; only TSC cycles, from the time-stamp counter (RDTSC, 64 bits)". */
static void describe_time_counter(const struct pmu *pmu, const char *who, pmu_line_fn line,
                                  void *ctx)
{
    const struct pmu_time_counter *tc = pmu->backend->time_counter;
    char text[LINE_LEN];
    if (pmu->cpu.features[FEAT_TSC]) {
        fmt_snprintf(text, sizeof text, "%s: no usable PMU; only %s, from the %s (%s, 64 bits)",
                     who, tc->counts, tc->source, tc->read);
    } else {
        fmt_snprintf(text, sizeof text, "%s: no usable PMU and no %s", who, tc->source);
    }
    line(ctx, text);
}

void pmu_describe(const struct pmu *pmu, void (*line)(void *ctx, const char *text), void *ctx)
{
    const struct pmu_caps *caps = &pmu->caps;
    char who[PMU_NAME_LEN];
    fmt_snprintf(who, sizeof who, "%s%s%s%s", pmu_name(pmu), caps->variant ? " (" : "",
                 caps->variant ? caps->variant : "", caps->variant ? ")" : "");
    if (pmu->backend->time_counter) {
        describe_time_counter(pmu, who, line, ctx);
    }
    if (caps->n_gp) {
        describe_gp(pmu, who, line, ctx);
    }
    if (caps->n_fixed) {
        describe_fixed(pmu, who, line, ctx);
    }
    if (pmu->backend->describe) {
        pmu->backend->describe(pmu, line, ctx);
    }
    for (unsigned i = 0; i < caps->n_quirks; i++) {
        const struct pmu_quirk *q = &caps->quirks[i];
        if (!pmu_quirk_applies(pmu, q)) {
            continue;
        }
        char text[2 * LINE_LEN];
        fmt_snprintf(text, sizeof text, "%s: %s: %s (%s)", who, q->name, q->effect, q->source);
        line(ctx, text);
    }
}
