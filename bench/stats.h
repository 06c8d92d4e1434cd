/* Statistics over repeated measurements, in integer arithmetic: the kernel
 * has no floating point. Values are fixed-point (times 100) per iteration. */
#ifndef BAREBENCH_STATS_H
#define BAREBENCH_STATS_H

#include <stdint.h>

struct stats {
    unsigned n;
    int64_t min, median, mean, max;
    int64_t trimmed; /* mean of the middle 60 % (nanoBench's AVG_20_80) */
};

/* Summarises values[0..n) (all zero when n is 0); sorts values in place. */
void stats_compute(int64_t *values, unsigned n, struct stats *out);

/* Per-iteration value times 100 of a count over `iterations` iterations,
 * rounded to nearest. */
int64_t stats_per_iteration_x100(int64_t count, uint32_t iterations);

#endif
