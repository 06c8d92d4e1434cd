/* A small vsnprintf: enough for tables of 64-bit counters, no floating point. */
#include "lib/fmt.h"

#include <stdbool.h>

struct out {
    char *buf;
    size_t size;
    size_t len;
};

static void put(struct out *o, char c)
{
    if (o->len + 1 < o->size) {
        o->buf[o->len] = c;
    }
    o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n, int width, bool left, char pad)
{
    size_t fill = width > 0 && (size_t)width > n ? (size_t)width - n : 0;
    /* Zero padding goes after a sign. */
    if (pad == '0' && n > 0 && s[0] == '-') {
        put(o, '-');
        s++;
        n--;
    }
    if (!left) {
        while (fill--) {
            put(o, pad);
        }
        fill = 0;
    }
    while (n--) {
        put(o, *s++);
    }
    while (fill--) {
        put(o, ' ');
    }
}

/* Writes v in base into the end of tmp; returns the first digit. */
static char *utoa(uint64_t v, unsigned base, bool upper, char *end)
{
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char *p = end;
    do {
        *--p = digits[v % base];
        v /= base;
    } while (v);
    return p;
}

int fmt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    struct out o = {buf, size, 0};
    char tmp[24];

    for (; *fmt; fmt++) {
        if (*fmt != '%') {
            put(&o, *fmt);
            continue;
        }
        fmt++;
        bool left = false;
        char pad = ' ';
        for (;; fmt++) {
            if (*fmt == '-') {
                left = true;
            } else if (*fmt == '0') {
                pad = '0';
            } else {
                break;
            }
        }
        int width = 0;
        if (*fmt == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                left = true;
                width = -width;
            }
            fmt++;
        }
        while (*fmt >= '0' && *fmt <= '9') {
            width = width * 10 + (*fmt++ - '0');
        }
        int precision = -1;
        if (*fmt == '.') {
            fmt++;
            precision = 0;
            if (*fmt == '*') {
                precision = va_arg(ap, int);
                fmt++;
            }
            while (*fmt >= '0' && *fmt <= '9') {
                precision = precision * 10 + (*fmt++ - '0');
            }
        }
        int longs = 0;
        while (*fmt == 'l') {
            longs++;
            fmt++;
        }
        if (left) {
            pad = ' ';
        }

        char *end = tmp + sizeof tmp;
        char *s;
        uint64_t u;
        switch (*fmt) {
        case 'd':
        case 'i': {
            int64_t v =
                longs >= 2 ? va_arg(ap, long long) : (longs ? va_arg(ap, long) : va_arg(ap, int));
            u = v < 0 ? -(uint64_t)v : (uint64_t)v;
            s = utoa(u, 10, false, end);
            if (v < 0) {
                *--s = '-';
            }
            put_padded(&o, s, (size_t)(end - s), width, left, pad);
            break;
        }
        case 'u':
        case 'x':
        case 'X':
            u = longs >= 2 ? va_arg(ap, unsigned long long)
                           : (longs ? va_arg(ap, unsigned long) : va_arg(ap, unsigned));
            s = utoa(u, *fmt == 'u' ? 10 : 16, *fmt == 'X', end);
            put_padded(&o, s, (size_t)(end - s), width, left, pad);
            break;
        case 'p':
            s = utoa((uintptr_t)va_arg(ap, void *), 16, false, end);
            put(&o, '0');
            put(&o, 'x');
            put_padded(&o, s, (size_t)(end - s), width, left, pad);
            break;
        case 'c':
            tmp[0] = (char)va_arg(ap, int);
            put_padded(&o, tmp, 1, width, left, ' ');
            break;
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (!str) {
                str = "(null)";
            }
            size_t n = 0;
            while (str[n] && (precision < 0 || n < (size_t)precision)) {
                n++;
            }
            put_padded(&o, str, n, width, left, ' ');
            break;
        }
        case '%':
            put(&o, '%');
            break;
        case '\0':
            fmt--;
            break;
        default:
            put(&o, '%');
            put(&o, *fmt);
            break;
        }
    }
    if (size) {
        buf[o.len < size ? o.len : size - 1] = '\0';
    }
    return (int)o.len;
}

int fmt_snprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = fmt_vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

int fmt_fixed(char *buf, size_t size, int64_t scaled, unsigned decimals)
{
    uint64_t scale = 1;
    for (unsigned i = 0; i < decimals; i++) {
        scale *= 10;
    }
    uint64_t mag = scaled < 0 ? -(uint64_t)scaled : (uint64_t)scaled;
    if (decimals == 0) {
        return fmt_snprintf(buf, size, "%s%llu", scaled < 0 ? "-" : "", (unsigned long long)mag);
    }
    return fmt_snprintf(buf, size, "%s%llu.%0*llu", scaled < 0 ? "-" : "",
                        (unsigned long long)(mag / scale), (int)decimals,
                        (unsigned long long)(mag % scale));
}
