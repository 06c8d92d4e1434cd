; Exception entry stubs and descriptor-table loads in long mode.

section .text

; Vectors that push an error code themselves.
%define HAS_ERROR(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

%include "boot/x86/64/frame.mac"

%macro TRAP_STUB 1
trap_stub_%1:
%if HAS_ERROR(%1) == 0
    push 0
%endif
    push %1
    jmp trap_common
%endmacro

%assign v 0
%rep 32
TRAP_STUB v
%assign v v+1
%endrep

extern trap_dispatch
trap_common:
    CALL_WITH_FRAME trap_dispatch

section .rodata
global trap_stub_table
trap_stub_table:
%assign v 0
%rep 32
    dq trap_stub_%+v
%assign v v+1
%endrep

section .text

; void gdt_load(const struct desc_ptr *ptr, uint16_t code_sel, uint16_t data_sel)
global gdt_load
gdt_load:
    lgdt [rdi]
    mov ds, dx
    mov es, dx
    mov fs, dx
    mov gs, dx
    mov ss, dx
    movzx esi, si
    push rsi
    lea rax, [rel .reload]
    push rax
    o64 retf
.reload:
    ret

; void idt_load(const struct desc_ptr *ptr)
global idt_load
idt_load:
    lidt [rdi]
    ret
