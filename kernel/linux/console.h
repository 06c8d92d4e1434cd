/* The hosted program's console: standard output, written a line at a time
 * (a write per character would cost a system call each). */
#ifndef BAREBENCH_LINUX_CONSOLE_H
#define BAREBENCH_LINUX_CONSOLE_H

/* Adds standard output as a console sink (kernel/console.h). */
void linux_console_init(void);

/* Writes what is buffered: before the process ends or blocks. */
void linux_console_flush(void);

#endif
