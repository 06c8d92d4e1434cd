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

struct of_memory {
    enum of_memory_status status;
    uint32_t bank0_size; /* bytes of RAM from address 0 (4 GiB - 1 at most) */
};

/* Filled by of_memory_ask (in .data: .bss is cleared after it runs). */
extern struct of_memory of_memory;

/* boot/ppc/entry.S's first call on Open Firmware's entry: cif is the client
 * interface's entry point (r5, the PowerPC binding of IEEE 1275), 0 where
 * there is none. Runs on the firmware's stack, with its translation. */
void of_memory_ask(uintptr_t cif);

#endif
