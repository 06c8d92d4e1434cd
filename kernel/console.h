/* The console: every line goes to the serial port (when a UART exists)
 * and to the VGA text screen. On the host, kprintf writes to stdout. */
#ifndef BAREBENCH_CONSOLE_H
#define BAREBENCH_CONSOLE_H

#include <stdarg.h>

void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void kvprintf(const char *fmt, va_list ap);
void console_write(const char *text);

#endif
