/* The payload module parser (bench/module.c): a well-formed module gives
 * its payloads, pointing into it; every kind of damage, and every hostile
 * field behind a correct CRC, is refused with a message saying what. Most
 * checks use a version 1 module, which kernels still read; the fields
 * version 2 adds (set-up, feature) have checks of their own. */
#include <stdio.h>
#include <string.h>

#include "bench/module.h"
#include "lib/crc32.h"
#include "tests/host/check.h"

#define CAP 40

static uint8_t mod[MODULE_MAX_BYTES + 64];
static size_t mod_len;
static struct payload out[CAP];

static const char *test_setup(struct payload_regs *regs, const struct payload_env *env)
{
    (void)regs;
    (void)env;
    return 0;
}
static payload_prepare_fn *const setup_fns[] = {test_setup};
static const struct module_setups setups = {setup_fns, 1};
/* What the host build links in place of an architecture's set-ups. */
const struct module_setups module_setups = {setup_fns, 1};

static void put32(size_t at, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++) {
        mod[at + i] = (uint8_t)(v >> (8 * i));
    }
}

static void put16(size_t at, uint32_t v)
{
    mod[at] = (uint8_t)v;
    mod[at + 1] = (uint8_t)(v >> 8);
}

/* Length and CRC, as tools/bblib/module.py writes them. */
static void seal(void)
{
    put32(8, (uint32_t)mod_len);
    put32(12, crc32_update(0, mod + 16, mod_len - 16));
}

/* Two payloads: "lea_latency" (4-byte body, 1 instruction) and "dec_loop4"
 * (8 bytes, 9 instructions, 4 branches, NEEDS_TSC). */
static void build(void)
{
    static const uint8_t lea[] = {0x8d, 0x44, 0x40, 0x01};
    static const uint8_t loop[] = {0xb9, 0x04, 0x00, 0x00, 0x00, 0x49, 0x75, 0xfd};
    memset(mod, 0, sizeof mod);
    static const uint8_t magic[4] = {'B', 'B', 'P', 'M'};
    memcpy(mod, magic, sizeof magic);
    put16(4, 1);
    put16(6, MODULE_HEADER_LEN);
    put32(16, 2);
    put32(20, 32);
    put16(24, MODULE_DESC_LEN_V1);
    /* descriptors at 32 and 64, strings at 96, bodies at 160 and 176 */
    strcpy((char *)mod + 96, "lea_latency");
    strcpy((char *)mod + 108, "dependent LEA");
    strcpy((char *)mod + 122, "dec_loop4");
    strcpy((char *)mod + 132, "inner loop");
    memcpy(mod + 160, lea, sizeof lea);
    memcpy(mod + 176, loop, sizeof loop);
    const uint32_t d0[] = {96, 108, 160, 4, 1, 0, 0, 0};
    const uint32_t d1[] = {122, 132, 176, 8, 9, 4, PAYLOAD_NEEDS_TSC, 0};
    for (unsigned i = 0; i < 8; i++) {
        put32(32 + 4 * i, d0[i]);
        put32(64 + 4 * i, d1[i]);
    }
    mod_len = 184;
    seal();
}

/* Version 2: the same two payloads in 40-byte descriptors (at 32 and 72),
 * the first naming set-up 1 and the feature "sse4.2" (at 184, after the
 * bodies); strings from 112, bodies at 160 and 176. */
static void build_v2(void)
{
    build();
    memmove(mod + 112, mod + 96, 48); /* the strings, now 112..156 */
    const uint32_t d0[] = {112, 124, 160, 4, 1, 0, 0, 1, 184, 0};
    const uint32_t d1[] = {138, 148, 176, 8, 9, 4, PAYLOAD_NEEDS_TSC, 0, 0, 0};
    strcpy((char *)mod + 184, "sse4.2");
    mod_len = 192;
    for (unsigned i = 0; i < 10; i++) {
        put32(32 + 4 * i, d0[i]);
        put32(72 + 4 * i, d1[i]);
    }
    put16(4, MODULE_VERSION);
    put16(24, MODULE_DESC_LEN);
    seal();
}

