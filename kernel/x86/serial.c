/* COM1 driver. Detection uses the scratch register and the loopback mode,
 * so a machine without a UART (many laptops) keeps running on VGA alone. */
#include "kernel/x86/serial.h"

#include "kernel/x86/cpu.h"

#define COM1             0x3f8
#define REG_DATA         0
#define REG_IER          1
#define REG_DIVISOR_LO   0
#define REG_DIVISOR_HI   1
#define REG_FCR          2
#define REG_LCR          3
#define REG_MCR          4
#define REG_LSR          5
#define REG_SCRATCH      7
#define LCR_DLAB         0x80
#define LCR_8N1          0x03
#define LSR_THR_EMPTY    0x20
#define LSR_TX_IDLE      0x40
#define MCR_LOOPBACK     0x10
#define MCR_DTR_RTS_OUT2 0x0b
/* Bounds every wait so that a stuck UART cannot hang the run. */
#define SPIN_LIMIT 1000000

static bool present;

bool serial_init(unsigned divisor)
{
    outb(COM1 + REG_SCRATCH, 0x5a);
    if (inb(COM1 + REG_SCRATCH) != 0x5a) {
        return false;
    }
    outb(COM1 + REG_IER, 0);
    outb(COM1 + REG_LCR, LCR_DLAB);
    outb(COM1 + REG_DIVISOR_LO, divisor & 0xff);
    outb(COM1 + REG_DIVISOR_HI, divisor >> 8);
    outb(COM1 + REG_LCR, LCR_8N1);
    outb(COM1 + REG_FCR, 0xc7); /* enable and clear the FIFOs */
    outb(COM1 + REG_MCR, MCR_LOOPBACK | MCR_DTR_RTS_OUT2);
    outb(COM1 + REG_DATA, 0xae);
    bool echoed = false;
    for (int i = 0; i < SPIN_LIMIT && !echoed; i++) {
        echoed = (inb(COM1 + REG_LSR) & 1) != 0;
    }
    if (!echoed || inb(COM1 + REG_DATA) != 0xae) {
        return false;
    }
    outb(COM1 + REG_MCR, MCR_DTR_RTS_OUT2);
    present = true;
    return true;
}

static void wait_lsr(unsigned char bit)
{
    for (int i = 0; i < SPIN_LIMIT && !(inb(COM1 + REG_LSR) & bit); i++)
        ;
}

void serial_putc(char c)
{
    if (!present) {
        return;
    }
    if (c == '\n') {
        serial_putc('\r'); /* terminals want CR LF */
    }
    wait_lsr(LSR_THR_EMPTY);
    outb(COM1 + REG_DATA, (uint8_t)c);
}

void serial_flush(void)
{
    if (present) {
        wait_lsr(LSR_TX_IDLE);
    }
}
