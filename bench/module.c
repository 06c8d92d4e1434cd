/* The payload module parser (format in bench/module.h). It trusts nothing
 * in the module: every offset and length is checked against the module's
 * size with arithmetic that cannot overflow, every string must end inside
 * it, and the CRC must match before a descriptor is read. */
#include "bench/module.h"

#include "lib/crc32.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

struct reader {
    const uint8_t *data;
    size_t len;
    unsigned mode_bits; /* the mode this kernel's payloads run in */
    const struct module_setups *setups;
    unsigned version;
    uint32_t desc_len;
    char *why;
    size_t why_size;
};

static uint32_t u16_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t u32_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool in_module(const struct reader *r, uint32_t off, uint32_t len)
{
    return off <= r->len && len <= r->len - off;
}

/* A name: 1..MODULE_MAX_NAME of [A-Za-z0-9_], NUL-terminated inside the
 * module (names go into records and bench= globs). */
static bool name_ok(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* A feature name, as lib/cpuinfo.c prints them: "avx512bw", "sse4.2". */
static bool feature_ok(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

enum string_kind { STRING_NAME, STRING_TEXT, STRING_FEATURE };

static bool char_ok(enum string_kind kind, char c)
{
    return kind == STRING_NAME      ? name_ok(c)
           : kind == STRING_FEATURE ? feature_ok(c)
                                    : c >= 0x20 && c <= 0x7e;
}

/* Returns the string at off, or NULL with why filled. */
static const char *string_at(const struct reader *r, unsigned index, const char *what, uint32_t off,
                             unsigned max, enum string_kind kind)
{
    if (off < MODULE_HEADER_LEN || off >= r->len) {
        fmt_snprintf(r->why, r->why_size, "payload %u: %s offset %u is outside the module", index,
                     what, (unsigned)off);
        return NULL;
    }
    const char *s = (const char *)r->data + off;
    size_t room = r->len - off;
    for (size_t i = 0; i < room && i <= max; i++) {
        char c = s[i];
        if (c == '\0') {
            if (i == 0 && kind != STRING_TEXT) {
                break;
            }
            return s;
        }
        if (!char_ok(kind, c)) {
            fmt_snprintf(r->why, r->why_size, "payload %u: %s has a forbidden byte 0x%02x", index,
                         what, (unsigned)(uint8_t)c);
            return NULL;
        }
    }
    fmt_snprintf(r->why, r->why_size,
                 "payload %u: %s is empty, longer than %u characters or not terminated", index,
                 what, max);
    return NULL;
}

static bool count_ok(int32_t v)
{
    return v >= PAYLOAD_INSNS_VARIABLE && v <= 100000;
}

static bool parse_desc(const struct reader *r, unsigned i, const uint8_t *d, struct payload *p)
{
    uint32_t body_off = u32_at(d + 8), body_len = u32_at(d + 12);
    int32_t insns = (int32_t)u32_at(d + 16), branches = (int32_t)u32_at(d + 20);
    uint32_t flags = u32_at(d + 24);
    const char *name = string_at(r, i, "name", u32_at(d), MODULE_MAX_NAME, STRING_NAME);
    if (!name) {
        return false;
    }
    const char *desc = string_at(r, i, "description", u32_at(d + 4), MODULE_MAX_DESC, STRING_TEXT);
    if (!desc) {
        return false;
    }
    uint32_t setup = u32_at(d + 28);
    bool v2 = r->version >= 2;
    uint32_t feature_off = v2 ? u32_at(d + 32) : 0;
    const char *feature =
        feature_off ? string_at(r, i, "feature", feature_off, MODULE_MAX_FEATURE, STRING_FEATURE)
                    : NULL;
    if (feature_off && !feature) {
        return false;
    }
    const char *bad = NULL;
    if (body_len == 0 || body_len > MODULE_MAX_BODY) {
        bad = "body length is 0 or above the limit";
    } else if (body_off < MODULE_HEADER_LEN || !in_module(r, body_off, body_len)) {
        bad = "body lies outside the module";
    } else if (!count_ok(insns) || !count_ok(branches)) {
        bad = "instruction or branch count out of range";
    } else if (insns != PAYLOAD_INSNS_VARIABLE && branches > insns) {
        bad = "more branches than instructions";
    } else if (flags & ~(uint32_t)PAYLOAD_KNOWN_FLAGS) {
        bad = "unknown flags";
    } else if (!v2 && setup != 0) {
        bad = "offset 28 is not 0 (version 1 has no set-ups)";
    } else if (setup > r->setups->n) {
        bad = "its set-up is not one this kernel has";
    } else if (v2 && u32_at(d + 36) != 0) {
        bad = "reserved field is not 0";
    }
    if (bad) {
        fmt_snprintf(r->why, r->why_size, "payload %u (%s): %s", i, name, bad);
        return false;
    }
    *p = (struct payload){.name = name,
                          .description = desc,
                          .body = r->data + body_off,
                          .body_len = body_len,
                          .insns = insns,
                          .branches = branches,
                          .flags = flags,
                          .prepare = setup ? r->setups->fns[setup - 1] : NULL,
                          .feature = feature};
    return true;
}

static bool check_header(struct reader *r, unsigned cap, uint32_t *count, uint32_t *table)
{
    const uint8_t *h = r->data;
    const char *bad = NULL;
    if (r->len < MODULE_HEADER_LEN) {
        bad = "shorter than a header: not a payload module";
    } else if (memcmp(h, MODULE_MAGIC, 4) != 0) {
        bad = "no BBPM magic: not a payload module";
    }
    if (bad) {
        str_copy(r->why, r->why_size, bad);
        return false;
    }
    uint32_t version = u16_at(h + 4), total = u32_at(h + 8);
    *count = u32_at(h + 16);
    *table = u32_at(h + 20);
    if (version != MODULE_VERSION && version != 1) {
        fmt_snprintf(r->why, r->why_size, "format version %u; this kernel reads versions 1 and %u",
                     (unsigned)version, MODULE_VERSION);
        return false;
    }
    r->version = version;
    r->desc_len = version == 1 ? MODULE_DESC_LEN_V1 : MODULE_DESC_LEN;
    if (total != r->len) {
        fmt_snprintf(r->why, r->why_size, "%s: header says %u bytes, the loader gave %u",
                     total > r->len ? "truncated" : "trailing bytes", (unsigned)total,
                     (unsigned)r->len);
        return false;
    }
    uint32_t crc = crc32_update(0, h + 16, r->len - 16);
    if (crc != u32_at(h + 12)) {
        fmt_snprintf(r->why, r->why_size, "CRC mismatch: header says %08x, the module gives %08x",
                     (unsigned)u32_at(h + 12), (unsigned)crc);
        return false;
    }
    unsigned mode = u16_at(h + 26), bits = mode ? mode : 32;
    if (u16_at(h + 6) != MODULE_HEADER_LEN || u16_at(h + 24) != r->desc_len ||
        u32_at(h + 28) != 0) {
        bad = "header or descriptor length, or a reserved field, is wrong for its version";
    } else if (mode != 0 && mode != 64) {
        bad = "the mode field is neither 0 (32-bit bodies) nor 64";
    } else if (bits != r->mode_bits) {
        fmt_snprintf(r->why, r->why_size,
                     "its bodies are %u-bit code and this kernel runs %u-bit "
                     "payloads: %s",
                     bits, r->mode_bits,
                     bits == 32 ? "boot with mode=32 to measure them"
                                : "they need long mode (a CPU that has it, and not mode=32)");
        return false;
    } else if (*count == 0 || *count > MODULE_MAX_PAYLOADS || *count > cap) {
        bad = "payload count is 0 or more than this kernel takes";
    } else if (*table < MODULE_HEADER_LEN || (*table & 3) ||
               !in_module(r, *table, *count * r->desc_len)) {
        bad = "descriptor table lies outside the module";
    }
    if (bad) {
        str_copy(r->why, r->why_size, bad);
        return false;
    }
    return true;
}

bool module_parse(const uint8_t *data, size_t len, unsigned mode_bits,
                  const struct module_setups *setups, struct payload *out, unsigned cap,
                  unsigned *n, char *why, size_t why_size)
{
    struct reader r = {data, len, mode_bits, setups, 0, 0, why, why_size};
    uint32_t count, table;
    *n = 0;
    if (len > MODULE_MAX_BYTES) {
        fmt_snprintf(why, why_size, "%u bytes, more than the %u a module may have", (unsigned)len,
                     MODULE_MAX_BYTES);
        return false;
    }
    if (!check_header(&r, cap, &count, &table)) {
        return false;
    }
    for (unsigned i = 0; i < count; i++) {
        if (!parse_desc(&r, i, data + table + i * r.desc_len, &out[i])) {
            return false;
        }
        for (unsigned j = 0; j < i; j++) {
            if (str_ieq(out[j].name, out[i].name)) {
                fmt_snprintf(why, why_size, "payload %u: name %s is used twice", i, out[i].name);
                return false;
            }
        }
    }
    *n = count;
    return true;
}
