/* Overflow presets, interrupt enables, detection and re-arming, from the
 * facts each backend states about its counters (Intel SDM vol. 3B,
 * "Performance Monitoring"; AMD BKDG, "Performance Monitoring Counters";
 * PowerPC 604e RISC Microprocessor User's Manual, "Performance Monitor":
 * a counter interrupts when it goes negative, so it overflows out of its
 * 31 bits below the sign). */
#include "pmu/overflow.h"

#include "lib/kstring.h"
#include "pmu/backend.h"

const char *pmu_overflow_unsupported(const struct pmu *pmu)
{
    return pmu->backend->overflow_regs ? NULL : pmu->backend->no_overflow;
}

uint64_t pmu_overflow_preset(uint64_t period, unsigned width)
{
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    return (0 - period) & mask;
}

uint64_t pmu_overflow_min_period(const struct pmu_plan *plan, unsigned event)
{
    return (plan->events[event].flags & PMU_EVF_USER_ONLY) ? 1 : PMU_OVERFLOW_MIN_RING0;
}

int pmu_overflow_setup(const struct pmu *pmu, const struct pmu_plan *plan, unsigned event,
                       uint64_t period, struct pmu_overflow *ovf, char *err, size_t errlen)
{
    const char *why = pmu_overflow_unsupported(pmu);
    if (why) {
        return pmu_error(err, errlen, "no overflow interrupt on %s: %s", pmu_name(pmu), why);
    }
    if (event >= plan->n_events) {
        return pmu_error(err, errlen, "no event %u in the plan", event);
    }
    const struct pmu_assigned_event *ev = &plan->events[event];
    if (ev->read.metric) {
        return pmu_error(err, errlen,
                         "%s is a fraction of another count, not a counter: it has no overflow "
                         "(sample the count it divides)",
                         ev->name);
    }
    memset(ovf, 0, sizeof *ovf);
    pmu->backend->overflow_regs(pmu, ev, &ovf->regs);
    /* A PMI that comes pmi_lag events after the overflow needs an
     * overflow pmi_lag events before the period ends. */
    unsigned lag = ovf->regs.pmi_lag;
    if (period < 1 + lag || period > ovf->regs.max_period) {
        return pmu_error(err, errlen, "period %llu of %s: must be %u to %llu on %s",
                         (unsigned long long)period, ev->name, 1 + lag,
                         (unsigned long long)ovf->regs.max_period, ev->counter);
    }
    ovf->event = event;
    ovf->pass = ev->pass;
    ovf->period = period;
    ovf->preset = pmu_overflow_preset(period - lag, ovf->regs.width);
    return 0;
}

/* The counter's MSR under either of its names. */
static bool is_counter_write(const struct pmu_overflow_regs *regs, uint32_t msr)
{
    return msr == regs->counter_msr || (regs->counter_alias && msr == regs->counter_alias);
}

unsigned pmu_overflow_encode(const struct pmu *pmu, const struct pmu_plan *plan,
                             const struct pmu_overflow *ovf, struct pmu_write *out, unsigned max)
{
    const struct pmu_overflow_regs *regs = &ovf->regs;
    struct pmu_write pass[PMU_MAX_WRITES];
    unsigned n = pmu_encode_pass(pmu, plan, ovf->pass, pass, PMU_MAX_WRITES);
    unsigned count = 0;
    bool preset_written = false;
    if (n > PMU_MAX_WRITES) {
        n = PMU_MAX_WRITES;
    }
    for (unsigned i = 0; i < n; i++) {
        if (is_counter_write(regs, pass[i].msr)) {
            pass[i].value = ovf->preset;
            preset_written = true;
        } else if (pass[i].msr == regs->control_msr && pass[i].value) {
            pass[i].value |= regs->pmi_bit;
        }
    }
    for (unsigned w = 0; !preset_written && w < regs->preset_writes; w++) {
        pmu_emit(out, max, &count, regs->counter_msr, ovf->preset, "counter preset: 2^%u-%llu",
                 regs->width, (unsigned long long)(ovf->period - regs->pmi_lag));
    }
    for (unsigned i = 0; i < n; i++) {
        if (count < max) {
            out[count] = pass[i];
        }
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
    const struct pmu_overflow_regs *regs = &ovf->regs;
    uint64_t v;
    switch (regs->style) {
    case PMU_OVF_GLOBAL_STATUS:
        if (pmu->hw.rdmsr(pmu->hw.ctx, regs->status_msr, &v) < 0) {
            return -1;
        }
        *pending = (v & regs->status_bit) != 0;
        return 0;
    case PMU_OVF_CONTROL_FLAG:
        if (pmu->hw.rdmsr(pmu->hw.ctx, regs->control_msr, &v) < 0) {
            return -1;
        }
        *pending = (v & regs->status_bit) != 0;
        return 0;
    case PMU_OVF_TOP_BIT:
    case PMU_OVF_NEGATIVE:
        break;
    }
    if (pmu->hw.rdmsr(pmu->hw.ctx, regs->counter_msr, &v) < 0) {
        return -1;
    }
    if (regs->style == PMU_OVF_NEGATIVE) {
        *pending = (v >> regs->width) & 1;
    } else {
        *pending = !((v >> (regs->width - 1)) & 1);
    }
    return 0;
}

uint64_t pmu_overflow_counted(const struct pmu_overflow *ovf, uint64_t value, uint64_t rearms)
{
    unsigned width = ovf->regs.width;
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    return ((value - ovf->preset) & mask) + rearms * ovf->period;
}

int pmu_overflow_read(struct pmu *pmu, const struct pmu_overflow *ovf, uint64_t *value)
{
    return pmu->hw.rdmsr(pmu->hw.ctx, ovf->regs.counter_msr, value);
}

int pmu_overflow_rearm(struct pmu *pmu, const struct pmu_overflow *ovf)
{
    const struct pmu_overflow_regs *regs = &ovf->regs;
    struct pmu_hw *hw = &pmu->hw;
    for (unsigned w = 0; w < regs->preset_writes; w++) {
        if (hw->wrmsr(hw->ctx, regs->counter_msr, ovf->preset) < 0) {
            return -1;
        }
    }
    uint64_t control;
    switch (regs->style) {
    case PMU_OVF_CONTROL_FLAG:
        /* The sticky flag off; the interrupt enable stays. */
        if (hw->rdmsr(hw->ctx, regs->control_msr, &control) < 0) {
            return -1;
        }
        return hw->wrmsr(hw->ctx, regs->control_msr, control & ~regs->status_bit);
    case PMU_OVF_GLOBAL_STATUS:
        return hw->wrmsr(hw->ctx, regs->status_reset_msr, regs->status_bit);
    case PMU_OVF_NEGATIVE:
        /* The enable back on, once the preset made the counter positive:
         * set while it is negative, it would interrupt again at once. */
        if (hw->rdmsr(hw->ctx, regs->control_msr, &control) < 0) {
            return -1;
        }
        return hw->wrmsr(hw->ctx, regs->control_msr, control | regs->pmi_bit);
    case PMU_OVF_TOP_BIT:
        break;
    }
    return 0;
}
