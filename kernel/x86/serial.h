/* The 16550 UART at COM1, 115200 baud 8N1. */
#ifndef BAREBENCH_SERIAL_H
#define BAREBENCH_SERIAL_H

#include <stdbool.h>

/* Detects and programs COM1; false when there is no UART there. */
bool serial_init(void);
void serial_putc(char c);
/* Waits until the last byte has left the transmitter. */
void serial_flush(void);

#endif
