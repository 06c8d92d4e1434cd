; Exception entry stubs and descriptor-table loads. The non-local jump that
; lets a caught fault resume the code that armed the catch is
; kernel/x86/32/kjmp.asm, which a hosted build shares.

section .text

; Vectors that push an error code themselves.
%define HAS_ERROR(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

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
    pushad
    cld
    mov eax, esp
    push eax
    call trap_dispatch              ; struct trap_frame *
    add esp, 4
    popad
    add esp, 8                      ; vector and error code
    iretd

section .rodata
global trap_stub_table
trap_stub_table:
%assign v 0
%rep 32
    dd trap_stub_%+v
%assign v v+1
%endrep

section .text

; void gdt_load(const struct desc_ptr *ptr, uint16_t code_sel, uint16_t data_sel)
global gdt_load
gdt_load:
    mov eax, [esp + 4]
    lgdt [eax]
    mov eax, [esp + 12]
    mov ds, ax
    mov es, ax
    mov fs, ax
    mov gs, ax
    mov ss, ax
    movzx eax, word [esp + 8]
    push eax
    push .reload
    retf
.reload:
    ret

; void idt_load(const struct desc_ptr *ptr)
global idt_load
idt_load:
    mov eax, [esp + 4]
    lidt [eax]
    ret

; The double-fault task starts here on its own stack, with the #DF error
; code (always 0) pushed; it never returns.
global double_fault_entry
extern double_fault_report
double_fault_entry:
    add esp, 4
    call double_fault_report
.halt:
    cli
    hlt
    jmp .halt
