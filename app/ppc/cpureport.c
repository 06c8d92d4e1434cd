/* Identifies the PowerPC from its processor version register: the upper
 * half is the processor (0x0004 the 604, 0x0009 the 604e), the lower the
 * revision, major.minor (PowerPC 604e RISC Microprocessor User's Manual,
 * "Processor Version Register"). */
#include "app/cpureport.h"

#include "kernel/console.h"
#include "kernel/ppc/cpu.h"
#include "lib/kstring.h"

static const char *processor_name(unsigned version)
{
    switch (version) {
    case 0x0004:
        return "PowerPC 604";
    case 0x0009:
        return "PowerPC 604e";
    case 0x000a:
        return "PowerPC 604ev (Mach 5)";
    case 0x0008:
        return "PowerPC 750";
    default:
        return "";
    }
}

void cpu_identify(struct cpu_info *info)
{
    uint32_t pvr = mfspr(SPR_PVR);
    memset(info, 0, sizeof *info);
    info->vendor = VENDOR_POWERPC;
    str_copy(info->vendor_string, sizeof info->vendor_string, "PowerPC");
    str_copy(info->brand, sizeof info->brand, processor_name(pvr >> 16));
    info->signature = pvr;
    info->family = pvr >> 16;
    info->model = (pvr >> 8) & 0xff;
    info->stepping = pvr & 0xff;
    info->logical_per_package = 1;
    info->features[FEAT_TSC] = true; /* the time base */
}

void cpu_report(const struct cpu_info *info)
{
    kprintf("cpu: PVR 0x%08x: version 0x%04x (%s), revision %u.%u\n", (unsigned)info->signature,
            info->family, info->brand[0] ? info->brand : "not a 604/604e", info->model,
            info->stepping);
    kprintf("cpu: features: time base\n");
}
