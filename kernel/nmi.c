/* NMI dispatch: the sampler looks for an overflowed counter, the watchdog
 * for its timer; an NMI neither claims (a chipset's, LINT1's) is counted
 * and otherwise ignored, so that no NMI outside a window can end the run. */
#include "nmi.h"

#include "console.h"
#include "desc.h"
#include "sample.h"
#include "watchdog.h"

extern void nmi_stub(void);

static unsigned unclaimed;

void nmi_init(void)
{
    idt_set_gate(2, nmi_stub, 0);
}

void nmi_dispatch(struct trap_frame *f)
{
    bool claimed = sample_nmi(f);
    if (watchdog_nmi(f) || claimed)
        return;
    if (unclaimed++ == 0)
        kprintf("nmi: an NMI nobody claimed at eip %08x (ignored)\n", (unsigned)f->eip);
}
