/* Provenance on bare-metal x86: the microcode revision from MSR 0x8B, the
 * firmware type from what the loader passed, and SMBIOS from the BIOS F
 * segment or UEFI's configuration table, read through the identity map. */
#include "app/provenance.h"

#include "app/x86/bootinfo.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/paging.h"
#include "kernel/x86/probe.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define MSR_MICROCODE 0x8b

/* Intel: write 0 to IA32_BIOS_SIGN_ID, execute CPUID leaf 1, read the
 * revision from bits 63:32 (SDM vol. 3A, "Microcode Update Facilities",
 * "Determining the Signature"; P6 on, and NetBurst). AMD: PATCH_LEVEL,
 * bits 31:0 (BKDG for AMD family 10h, MSR0000_008B; family 10h on). */
static void read_microcode(struct provenance *p, const struct cpu_info *cpu)
{
    uint64_t v;
    bool intel = cpu->vendor == VENDOR_INTEL && (cpu->family == 6 || cpu->family == 15);
    bool amd = cpu->vendor == VENDOR_AMD && cpu->family >= 0x10;
    str_copy(p->microcode, sizeof p->microcode, "-");
    if (!intel && !amd) {
        fmt_snprintf(p->microcode_how, sizeof p->microcode_how,
                     "no microcode revision MSR on %s family %u", cpu->vendor_string, cpu->family);
        return;
    }
    if (intel) {
        struct cpuid_regs r;
        int wrote = wrmsr_safe(MSR_MICROCODE, 0);
        cpuid_raw(1, 0, &r);
        if (wrote < 0 || rdmsr_safe(MSR_MICROCODE, &v) < 0) {
            fmt_snprintf(p->microcode_how, sizeof p->microcode_how,
                         "IA32_BIOS_SIGN_ID (MSR 0x8b) faulted");
            return;
        }
        v >>= 32;
    } else if (rdmsr_safe(MSR_MICROCODE, &v) < 0) {
        fmt_snprintf(p->microcode_how, sizeof p->microcode_how, "PATCH_LEVEL (MSR 0x8b) faulted");
        return;
    } else {
        v &= 0xffffffffu;
    }
    fmt_snprintf(p->microcode, sizeof p->microcode, "0x%llx", (unsigned long long)v);
    fmt_snprintf(p->microcode_how, sizeof p->microcode_how, "%s (MSR 0x8b)",
                 intel ? "IA32_BIOS_SIGN_ID bits 63:32 after CPUID" : "PATCH_LEVEL bits 31:0");
}

/* Physical memory through the identity map, below 4 GiB and mapped only. */
static const uint8_t *map(uint64_t addr, size_t len)
{
    if (!len || addr + len > 0x100000000ull || addr + len < addr) {
        return 0;
    }
    for (uint64_t page = addr & ~0xfffull; page < addr + len; page += 0x1000) {
        if (!paging_maps(page)) {
            return 0;
        }
    }
    return (const uint8_t *)(uintptr_t)addr;
}

static void read_smbios(struct provenance *p, const struct boot_info *boot)
{
    struct smbios_table t;
    uint64_t entry = 0;
    const uint8_t *ep;
    if (boot->efi_bits) {
        entry = smbios_efi_entry(boot->efi_systab, boot->efi_bits == 64, map);
        ep = entry ? map(entry, 0x20) : 0;
        if (!ep || !smbios_entry_point(ep, 0x20, &t)) {
            fmt_snprintf(p->smbios_from, sizeof p->smbios_from,
                         "no SMBIOS entry point in the EFI configuration table");
            return;
        }
    } else {
        const uint8_t *f = map(0xf0000, 0x10000);
        long at = f ? smbios_scan(f, 0x10000, &t) : -1;
        if (at < 0) {
            fmt_snprintf(p->smbios_from, sizeof p->smbios_from,
                         "no SMBIOS entry point in the F segment (0xf0000-0xfffff)");
            return;
        }
        entry = 0xf0000 + (uint64_t)at;
    }
    const uint8_t *table = map(t.addr, t.length);
    if (!table) {
        fmt_snprintf(p->smbios_from, sizeof p->smbios_from,
                     "SMBIOS %u.%u table at 0x%llx is not mapped", t.major, t.minor,
                     (unsigned long long)t.addr);
        return;
    }
    smbios_read(table, t.length, &p->smbios);
    fmt_snprintf(p->smbios_from, sizeof p->smbios_from, "SMBIOS %u.%u entry point at 0x%llx%s",
                 t.major, t.minor, (unsigned long long)entry,
                 boot->efi_bits ? " (EFI configuration table)" : "");
}

void provenance_read(struct provenance *p, const struct cpu_info *cpu)
{
    const struct boot_info *boot = x86_boot_info();
    *p = (struct provenance){0};
    read_microcode(p, cpu);
    if (boot->efi_bits) {
        str_copy(p->firmware, sizeof p->firmware, "uefi");
        fmt_snprintf(p->firmware_how, sizeof p->firmware_how,
                     "multiboot2 passed the %u-bit EFI system table at 0x%llx", boot->efi_bits,
                     (unsigned long long)boot->efi_systab);
    } else {
        str_copy(p->firmware, sizeof p->firmware, "bios");
        fmt_snprintf(p->firmware_how, sizeof p->firmware_how,
                     "multiboot%u without an EFI system table: a legacy BIOS boot", boot->protocol);
    }
    read_smbios(p, boot);
}
