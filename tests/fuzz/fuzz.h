/* Shared by the libFuzzer targets: a property check that stops the run.
 * A failed REQUIRE prints what broke and aborts, so libFuzzer saves the
 * input as a crash artifact and tests/fuzz/run_fuzz.py reports it. */
#ifndef BAREBENCH_FUZZ_H
#define BAREBENCH_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz property failed: %s:%d: %s: ", __FILE__, __LINE__, #cond);       \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* ASCII-only case folding, as the parsers under test define it. */
static inline char fuzz_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

#endif
