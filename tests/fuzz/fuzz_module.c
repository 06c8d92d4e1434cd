/* libFuzzer target for the payload module parser (bench/module.c).
 *
 * The first input byte chooses the mode, the rest is the module, copied
 * into an exactly-sized heap buffer so that AddressSanitizer sees any read
 * past it. With bit 0 set the length and CRC-32 fields are rewritten to
 * match (as tools/bblib/module.py seals a module), so the fuzzer reaches
 * the checks behind the CRC instead of stopping at it; bit 1 gives the
 * parser room for 2 payloads only instead of 32.
 *
 * Properties beyond "no crash": a refusal comes with a message and no
 * payloads; an accepted module gives 1..cap payloads whose names (1..31 of
 * [A-Za-z0-9_], distinct) and descriptions (printable) end inside the
 * module, whose bodies lie inside it with 1..MODULE_MAX_BODY bytes, with no
 * C function and a prepare only of the set-ups offered, a feature name of
 * [a-z0-9._] inside the module, counts >= -1 and only known flags; parsing
 * again gives the same answer. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/module.h"
#include "lib/crc32.h"
#include "tests/fuzz/fuzz.h"

#define CAP 32

static const char *fuzz_setup(struct payload_regs *regs, const struct payload_env *env)
{
    (void)regs;
    (void)env;
    return 0;
}
static payload_prepare_fn *const setup_fns[] = {fuzz_setup};
static const struct module_setups setups = {setup_fns, 1};
const struct module_setups module_setups = {setup_fns, 1};

static bool inside(const uint8_t *buf, size_t len, const void *p, size_t n)
{
    const uint8_t *b = p;
    return b >= buf && b <= buf + len && n <= (size_t)(buf + len - b);
}

enum kind { NAME, TEXT, FEATURE };

static bool char_ok(enum kind kind, char c)
{
    switch (kind) {
    case NAME:
        return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
               (c >= 'A' && c <= 'Z');
    case FEATURE:
        return c == '_' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
    default:
        return c >= 0x20 && c <= 0x7e;
    }
}

static void check_string(const uint8_t *buf, size_t len, const char *s, size_t max, enum kind kind)
{
    REQUIRE(inside(buf, len, s, 1), "string outside the module");
    size_t room = (size_t)(buf + len - (const uint8_t *)s);
    const char *end = memchr(s, 0, room);
    size_t n = end ? (size_t)(end - s) : room;
    REQUIRE(n < room && n <= max, "string of %zu bytes not terminated inside the module", n);
    REQUIRE(kind == TEXT || n > 0, "empty name");
    for (size_t i = 0; i < n; i++) {
        REQUIRE(char_ok(kind, s[i]), "byte 0x%02x in a string of kind %d", (unsigned)(uint8_t)s[i],
                (int)kind);
    }
}

static bool same_name(const char *a, const char *b)
{
    for (; *a && fuzz_lower(*a) == fuzz_lower(*b); a++, b++)
        ;
    return fuzz_lower(*a) == fuzz_lower(*b);
}

static void check_payloads(const uint8_t *buf, size_t len, const struct payload *p, unsigned n,
                           unsigned cap)
{
    REQUIRE(n >= 1 && n <= cap, "%u payloads accepted, room for %u", n, cap);
    for (unsigned i = 0; i < n; i++) {
        check_string(buf, len, p[i].name, MODULE_MAX_NAME, NAME);
        check_string(buf, len, p[i].description, MODULE_MAX_DESC, TEXT);
        if (p[i].feature) {
            check_string(buf, len, p[i].feature, MODULE_MAX_FEATURE, FEATURE);
        }
        REQUIRE(p[i].body_len >= 1 && p[i].body_len <= MODULE_MAX_BODY, "body of %u bytes",
                (unsigned)p[i].body_len);
        REQUIRE(inside(buf, len, p[i].body, p[i].body_len), "body outside the module");
        REQUIRE(p[i].body >= buf + MODULE_HEADER_LEN, "body inside the header");
        REQUIRE(!p[i].fn && (!p[i].prepare || p[i].prepare == fuzz_setup),
                "a module payload with code pointers of its own");
        REQUIRE(p[i].insns >= PAYLOAD_INSNS_VARIABLE && p[i].branches >= PAYLOAD_INSNS_VARIABLE,
                "negative counts");
        REQUIRE(!(p[i].flags & ~(uint32_t)PAYLOAD_KNOWN_FLAGS),
                "flags 0x%x beyond those bench/payload.def declares", (unsigned)p[i].flags);
        for (unsigned j = 0; j < i; j++) {
            REQUIRE(!same_name(p[i].name, p[j].name), "name %s twice", p[i].name);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    uint8_t mode = data[0];
    size_t len = size - 1;
    uint8_t *buf = malloc(len ? len : 1);
    memcpy(buf, data + 1, len);
    if ((mode & 1) && len >= 16) {
        for (unsigned i = 0; i < 4; i++) {
            buf[8 + i] = (uint8_t)(len >> (8 * i));
        }
        uint32_t crc = crc32_update(0, buf + 16, len - 16);
        for (unsigned i = 0; i < 4; i++) {
            buf[12 + i] = (uint8_t)(crc >> (8 * i));
        }
    }
    unsigned cap = (mode & 2) ? 2 : CAP;
    static struct payload out[CAP], again[CAP];
    char why[MODULE_WHY_MAX], why2[MODULE_WHY_MAX];
    unsigned n = 99, n2 = 99;
    bool ok = module_parse(buf, len, 32, &setups, out, cap, &n, why, sizeof why);
    if (ok) {
        check_payloads(buf, len, out, n, cap);
    } else {
        REQUIRE(n == 0, "refused with %u payloads", n);
        REQUIRE(why[0] != '\0' && memchr(why, 0, sizeof why), "refused without a message");
    }
    bool ok2 = module_parse(buf, len, 32, &setups, again, cap, &n2, why2, sizeof why2);
    REQUIRE(ok2 == ok && n2 == n && (ok || strcmp(why, why2) == 0), "a second parse differs");
    REQUIRE(!ok || memcmp(out, again, n * sizeof out[0]) == 0, "a second parse differs");
    free(buf);
    return 0;
}
