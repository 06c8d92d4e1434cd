/* Which disturbances a CPU can show, and the judgement of two readings. */
#include "pmu/x86/disturb.h"

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

unsigned disturb_msrs(const struct disturb_caps *caps, uint32_t *out, unsigned max)
{
    const struct {
        bool has;
        uint32_t msr;
    } all[] = {{caps->smi_count, MSR_SMI_COUNT},
               {caps->aperf_mperf, MSR_IA32_MPERF},
               {caps->aperf_mperf, MSR_IA32_APERF},
               {caps->therm, MSR_IA32_THERM_STATUS},
               {caps->pkg_therm, MSR_IA32_PACKAGE_THERM_STATUS}};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof all / sizeof all[0] && n < max; i++) {
        if (all[i].has) {
            out[n++] = all[i].msr;
        }
    }
    return n;
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
