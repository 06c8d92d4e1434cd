/* Local APIC and I/O APIC registers (Intel SDM vol. 3A ch. 10; 82093AA
 * I/O APIC datasheet). Both are memory-mapped, 32-bit accesses only. */
#include "kernel/x86/apic.h"

#include "kernel/x86/paging.h"
#include "kernel/x86/probe.h"

#define MSR_APIC_BASE     0x1b
#define APIC_BASE_ENABLE  (1ull << 11)
#define APIC_REG_ID       0x20
#define APIC_REG_SVR      0xf0
#define APIC_SVR_ENABLE   0x100u
#define APIC_SPURIOUS     0xff
#define APIC_REG_LVTPC    0x340
#define APIC_REG_IRR      0x200 /* 8 registers, 16 bytes apart */
#define APIC_DELIVERY_NMI 0x400u

#define IOAPIC_BASE        0xfec00000u
#define IOAPIC_REGSEL      0x00
#define IOAPIC_WINDOW      0x10
#define IOAPIC_REG_VERSION 0x01
#define IOAPIC_REG_REDIR   0x10

static volatile uint32_t *lapic;

static uint32_t lapic_read(unsigned reg)
{
    return lapic[reg / 4];
}

static void lapic_write(unsigned reg, uint32_t v)
{
    lapic[reg / 4] = v;
}

const char *apic_init(const struct cpu_info *cpu)
{
    uint64_t base;
    if (lapic) {
        return 0;
    }
    if (!cpu->features[FEAT_APIC]) {
        return "the CPU has no local APIC (CPUID.1:EDX.APIC = 0)";
    }
    if (!cpu->features[FEAT_MSR] || rdmsr_safe(MSR_APIC_BASE, &base)) {
        return "IA32_APIC_BASE cannot be read";
    }
    uint32_t addr = (uint32_t)base & 0xfffff000u;
    if (!paging_maps(addr) || !paging_maps(IOAPIC_BASE)) {
        return "the APIC registers are not mapped (no 4 MiB pages)";
    }
    if (!(base & APIC_BASE_ENABLE) && wrmsr_safe(MSR_APIC_BASE, base | APIC_BASE_ENABLE)) {
        return "the local APIC cannot be enabled";
    }
    lapic = (volatile uint32_t *)(uintptr_t)addr;
    lapic_write(APIC_REG_SVR, lapic_read(APIC_REG_SVR) | APIC_SVR_ENABLE | APIC_SPURIOUS);
    return 0;
}

bool apic_irr_pending(void)
{
    for (unsigned i = 0; lapic && i < 8; i++) {
        if (lapic_read(APIC_REG_IRR + 16 * i)) {
            return true;
        }
    }
    return false;
}

uint32_t apic_id(void)
{
    return lapic_read(APIC_REG_ID) >> 24;
}

void apic_pmi_as_nmi(void)
{
    lapic_write(APIC_REG_LVTPC, APIC_DELIVERY_NMI);
}

static volatile uint32_t *const ioapic = (volatile uint32_t *)IOAPIC_BASE;

static uint32_t ioapic_read(unsigned reg)
{
    ioapic[IOAPIC_REGSEL / 4] = reg;
    return ioapic[IOAPIC_WINDOW / 4];
}

static void ioapic_write(unsigned reg, uint32_t v)
{
    ioapic[IOAPIC_REGSEL / 4] = reg;
    ioapic[IOAPIC_WINDOW / 4] = v;
}

bool ioapic_present(unsigned *pins)
{
    if (!lapic) {
        return false;
    }
    uint32_t version = ioapic_read(IOAPIC_REG_VERSION);
    if (version == 0xffffffffu || version == 0) {
        return false; /* nothing decodes the address */
    }
    *pins = ((version >> 16) & 0xff) + 1;
    return true;
}

void ioapic_route_nmi(unsigned pin)
{
    /* High word: destination APIC ID (physical mode). Low word: delivery
     * mode NMI (the vector is ignored), edge, active high, unmasked. */
    ioapic_write(IOAPIC_REG_REDIR + 2 * pin + 1, apic_id() << 24);
    ioapic_write(IOAPIC_REG_REDIR + 2 * pin, APIC_DELIVERY_NMI);
}
