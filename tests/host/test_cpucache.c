/* The caches CPUID reports (lib/cpucache.c), from recorded CPUID answers of
 * each kind: Intel's leaf 4, AMD's leaf 0x8000001D, leaf 2 descriptors of a
 * Pentium III and of a Xeon MP (0x49 is an L3 there), AMD's older leaves
 * 0x80000005/6, and a Pentium that reports none. */
#include <string.h>

#include "lib/cpucache.h"
#include "tests/host/check.h"

struct answer {
    uint32_t leaf, subleaf;
    struct cpuid_regs r;
};

struct answers {
    const struct answer *a;
    unsigned n;
};

static void from_answers(uint32_t leaf, uint32_t subleaf, struct cpuid_regs *out, void *ctx)
{
    const struct answers *t = ctx;
    *out = (struct cpuid_regs){0, 0, 0, 0};
    for (unsigned i = 0; i < t->n; i++) {
        if (t->a[i].leaf == leaf && t->a[i].subleaf == subleaf) {
            *out = t->a[i].r;
        }
    }
}

/* Leaf 4 / 0x8000001D registers for a cache: type, level, ways, line, sets. */
#define DET(leaf, sub, type, level, ways, line, sets)                                              \
    {leaf, sub, {(type) | (level) << 5, ((ways) - 1u) << 22 | ((line) - 1u), (sets) - 1u, 0}}

static char text[128];
static const char *source;

static const char *caches_of(const struct cpu_info *info, const struct answer *a, unsigned n)
{
    struct answers t = {a, n};
    struct cpu_cache c[CPUCACHE_MAX];
    unsigned got = cpucache_decode(info, from_answers, &t, c, &source);
    cpucache_text(c, got, text, sizeof text);
    return text;
}

int main(void)
{
    struct cpu_info intel = {.vendor = VENDOR_INTEL,
                             .max_leaf = 0x16,
                             .max_ext_leaf = 0x80000008,
                             .family = 6,
                             .model = 0x5e};
    static const struct answer skylake[] = {DET(4, 0, 1, 1, 8, 64, 64), DET(4, 1, 2, 1, 8, 64, 64),
                                            DET(4, 2, 3, 2, 4, 64, 1024),
                                            DET(4, 3, 3, 3, 16, 64, 8192)};
    CHECK(strcmp(caches_of(&intel, skylake, 4), "L1d=32768;L1i=32768;L2=262144;L3=8388608") == 0 &&
              strcmp(source, "CPUID leaf 4") == 0,
          "leaf 4: a Skylake's L1d, L1i, L2 and L3 (%s, %s)", text, source);

    struct cpu_info zen = {.vendor = VENDOR_AMD,
                           .max_leaf = 0x10,
                           .max_ext_leaf = 0x80000020,
                           .family = 0x17,
                           .model = 1};
    static const struct answer epyc[] = {
        DET(0x8000001Du, 0, 1, 1, 8, 64, 64), DET(0x8000001Du, 1, 2, 1, 4, 64, 256),
        DET(0x8000001Du, 2, 3, 2, 8, 64, 1024), DET(0x8000001Du, 3, 3, 3, 16, 64, 16384)};
    CHECK(strcmp(caches_of(&zen, epyc, 4), "L1d=32768;L1i=65536;L2=524288;L3=16777216") == 0 &&
              strcmp(source, "CPUID leaf 0x8000001D") == 0,
          "leaf 0x8000001D: a Zen's caches (%s)", text);

    struct cpu_info p3 = {.vendor = VENDOR_INTEL, .max_leaf = 3, .family = 6, .model = 7};
    static const struct answer katmai[] = {{2, 0, {0x03020101u, 0, 0, 0x0c040843u}}};
    CHECK(strcmp(caches_of(&p3, katmai, 1), "L2=524288;L1i=16384;L1d=16384") == 0 &&
              strcmp(source, "CPUID leaf 2 descriptors") == 0,
          "leaf 2: a Pentium III's descriptors, the TLB ones left out (%s)", text);

    struct cpu_info xeon_mp = {.vendor = VENDOR_INTEL, .max_leaf = 2, .family = 0xf, .model = 6};
    static const struct answer gallatin[] = {{2, 0, {0x00000001u, 0, 0, 0x00000049u}}};
    CHECK(strcmp(caches_of(&xeon_mp, gallatin, 1), "L3=4194304") == 0,
          "leaf 2: descriptor 0x49 is an L3 on family 0FH model 06H (%s)", text);
    struct cpu_info core2 = {.vendor = VENDOR_INTEL, .max_leaf = 2, .family = 6, .model = 0xf};
    CHECK(strcmp(caches_of(&core2, gallatin, 1), "L2=4194304") == 0,
          "leaf 2: and an L2 elsewhere (%s)", text);
    static const struct answer none_in_eax[] = {{2, 0, {0x80000001u, 0, 0, 0x00000043u}}};
    CHECK(strcmp(caches_of(&p3, none_in_eax, 1), "L2=524288") == 0,
          "leaf 2: a register with bit 31 set holds no descriptors (%s)", text);

    struct cpu_info k7 = {
        .vendor = VENDOR_AMD, .max_leaf = 1, .max_ext_leaf = 0x80000006, .family = 6, .model = 2};
    static const struct answer athlon[] = {{0x80000005u, 0, {0, 0, 0x40020140u, 0x40020140u}},
                                           {0x80000006u, 0, {0, 0, 0x01004220u, 0}}};
    CHECK(strcmp(caches_of(&k7, athlon, 2), "L1d=65536;L1i=65536;L2=262144") == 0 &&
              strcmp(source, "CPUID leaves 0x80000005 and 0x80000006") == 0,
          "leaves 0x80000005/6: an Athlon's L1s and L2, no L3 (%s)", text);
    static const struct answer with_l3[] = {{0x80000005u, 0, {0, 0, 0x30000000u, 0x20000000u}},
                                            {0x80000006u, 0, {0, 0, 0x04000000u, 0x00400000u}}};
    struct cpu_info zen_vm = k7;
    zen_vm.max_ext_leaf = 0x80000008;
    CHECK(strcmp(caches_of(&zen_vm, with_l3, 2), "L1d=49152;L1i=32768;L2=1048576;L3=8388608") == 0,
          "leaves 0x80000005/6 where 0x8000001D answers nothing: L3 in 512 KiB units (%s)", text);

    struct cpu_info pentium = {.vendor = VENDOR_INTEL, .max_leaf = 1, .family = 5, .model = 4};
    CHECK(strcmp(caches_of(&pentium, NULL, 0), "-") == 0 && strstr(source, "no caches"),
          "a Pentium reports none, and says so (%s)", source);
    return check_summary();
}
