/* Shell-style name matching for bench=: '*' any run, '?' one character. */
#ifndef BAREBENCH_GLOB_H
#define BAREBENCH_GLOB_H

#include <stdbool.h>
#include <stddef.h>

/* Matches the first pattern_len bytes of pattern against a whole name,
 * case-insensitively. */
bool glob_match(const char *pattern, size_t pattern_len, const char *name);

#endif
