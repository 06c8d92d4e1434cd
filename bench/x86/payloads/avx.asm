; AVX, AVX2, FMA and AVX-512 chains on xmm, ymm and zmm. Registers 0-7
; only, so each payload is the same in 32-bit and 64-bit mode (VEX and
; EVEX reach registers 8-31 in 64-bit mode only). Each needs its CPUID bit
; and its state enabled in XCR0 (kernel/x86/fpu.c; in a hosted run,
; Linux's): a CPU or kernel without them skips it, with the reason.
;
; Latency payloads are one dependent chain. Throughput payloads are eight
; chains, each register depending only on itself (x = x op x), so that
; eight operations are in flight: enough for a 4-cycle unit on 2 ports.
; The registers hold zeros, so no operation meets a denormal.
%include "payload.mac"

global avx_prepare, avx512_prepare

; --- floating-point latency: VADDPS, VMULPS, VFMADD231PS ---------------------
PAYLOAD avx_vaddps_xmm, "dependent chain of VADDPS xmm0, xmm0, xmm1: AVX add latency", 1, NEEDS_AVX, avx_prepare
    vaddps xmm0, xmm0, xmm1
ENDPAYLOAD

PAYLOAD avx_vaddps_ymm, "dependent chain of VADDPS ymm0, ymm0, ymm1: AVX add latency, 256 bits", 1, NEEDS_AVX, avx_prepare
    vaddps ymm0, ymm0, ymm1
ENDPAYLOAD

PAYLOAD avx512_vaddps_zmm, "dependent chain of VADDPS zmm0, zmm0, zmm1: AVX-512 add latency", 1, NEEDS_AVX512F, avx512_prepare
    vaddps zmm0, zmm0, zmm1
ENDPAYLOAD

PAYLOAD avx_vmulps_xmm, "dependent chain of VMULPS xmm0, xmm0, xmm1: AVX multiply latency", 1, NEEDS_AVX, avx_prepare
    vmulps xmm0, xmm0, xmm1
ENDPAYLOAD

PAYLOAD avx_vmulps_ymm, "dependent chain of VMULPS ymm0, ymm0, ymm1: AVX multiply latency, 256 bits", 1, NEEDS_AVX, avx_prepare
    vmulps ymm0, ymm0, ymm1
ENDPAYLOAD

PAYLOAD avx512_vmulps_zmm, "dependent chain of VMULPS zmm0, zmm0, zmm1: AVX-512 multiply latency", 1, NEEDS_AVX512F, avx512_prepare
    vmulps zmm0, zmm0, zmm1
ENDPAYLOAD

PAYLOAD fma_vfmadd231ps_xmm, "dependent chain of VFMADD231PS xmm0, xmm1, xmm2: FMA latency", 1, NEEDS_FMA, avx_prepare
    vfmadd231ps xmm0, xmm1, xmm2
ENDPAYLOAD

PAYLOAD fma_vfmadd231ps_ymm, "dependent chain of VFMADD231PS ymm0, ymm1, ymm2: FMA latency, 256 bits", 1, NEEDS_FMA, avx_prepare
    vfmadd231ps ymm0, ymm1, ymm2
ENDPAYLOAD

PAYLOAD avx512_vfmadd231ps_zmm, "dependent chain of VFMADD231PS zmm0, zmm1, zmm2: AVX-512 FMA latency", 1, NEEDS_AVX512F, avx512_prepare
    vfmadd231ps zmm0, zmm1, zmm2
ENDPAYLOAD

; --- floating-point throughput: eight independent chains ---------------------
%macro EIGHT 1-2
    %assign %%r 0
    %rep 8
        %1 %2 %+ %%r, %2 %+ %%r, %2 %+ %%r
        %assign %%r %%r + 1
    %endrep
%endmacro

PAYLOAD avx_vaddps_xmm_tp, "VADDPS xmmN, xmmN, xmmN for N = 0-7: AVX add throughput, 128 bits (8 per iteration)", 8, NEEDS_AVX, avx_prepare
    EIGHT vaddps, xmm
ENDPAYLOAD

PAYLOAD avx_vaddps_ymm_tp, "VADDPS ymmN, ymmN, ymmN for N = 0-7: AVX add throughput, 256 bits (8 per iteration)", 8, NEEDS_AVX, avx_prepare
    EIGHT vaddps, ymm
ENDPAYLOAD

PAYLOAD avx512_vaddps_zmm_tp, "VADDPS zmmN, zmmN, zmmN for N = 0-7: AVX-512 add throughput (8 per iteration)", 8, NEEDS_AVX512F, avx512_prepare
    EIGHT vaddps, zmm
ENDPAYLOAD

PAYLOAD avx_vmulps_xmm_tp, "VMULPS xmmN, xmmN, xmmN for N = 0-7: AVX multiply throughput, 128 bits (8 per iteration)", 8, NEEDS_AVX, avx_prepare
    EIGHT vmulps, xmm
ENDPAYLOAD

PAYLOAD avx_vmulps_ymm_tp, "VMULPS ymmN, ymmN, ymmN for N = 0-7: AVX multiply throughput, 256 bits (8 per iteration)", 8, NEEDS_AVX, avx_prepare
    EIGHT vmulps, ymm
ENDPAYLOAD

PAYLOAD avx512_vmulps_zmm_tp, "VMULPS zmmN, zmmN, zmmN for N = 0-7: AVX-512 multiply throughput (8 per iteration)", 8, NEEDS_AVX512F, avx512_prepare
    EIGHT vmulps, zmm
ENDPAYLOAD

PAYLOAD fma_vfmadd231ps_xmm_tp, "VFMADD231PS xmmN, xmmN, xmmN for N = 0-7: FMA throughput, 128 bits (8 per iteration)", 8, NEEDS_FMA, avx_prepare
    EIGHT vfmadd231ps, xmm
ENDPAYLOAD

; --- the start-up of the wide units: each window starts cold --------------------
; The harness idles before each window (COLD: over 0.67 ms of scalar code),
; so the first 512-bit instructions of a window find the upper lanes
; powered down where the core does that; the 256-bit twin is the steady
; figure beside it. Measured against the empty window, so the start-up
; stays in the figure, spread over the unroll's copies.
PAYLOAD avx_vaddps_ymm_cold, "VADDPS ymmN for N = 0-7, each window after 4M TSC ticks of scalar code: the 256-bit baseline of the 512-bit start-up", 8, NEEDS_AVX | COLD | NOT_DEFAULT, avx_prepare
    EIGHT vaddps, ymm
ENDPAYLOAD

PAYLOAD avx512_vaddps_zmm_cold, "VADDPS zmmN for N = 0-7, each window after 4M TSC ticks of scalar code: the 512-bit units' start-up (Intel server cores)", 8, NEEDS_AVX512F | COLD | NOT_DEFAULT, avx512_prepare
    EIGHT vaddps, zmm
ENDPAYLOAD

PAYLOAD fma_vfmadd231ps_ymm_tp, "VFMADD231PS ymmN, ymmN, ymmN for N = 0-7: FMA throughput, 256 bits (8 per iteration)", 8, NEEDS_FMA, avx_prepare
    EIGHT vfmadd231ps, ymm
ENDPAYLOAD

PAYLOAD avx512_vfmadd231ps_zmm_tp, "VFMADD231PS zmmN, zmmN, zmmN for N = 0-7: AVX-512 FMA throughput (8 per iteration)", 8, NEEDS_AVX512F, avx512_prepare
    EIGHT vfmadd231ps, zmm
ENDPAYLOAD

; --- integer and shuffle latency ---------------------------------------------
PAYLOAD avx2_vpaddd_ymm, "dependent chain of VPADDD ymm0, ymm0, ymm1: AVX2 integer add latency", 1, NEEDS_AVX2, avx_prepare
    vpaddd ymm0, ymm0, ymm1
ENDPAYLOAD

PAYLOAD avx2_vpermps_ymm, "dependent chain of VPERMPS ymm0, ymm1, ymm0: AVX2 cross-lane permute latency", 1, NEEDS_AVX2, avx_prepare
    vpermps ymm0, ymm1, ymm0
ENDPAYLOAD

PAYLOAD avx2_vpshufb_ymm, "dependent chain of VPSHUFB ymm0, ymm0, ymm1: AVX2 in-lane byte shuffle latency", 1, NEEDS_AVX2, avx_prepare
    vpshufb ymm0, ymm0, ymm1
ENDPAYLOAD

PAYLOAD avx512_vpaddd_zmm, "dependent chain of VPADDD zmm0, zmm0, zmm1: AVX-512 integer add latency", 1, NEEDS_AVX512F, avx512_prepare
    vpaddd zmm0, zmm0, zmm1
ENDPAYLOAD

; --- AVX-512 mask registers --------------------------------------------------
PAYLOAD avx512_kandw, "dependent chain of KANDW k1, k1, k2: AVX-512 mask operation latency", 1, NEEDS_AVX512F, avx512_prepare
    kandw k1, k1, k2
ENDPAYLOAD

PAYLOAD avx512_kmovw_gpr, "KMOVW k1, eax then KMOVW eax, k1: mask to general register and back (2 per iteration)", 2, NEEDS_AVX512F, avx512_prepare
    kmovw k1, eax
    kmovw eax, k1
ENDPAYLOAD

; Prepares leave zeros in the vector registers the chains use (VZEROALL
; zeroes all of ZMM0-15 where AVX-512 is enabled: SDM vol. 2, VZEROALL),
; and the AVX-512 ones clear the mask registers too.
section .text
avx_prepare:
    vzeroall
    xor eax, eax
    ret
avx512_prepare:
    vzeroall
    kxorw k1, k1, k1
    kxorw k2, k2, k2
    xor eax, eax
    ret
