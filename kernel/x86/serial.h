/* The 16550 UART at COM1, 8N1 at 115200 baud or a divisor of it. */
#ifndef BAREBENCH_SERIAL_H
#define BAREBENCH_SERIAL_H

#include <stdbool.h>

/* Detects COM1 and programs it with the baud rate divisor (lib/uart.h);
 * false when there is no UART there. */
bool serial_init(unsigned divisor);
void serial_putc(char c);
/* Waits until the last byte has left the transmitter. */
void serial_flush(void);

#endif
