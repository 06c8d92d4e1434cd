/* XCR0's state components (lib/xsave.h). */
#include "lib/xsave.h"

#include "lib/fmt.h"

static const char *const component_names[] = {
    [0] = "x87",    [1] = "sse",    [2] = "avx",       [3] = "bndregs",
    [4] = "bndcsr", [5] = "opmask", [6] = "zmm_hi256", [7] = "hi16_zmm",
    [8] = "pt",     [9] = "pkru",   [17] = "tilecfg",  [18] = "tiledata"};

uint64_t xsave_enable(uint64_t offered)
{
    uint64_t on = offered & (XSAVE_X87 | XSAVE_SSE);
    if ((offered & XSAVE_AVX) && (on & XSAVE_SSE)) {
        on |= XSAVE_AVX;
    }
    uint64_t avx512 = XSAVE_OPMASK | XSAVE_ZMM_HI256 | XSAVE_HI16_ZMM;
    if ((offered & avx512) == avx512 && (on & XSAVE_AVX)) {
        on |= avx512;
    }
    uint64_t amx = XSAVE_TILECFG | XSAVE_TILEDATA;
    if ((offered & amx) == amx) {
        on |= amx;
    }
    return on;
}

void xsave_describe(uint64_t xcr0, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (unsigned bit = 0; bit < 64 && at < size; bit++) {
        if (!((xcr0 >> bit) & 1)) {
            continue;
        }
        const char *name =
            bit < sizeof component_names / sizeof component_names[0] ? component_names[bit] : 0;
        at += (size_t)(name ? fmt_snprintf(buf + at, size - at, "%s%s", at ? " " : "", name)
                            : fmt_snprintf(buf + at, size - at, "%sbit%u", at ? " " : "", bit));
    }
}
