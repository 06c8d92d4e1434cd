/* sweep=: the suite measures each benchmark once per value of one numeric
 * option (lib/sweep.h), each point under its own name, NAME/OPTION=VALUE
 * (chase/wss=64), so that every point keeps its own records. */
#ifndef BAREBENCH_SUITE_SWEEP_H
#define BAREBENCH_SUITE_SWEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/measure.h"
#include "bench/payload.h"
#include "lib/sweep.h"

/* A point's name: a payload name, '/', the option, '=', the value. */
#define SUITE_SWEEP_NAME_MAX 48

struct suite_sweep {
    struct sweep points; /* n == 0: no sweep, each benchmark runs once */
};

/* Reads sweep= (empty: none); a spec that cannot be used is an error record,
 * and the run measures each benchmark once. */
void suite_sweep_setup(const char *spec, struct suite_sweep *s);

/* How many times each benchmark runs: the points, or 1. */
unsigned suite_sweep_count(const struct suite_sweep *s);

/* The largest working set the sweep asks for, in KiB, or 0 when it does not
 * sweep wss (a hosted run maps its buffers for it). */
uint32_t suite_sweep_max_wss(const char *spec);

/* Point i applied: the option's value into cfg or env, and *out a copy of p
 * named for the point (name must hold SUITE_SWEEP_NAME_MAX). Without a
 * sweep, *out is p as it is. */
void suite_sweep_apply(const struct suite_sweep *s, unsigned i, const struct payload *p,
                       struct measure_config *cfg, struct payload_env *env, struct payload *out,
                       char *name);

#endif
