/* NMI dispatch: every claimant is asked (two sources can fire together),
 * and an NMI nobody claims (a chipset's, LINT1's) is reported once. */
#include "kernel/x86/nmi.h"

#include "kernel/console.h"
#include "kernel/x86/desc.h"

#define NMI_MAX_CLAIMANTS 4

extern void nmi_stub(void);

static nmi_claimant claimants[NMI_MAX_CLAIMANTS];
static unsigned n_claimants;
static unsigned unclaimed;

void nmi_init(void)
{
    idt_set_gate(2, nmi_stub, 0);
}

bool nmi_add_claimant(nmi_claimant claimant)
{
    if (n_claimants == NMI_MAX_CLAIMANTS) {
        return false;
    }
    claimants[n_claimants++] = claimant;
    return true;
}

void nmi_dispatch(struct trap_frame *f)
{
    bool claimed = false;
    for (unsigned i = 0; i < n_claimants; i++) {
        claimed |= claimants[i](f);
    }
    if (!claimed && unclaimed++ == 0) {
        kprintf("nmi: an NMI nobody claimed at %s %0*lx (ignored)\n", trap_pc_name,
                (int)(2 * sizeof f->ip), (unsigned long)f->ip);
    }
}
