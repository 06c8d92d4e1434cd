; Payloads about privilege: the cost of the monitor gate, and payloads
; that must be stopped or reported (ring=3 runs every window at CPL 3;
; cost_rdpmc and cost_rdtsc in system.asm then measure RDPMC and RDTSC
; from user mode).
%include "payload.mac"

PAYLOAD gate_hello, "int 0x80 hello: a round trip through the monitor gate, kernel included", VARIABLE, NEEDS_GATE
    mov eax, 250                        ; the monitor call (app/x86/gate.h)
    xor ebx, ebx                        ; operation 0: hello
    int 0x80
ENDPAYLOAD

PAYLOAD gate_bad, "int 0x80 with an unknown system call number: the gate's quickest answer", VARIABLE, NOT_DEFAULT | NEEDS_GATE
    xor eax, eax
    int 0x80
ENDPAYLOAD

; Test-only payloads: chosen by name.
PAYLOAD priv_cli, "CLI: privileged at CPL 3 (IOPL 0): #GP with ring=3, harmless in ring 0", 1, TEST_ONLY
    cli
ENDPAYLOAD

PAYLOAD priv_rdmsr, "RDMSR of the TSC: #GP at CPL 3", 2, TEST_ONLY
    mov ecx, 0x10
    rdmsr
ENDPAYLOAD

PAYLOAD runaway, "jmp $: never ends; the watchdog must stop it", 1, TEST_ONLY
    BRANCHES 1
    jmp $
ENDPAYLOAD
