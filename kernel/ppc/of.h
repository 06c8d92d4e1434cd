/* What Open Firmware says about the machine, asked through its client
 * interface (IEEE 1275-1994, 6.3 "Client interface") while the kernel still
 * runs in the firmware's environment, before boot/ppc/entry.S leaves it.
 * Only the Power Macs enter through Open Firmware (OpenBIOS); a PReP
 * machine does not. */
#ifndef BAREBENCH_PPC_OF_H
#define BAREBENCH_PPC_OF_H

#include <stdint.h>

enum of_memory_status {
    OF_MEMORY_NOT_ASKED, /* no client interface: not entered from Open Firmware */
    OF_MEMORY_FOUND,     /* /memory's "reg" has a bank at address 0 */
    OF_MEMORY_NO_NODE,   /* finddevice("/memory") failed */
    OF_MEMORY_NO_REG,    /* /memory has no usable "reg" property */
    OF_MEMORY_NO_BANK_0, /* no bank starts at address 0 */
};

/* The PCI host bridge a Power Mac's device tree names (a child of the root
 * whose name or compatible says it, as Linux's
 * arch/powerpc/platforms/powermac/pci.c finds them). */
enum of_bridge {
    OF_BRIDGE_NONE,     /* not asked, or none the kernel knows the name of */
    OF_BRIDGE_GRACKLE,  /* MPC106: the G3 "beige" */
    OF_BRIDGE_UNINORTH, /* New World Macs */
    OF_BRIDGE_BANDIT,   /* the 604/604e Macs (7500-9600): not driven yet */
};

struct of_machine {
    enum of_memory_status memory;
    uint32_t bank0_size; /* bytes of RAM from address 0 (4 GiB - 1 at most) */
    enum of_bridge bridge;
    char bootargs[256];    /* /chosen's "bootargs": what follows the file on the boot command */
    uint32_t bootargs_len; /* its length: more than bootargs holds when it was cut */
    uint32_t timebase_hz;  /* the time base's ticks per second; 0: not said */
};

/* Filled by of_ask (in .data: .bss is cleared after it runs). */
extern struct of_machine of_machine;

/* boot/ppc/entry.S's first call on Open Firmware's entry: cif is the client
 * interface's entry point (r5, the PowerPC binding of IEEE 1275), 0 where
 * there is none. Runs on the firmware's stack, with its translation. On a
 * Mac whose host bridge the kernel does not drive, it says so on the
 * firmware's console, the only one there is. */
void of_ask(uintptr_t cif);

#endif
