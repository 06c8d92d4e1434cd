; The switch from 32-bit protected mode to long mode (Intel SDM Vol. 3A,
; 10.8.5): with paging off, load CR3 with the 4-level tables, set CR4.PAE
; and IA32_EFER.LME, then set CR0.PG; the CPU is then in compatibility
; mode, and a far jump to a 64-bit code segment enters 64-bit mode.

MSR_EFER    equ 0xc0000080
EFER_LME    equ 1 << 8
CR4_PAE     equ 1 << 5
CR0_PG      equ 1 << 31
SEL_CODE64  equ 0x08
SEL_DATA    equ 0x10

section .data
align 8
; Until the long-mode kernel loads its own (kernel/x86/64/desc.c).
lm_gdt:
    dq 0
    dq 0x00af9a000000ffff               ; 64-bit code: L=1, D=0
    dq 0x00cf92000000ffff               ; data
lm_gdtr:
    dw lm_gdtr - lm_gdt - 1
    dd lm_gdt

section .text
; void longmode_enter(uint32_t pml4, uint32_t entry, uint32_t magic, uint32_t info)
; Never returns: the long-mode kernel's entry gets EDI = magic, ESI = info.
global longmode_enter
longmode_enter:
    cli
    mov eax, [esp + 4]
    mov ebx, [esp + 8]
    mov edi, [esp + 12]
    mov esi, [esp + 16]
    mov cr3, eax
    mov eax, cr4
    or eax, CR4_PAE
    mov cr4, eax
    mov ecx, MSR_EFER
    rdmsr
    or eax, EFER_LME
    wrmsr
    lgdt [lm_gdtr]
    mov eax, cr0
    or eax, CR0_PG
    mov cr0, eax
    jmp SEL_CODE64:.long64
bits 64
.long64:
    mov eax, SEL_DATA
    mov ds, eax
    mov es, eax
    mov ss, eax
    ; The upper halves of the registers are undefined after the switch
    ; (Intel SDM Vol. 3A, 10.8.5); writing the lower ones clears them.
    mov ebx, ebx
    mov edi, edi
    mov esi, esi
    jmp rbx
