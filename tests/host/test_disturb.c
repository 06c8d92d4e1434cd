/* The disturbance readings (pmu/x86/disturb.c): which a CPU defines, and
 * how two readings around a repetition are judged. */
#include <string.h>

#include "pmu/x86/disturb.h"
#include "tests/host/check.h"

static struct cpu_info intel(unsigned model)
{
    struct cpu_info c = {.vendor = VENDOR_INTEL, .family = 6, .model = model};
    c.features[FEAT_MSR] = c.features[FEAT_APIC] = true;
    return c;
}

static void caps_per_family(void)
{
    struct disturb_caps caps;
    struct cpu_info c = intel(0x17); /* Core 2 (Penryn) */
    disturb_caps_of(&c, &caps);
    CHECK(!caps.smi_count && caps.irr, "Core 2: no MSR_SMI_COUNT; the IRR");
    c = intel(0x1c); /* Bonnell Atom */
    disturb_caps_of(&c, &caps);
    CHECK(!caps.smi_count, "Bonnell Atom: no MSR_SMI_COUNT");
    c = intel(0x5e); /* Skylake */
    c.features[FEAT_DTS] = c.features[FEAT_PTM] = c.features[FEAT_APERFMPERF] = true;
    disturb_caps_of(&c, &caps);
    char text[48];
    disturb_describe(&caps, text, sizeof text);
    CHECK(caps.smi_count && caps.aperf_mperf && caps.therm && caps.pkg_therm && !caps.pln &&
              !strcmp(text, "smi+aperf_mperf+thermal+irr"),
          "Skylake with DTS, PTM, APERF/MPERF: every reading (%s)", text);
    struct cpu_info amd = {.vendor = VENDOR_AMD, .family = 0x19};
    amd.features[FEAT_MSR] = amd.features[FEAT_APERFMPERF] = true;
    disturb_caps_of(&amd, &caps);
    uint32_t msrs[8];
    unsigned n = disturb_msrs(&caps, msrs, 8);
    CHECK(!caps.smi_count && !caps.therm && n == 2 && msrs[0] == MSR_IA32_MPERF &&
              msrs[1] == MSR_IA32_APERF,
          "AMD family 19h: APERF and MPERF only (%u MSRs)", n);
    struct cpu_info p5 = {.vendor = VENDOR_INTEL, .family = 5};
    disturb_caps_of(&p5, &caps);
    disturb_describe(&caps, text, sizeof text);
    CHECK(!strcmp(text, "-"), "a Pentium without an APIC: nothing to read (%s)", text);
}

static void judging(void)
{
    struct disturb_caps caps;
    struct cpu_info c = intel(0x5e);
    c.features[FEAT_DTS] = c.features[FEAT_PLN] = c.features[FEAT_APERFMPERF] = true;
    disturb_caps_of(&c, &caps);
    struct disturb_reading before = {.smi = 4, .aperf = 1000, .mperf = 1000};
    struct disturb_reading after = {.smi = 4, .aperf = 3000, .mperf = 2000};
    uint64_t ratio;
    CHECK(disturb_judge(&caps, &before, &after, 0, &ratio) == 0 && ratio == 2000,
          "nothing changed: undisturbed, the ratio 2.000 (%llu)", (unsigned long long)ratio);
    CHECK(disturb_judge(&caps, &before, &after, 1960, &ratio) == 0,
          "2 %% off the first repetition's ratio: not a frequency change");
    CHECK(disturb_judge(&caps, &before, &after, 1800, &ratio) == 1u << DISTURB_FREQ,
          "11 %% off it: a frequency change");
    after.smi = 5;
    CHECK(disturb_judge(&caps, &before, &after, 2000, &ratio) == 1u << DISTURB_SMI,
          "the SMI count moved: an SMI");
    after.smi = 4;
    after.therm = 1u << 11;
    CHECK(disturb_judge(&caps, &before, &after, 2000, &ratio) == 1u << DISTURB_THROTTLE,
          "the power-limitation log set (with PLN): throttling");
    after.therm = 1u << 10;
    CHECK(disturb_judge(&caps, &before, &after, 2000, &ratio) == 0,
          "a status bit without its log: not counted (the log says it happened since the clear)");
    after.therm = 0;
    after.irr = true;
    unsigned got = disturb_judge(&caps, &before, &after, 2000, &ratio);
    CHECK(got == 1u << DISTURB_IRR && !(got & DISTURB_REDO),
          "a pending interrupt: counted, not redone");
}

int main(void)
{
    caps_per_family();
    judging();
    return check_summary();
}
