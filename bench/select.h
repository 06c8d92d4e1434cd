/* Which payloads a run measures, from the bench= option. */
#ifndef BAREBENCH_SELECT_H
#define BAREBENCH_SELECT_H

#include <stdbool.h>

#include "bench/payload.h"

#define SELECT_MAX 128

struct selection {
    unsigned n;
    const struct payload *payloads[SELECT_MAX];
    bool list_only; /* bench=list: print the library, measure nothing */
};

/* Fills *sel from a spec: "default", "all", "list", or names and globs
 * separated by '+' or ','. Each word that matches nothing is named in a
 * message; when nothing valid remains, the default set is used. */
void select_payloads(const char *spec, struct selection *sel);

/* Prints every payload with its instruction count and description. */
void select_print_library(void);

#endif
