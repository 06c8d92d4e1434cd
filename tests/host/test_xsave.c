/* The XCR0 value the kernel enables from what CPUID leaf 0xD offers: only
 * combinations XSETBV takes (SDM vol. 1, 13.3), and the names the
 * conditions record prints. */
#include <string.h>

#include "lib/xsave.h"
#include "tests/host/check.h"

int main(void)
{
    char names[96];
    /* Skylake client: x87, SSE, AVX, MPX's two and nothing of AVX-512. */
    CHECK(xsave_enable(0x1f) == XSAVE_AVX_STATE, "xsave: AVX on, MPX left off");
    /* Skylake-SP and Zen 4/5: the three AVX-512 components with AVX. */
    CHECK(xsave_enable(0x2e7) == XSAVE_AVX512_STATE, "xsave: AVX-512 on with AVX, PKRU left off");
    CHECK(xsave_enable(0x67) == XSAVE_AVX_STATE,
          "xsave: AVX-512 only when all three of its components are offered");
    CHECK(xsave_enable(0x3) == (XSAVE_X87 | XSAVE_SSE) && xsave_enable(0x5) == XSAVE_X87,
          "xsave: AVX needs SSE, SSE is never without x87");
    CHECK(xsave_enable(0x600e7) == (XSAVE_AVX512_STATE | XSAVE_TILECFG | XSAVE_TILEDATA) &&
              xsave_enable(0x200e7) == XSAVE_AVX512_STATE,
          "xsave: AMX's tile config and data go on together");
    xsave_describe(0xe7, names, sizeof names);
    CHECK(strcmp(names, "x87 sse avx opmask zmm_hi256 hi16_zmm") == 0, "xsave: names %s", names);
    xsave_describe((1ull << 40) | 1, names, sizeof names);
    CHECK(strcmp(names, "x87 bit40") == 0, "xsave: an unnamed component by its bit: %s", names);
    xsave_describe(0xe7, names, 12);
    CHECK(strlen(names) == 11, "xsave: names cut to the buffer");
    return check_summary();
}
