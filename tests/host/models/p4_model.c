/* The NetBurst PMU model: see p4_model.h. */
#include "tests/host/models/p4_model.h"

#include "tools/hostlib/cpus.h"

#include <stdio.h>
#include <string.h>

#define COUNTER_MASK ((1ull << 40) - 1)
#define ENABLE       (1u << 12)
#define COMPARE      (1u << 18)
#define COMPLEMENT   (1u << 19)
#define EDGE         (1u << 24)
#define FORCE_OVF    (1u << 25)
#define PMI_T0       (1u << 26)
#define PMI_T1       (1u << 27)
#define CASCADE      (1u << 30)
#define OVF          (1u << 31)
#define EXT_CASCADE  (1u << 11)

/* SDM table "Performance Counter MSRs and Associated CCCR and ESCR MSRs":
 * for each side of a counter group, the ESCR address per CCCR ESCR-select
 * value (0 = none). Counters 0-1, 2-3, 4-5, 6-7, 8-9, 10-11, then IQ
 * 12, 13, 16 and 14, 15, 17. */
static const uint16_t escr_by_select[8][8] = {
    {0x3b2, 0x3b4, 0x3aa, 0x3b6, 0x3ac, 0x3c8, 0x3a2, 0x3a0}, /* BPU 0, 1 */
    {0x3b3, 0x3b5, 0x3ab, 0x3b7, 0x3ad, 0x3c9, 0x3a3, 0x3a1}, /* BPU 2, 3 */
    {0x3c0, 0x3c4, 0x3c2, 0, 0, 0, 0, 0},                     /* MS 4, 5 */
    {0x3c1, 0x3c5, 0x3c3, 0, 0, 0, 0, 0},                     /* MS 6, 7 */
    {0x3a6, 0x3a4, 0x3ae, 0x3b0, 0, 0x3a8, 0, 0},             /* FLAME 8, 9 */
    {0x3a7, 0x3a5, 0x3af, 0x3b1, 0, 0x3a9, 0, 0},             /* FLAME 10, 11 */
    {0x3ba, 0x3ca, 0x3bc, 0x3be, 0x3b8, 0x3cc, 0x3e0, 0},     /* IQ 12, 13, 16 */
    {0x3bb, 0x3cb, 0x3bd, 0, 0x3b9, 0x3cd, 0x3e1, 0},         /* IQ 14, 15, 17 */
};

static unsigned side_of(unsigned counter)
{
    if (counter < 12) {
        return counter / 2;
    }
    return (counter == 16 || counter == 12 || counter == 13) ? 6 : 7;
}

static bool escr_exists(const struct p4_model *m, uint32_t msr);

uint16_t p4_model_escr_for(const struct p4_model *m, unsigned counter, unsigned select)
{
    if (counter >= P4_MODEL_COUNTERS || select > 7) {
        return 0;
    }
    uint16_t msr = escr_by_select[side_of(counter)][select];
    return msr && escr_exists(m, msr) ? msr : 0;
}

static bool is_iq_escr(uint32_t msr)
{
    return msr == 0x3ba || msr == 0x3bb;
}

static bool escr_exists(const struct p4_model *m, uint32_t msr)
{
    for (unsigned s = 0; s < 8; s++) {
        for (unsigned sel = 0; sel < 8; sel++) {
            if (escr_by_select[s][sel] == msr) {
                return !is_iq_escr(msr) || m->cpu_model < 3;
            }
        }
    }
    return false;
}

static bool ext_cascade_model(const struct p4_model *m)
{
    return m->cpu_model == 2 || m->cpu_model == 3 || m->cpu_model == 4 || m->cpu_model == 6;
}

static void violation(struct p4_model *m, const char *what, uint32_t msr, uint64_t val)
{
    m->violations++;
    snprintf(m->last_violation, sizeof m->last_violation, "%s: msr 0x%x value 0x%llx", what,
             (unsigned)msr, (unsigned long long)val);
}

/* Does `to` count by cascade? With CASCADE set, while the alternate
 * counter in the other pair of its group has its OVF flag set (16 from
 * 14, 17 from 15); with extended cascading (bit 11 of IQ_CCCR0/3/4/5),
 * while counter 16 or 17 has. Clearing either flag stops it; its ENABLE
 * flag stays as software wrote it (SDM vol. 3B, "Starting Event
 * Counting", "Halting Event Counting", "Cascading Counters", "Extended
 * Cascading"). */
static bool cascade_running(const struct p4_model *m, unsigned to)
{
    static const unsigned ext[][2] = {{16, 12}, {17, 15}, {17, 16}, {16, 17}};
    unsigned from = to < 16 ? to ^ 2 : to - 2;
    if ((m->cccr[to] & CASCADE) && (m->cccr[from] & OVF)) {
        return true;
    }
    if (!ext_cascade_model(m) || !(m->cccr[to] & EXT_CASCADE)) {
        return false;
    }
    for (unsigned i = 0; i < 4; i++) {
        if (ext[i][1] == to && (m->cccr[ext[i][0]] & OVF)) {
            return true;
        }
    }
    return false;
}

