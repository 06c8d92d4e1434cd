; Entry from a multiboot loader: GRUB (multiboot2) or QEMU -kernel (multiboot1).
; Both loaders leave us in 32-bit protected mode with paging off; EAX holds the
; loader's magic and EBX the physical address of its information structure.

MB1_MAGIC       equ 0x1BADB002
MB1_FLAGS       equ 0x00000003      ; page-align modules, give us the memory map
MB2_MAGIC       equ 0xE85250D6
MB2_ARCH_I386   equ 0
STACK_SIZE      equ 65536

section .multiboot
align 4
mb1_header:
    dd MB1_MAGIC
    dd MB1_FLAGS
    dd -(MB1_MAGIC + MB1_FLAGS)

align 8
mb2_header:
    dd MB2_MAGIC
    dd MB2_ARCH_I386
    dd mb2_header_end - mb2_header
    dd -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
    ; framebuffer tag (Multiboot2 1.0, 3.1.10), optional (flags bit 0): a
    ; linear framebuffer where the firmware has one (UEFI GOP, VBE), EGA
    ; text where the loader keeps it; 0 = no preferred width, height, depth
align 8
    dw 5
    dw 1
    dd 20
    dd 0
    dd 0
    dd 0
align 8
    ; end tag
    dw 0
    dw 0
    dd 8
mb2_header_end:

section .bss
align 16
global boot_stack_top
boot_stack:
    resb STACK_SIZE
boot_stack_top:

section .text
global _start
extern kmain
extern longmode_handoff
_start:
    cli
    cld
    mov esp, boot_stack_top
    push 0
    popfd                           ; known EFLAGS: IF=0, DF=0, AC=0
    push ebx                        ; multiboot information
    push eax                        ; multiboot magic
    call longmode_handoff           ; returns where the 32-bit kernel runs
    call kmain
.halt:
    cli
    hlt
    jmp .halt
