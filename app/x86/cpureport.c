/* Identifies the running CPU and prints what a benchmark depends on. */
#include "app/cpureport.h"

#include "kernel/console.h"
#include "kernel/x86/cpu.h"

void cpu_identify(struct cpu_info *info)
{
    cpuinfo_decode(info, cpuid_decode_fn, 0);
}

static void report_perfmon(const struct cpu_arch_perfmon *pm)
{
    kprintf("arch perfmon: version %u, %u GP counters x %u bits, %u fixed x %u bits\n", pm->version,
            pm->gp_counters, pm->gp_width, pm->fixed_counters, pm->fixed_width);
    kprintf("arch events available:");
    for (unsigned bit = 0; bit < pm->ebx_length && cpu_arch_event_name(bit); bit++) {
        if (!((pm->unavailable >> bit) & 1)) {
            kprintf(" %s", cpu_arch_event_name(bit));
        }
    }
    kprintf("\n");
}

void cpu_report(const struct cpu_info *info)
{
    kprintf("cpu: %s family %u model %u stepping %u (signature 0x%x)\n", info->vendor_string,
            info->family, info->model, info->stepping, (unsigned)info->signature);
    kprintf("cpu: brand \"%s\"\n", info->brand[0] ? info->brand : "(none)");
    kprintf("cpu: max leaf 0x%x, max extended leaf 0x%x, %u logical processor(s) per package\n",
            (unsigned)info->max_leaf, (unsigned)info->max_ext_leaf, info->logical_per_package);
    if (info->features[FEAT_HYPERVISOR]) {
        kprintf("cpu: under a hypervisor: \"%s\"\n",
                info->hypervisor[0] ? info->hypervisor : "(vendor not given)");
    }
    kprintf("cpu: features:");
    for (unsigned f = 0; f < FEAT_COUNT; f++) {
        if (info->features[f]) {
            kprintf(" %s", cpu_feature_name(f));
        }
    }
    kprintf("\n");
    if (info->perfmon.version) {
        report_perfmon(&info->perfmon);
    } else if (info->vendor == VENDOR_INTEL) {
        kprintf("arch perfmon: none (leaf 0xA absent or zero)\n");
    }
    if (info->vendor == VENDOR_AMD) {
        kprintf("amd perfctr: core extension %s, northbridge %s, L2 %s\n",
                info->features[FEAT_AMD_PERFCTR_CORE] ? "yes" : "no",
                info->features[FEAT_AMD_PERFCTR_NB] ? "yes" : "no",
                info->features[FEAT_AMD_PERFCTR_L2] ? "yes" : "no");
    }
}
