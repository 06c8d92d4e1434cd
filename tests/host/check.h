/* A tiny test reporter for host tests: each check prints one line,
 * "PASS: what" or "FAIL: what", that tests/run-checks counts.
 * A test program returns check_summary() from main. */
#ifndef BAREBENCH_CHECK_H
#define BAREBENCH_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            printf("PASS: ");                                                                      \
        } else {                                                                                   \
            printf("FAIL: %s:%d: ", __FILE__, __LINE__);                                           \
            check_failures++;                                                                      \
        }                                                                                          \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
    } while (0)

/* A step the test relies on (programming a pass, planning a list) that
 * returns 0 on success: its failure is a failed check, not ignored. */
#define CHECK_OK(call) CHECK((call) == 0, "%s succeeds", #call)

#define SKIP(...)                                                                                  \
    do {                                                                                           \
        printf("SKIP: ");                                                                          \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
    } while (0)

static inline int check_summary(void)
{
    return check_failures ? 1 : 0;
}

#endif