static bool counting(const struct p4_model *m, unsigned c)
{
    return (m->cccr[c] & ENABLE) || cascade_running(m, c);
}

void p4_model_init(struct p4_model *m, unsigned cpu_model, bool ht)
{
    memset(m, 0, sizeof *m);
    m->cpu_model = cpu_model;
    m->ht = ht;
}

/* Reserved CCCR bits: 0-11 (bit 11 is CASCNTxINTOy on IQ CCCRs 0, 3, 4, 5
 * of extended-cascading models), 28-29, 32-63. */
static bool cccr_reserved(const struct p4_model *m, unsigned counter, uint64_t val)
{
    uint64_t reserved = 0xffffffff00000000ull | 0x30000000u | 0xfffu;
    if (ext_cascade_model(m) &&
        (counter == 12 || counter == 15 || counter == 16 || counter == 17)) {
        reserved &= ~(uint64_t)EXT_CASCADE;
    }
    return val & reserved;
}

static int model_wrmsr(void *ctx, uint32_t msr, uint64_t val)
{
    struct p4_model *m = ctx;
    if (msr >= 0x300 && msr < 0x312) {
        if (val >> 40) {
            violation(m, "counter write above bit 39", msr, val);
            return -1;
        }
        /* The SDM programs a counter while its CCCR is disabled. A new
         * count drops a PMI still armed by the old one. */
        m->running_writes += counting(m, msr - 0x300);
        m->counter[msr - 0x300] = val;
        m->pmi_armed[msr - 0x300] = 0;
        return 0;
    }
    if (msr >= 0x360 && msr < 0x372) {
        unsigned c = msr - 0x360;
        if (cccr_reserved(m, c, val)) {
            violation(m, "reserved CCCR bits", msr, val);
            return -1;
        }
        if (!m->ht && ((val >> 16) & 3) != 3) {
            violation(m, "active thread must be 11b without Hyper-Threading", msr, val);
        }
        if ((val & ENABLE) && !escr_by_select[side_of(c)][(val >> 13) & 7]) {
            violation(m, "ESCR select names no ESCR of this counter", msr, val);
        }
        m->cccr[c] = (uint32_t)val;
        m->prev_cond[c] = false;
        return 0;
    }
    if (msr >= 0x3a0 && msr <= 0x3e1 && escr_exists(m, msr)) {
        if (val >> 31) {
            violation(m, "reserved ESCR bits", msr, val);
            return -1;
        }
        m->escr[msr - 0x3a0] = (uint32_t)val;
        return 0;
    }
    if (msr == 0x3f1) {
        m->pebs_enable = val;
        return 0;
    }
    if (msr == 0x3f2) {
        m->matrix_vert = val;
        return 0;
    }
    violation(m, "wrmsr to an MSR the model does not have", msr, val);
    return -1;
}

static int model_rdmsr(void *ctx, uint32_t msr, uint64_t *val)
{
    struct p4_model *m = ctx;
    if (msr >= 0x300 && msr < 0x312) {
        *val = m->counter[msr - 0x300];
    } else if (msr >= 0x360 && msr < 0x372) {
        *val = m->cccr[msr - 0x360];
    } else if (msr >= 0x3a0 && msr <= 0x3e1 && escr_exists(m, msr)) {
        *val = m->escr[msr - 0x3a0];
    } else if (msr == 0x3f1) {
        *val = m->pebs_enable;
    } else if (msr == 0x3f2) {
        *val = m->matrix_vert;
    } else if (msr == 0x1a0) {
        *val = 1u << 7; /* performance monitoring available */
    } else {
        violation(m, "rdmsr of an MSR the model does not have", msr, 0);
        return -1;
    }
    return 0;
}

/* ECX bits 0-4 the counter, bit 31 the fast read (bits 31:0 only). */
static int model_rdpmc(void *ctx, uint32_t ecx, uint64_t *val)
{
    struct p4_model *m = ctx;
    uint32_t index = ecx & 0x7fffffffu;
    if (index >= P4_MODEL_COUNTERS) {
        return -1;
    }
    *val = ecx >> 31 ? (m->counter[index] & 0xffffffffu) : m->counter[index];
    return 0;
}

struct pmu_hw p4_model_hw(struct p4_model *m)
{
    struct pmu_hw hw = {.rdmsr = model_rdmsr,
                        .wrmsr = model_wrmsr,
                        .rdpmc = model_rdpmc,
                        .ctx = m,
                        .workload = p4_model_workload};
    return hw;
}

bool p4_model_pmu(struct p4_model *m, struct pmu *pmu, const char *name, unsigned cpu_model,
                  bool ht)
{
    struct cpu_info cpu;
    if (!pmu_cpu_by_name(name, NULL, &cpu)) {
        return false;
    }
    if (cpu_model) {
        cpu.model = cpu_model;
    }
    cpu.features[FEAT_HTT] = ht;
    p4_model_init(m, cpu.model, ht);
    struct pmu_hw hw = p4_model_hw(m);
    pmu_init(pmu, &cpu, &hw, NULL);
    return true;
}

/* Events the counter's ESCR selects this cycle, after the ESCR's
 * privilege and thread bits and the CCCR's active-thread filter. */
