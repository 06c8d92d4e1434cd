/* Overflow presets, interrupt enables, detection and re-arming for each
 * PMU family (Intel SDM vol. 3B 18.2 and 19, AMD BKDG "Performance
 * Monitoring Counters", seed 000 for the CCCR bits). */
#include "pmu/overflow.h"

#include "lib/kstring.h"
#include "pmu/backend.h"
#include "pmu/x86/evtsel.h"
#include "pmu/x86/p4.h"
#include "pmu/x86/regs.h"

/* The per-counter PMI enable nibble of FIXED_CTR_CTRL. */
#define ARCH_FIXED_PMI 0x8u

static bool backend_is(const struct pmu *pmu, const char *name)
{
    return strcmp(pmu->backend->name, name) == 0;
}

const char *pmu_overflow_unsupported(const struct pmu *pmu)
{
    if (pmu->backend->counter_msrs)
        return 0;
    if (backend_is(pmu, "p5"))
        return "the Pentium signals a counter overflow on its PM0/PM1 pins only (CESR PC bit), "
               "never as an interrupt";
    return "there is no event counter (TSC backend)";
}

uint64_t pmu_overflow_preset(uint64_t period, unsigned width)
{
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    return (0 - period) & mask;
}

/* Counters written through the sign-extending 32-bit MSRs. */
static bool writes_32(const struct pmu *pmu, const struct pmu_assigned_event *ev)
{
    if (backend_is(pmu, "p6"))
        return true;
    return backend_is(pmu, "arch") && ev->hw_index < ARCH_FIXED_BASE &&
           !(pmu->caps & PERF_CAP_FW_WRITE);
}

/* The counter's own width, which a fast 32-bit read (P4 :fast) hides. */
static unsigned counter_width(const struct pmu *pmu, const struct pmu_assigned_event *ev)
{
    if (backend_is(pmu, "p4"))
        return P4_COUNTER_WIDTH;
    if (backend_is(pmu, "arch") && ev->hw_index >= ARCH_FIXED_BASE)
        return pmu->fixed_width;
    return pmu->gp_width;
}

uint64_t pmu_overflow_max_period(const struct pmu *pmu, const struct pmu_assigned_event *ev)
{
    if (writes_32(pmu, ev))
        return 1ull << 31;
    /* The top bit must start set: TOP_BIT detection reads it going to 0. */
    return 1ull << (counter_width(pmu, ev) - 1);
}

int pmu_overflow_setup(const struct pmu *pmu, const struct pmu_plan *plan, unsigned event,
                       uint64_t period, struct pmu_overflow *ovf, char *err, size_t errlen)
{
    const char *why = pmu_overflow_unsupported(pmu);
    if (why)
        return pmu_error(err, errlen, "no overflow interrupt on %s: %s", pmu_name(pmu), why);
    if (event >= plan->n_events)
        return pmu_error(err, errlen, "no event %u in the plan", event);
    const struct pmu_assigned_event *ev = &plan->events[event];
    uint64_t max = pmu_overflow_max_period(pmu, ev);
    if (period < 1 || period > max)
        return pmu_error(err, errlen, "period %llu of %s: must be 1 to %llu on %s",
                         (unsigned long long)period, ev->name, (unsigned long long)max,
                         ev->counter);

    memset(ovf, 0, sizeof *ovf);
    ovf->event = event;
    ovf->pass = ev->pass;
    ovf->period = period;
    ovf->width = counter_width(pmu, ev);
    ovf->preset = pmu_overflow_preset(period, ovf->width);
    pmu->backend->counter_msrs(pmu, ev, &ovf->counter_msr, &ovf->control_msr);
    bool arch = backend_is(pmu, "arch");
    if (backend_is(pmu, "p4")) {
        ovf->pmi_bit = P4_CCCR_OVF_PMI_T0;
        ovf->style = PMU_OVF_CCCR;
    } else if (arch && ev->hw_index >= ARCH_FIXED_BASE) {
        unsigned j = ev->hw_index - ARCH_FIXED_BASE;
        ovf->pmi_bit = (uint64_t)ARCH_FIXED_PMI << (4 * j);
        ovf->style = PMU_OVF_GLOBAL_STATUS; /* fixed counters exist from version 2 */
        ovf->status_bit = 1ull << (32 + j);
    } else if (arch && pmu->variant >= 2) {
        ovf->pmi_bit = EVTSEL_INT;
        ovf->style = PMU_OVF_GLOBAL_STATUS;
        ovf->status_bit = 1ull << ev->hw_index;
    } else {
        ovf->pmi_bit = EVTSEL_INT; /* P6, arch v1, AMD */
        ovf->style = PMU_OVF_TOP_BIT;
    }
    return 0;
}

