#include "lib/cpucache.h"

#include "lib/fmt.h"

static int present(const struct cpu_info *info, uint32_t leaf)
{
    return leaf >= 0x80000000u ? info->max_ext_leaf >= leaf : info->max_leaf >= leaf;
}

/* Leaf 4 and leaf 0x8000001D share their layout (Intel SDM Vol. 2A, CPUID,
 * leaf 04H; AMD APM Vol. 3, CPUID Fn8000_001D): EAX[4:0] type (0 = no more,
 * 1 data, 2 instruction, 3 unified), EAX[7:5] level; the size is
 * (EBX[31:22] + 1) ways x (EBX[21:12] + 1) partitions x (EBX[11:0] + 1)
 * line bytes x (ECX + 1) sets. */
static unsigned deterministic(uint32_t leaf, cpuid_fn cpuid, void *ctx, struct cpu_cache *out)
{
    unsigned n = 0;
    for (uint32_t sub = 0; sub < 16 && n < CPUCACHE_MAX; sub++) {
        struct cpuid_regs r;
        cpuid(leaf, sub, &r, ctx);
        unsigned type = r.eax & 31;
        if (type == 0 || type > 3) {
            break;
        }
        uint64_t bytes = (uint64_t)((r.ebx >> 22) + 1) * (((r.ebx >> 12) & 0x3ff) + 1) *
                         ((r.ebx & 0xfff) + 1) * ((uint64_t)r.ecx + 1);
        out[n++] = (struct cpu_cache){(uint8_t)((r.eax >> 5) & 7), "?diu"[type],
                                      bytes > 0xffffffffu ? 0xffffffffu : (uint32_t)bytes};
    }
    return n;
}

/* Leaf 2's cache descriptors (Intel SDM Vol. 2A, CPUID, table "Encoding of
 * CPUID Leaf 2 Descriptors"); the TLB and prefetch descriptors are not
 * caches and are left out. 0x49 is an L3 on the Xeon MP of family 0FH
 * model 06H and an L2 elsewhere (the table says both). */
static const struct {
    uint8_t code, level;
    char type;
    uint16_t kib;
} descriptors[] = {
    {0x06, 1, 'i', 8},     {0x08, 1, 'i', 16},    {0x09, 1, 'i', 32},    {0x0A, 1, 'd', 8},
    {0x0C, 1, 'd', 16},    {0x0D, 1, 'd', 16},    {0x0E, 1, 'd', 24},    {0x1D, 2, 'u', 128},
    {0x21, 2, 'u', 256},   {0x22, 3, 'u', 512},   {0x23, 3, 'u', 1024},  {0x24, 2, 'u', 1024},
    {0x25, 3, 'u', 2048},  {0x29, 3, 'u', 4096},  {0x2C, 1, 'd', 32},    {0x30, 1, 'i', 32},
    {0x41, 2, 'u', 128},   {0x42, 2, 'u', 256},   {0x43, 2, 'u', 512},   {0x44, 2, 'u', 1024},
    {0x45, 2, 'u', 2048},  {0x46, 3, 'u', 4096},  {0x47, 3, 'u', 8192},  {0x48, 2, 'u', 3072},
    {0x49, 2, 'u', 4096},  {0x4A, 3, 'u', 6144},  {0x4B, 3, 'u', 8192},  {0x4C, 3, 'u', 12288},
    {0x4D, 3, 'u', 16384}, {0x4E, 2, 'u', 6144},  {0x60, 1, 'd', 16},    {0x66, 1, 'd', 8},
    {0x67, 1, 'd', 16},    {0x68, 1, 'd', 32},    {0x78, 2, 'u', 1024},  {0x79, 2, 'u', 128},
    {0x7A, 2, 'u', 256},   {0x7B, 2, 'u', 512},   {0x7C, 2, 'u', 1024},  {0x7D, 2, 'u', 2048},
    {0x7F, 2, 'u', 512},   {0x80, 2, 'u', 512},   {0x82, 2, 'u', 256},   {0x83, 2, 'u', 512},
    {0x84, 2, 'u', 1024},  {0x85, 2, 'u', 2048},  {0x86, 2, 'u', 512},   {0x87, 2, 'u', 1024},
    {0xD0, 3, 'u', 512},   {0xD1, 3, 'u', 1024},  {0xD2, 3, 'u', 2048},  {0xD6, 3, 'u', 1024},
    {0xD7, 3, 'u', 2048},  {0xD8, 3, 'u', 4096},  {0xDC, 3, 'u', 1536},  {0xDD, 3, 'u', 3072},
    {0xDE, 3, 'u', 6144},  {0xE2, 3, 'u', 2048},  {0xE3, 3, 'u', 4096},  {0xE4, 3, 'u', 8192},
    {0xEA, 3, 'u', 12288}, {0xEB, 3, 'u', 18432}, {0xEC, 3, 'u', 24576},
};

