/* The kernel's formatter against what tables and records need. */
#include <stdint.h>
#include <string.h>

#include "lib/fmt.h"
#include "tests/host/check.h"

static const char *f(const char *fmt, ...)
{
    static char buf[128];
    va_list ap;
    va_start(ap, fmt);
    fmt_vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

#define SAME(got, want) CHECK(strcmp(got, want) == 0, "%-28s -> '%s'", #got, want)

int main(void)
{
    SAME(f("%d %i %u", -42, 7, 4000000000u), "-42 7 4000000000");
    SAME(f("%x %X %08x", 0xbeefu, 0xbeefu, 0x1fu), "beef BEEF 0000001f");
    SAME(f("%llx", 0xfedcba9876543210ull), "fedcba9876543210");
    SAME(f("%llu", 18446744073709551615ull), "18446744073709551615");
    SAME(f("%lld", (long long)INT64_MIN), "-9223372036854775808");
    SAME(f("[%5d|%-5d|%05d]", 42, 42, -42), "[   42|42   |-0042]");
    SAME(f("[%*s|%-*s]", 6, "ab", 4, "cd"), "[    ab|cd  ]");
    SAME(f("%.3s|%.*s", "abcdef", 2, "xyz"), "abc|xy");
    SAME(f("%c%c%%", 'o', 'k'), "ok%");
    SAME(f("%s", (char *)0), "(null)");

    char small[8];
    int n = fmt_snprintf(small, sizeof small, "%s", "overflowing");
    CHECK(n == 11 && strcmp(small, "overflo") == 0,
          "a short buffer is truncated, NUL-terminated, full length returned");

    char fx[32];
    fmt_fixed(fx, sizeof fx, 1234, 2);
    SAME(fx, "12.34");
    fmt_fixed(fx, sizeof fx, -5, 2);
    SAME(fx, "-0.05");
    fmt_fixed(fx, sizeof fx, 100, 2);
    SAME(fx, "1.00");
    fmt_fixed(fx, sizeof fx, 7, 0);
    SAME(fx, "7");
    return check_summary();
}
