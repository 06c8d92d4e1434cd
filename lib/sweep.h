/* sweep=OPTION:VALUES, one numeric option over several values in one run:
 *
 *   wss:4,16,64          a list
 *   wss:1..65536*2       a geometric range: from 1, each value the last one
 *                        times 2, up to 65536 (a factor may have two
 *                        decimals, *1.5; each value is at least one more
 *                        than the last)
 *   unroll:100..1000+100 an arithmetic range
 */
#ifndef BAREBENCH_SWEEP_H
#define BAREBENCH_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#define SWEEP_MAX_POINTS 64
#define SWEEP_OPTION_MAX 15

struct sweep {
    char option[SWEEP_OPTION_MAX + 1];
    uint32_t values[SWEEP_MAX_POINTS];
    unsigned n;
};

/* Parses spec into *out; values must lie in [min, max]. Returns NULL, or
 * why spec is refused (out->n is then 0). */
const char *sweep_parse(const char *spec, uint32_t min, uint32_t max, struct sweep *out);

/* The option spec names: the text before ':' (empty when there is none). */
void sweep_option_of(const char *spec, char *name, size_t size);

#endif
