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

; Writes the APM control port (0xB2) once per boot, which raises an SMI on
; a chipset that has SMM enabled (QEMU's PIIX4 under SeaBIOS): the test of
; the disturbance probe, whose repetition must be flagged and measured
; again. EBP carries over from window to window, so the magic it leaves
; there skips the write ever after. Not for real machines: what a firmware
; does with APM command 0 is its own.
PAYLOAD smi_once, "writes APM port 0xB2 once: raises one SMI (tests the disturbance probe)", VARIABLE, TEST_ONLY
    BRANCHES VARIABLE
    cmp ebp, 0x31494d53
    je %$done
    mov ebp, 0x31494d53
    xor eax, eax
    out 0xb2, al
%$done:
ENDPAYLOAD