/* Whether a kernel of mode_bits refuses the module with `want` in its reason. */
static bool refused_in(unsigned mode_bits, size_t len, const char *want)
{
    char why[MODULE_WHY_MAX] = "";
    unsigned n = 99;
    bool ok = module_parse(mod, len, mode_bits, &setups, out, CAP, &n, why, sizeof why);
    if (!ok && n == 0 && strstr(why, want)) {
        return true;
    }
    printf("  parse gave %s, n %u, \"%s\"; wanted \"%s\"\n", ok ? "ok" : "refused", n, why, want);
    return false;
}

static bool refused(size_t len, const char *want)
{
    return refused_in(32, len, want);
}

/* Rebuilds, applies one change at offset `at`, reseals. */
static void hostile32(size_t at, uint32_t v)
{
    build();
    put32(at, v);
    seal();
}

int main(void)
{
    char why[MODULE_WHY_MAX];
    unsigned n = 0;
    build();
    CHECK(module_parse(mod, mod_len, 32, &setups, out, CAP, &n, why, sizeof why) && n == 2,
          "a well-formed module with two payloads is accepted");
    CHECK(strcmp(out[0].name, "lea_latency") == 0 &&
              strcmp(out[0].description, "dependent LEA") == 0 && out[0].body == mod + 160 &&
              out[0].body_len == 4 && out[0].insns == 1 && out[0].branches == 0 &&
              out[0].flags == 0 && !out[0].prepare && !out[0].fn,
          "its first payload: name, description, body in the module, counts");
    CHECK(strcmp(out[1].name, "dec_loop4") == 0 && out[1].insns == 9 && out[1].branches == 4 &&
              out[1].flags == PAYLOAD_NEEDS_TSC && out[1].body == mod + 176,
          "its second payload: counts and flags");

    build();
    CHECK(refused(mod_len - 1, "truncated"), "a module cut short is refused as truncated");
    CHECK(refused(20, "shorter than a header") || refused(20, "truncated"),
          "a module shorter than its header is refused");
    CHECK(refused(0, "shorter than a header"), "an empty module is refused");
    CHECK(refused(mod_len + 16, "trailing bytes"), "bytes after the module's length are refused");
    CHECK(refused(MODULE_MAX_BYTES + 1, "more than the"), "an oversized module is refused");
    mod[170] ^= 0x40;
    CHECK(refused(mod_len, "CRC mismatch"), "a flipped bit in the payload area fails the CRC");
    build();
    mod[0] = 'X';
    CHECK(refused(mod_len, "no BBPM magic"), "a file without the magic is not a module");
    build();
    put16(4, 3);
    CHECK(refused(mod_len, "format version 3"), "an unknown format version is refused by number");

    /* Hostile: every field wrong behind a correct CRC. */
    hostile32(16, 0);
    CHECK(refused(mod_len, "payload count"), "zero payloads are refused");
    hostile32(16, 1000000);
    CHECK(refused(mod_len, "payload count"), "a huge payload count is refused");
    hostile32(16, 30);
    CHECK(refused(mod_len, "descriptor table lies outside"),
          "a count whose table runs past the end is refused");
    hostile32(20, 0xfffffff0u);
    CHECK(refused(mod_len, "descriptor table lies outside"), "a wrapping table offset is refused");
    hostile32(20, 34);
    CHECK(refused(mod_len, "descriptor table lies outside"), "a misaligned table is refused");
    hostile32(28, 1);
    CHECK(refused(mod_len, "reserved field"), "a header reserved field not 0 is refused");
    build();
    CHECK(refused_in(64, mod_len,
                     "its bodies are 32-bit code and this kernel runs 64-bit "
                     "payloads: boot with mode=32"),
          "a long-mode kernel refuses a module of 32-bit bodies (mode field 0), saying why");
    build();
    put16(26, 64);
    seal();
    CHECK(refused(mod_len, "its bodies are 64-bit code and this kernel runs 32-bit payloads: they "
                           "need long mode"),
          "a 32-bit kernel refuses a module of 64-bit bodies, saying why");
    n = 0;
    CHECK(module_parse(mod, mod_len, 64, &setups, out, CAP, &n, why, sizeof why) && n == 2,
          "a long-mode kernel accepts the module of 64-bit bodies");
    put16(26, 32);
    seal();
    CHECK(refused_in(32, mod_len, "the mode field is neither 0 (32-bit bodies) nor 64"),
          "a mode field but 0 or 64 is refused");
    build();
    put16(24, 36);
    seal();
    CHECK(refused(mod_len, "descriptor length"), "a different descriptor length is refused");
    hostile32(32, 0xfffffffcu);
    CHECK(refused(mod_len, "name offset 4294967292 is outside"),
          "a name offset outside is refused");
    hostile32(32, 4);
    CHECK(refused(mod_len, "name offset 4 is outside"), "a name inside the header is refused");
    hostile32(36, (uint32_t)mod_len);
    CHECK(refused(mod_len, "description offset"), "a description offset at the end is refused");
    build();
    memset(mod + 176, 'a', 8);
    put32(32, 176);
    seal();
    CHECK(refused(mod_len, "not terminated"), "a name running to the end of the module is refused");
    build();
    mod[100] = ',';
    seal();
    CHECK(refused(mod_len, "forbidden byte 0x2c"), "a comma in a name is refused");
    build();
    mod[96] = 0;
    seal();
    CHECK(refused(mod_len, "name is empty"), "an empty name is refused");
    build();
    mod[110] = '\n';
    seal();
    CHECK(refused(mod_len, "description has a forbidden byte 0x0a"),
          "a line break in a description is refused");
    hostile32(40, 182);
    CHECK(refused(mod_len, "body lies outside"), "a body running past the end is refused");
    hostile32(40, 0);
    CHECK(refused(mod_len, "body lies outside"), "a body in the header is refused");
    hostile32(44, 0);
    CHECK(refused(mod_len, "body length"), "an empty body is refused");
    hostile32(44, 0xffffffffu);
    CHECK(refused(mod_len, "body length"), "a huge body length is refused");
    hostile32(48, (uint32_t)-2);
    CHECK(refused(mod_len, "count out of range"), "an instruction count below -1 is refused");
    hostile32(84, 10);
    CHECK(refused(mod_len, "more branches than instructions"),
          "more branches than instructions is refused");
    hostile32(56, 0x80000000u);
    CHECK(refused(mod_len, "unknown flags"), "unknown flags are refused");
    hostile32(60, 0x00101000u);
    CHECK(refused(mod_len, "version 1 has no set-ups"),
          "a version 1 descriptor with something at offset 28 is refused");
    hostile32(64, 96);
    CHECK(refused(mod_len, "used twice"), "two payloads with one name are refused");
    build_v2();
    n = 0;
    CHECK(module_parse(mod, mod_len, 32, &setups, out, CAP, &n, why, sizeof why) && n == 2,
          "a version 2 module is accepted");
    CHECK(strcmp(out[0].name, "lea_latency") == 0 && out[0].prepare == test_setup &&
              out[0].feature && strcmp(out[0].feature, "sse4.2") == 0 &&
              strcmp(out[1].name, "dec_loop4") == 0 && !out[1].prepare && !out[1].feature &&
              out[1].body == mod + 176 && out[1].insns == 9,
          "version 2: set-up 1 is the kernel's first set-up, the feature name points into it");
    build_v2();
    put32(32 + 28, 2);
    seal();
    CHECK(refused(mod_len, "its set-up is not one this kernel has"),
          "a set-up number beyond the kernel's is refused");
    build_v2();
    mod[184] = 'S';
    seal();
    CHECK(refused(mod_len, "feature has a forbidden byte 0x53"),
          "an upper-case feature name is refused");
    build_v2();
    put32(32 + 32, (uint32_t)mod_len);
    seal();
    CHECK(refused(mod_len, "feature offset"), "a feature offset at the end is refused");
    build_v2();
    put32(72 + 36, 1);
    seal();
    CHECK(refused(mod_len, "reserved field is not 0"), "a version 2 reserved field is refused");
    build_v2();
    put16(24, MODULE_DESC_LEN_V1);
    seal();
    CHECK(refused(mod_len, "descriptor length"),
          "version 2 with version 1's descriptor length is refused");

    build();
    n = 0;
    CHECK(!module_parse(mod, mod_len, 32, &setups, out, 1, &n, why, sizeof why) && n == 0 &&
              strstr(why, "more than this kernel takes"),
          "a module with more payloads than the caller has room for is refused");
    return check_summary();
}