static unsigned selected(const struct p4_model *m, unsigned c, const struct p4_cycle *cy)
{
    uint32_t cccr = m->cccr[c];
    uint16_t msr = escr_by_select[side_of(c)][(cccr >> 13) & 7];
    if (!msr || !escr_exists(m, msr)) {
        return 0;
    }
    unsigned n_active = (cy->active & 1) + (cy->active >> 1 & 1);
    switch ((cccr >> 16) & 3) {
    case 0:
        if (n_active != 0) {
            return 0;
        }
        break;
    case 1:
        if (n_active != 1) {
            return 0;
        }
        break;
    case 2:
        if (n_active != 2) {
            return 0;
        }
        break;
    default:
        if (n_active == 0) {
            return 0;
        }
    }
    uint32_t escr = m->escr[msr - 0x3a0];
    unsigned event = (escr >> 25) & 0x3f, emask = (escr >> 9) & 0xffff;
    uint32_t priv =
        cy->thread == 0 ? (cy->cpl == 0 ? 1u << 3 : 1u << 2) : (cy->cpl == 0 ? 1u << 1 : 1u << 0);
    if (!(escr & priv)) {
        return 0;
    }
    unsigned total = 0;
    for (unsigned i = 0; i < cy->n; i++) {
        const struct p4_signal *s = &cy->sig[i];
        if ((s->unit & ~1u) == (msr & ~1u) && s->event == event && (emask >> s->bit & 1)) {
            total += s->count;
        }
    }
    return total;
}

/* The threshold comparison and edge detection of the CCCR. */
static unsigned filtered(struct p4_model *m, unsigned c, unsigned events)
{
    uint32_t cccr = m->cccr[c];
    if (!(cccr & COMPARE)) {
        return events;
    }
    unsigned threshold = (cccr >> 20) & 15;
    bool cond = (cccr & COMPLEMENT) ? events <= threshold : events > threshold;
    bool count = (cccr & EDGE) ? cond && !m->prev_cond[c] : cond;
    m->prev_cond[c] = cond;
    return count ? 1 : 0;
}

static void request_pmi(struct p4_model *m, uint32_t bits)
{
    m->pmi[0] += (bits & PMI_T0) != 0;
    m->pmi[1] += (bits & PMI_T1) != 0;
}

/* The PMI comes "on the next event count after the counter has
 * overflowed" (SDM vol. 3B, "CCCR MSRs", OVF_PMI), hence the SDM's
 * presets of -N+1 to interrupt on the Nth event ("Generating an Interrupt
 * on Overflow"); with FORCE_OVF each increment overflows and interrupts. */
static void overflow(struct p4_model *m, unsigned c)
{
    m->cccr[c] |= OVF;
    if (m->cccr[c] & FORCE_OVF) {
        request_pmi(m, m->cccr[c]);
    } else {
        m->pmi_armed[c] = m->cccr[c] & (PMI_T0 | PMI_T1);
    }
}

void p4_model_cycle(struct p4_model *m, const struct p4_cycle *cycle)
{
    unsigned add[P4_MODEL_COUNTERS] = {0};
    /* Whether a counter counts is decided before this cycle's overflows:
     * a cascaded counter starts with the next cycle. */
    for (unsigned c = 0; c < P4_MODEL_COUNTERS; c++) {
        if (counting(m, c)) {
            add[c] = filtered(m, c, selected(m, c, cycle));
        }
    }
    for (unsigned c = 0; c < P4_MODEL_COUNTERS; c++) {
        if (!add[c]) {
            continue;
        }
        request_pmi(m, m->pmi_armed[c]);
        m->pmi_armed[c] = 0;
        uint64_t before = m->counter[c];
        m->counter[c] = (before + add[c]) & COUNTER_MASK;
        if (m->counter[c] < before || (m->cccr[c] & FORCE_OVF)) {
            overflow(m, c);
        }
    }
}

void p4_model_signal(struct p4_model *m, uint16_t unit, uint8_t event, uint8_t bit, uint8_t count)
{
    struct p4_cycle cy = {0, 0, 1, 1, {{unit, event, bit, count}}};
    p4_model_cycle(m, &cy);
}

void p4_model_workload(void *ctx, uint32_t iterations)
{
    struct p4_model *m = ctx;
    /* global_power_events:RUNNING (FSB), instr_retired:NBOGUSNTAG and
     * uops_retired:NBOGUS (CRU_ESCR0/1), branch_retired:MMTP (CRU_ESCR2/3). */
    const struct p4_cycle first = {
        0, 0, 1, 3, {{0x3a2, 0x13, 0, 1}, {0x3b8, 0x02, 0, 1}, {0x3b8, 0x01, 0, 1}}};
    const struct p4_cycle second = {
        0,
        0,
        1,
        4,
        {{0x3a2, 0x13, 0, 1}, {0x3b8, 0x02, 0, 1}, {0x3b8, 0x01, 0, 1}, {0x3cc, 0x06, 2, 1}}};
    for (uint32_t i = 0; i < iterations; i++) {
        p4_model_cycle(m, &first);
        p4_model_cycle(m, &second);
    }
}
