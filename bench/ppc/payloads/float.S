/* Floating-point latency (the 604e's FPU: 3 cycles for fadd and fmul;
 * PowerPC 604e RISC Microprocessor User's Manual, "Instruction Timing"). The
 * FPRs are set by fp_prepare: f1 = 1.0, f2 = 0.0, f3 = 1.0, so the chains
 * stay at 1.0, never denormal or NaN. */
#include "bench/ppc/payload.inc"

PAYLOAD fadd_latency, "dependent chain of fadd: FP add latency", 1, 0, 0, fp_prepare
    fadd f1, f1, f2
ENDPAYLOAD fadd_latency

PAYLOAD fmul_latency, "dependent chain of fmul: FP multiply latency", 1, 0, 0, fp_prepare
    fmul f1, f1, f3
ENDPAYLOAD fmul_latency

PAYLOAD fmadd_latency, "dependent chain of fmadd: FP multiply-add latency", 1, 0, 0, fp_prepare
    fmadd f1, f1, f3, f2
ENDPAYLOAD fmadd_latency
