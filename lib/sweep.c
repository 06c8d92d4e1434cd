#include "lib/sweep.h"

#include "lib/fmt.h"
#include "lib/kstring.h"

static char why[96];

static const char *refuse(struct sweep *out, const char *text)
{
    out->n = 0;
    str_copy(why, sizeof why, text);
    return why;
}

/* A number of n bytes at s: an integer, or with fraction digits (at most
 * two) when x100 is given, scaled by 100. */
static int number(const char *s, size_t n, uint64_t *v, int x100)
{
    size_t dot = 0;
    while (dot < n && s[dot] != '.') {
        dot++;
    }
    if (dot == n) {
        if (!parse_uint(s, n, v)) {
            return 0;
        }
        *v *= x100 ? 100 : 1;
        return 1;
    }
    uint64_t whole, frac;
    size_t digits = n - dot - 1;
    if (!x100 || digits == 0 || digits > 2 || !parse_uint(s, dot, &whole) ||
        !parse_uint(s + dot + 1, digits, &frac)) {
        return 0;
    }
    *v = whole * 100 + frac * (digits == 1 ? 10 : 1);
    return 1;
}

static const char *add(struct sweep *out, uint64_t v, uint32_t min, uint32_t max)
{
    if (v < min || v > max) {
        fmt_snprintf(why, sizeof why, "value %llu is outside %u..%u", (unsigned long long)v,
                     (unsigned)min, (unsigned)max);
        out->n = 0;
        return why;
    }
    if (out->n == SWEEP_MAX_POINTS) {
        fmt_snprintf(why, sizeof why, "more than %u values", SWEEP_MAX_POINTS);
        out->n = 0;
        return why;
    }
    out->values[out->n++] = (uint32_t)v;
    return 0;
}

void sweep_option_of(const char *spec, char *name, size_t size)
{
    size_t n = 0;
    while (spec[n] && spec[n] != ':') {
        n++;
    }
    str_copy(name, size < n + 1 ? size : n + 1, spec);
}

static const char *range(const char *s, size_t n, uint32_t min, uint32_t max, struct sweep *out)
{
    size_t dots = 0, step_at = 0;
    while (dots + 1 < n && !(s[dots] == '.' && s[dots + 1] == '.')) {
        dots++;
    }
    for (step_at = dots + 2; step_at < n && s[step_at] != '*' && s[step_at] != '+'; step_at++) {
        continue;
    }
    uint64_t first, last, step;
    if (step_at >= n || !number(s, dots, &first, 0) ||
        !number(s + dots + 2, step_at - dots - 2, &last, 0) ||
        !number(s + step_at + 1, n - step_at - 1, &step, s[step_at] == '*')) {
        return refuse(out, "a range is FIRST..LAST*FACTOR or FIRST..LAST+STEP");
    }
    if (first > last || (s[step_at] == '*' ? step <= 100 : step == 0)) {
        return refuse(out, "a range needs FIRST <= LAST and a factor above 1 or a step above 0");
    }
    for (uint64_t v = first; v <= last;) {
        const char *bad = add(out, v, min, max);
        if (bad) {
            return bad;
        }
        uint64_t next = s[step_at] == '*' ? (v * step + 50) / 100 : v + step;
        v = next > v ? next : v + 1;
    }
    return 0;
}

const char *sweep_parse(const char *spec, uint32_t min, uint32_t max, struct sweep *out)
{
    out->n = 0;
    const char *colon = strchr(spec, ':');
    if (!colon || colon == spec || (size_t)(colon - spec) > SWEEP_OPTION_MAX) {
        return refuse(out, "sweep= is OPTION:VALUES (wss:1..65536*2, unroll:10,100,1000)");
    }
    sweep_option_of(spec, out->option, sizeof out->option);
    const char *s = colon + 1;
    if (!*s) {
        return refuse(out, "no values after the option");
    }
    for (const char *p = s; *p;) {
        size_t n = 0;
        while (p[n] && p[n] != ',') {
            n++;
        }
        int is_range = 0;
        for (size_t i = 0; i + 1 < n; i++) {
            is_range |= p[i] == '.' && p[i + 1] == '.';
        }
        uint64_t v;
        const char *bad = is_range              ? range(p, n, min, max, out)
                          : number(p, n, &v, 0) ? add(out, v, min, max)
                                                : refuse(out, "a value is not a number");
        if (bad) {
            return bad;
        }
        p += n + (p[n] == ',');
    }
    return 0;
}
