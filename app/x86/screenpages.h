/* The end-of-run screen for a person with no serial port: the results,
 * one line per benchmark, then the run's machine records as QR codes,
 * page k of n, turning by themselves (and by PgUp/PgDn). */
#ifndef BAREBENCH_SCREENPAGES_H
#define BAREBENCH_SCREENPAGES_H

#include "kernel/screen.h"

/* Keeps one machine record (the records go on the QR pages). */
void screenpages_record(const char *line);

/* Shows the pages round and round, seconds each; never returns. other: a
 * display the screen may switch to (NULL: none), taken when it needs fewer
 * QR pages for the records than the one in use. */
void screenpages_run(unsigned seconds, const struct screen_device *other) __attribute__((noreturn));

#endif
