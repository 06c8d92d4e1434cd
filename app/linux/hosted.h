/* What the hosted run obtained from Linux, said on the console as it is set
 * up and put on record as `cond` records after the boot record: the kernel
 * release, the CPU the process is pinned to, the scheduling policy, the
 * page size of the benchmark buffers and the counters it reads. */
#ifndef BAREBENCH_HOSTED_H
#define BAREBENCH_HOSTED_H

#include <stdbool.h>

struct hosted_fact {
    char value[24];
    char detail[224];
};

struct hosted_facts {
    struct hosted_fact kernel, cpu, sched, pages, counters;
    int pinned_cpu; /* -1: not pinned */
    /* Windows measured again because the process was switched out during
     * them, and windows kept though it was, after the last try. */
    unsigned windows_redone, windows_kept_disturbed;
};

extern struct hosted_facts hosted;

/* Reads the kernel release. */
void hosted_machine_init(void);

/* Pins the process to one CPU (cpu=N, or the least loaded), asks for
 * SCHED_FIFO, maps the benchmark buffers (wss= sizes them) and locks the
 * process in memory. */
void hosted_process_init(void);

/* Decides what the run counts with and says why: perf's events where
 * Linux offers a PMU (read by RDPMC in the window, or by read() outside
 * it), else the TSC (the pmu= choice is then tsc). */
void hosted_counters_init(void);

/* The facts as cond records. */
void hosted_record(void);

/* The windows redone, as a cond record (after the suite). */
void hosted_record_redone(void);

#endif