static unsigned descriptor_caches(const struct cpu_info *info, uint32_t reg, struct cpu_cache *out,
                                  unsigned n)
{
    if (reg >> 31) {
        return n; /* bit 31 set: the register holds no descriptors */
    }
    for (unsigned byte = 0; byte < 4; byte++) {
        uint8_t code = (uint8_t)(reg >> (8 * byte));
        for (unsigned i = 0; code && i < sizeof descriptors / sizeof descriptors[0]; i++) {
            if (descriptors[i].code != code || n == CPUCACHE_MAX) {
                continue;
            }
            uint8_t level = descriptors[i].level;
            if (code == 0x49 && info->family == 0xF && info->model == 6) {
                level = 3;
            }
            out[n++] =
                (struct cpu_cache){level, descriptors[i].type, (uint32_t)descriptors[i].kib << 10};
        }
    }
    return n;
}

static unsigned leaf2(const struct cpu_info *info, cpuid_fn cpuid, void *ctx, struct cpu_cache *out)
{
    struct cpuid_regs r;
    cpuid(2, 0, &r, ctx);
    unsigned n = descriptor_caches(info, r.eax & 0xffffff00u, out, 0); /* AL: the count */
    n = descriptor_caches(info, r.ebx, out, n);
    n = descriptor_caches(info, r.ecx, out, n);
    return descriptor_caches(info, r.edx, out, n);
}

/* AMD APM Vol. 3, CPUID Fn8000_0005 (ECX[31:24] L1 data KiB, EDX[31:24] L1
 * instruction KiB) and Fn8000_0006 (ECX[31:16] L2 KiB, EDX[31:18] L3 in
 * 512 KiB units). */
static unsigned amd_legacy(const struct cpu_info *info, cpuid_fn cpuid, void *ctx,
                           struct cpu_cache *out)
{
    struct cpuid_regs r;
    unsigned n = 0;
    cpuid(0x80000005u, 0, &r, ctx);
    if (r.ecx >> 24) {
        out[n++] = (struct cpu_cache){1, 'd', (r.ecx >> 24) << 10};
    }
    if (r.edx >> 24) {
        out[n++] = (struct cpu_cache){1, 'i', (r.edx >> 24) << 10};
    }
    if (!present(info, 0x80000006u)) {
        return n;
    }
    cpuid(0x80000006u, 0, &r, ctx);
    if (r.ecx >> 16) {
        out[n++] = (struct cpu_cache){2, 'u', (r.ecx >> 16) << 10};
    }
    if (r.edx >> 18) {
        out[n++] = (struct cpu_cache){3, 'u', (r.edx >> 18) << 19};
    }
    return n;
}

unsigned cpucache_decode(const struct cpu_info *info, cpuid_fn cpuid, void *ctx,
                         struct cpu_cache *out, const char **source)
{
    unsigned n = 0;
    if (info->vendor == VENDOR_INTEL && present(info, 4) &&
        (n = deterministic(4, cpuid, ctx, out))) {
        *source = "CPUID leaf 4";
    } else if (present(info, 0x8000001Du) && (n = deterministic(0x8000001Du, cpuid, ctx, out))) {
        *source = "CPUID leaf 0x8000001D";
    } else if (info->vendor == VENDOR_INTEL && present(info, 2) &&
               (n = leaf2(info, cpuid, ctx, out))) {
        *source = "CPUID leaf 2 descriptors";
    } else if (present(info, 0x80000005u) && info->vendor != VENDOR_INTEL &&
               (n = amd_legacy(info, cpuid, ctx, out))) {
        *source = "CPUID leaves 0x80000005 and 0x80000006";
    } else {
        *source = "CPUID reports no caches (no leaf 4, 0x8000001D, 2 or 0x80000005 answers)";
    }
    return n;
}

void cpucache_text(const struct cpu_cache *caches, unsigned n, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n && at < size; i++) {
        int w = fmt_snprintf(buf + at, size - at, "%sL%u%s=%lu", i ? ";" : "", caches[i].level,
                             caches[i].type == 'u' ? "" : (caches[i].type == 'd' ? "d" : "i"),
                             (unsigned long)caches[i].bytes);
        at += w > 0 ? (size_t)w : 0;
    }
    if (!n && size > 1) {
        buf[0] = '-';
        buf[1] = '\0';
    }
}
