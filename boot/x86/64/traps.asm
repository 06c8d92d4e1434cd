; Exception entry stubs and descriptor-table loads in long mode.

%include "boot/x86/64/frame.mac"
%include "boot/x86/trap_stubs.mac"

extern trap_dispatch
trap_common:
    CALL_WITH_FRAME trap_dispatch

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
