; MMX, x87 and SSE latency chains.
%include "payload.mac"

global mmx_prepare, x87_prepare, sse_prepare

PAYLOAD mmx_paddb, "dependent chain of PADDB mm0, mm1: MMX add latency", 1, NEEDS_MMX, mmx_prepare
    paddb mm0, mm1
ENDPAYLOAD

PAYLOAD mmx_pmullw, "dependent chain of PMULLW mm0, mm1: MMX multiply latency", 1, NEEDS_MMX, mmx_prepare
    pmullw mm0, mm1
ENDPAYLOAD

PAYLOAD x87_fadd, "dependent chain of FADD st0, st1: x87 add latency", 1, 0, x87_prepare
    fadd st0, st1
ENDPAYLOAD

PAYLOAD x87_fmul, "dependent chain of FMUL st0, st1 (st1 = 1): x87 multiply latency", 1, 0, x87_prepare
    fmul st0, st1
ENDPAYLOAD

PAYLOAD sse_addps, "dependent chain of ADDPS xmm0, xmm1: SSE add latency", 1, NEEDS_SSE, sse_prepare
    addps xmm0, xmm1
ENDPAYLOAD

PAYLOAD sse2_paddd, "dependent chain of PADDD xmm0, xmm1: SSE2 integer add latency", 1, NEEDS_SSE2, sse_prepare
    paddd xmm0, xmm1
ENDPAYLOAD

PAYLOAD sse2_mulsd, "dependent chain of MULSD xmm0, xmm1: SSE2 double multiply latency", 1, NEEDS_SSE2, sse_prepare
    mulsd xmm0, xmm1
ENDPAYLOAD

; Prepares leave the register state the chains start from; x87 and MMX
; share registers, so each family resets it.
section .text
mmx_prepare:
    pxor mm0, mm0
    pcmpeqb mm1, mm1
    xor eax, eax
    ret
x87_prepare:
    fninit
    fld1
    fld1
    xor eax, eax
    ret
sse_prepare:
    xorps xmm0, xmm0
    xorps xmm1, xmm1
    xor eax, eax
    ret