/* The counter's MSR under either name (arch GP counters have two). */
static bool is_counter_write(const struct pmu_overflow *ovf, uint32_t msr)
{
    if (msr == ovf->counter_msr)
        return true;
    if (ovf->counter_msr >= MSR_IA32_A_PMC0 && ovf->counter_msr < MSR_IA32_A_PMC0 + ARCH_FIXED_BASE)
        return msr == ovf->counter_msr - MSR_IA32_A_PMC0 + MSR_IA32_PMC0;
    return false;
}

unsigned pmu_overflow_encode(const struct pmu *pmu, const struct pmu_plan *plan,
                             const struct pmu_overflow *ovf, struct pmu_write *out, unsigned max)
{
    struct pmu_write pass[PMU_MAX_WRITES];
    unsigned n = pmu_encode_pass(pmu, plan, ovf->pass, pass, PMU_MAX_WRITES);
    unsigned count = 0;
    bool preset_written = false;
    if (n > PMU_MAX_WRITES)
        n = PMU_MAX_WRITES;
    for (unsigned i = 0; i < n; i++) {
        if (is_counter_write(ovf, pass[i].msr)) {
            pass[i].value = ovf->preset;
            preset_written = true;
        } else if (pass[i].msr == ovf->control_msr && pass[i].value) {
            pass[i].value |= ovf->pmi_bit;
        }
    }
    if (!preset_written)
        pmu_emit(out, max, &count, ovf->counter_msr, ovf->preset, "counter preset: 2^%u-%llu",
                 ovf->width, (unsigned long long)ovf->period);
    for (unsigned i = 0; i < n; i++) {
        if (count < max)
            out[count] = pass[i];
        count++;
    }
    return count;
}

int pmu_overflow_start(struct pmu *pmu, const struct pmu_plan *plan, const struct pmu_overflow *ovf)
{
    struct pmu_write w[PMU_MAX_WRITES];
    unsigned n = pmu_overflow_encode(pmu, plan, ovf, w, PMU_MAX_WRITES);
    return pmu_write_all(pmu, w, n);
}

int pmu_overflow_pending(struct pmu *pmu, const struct pmu_overflow *ovf, bool *pending)
{
    uint64_t v;
    switch (ovf->style) {
    case PMU_OVF_GLOBAL_STATUS:
        if (pmu->hw.rdmsr(pmu->hw.ctx, MSR_IA32_PERF_GLOBAL_STATUS, &v) < 0)
            return -1;
        *pending = (v & ovf->status_bit) != 0;
        return 0;
    case PMU_OVF_CCCR:
        if (pmu->hw.rdmsr(pmu->hw.ctx, ovf->control_msr, &v) < 0)
            return -1;
        *pending = (v & P4_CCCR_OVF) != 0;
        return 0;
    case PMU_OVF_TOP_BIT:
        break;
    }
    if (pmu->hw.rdmsr(pmu->hw.ctx, ovf->counter_msr, &v) < 0)
        return -1;
    *pending = !((v >> (ovf->width - 1)) & 1);
    return 0;
}

int pmu_overflow_rearm(struct pmu *pmu, const struct pmu_overflow *ovf)
{
    struct pmu_hw *hw = &pmu->hw;
    uint64_t cccr;
    switch (ovf->style) {
    case PMU_OVF_CCCR:
        /* Counter twice (erratum N15, as p4_encode does), then the sticky
         * OVF flag off; the PMI enable stays. */
        if (hw->wrmsr(hw->ctx, ovf->counter_msr, ovf->preset) < 0 ||
            hw->wrmsr(hw->ctx, ovf->counter_msr, ovf->preset) < 0 ||
            hw->rdmsr(hw->ctx, ovf->control_msr, &cccr) < 0)
            return -1;
        return hw->wrmsr(hw->ctx, ovf->control_msr, cccr & ~(uint64_t)P4_CCCR_OVF);
    case PMU_OVF_GLOBAL_STATUS:
        if (hw->wrmsr(hw->ctx, ovf->counter_msr, ovf->preset) < 0)
            return -1;
        return hw->wrmsr(hw->ctx, MSR_IA32_PERF_GLOBAL_OVF_CTRL, ovf->status_bit);
    case PMU_OVF_TOP_BIT:
        break;
    }
    return hw->wrmsr(hw->ctx, ovf->counter_msr, ovf->preset);
}
