/* String helpers shared by the kernel and the host programs. */
#include "lib/kstring.h"

char ascii_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

bool str_ieq_n(const char *word, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (word[i] == '\0' || ascii_lower(word[i]) != ascii_lower(s[i])) {
            return false;
        }
    }
    return word[n] == '\0';
}

bool str_ieq(const char *a, const char *b)
{
    return str_ieq_n(a, b, strlen(b));
}

static int digit_value(char c)
{
    c = ascii_lower(c);
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return 99;
}

bool parse_uint(const char *s, size_t n, uint64_t *out)
{
    unsigned base = 10;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        n -= 2;
    }
    if (n == 0) {
        return false;
    }
    uint64_t value = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)digit_value(s[i]);
        if (d >= base || value > (UINT64_MAX - d) / base) {
            return false;
        }
        value = value * base + d;
    }
    *out = value;
    return true;
}

void str_copy(char *dst, size_t size, const char *src)
{
    size_t i = 0;
    for (; i + 1 < size && src[i]; i++) {
        dst[i] = src[i];
    }
    dst[i] = '\0';
}
