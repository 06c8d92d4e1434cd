/* printf-style formatting into a buffer, for the kernel and the host alike.
 * Conversions: %d %i %u %x %X %c %s %p %%, length modifiers l and ll,
 * flags '-' and '0', a width (number or '*'), a precision for %s.
 * No floating point: use fmt_fixed() for fractional values. */
#ifndef BAREBENCH_FMT_H
#define BAREBENCH_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Like vsnprintf: always NUL-terminates (when size > 0) and returns the
 * length the full output would have had. */
int fmt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Writes a fixed-point number: `scaled` is the value times 10^decimals
 * (decimals <= 9), e.g. fmt_fixed(b, n, -1234, 2) writes "-12.34". */
int fmt_fixed(char *buf, size_t size, int64_t scaled, unsigned decimals);

#endif
