/* The local APIC and the I/O APIC, as far as the watchdog and the PMI
 * need them: find and enable the local APIC, route an I/O APIC pin as an
 * NMI, point the performance-counter LVT entry (LVTPC) at the NMI. */
#ifndef BAREBENCH_APIC_H
#define BAREBENCH_APIC_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/cpuinfo.h"

/* Enables the local APIC (IA32_APIC_BASE global enable, SVR software
 * enable). Returns NULL, or why there is none to use. */
const char *apic_init(const struct cpu_info *cpu);

/* The local APIC's ID (the destination for I/O APIC messages). */
uint32_t apic_id(void);

/* Whether an interrupt is pending in the local APIC's IRR (SDM vol. 3A,
 * "Interrupt Request Register"); false without a mapped APIC. */
bool apic_irr_pending(void);

/* LVTPC = NMI delivery, unmasked. Some CPUs (Pentium 4, Core) set the
 * LVTPC mask bit when they deliver a PMI: call again after each one. */
void apic_pmi_as_nmi(void);

/* Whether an I/O APIC answers at 0xFEC00000; *pins gets its number of
 * redirection entries. */
bool ioapic_present(unsigned *pins);

/* Redirection entry `pin`: NMI to this CPU, edge-triggered, active high. */
void ioapic_route_nmi(unsigned pin);

#endif
