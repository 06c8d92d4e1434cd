/* Which libpfm4 PMU each CPU takes: the detection rules of libpfm4 4.13,
 * which its public API does not expose. Intel: the cpu_models lists of
 * lib/pfmlib_intel_{nhm,wsm,snb,ivb,hsw,bdw,skl,icl,spr,slm,glm,tmt}.c
 * (family 6; Skylake-SP model 0x55 is skx below stepping 5 and clx from
 * it, pfm_skx_detect and pfm_clx_detect). AMD: amd64_get_revision() in
 * lib/pfmlib_amd64.c (family 17h: Zen 2 from model 0x30; family 19h:
 * Zen 3 on models 0x00-0x0F and 0x20-0x5F, Zen 4 on model 0x11).
 * Hygon's family 18h (Dhyana, a licensed Zen 1) takes the Zen 1 table,
 * as Linux drives it with AMD's family 17h code (arch/x86/events/amd/
 * core.c, amd_pmu_init; libpfm4 4.13 does not know the vendor). */
#include "pmu/x86/events_pfm.h"

#define INTEL(lo, hi, name)       {VENDOR_INTEL, 6, (lo), (hi), 0, 0xf, (name)}
#define AMD(family, lo, hi, name) {VENDOR_AMD, (family), (lo), (hi), 0, 0xf, (name)}

const struct pfm_cpu pfm_cpus[] = {
    INTEL(26, 26, "nhm"), /* Nehalem */
    INTEL(30, 31, "nhm"),
    INTEL(46, 46, "nhm_ex"),
    INTEL(37, 37, "wsm"),    /* Clarkdale */
    INTEL(44, 44, "wsm_dp"), /* Westmere-EP, Gulftown */
    INTEL(47, 47, "wsm_dp"), /* Westmere E7 */
    INTEL(42, 42, "snb"),
    INTEL(45, 45, "snb_ep"),
    INTEL(58, 58, "ivb"),
    INTEL(62, 62, "ivb_ep"),
    INTEL(60, 60, "hsw"),
    INTEL(69, 70, "hsw"),
    INTEL(63, 63, "hsw_ep"),
    INTEL(61, 61, "bdw"), /* Core-M */
    INTEL(71, 71, "bdw"), /* with GT3e */
    INTEL(79, 79, "bdw_ep"),
    INTEL(86, 86, "bdw_ep"), /* Xeon D */
    INTEL(78, 78, "skl"),
    INTEL(94, 94, "skl"),
    INTEL(142, 142, "skl"), /* Kaby Lake */
    INTEL(158, 158, "skl"),
    INTEL(165, 166, "skl"), /* Comet Lake */
    {VENDOR_INTEL, 6, 85, 85, 0, 4, "skx"},
    {VENDOR_INTEL, 6, 85, 85, 5, 0xf, "clx"},
    INTEL(108, 108, "icl"), /* Ice Lake-D */
    INTEL(125, 126, "icl"),
    INTEL(157, 157, "icl"), /* Ice Lake NNPI */
    INTEL(140, 141, "icl"), /* Tiger Lake */
    INTEL(167, 167, "icl"), /* Rocket Lake */
    INTEL(106, 106, "icx"),
    INTEL(143, 143, "spr"),
    INTEL(55, 55, "slm"),
    INTEL(76, 77, "slm"), /* Airmont, Avoton */
    INTEL(92, 92, "glm"),
    INTEL(95, 95, "glm"),   /* Denverton */
    INTEL(134, 134, "tmt"), /* Jacobsville, Snow Ridge */
    INTEL(150, 150, "tmt"), /* Elkhart Lake */
    AMD(0x17, 0x00, 0x2f, "amd64_fam17h_zen1"),
    AMD(0x17, 0x30, 0xff, "amd64_fam17h_zen2"),
    AMD(0x18, 0x00, 0xff, "amd64_fam17h_zen1"), /* Hygon */
    AMD(0x19, 0x00, 0x0f, "amd64_fam19h_zen3"),
    AMD(0x19, 0x20, 0x5f, "amd64_fam19h_zen3"),
    AMD(0x19, 0x11, 0x11, "amd64_fam19h_zen4"),
};

const unsigned pfm_n_cpus = PMU_ARRAY_SIZE(pfm_cpus);

const char *pfm_pmu_of(const struct cpu_info *cpu)
{
    for (unsigned i = 0; i < pfm_n_cpus; i++) {
        const struct pfm_cpu *c = &pfm_cpus[i];
        if (c->vendor == cpu->vendor && c->family == cpu->family && c->model_lo <= cpu->model &&
            cpu->model <= c->model_hi && c->stepping_lo <= cpu->stepping &&
            cpu->stepping <= c->stepping_hi) {
            return c->pfm_name;
        }
    }
    return NULL;
}
