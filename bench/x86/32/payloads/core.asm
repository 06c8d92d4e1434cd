; Integer core payloads in 32-bit mode: ADD latency and throughput, IMUL and
; DIV latency, on 32-bit registers. Each body is one iteration.
%include "payload.mac"

PAYLOAD add_latency, "dependent chain of ADD r32, imm: ADD latency", 1
    add eax, 1
ENDPAYLOAD

PAYLOAD add_throughput, "six independent ADD r32, imm: ADD throughput", 6
    add eax, 1
    add ebx, 1
    add ecx, 1
    add edx, 1
    add esi, 1
    add edi, 1
ENDPAYLOAD

PAYLOAD imul_latency, "dependent chain of IMUL r32, r32: IMUL latency", 1
    imul eax, eax
ENDPAYLOAD

extern div_prepare
PAYLOAD div_latency, "dependent chain of DIV r32 (EDX:EAX / 1): DIV latency", 1, 0, div_prepare
    div ebp
ENDPAYLOAD
