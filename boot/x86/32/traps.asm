; Exception entry stubs and descriptor-table loads. The non-local jump that
; lets a caught fault resume the code that armed the catch is
; kernel/x86/32/kjmp.asm, which a hosted build shares.

%include "boot/x86/trap_stubs.mac"

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
