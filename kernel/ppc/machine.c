/* Machine detection and the serial console on PReP and Power Macs.
 *
 * PReP (IBM 40p): ISA I/O space at physical 0x80000000, so COM1's 16550 is
 * at 0x800003f8 and PCI configuration goes through 0xcf8/0xcfc there (PReP
 * Specification, "Processor Bus Memory Map"). Power Macs: the host bridge,
 * which Open Firmware names (kernel/ppc/of.c), decides where configuration
 * space is (Grackle: address 0xfec00000, data
 * 0xfee00000; UniNorth: 0xf2800000 and 0xf2c00000, as Linux's
 * arch/powerpc/platforms/powermac/pci.c sets them up); the serial port is
 * channel A of the Zilog 8530 SCC in the Mac I/O controller, whose base
 * is that device's BAR 0 (Linux's drivers/tty/serial/pmac_zilog.c). */
#include "kernel/ppc/machine.h"

#include "kernel/console.h"
#include "kernel/ppc/cpu.h"
#include "kernel/ppc/of.h"

struct ppc_machine_info machine;

#define PREP_IO       0x80000000u
#define UART_BASE     (PREP_IO + 0x3f8)
#define UART_LSR      5
#define UART_LSR_THRE 0x20
#define UART_LSR_TEMT 0x40

/* The SCC's channel A, control and data, in the Mac I/O space. */
#define SCC_A_CTRL   0x13020
#define SCC_A_DATA   0x13030
#define SCC_TX_EMPTY 0x04 /* RR0 bit 2 */

#define PCI_VENDOR_APPLE   0x106b
#define PCI_VENDOR_REDHAT  0x1b36
#define PCI_DEVICE_PVPANIC 0x0011
#define PCI_CLASS_MACIO    0xff00 /* Apple's "other" class for Heathrow/KeyLargo */

struct pci_host {
    uintptr_t addr, data;
};

static struct pci_host host;

static uint32_t pci_read(unsigned dev, unsigned reg)
{
    io_write32le(host.addr, 0x80000000u | dev << 11 | (reg & 0xfc));
    return io_read32le(host.data);
}

static void pci_write(unsigned dev, unsigned reg, uint32_t v)
{
    io_write32le(host.addr, 0x80000000u | dev << 11 | (reg & 0xfc));
    io_write32le(host.data, v);
}

/* Nobody assigns the pvpanic device's BAR (the 40p boots without
 * firmware; OpenBIOS skips device classes it does not know): give it a
 * window in PCI memory, which the CPU sees at 0xc0000000 on PReP and 1:1 on
 * the Macs, above what OpenBIOS hands out from 0x80000000. */
#define PREP_PCI_MEM    0xc0000000u
#define PREP_PVPANIC_AT 0x01000000u
#define MAC_PVPANIC_AT  0x8f000000u

static void find_devices(void)
{
    for (unsigned dev = 0; dev < 32; dev++) {
        uint32_t id = pci_read(dev, 0);
        if (id == 0xffffffffu || id == 0) {
            continue;
        }
        uint32_t class = pci_read(dev, 8) >> 16;
        uint32_t bar = pci_read(dev, 0x10);
        if ((id & 0xffff) == PCI_VENDOR_APPLE && class == PCI_CLASS_MACIO) {
            machine.macio = bar & ~0xfu;
        }
        if ((id & 0xffff) == PCI_VENDOR_REDHAT && id >> 16 == PCI_DEVICE_PVPANIC) {
            if (!(bar & ~0xfu)) {
                bool prep = machine.kind == MACHINE_PREP;
                pci_write(dev, 0x10, prep ? PREP_PVPANIC_AT : MAC_PVPANIC_AT);
                bar = prep ? PREP_PCI_MEM + PREP_PVPANIC_AT : MAC_PVPANIC_AT;
            }
            /* OpenBIOS assigns the BAR but leaves decoding off. */
            pci_write(dev, 4, pci_read(dev, 4) | 2); /* memory space on */
            /* Its BAR is narrower than 16 bytes, so bits 1-3 are address
             * bits here (docs/emulators.md): only bit 0 is not. */
            machine.pvpanic = bar & ~1u;
        }
    }
}

