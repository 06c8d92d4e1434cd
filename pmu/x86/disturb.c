/* Which disturbances a CPU can show, and the judgement of two readings. */
#include "pmu/x86/disturb.h"

#include <stddef.h>

#include "lib/fmt.h"
#include "lib/kstring.h"

#define THERM_LOG     ((1ull << 1) | (1ull << 3)) /* thermal status, PROCHOT# */
#define THERM_PLN_LOG (1ull << 11)                /* power limitation */

/* Intel family 6 models before Nehalem, and the Bonnell Atoms: no
 * MSR_SMI_COUNT. */
static bool before_nehalem(unsigned model)
{
    static const uint8_t bonnell[] = {0x1c, 0x26, 0x27, 0x35, 0x36};
    for (unsigned i = 0; i < sizeof bonnell; i++) {
        if (model == bonnell[i]) {
            return true;
        }
    }
    return model < 0x1a;
}

void disturb_caps_of(const struct cpu_info *cpu, struct disturb_caps *caps)
{
    bool intel = cpu->vendor == VENDOR_INTEL;
    bool msr = cpu->features[FEAT_MSR];
    *caps = (struct disturb_caps){0};
    caps->smi_count = msr && intel && cpu->family == 6 && !before_nehalem(cpu->model);
    caps->aperf_mperf = msr && cpu->features[FEAT_APERFMPERF];
    caps->therm = msr && intel && cpu->features[FEAT_DTS];
    caps->pln = caps->therm && cpu->features[FEAT_PLN];
    caps->pkg_therm = msr && intel && cpu->features[FEAT_PTM];
    caps->irr = cpu->features[FEAT_APIC];
}

/* Each MSR reading: the MSR, the capability that says it exists, where
 * its value goes, and whether its log bits are cleared before a repetition. */
static const struct {
    uint32_t msr;
    size_t cap, field;
    bool logs;
} msrs[] = {
    {MSR_SMI_COUNT, offsetof(struct disturb_caps, smi_count), offsetof(struct disturb_reading, smi),
     false},
    {MSR_IA32_MPERF, offsetof(struct disturb_caps, aperf_mperf),
     offsetof(struct disturb_reading, mperf), false},
    {MSR_IA32_APERF, offsetof(struct disturb_caps, aperf_mperf),
     offsetof(struct disturb_reading, aperf), false},
    {MSR_IA32_THERM_STATUS, offsetof(struct disturb_caps, therm),
     offsetof(struct disturb_reading, therm), true},
    {MSR_IA32_PACKAGE_THERM_STATUS, offsetof(struct disturb_caps, pkg_therm),
     offsetof(struct disturb_reading, pkg_therm), true},
};
#define N_MSRS (sizeof msrs / sizeof msrs[0])

static bool *cap_of(struct disturb_caps *caps, unsigned i)
{
    return (bool *)((char *)caps + msrs[i].cap);
}

unsigned disturb_msrs(const struct disturb_caps *caps, uint32_t *out, unsigned max)
{
    unsigned n = 0;
    for (unsigned i = 0; i < N_MSRS && n < max; i++) {
        if (*cap_of((struct disturb_caps *)caps, i)) {
            out[n++] = msrs[i].msr;
        }
    }
    return n;
}

uint32_t disturb_clear_logs(struct disturb_caps *caps, const struct pmu_hw *hw)
{
    uint32_t faulted = 0;
    for (unsigned i = 0; i < N_MSRS; i++) {
        bool *has = cap_of(caps, i);
        if (msrs[i].logs && *has && hw->wrmsr(hw->ctx, msrs[i].msr, 0) < 0) {
            *has = false;
            faulted = msrs[i].msr;
        }
    }
    return faulted;
}

uint32_t disturb_read(struct disturb_caps *caps, const struct pmu_hw *hw, struct disturb_reading *r)
{
    uint32_t faulted = 0;
    for (unsigned i = 0; i < N_MSRS; i++) {
        bool *has = cap_of(caps, i);
        uint64_t *value = (uint64_t *)((char *)r + msrs[i].field);
        *value = 0;
        if (*has && hw->rdmsr(hw->ctx, msrs[i].msr, value) < 0) {
            *has = false;
            *value = 0;
            faulted = msrs[i].msr;
        }
    }
    return faulted;
}

uint64_t disturb_throttle_logs(const struct disturb_caps *caps)
{
    return THERM_LOG | (caps->pln ? THERM_PLN_LOG : 0);
}

unsigned disturb_judge(const struct disturb_caps *caps, const struct disturb_reading *before,
                       const struct disturb_reading *after, uint64_t ref_ratio, uint64_t *ratio)
{
    unsigned found = 0;
    uint64_t logs = disturb_throttle_logs(caps);
    *ratio = 0;
    if (caps->smi_count && after->smi != before->smi) {
        found |= 1u << DISTURB_SMI;
    }
    if (caps->aperf_mperf && after->mperf > before->mperf) {
        *ratio = (after->aperf - before->aperf) * 1000 / (after->mperf - before->mperf);
        uint64_t diff = *ratio > ref_ratio ? *ratio - ref_ratio : ref_ratio - *ratio;
        if (ref_ratio && diff * 1000 > ref_ratio * DISTURB_FREQ_PERMILLE) {
            found |= 1u << DISTURB_FREQ;
        }
    }
    if ((caps->therm && (after->therm & logs)) || (caps->pkg_therm && (after->pkg_therm & logs))) {
        found |= 1u << DISTURB_THROTTLE;
    }
    if (caps->irr && after->irr) {
        found |= 1u << DISTURB_IRR;
    }
    return found;
}

void disturb_describe(const struct disturb_caps *caps, char *out, unsigned size)
{
    const bool has[] = {caps->smi_count, caps->aperf_mperf, caps->therm || caps->pkg_therm,
                        caps->irr};
    static const char *const reads[] = {"smi", "aperf_mperf", "thermal", "irr"};
    out[0] = '\0';
    for (unsigned i = 0; i < sizeof has / sizeof has[0]; i++) {
        if (has[i]) {
            unsigned at = (unsigned)strlen(out);
            fmt_snprintf(out + at, size - at, "%s%s", at ? "+" : "", reads[i]);
        }
    }
    if (!out[0]) {
        str_copy(out, size, "-");
    }
}
