/* The C library subset the kernel provides (lib/kstring.c), plus small
 * string helpers of our own (lib/strutil.c) that host code shares.
 * Portable code (pmu/, the parsers, statistics) uses only what is here. */
#ifndef BAREBENCH_KSTRING_H
#define BAREBENCH_KSTRING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef BAREBENCH_HOST
#include <string.h>
#else
/* memset, memcpy, memmove and memcmp also because GCC may call them even
 * in freestanding code ("Standards", GCC manual). */
void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
#endif

/* ASCII case folding. */
char ascii_lower(char c);

/* Case-insensitive equality of a NUL-terminated string and n bytes of another. */
bool str_ieq_n(const char *word, const char *s, size_t n);
bool str_ieq(const char *a, const char *b);

/* Parses exactly n bytes of s as an unsigned number: decimal, or hex with
 * a 0x prefix. Returns false on an empty, malformed or overflowing number. */
bool parse_uint(const char *s, size_t n, uint64_t *out);

/* Copies at most size-1 bytes and NUL-terminates (size > 0). */
void str_copy(char *dst, size_t size, const char *src);

#endif
