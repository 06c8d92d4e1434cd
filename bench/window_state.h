/* What a generated window reads and writes by absolute address, and how
 * it ends: shared by the window runner (bench/window_run.c) and each
 * architecture's generator (bench/<arch>/window.c). Not for other code. */
#ifndef BAREBENCH_WINDOW_STATE_H
#define BAREBENCH_WINDOW_STATE_H

#include <stdint.h>

#include "bench/window.h"

/* The body's starting registers, loaded by the window's code; those the
 * reads leave alone are stored back after the end reads. */
extern struct payload_regs window_regs;

/* The ECX of each RDPMC or RDMSR read, loaded by the window's code: the
 * window's own (struct window.read_index), unless the platform moved the
 * counter since (window_set_read_index). */
extern uintptr_t window_read_index[WINDOW_MAX_READS];

/* The counter reads before and after the body. */
extern uint64_t window_start[WINDOW_MAX_READS], window_end[WINDOW_MAX_READS];

/* A generator's last step: the window's reads, their number and indices. */
void window_keep_reads(struct window *w, const struct pmu_read *reads, unsigned n);

/* 0: a window returns; else the interrupt vector that ends it (ring 3). */
extern uint8_t window_exit_vector;

#endif