static void uart_putc(char c)
{
    if (c == '\n') {
        uart_putc('\r');
    }
    for (int i = 0; i < 100000 && !(io_read8(UART_BASE + UART_LSR) & UART_LSR_THRE); i++)
        ;
    io_write8(UART_BASE, (uint8_t)c);
}

static void scc_putc(char c)
{
    if (c == '\n') {
        scc_putc('\r');
    }
    for (int i = 0; i < 100000 && !(io_read8(machine.macio + SCC_A_CTRL) & SCC_TX_EMPTY); i++)
        ;
    io_write8(machine.macio + SCC_A_DATA, (uint8_t)c);
}

/* 8N1 on the 16550, at 115200 baud / divisor (its 1.8432 MHz clock). */
static void uart_init(unsigned divisor)
{
    io_write8(UART_BASE + 1, 0);    /* no interrupts */
    io_write8(UART_BASE + 3, 0x80); /* divisor latch */
    io_write8(UART_BASE + 0, divisor & 0xff);
    io_write8(UART_BASE + 1, divisor >> 8);
    io_write8(UART_BASE + 3, 0x03); /* 8N1 */
    io_write8(UART_BASE + 2, 0x07); /* FIFOs on and cleared */
    io_write8(UART_BASE + 4, 0x03);
}

/* Transmitter on, 8 bits (SCC write registers 3 and 5; Zilog Z8530 SCC
 * manual); the rate stays as the firmware set it. */
static void scc_init(void)
{
    uintptr_t ctrl = machine.macio + SCC_A_CTRL;
    io_write8(ctrl, 5);
    io_write8(ctrl, 0x68); /* Tx 8 bits, Tx enable */
}

void machine_init(enum ppc_entry entry, unsigned divisor)
{
    if (entry == ENTRY_PREP) {
        machine.kind = MACHINE_PREP;
        machine.name = "PReP";
        host = (struct pci_host){PREP_IO + 0xcf8, PREP_IO + 0xcfc};
        /* Both 8259s masked: nothing may interrupt (MSR[EE] stays 0 too). */
        io_write8(PREP_IO + 0x21, 0xff);
        io_write8(PREP_IO + 0xa1, 0xff);
    } else if (of_machine.bridge == OF_BRIDGE_GRACKLE) {
        machine.kind = MACHINE_GRACKLE;
        machine.name = "Power Mac (Grackle)";
        host = (struct pci_host){0xfec00000u, 0xfee00000u};
    } else if (of_machine.bridge == OF_BRIDGE_UNINORTH) {
        machine.kind = MACHINE_UNINORTH;
        machine.name = "Power Mac (UniNorth)";
        host = (struct pci_host){0xf2800000u, 0xf2c00000u};
    } else {
        /* No PCI access where Open Firmware names no bridge the kernel
         * drives: a Bandit (every 604/604e Mac) may answer the other
         * bridges' addresses with a machine check (of_ask said so on the
         * firmware's console). */
        machine.kind = MACHINE_MAC_OTHER;
        machine.name = of_machine.bridge == OF_BRIDGE_BANDIT ? "Power Mac (Bandit)"
                                                             : "Power Mac (unknown host bridge)";
        return;
    }
    find_devices();
    if (machine.kind == MACHINE_PREP) {
        uart_init(divisor);
        machine.serial = console_add_sink(uart_putc);
    } else if (machine.macio) {
        scc_init();
        machine.serial = console_add_sink(scc_putc);
    }
}

void machine_serial_flush(void)
{
    if (machine.kind == MACHINE_PREP) {
        for (int i = 0; i < 1000000 && !(io_read8(UART_BASE + UART_LSR) & UART_LSR_TEMT); i++)
            ;
    }
}
