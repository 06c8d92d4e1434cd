/* The catch around the measured code (kernel/trap_catch.h), as the suite
 * (app/suite.c) reports what ended a payload. */
#ifndef BAREBENCH_SUITE_CATCH_H
#define BAREBENCH_SUITE_CATCH_H

#include <stdbool.h>
#include <stdint.h>

/* An exception a payload raised, as the suite reports it. */
struct suite_fault {
    unsigned vector;
    const char *name;    /* "#UD", "program", ... */
    uint32_t error;      /* x86: the error code; PowerPC: SRR1's cause bits */
    uintptr_t pc;        /* where it happened */
    const char *pc_name; /* "eip", "srr0" */
};

/* Runs fn(arg) with a catch armed: true with *why = its result, or false
 * with *fault filled when an exception ended it. */
bool suite_catch(const char *(*fn)(void *arg), void *arg, const char **why,
                 struct suite_fault *fault);

#endif
