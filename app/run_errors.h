/* What the run does not do of what was asked (an option ignored, a
 * selection that matched nothing, events dropped, samples impossible, a
 * module refused): one console line when it is found, and an `error`
 * record, which `barebench run` fails a target on. */
#ifndef BAREBENCH_RUN_ERRORS_H
#define BAREBENCH_RUN_ERRORS_H

/* Prints "WHERE: MESSAGE" and records `error,WHERE,MESSAGE`: at once once
 * the boot record is out, else kept until run_errors_record. */
void run_error(const char *where, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Right after the boot record: the errors found before it (records start
 * there), then every later one as it comes. */
void run_errors_record(void);

#endif
