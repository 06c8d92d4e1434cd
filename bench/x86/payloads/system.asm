; The cost of the instructions a measurement itself uses.
%include "payload.mac"

PAYLOAD cost_cpuid, "CPUID leaf 0: the serializing instruction of old CPUs", 2
    xor eax, eax
    cpuid
ENDPAYLOAD

PAYLOAD cost_rdtsc, "RDTSC", 1, NEEDS_TSC
    rdtsc
ENDPAYLOAD

PAYLOAD cost_rdpmc, "RDPMC of counter 0", 2, NEEDS_RDPMC
    xor ecx, ecx
    rdpmc
ENDPAYLOAD

PAYLOAD cost_rdmsr, "RDMSR of the time-stamp counter (MSR 0x10)", 2, NEEDS_MSR
    mov ecx, 0x10
    rdmsr
ENDPAYLOAD

; Payloads that fault on purpose: the harness must report them and go on.
PAYLOAD fault_ud, "UD2: raises #UD (tests the fault report)", 1, TEST_ONLY
    ud2
ENDPAYLOAD

PAYLOAD fault_gp, "loads DS with a selector past the GDT: raises #GP", 2, TEST_ONLY
    mov eax, 0x40
    mov ds, ax
ENDPAYLOAD

PAYLOAD fault_de, "DIV by zero: raises #DE", 2, TEST_ONLY
    xor ebx, ebx
    div ebx
ENDPAYLOAD

PAYLOAD fault_pf, "load from address 0 (unmapped): raises #PF", 1, TEST_ONLY
    mov eax, [0]
ENDPAYLOAD
