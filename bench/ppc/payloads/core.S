/* Integer, branch and store-forwarding payloads for the 604/604e. Latencies
 * and throughputs to expect: PowerPC 604e RISC Microprocessor User's Manual,
 * "Instruction Timing" (simple integer 1 cycle, mullw 2-4, divw 20). */
#include "bench/ppc/payload.inc"

PAYLOAD empty, "nothing: the residue after overhead removal", 0
ENDPAYLOAD empty

PAYLOAD nop, "one nop (ori 0,0,0)", 1
    nop
ENDPAYLOAD nop

PAYLOAD add_latency, "dependent chain of add: add latency", 1
    add r3, r3, r4
ENDPAYLOAD add_latency

PAYLOAD add_throughput, "six independent addi: add throughput", 6
    addi r3, r3, 1
    addi r4, r4, 1
    addi r5, r5, 1
    addi r6, r6, 1
    addi r7, r7, 1
    addi r8, r8, 1
ENDPAYLOAD add_throughput

PAYLOAD mullw_latency, "dependent chain of mullw: multiply latency", 1
    mullw r3, r3, r4
ENDPAYLOAD mullw_latency

PAYLOAD mullw_throughput, "four independent mullw: multiply throughput", 4
    mullw r5, r3, r4
    mullw r6, r3, r4
    mullw r7, r3, r4
    mullw r8, r3, r4
ENDPAYLOAD mullw_throughput

PAYLOAD divw_latency, "dependent chain of divw by 1: divide latency", 1, 0, 0, divw_prepare
    divw r3, r3, r4
ENDPAYLOAD divw_latency

PAYLOAD divw_throughput, "four independent divw: divide throughput", 4, 0, 0, divw_prepare
    divw r5, r3, r4
    divw r6, r3, r4
    divw r7, r3, r4
    divw r8, r3, r4
ENDPAYLOAD divw_throughput

PAYLOAD store_forward, "stw then lwz of the same word: store forwarding", 2, 0, 0, forward_prepare
    stw r3, 0(r4)
    lwz r3, 0(r4)
ENDPAYLOAD store_forward

PAYLOAD branch_predictable, "an always-taken b to the next instruction", 2, 1
    b 1f
1:  addi r3, r3, 1
ENDPAYLOAD branch_predictable

/* xorshift32 (Marsaglia, "Xorshift RNGs", 2003) in r3; its low bit picks
 * the path; both paths run the same instructions and branches. */
PAYLOAD branch_random, "a branch on a xorshift32 bit", 10, 2, 0, xorshift_prepare
    slwi r4, r3, 13
    xor r3, r3, r4
    srwi r4, r3, 17
    xor r3, r3, r4
    slwi r4, r3, 5
    xor r3, r3, r4
    andi. r4, r3, 1
    beq 1f
    addi r5, r5, 1
    b 2f
1:  addi r6, r6, 1
    b 2f
2:
ENDPAYLOAD branch_random

PAYLOAD fault_program, "test only: an illegal instruction (program exception)", 1, 0, TEST_ONLY
    .long 0
ENDPAYLOAD fault_program

PAYLOAD fault_dsi, "test only: a load from an unmapped address (DSI)", 1, 0, TEST_ONLY, unmapped_prepare
    lwz r3, 0(r4)
ENDPAYLOAD fault_dsi

PAYLOAD priv_mfmsr, "test only: mfmsr, privileged: a program exception in problem state", 1, 0, TEST_ONLY
    mfmsr r3
ENDPAYLOAD priv_mfmsr

PAYLOAD runaway, "test only: b . never ends; the watchdog must stop it", 1, 1, TEST_ONLY
    b .
ENDPAYLOAD runaway

PAYLOAD fault_alignment, "test only: lwarx at an odd address (alignment exception)", 1, 0, TEST_ONLY, odd_prepare
    lwarx r3, 0, r4
ENDPAYLOAD fault_alignment
