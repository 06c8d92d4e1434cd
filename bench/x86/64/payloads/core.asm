; Integer core payloads in 64-bit mode: ADD latency and throughput, IMUL and
; DIV latency, on 64-bit registers (REX.W). Each body is one iteration;
; R8-R15 are free as well.
%include "payload.mac"

PAYLOAD add_latency, "dependent chain of ADD r64, imm: ADD latency", 1
    add rax, 1
ENDPAYLOAD

PAYLOAD add_throughput, "six independent ADD r64, imm: ADD throughput", 6
    add rax, 1
    add rbx, 1
    add rcx, 1
    add rdx, 1
    add rsi, 1
    add rdi, 1
ENDPAYLOAD

PAYLOAD imul_latency, "dependent chain of IMUL r64, r64: IMUL latency", 1
    imul rax, rax
ENDPAYLOAD

extern div_prepare
PAYLOAD div_latency, "dependent chain of DIV r64 (RDX:RAX / 1): DIV latency", 1, 0, div_prepare
    div rbp
ENDPAYLOAD
