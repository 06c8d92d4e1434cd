/* The console: kprintf's text goes to every sink the platform added (the
 * serial port when a UART exists, the screen), or to stdout on the host. */
#ifndef BAREBENCH_CONSOLE_H
#define BAREBENCH_CONSOLE_H

#include <stdbool.h>

/* Takes one character; '\n' ends a line (a sink adds what its device needs). */
typedef void (*console_sink)(char c);

/* Adds a sink: text written from then on goes to it too. False when the
 * table is full. */
bool console_add_sink(console_sink sink);

void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Text only console_write_reserved may carry (the machine records' prefix):
 * from then on kprintf writes `instead` (as long) wherever its text holds
 * it, so a human line (a payload's description, a command-line word) never
 * reads as a record. */
void console_reserve(const char *text, const char *instead);

/* Writes line and a line break as they are: the lines the reserved text
 * belongs to. */
void console_write_reserved(const char *line);

#endif
