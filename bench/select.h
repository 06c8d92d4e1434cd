/* Which payloads a run measures, from the bench= option. */
#ifndef BAREBENCH_SELECT_H
#define BAREBENCH_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/module.h"
#include "bench/payload.h"

/* Every payload there can be: the built-in ones and the modules'. */
#define SELECT_MAX (MODULE_KERNEL_PAYLOADS + 256)

struct selection {
    unsigned n;
    unsigned dropped; /* selected beyond SELECT_MAX: not measured */
    const struct payload *payloads[SELECT_MAX];
    bool list_only; /* bench=list: print the library, measure nothing */
};

/* Fills *sel from a spec: "default", "all", "list", or names and globs
 * separated by '+' or ','. Each word that matches nothing is passed to
 * unmatched; when nothing is left, nothing is measured (running another
 * set instead would pass for the one asked). */
void select_payloads(const char *spec, struct selection *sel,
                     void (*unmatched)(const char *word, size_t len));

/* Prints every payload with its instruction count and description. */
void select_print_library(void);

#endif
