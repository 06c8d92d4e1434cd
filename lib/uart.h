/* The 16550 UART's baud rate: its 1.8432 MHz clock divided by 16 makes
 * 115200 baud, and the divisor latch divides that (National
 * Semiconductor PC16550D data sheet, "Baud Rate Generator"). PC COM ports
 * and the PReP machines' COM1 use that clock. */
#ifndef BAREBENCH_UART_H
#define BAREBENCH_UART_H

#include <stdint.h>

#define UART_BASE_BAUD 115200u

/* The divisor latch value for baud, or 0 where no whole divisor makes it
 * (the speed is not 115200 / N). */
unsigned uart_divisor(uint32_t baud);

#endif
