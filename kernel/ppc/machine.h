/* The machine the PowerPC kernel runs on, and what it found there: the
 * serial port, the PCI host bridge, the Mac I/O controller, the pvpanic
 * device the emulator offers for a failing exit. */
#ifndef BAREBENCH_PPC_MACHINE_H
#define BAREBENCH_PPC_MACHINE_H

#include <stdbool.h>
#include <stdint.h>

/* How boot/ppc/entry.S was entered (boot/ppc/regs.h's PLATFORM_*). */
enum ppc_entry { ENTRY_PREP = 0, ENTRY_OF = 1 };

enum ppc_machine {
    MACHINE_PREP,      /* PReP (IBM 40p): ISA I/O at 0x80000000, Raven host bridge */
    MACHINE_GRACKLE,   /* Power Macintosh G3 "beige" (Grackle host bridge, Heathrow) */
    MACHINE_UNINORTH,  /* New World Power Mac (UniNorth host bridge, KeyLargo) */
    MACHINE_MAC_OTHER, /* a Power Mac whose host bridge the kernel does not drive (Bandit) */
};

struct ppc_machine_info {
    enum ppc_machine kind;
    const char *name;
    uintptr_t macio;   /* Mac I/O base (BAR 0), 0 where absent */
    uintptr_t pvpanic; /* the pvpanic-pci register, 0 where absent */
    bool serial;       /* a serial port was found */
};

extern struct ppc_machine_info machine;

/* Finds the machine's devices and adds the serial console sink; divisor:
 * the PReP COM1's baud rate divisor (lib/uart.h; the Macs' SCC keeps the
 * rate the firmware set). */
void machine_init(enum ppc_entry entry, unsigned divisor);

/* Waits until the serial port has sent everything. */
void machine_serial_flush(void);

#endif
