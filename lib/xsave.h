/* The XSAVE state components that XCR0 enables (Intel SDM vol. 1, 13.1
 * "XSAVE-supported features and state-component bitmaps", and 13.3
 * "Enabling the XSAVE feature set"): which the kernel turns on, what a
 * vector payload needs on, and their names. Pure. */
#ifndef BAREBENCH_XSAVE_H
#define BAREBENCH_XSAVE_H

#include <stddef.h>
#include <stdint.h>

#define XSAVE_X87       (1ull << 0)
#define XSAVE_SSE       (1ull << 1)
#define XSAVE_AVX       (1ull << 2)  /* the upper halves of YMM0-15 */
#define XSAVE_OPMASK    (1ull << 5)  /* k0-k7 */
#define XSAVE_ZMM_HI256 (1ull << 6)  /* the upper halves of ZMM0-15 */
#define XSAVE_HI16_ZMM  (1ull << 7)  /* ZMM16-31 */
#define XSAVE_TILECFG   (1ull << 17) /* AMX */
#define XSAVE_TILEDATA  (1ull << 18)

/* What AVX code needs enabled, and what AVX-512 code needs. */
#define XSAVE_AVX_STATE    (XSAVE_X87 | XSAVE_SSE | XSAVE_AVX)
#define XSAVE_AVX512_STATE (XSAVE_AVX_STATE | XSAVE_OPMASK | XSAVE_ZMM_HI256 | XSAVE_HI16_ZMM)

/* The XCR0 value that enables every user state component barebench's
 * payloads may use (x87, SSE, AVX, AVX-512, AMX) among those the CPU
 * offers (CPUID.(EAX=0DH,ECX=0):EDX:EAX), and only in combinations XSETBV
 * takes: SSE with x87, AVX with SSE, the three AVX-512 components together
 * and with AVX, both AMX components together (SDM vol. 1, 13.3). */
uint64_t xsave_enable(uint64_t offered);

/* The components of xcr0 by name ("x87 sse avx opmask ..."); the rest as
 * bit numbers. */
void xsave_describe(uint64_t xcr0, char *buf, size_t size);

#endif
