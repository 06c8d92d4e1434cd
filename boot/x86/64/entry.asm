; Entry of the long-mode kernel. No loader starts it: the 32-bit kernel of
; the same image copies it to its link address and jumps here in 64-bit
; mode (kernel/x86/32/longmode.c), with paging on (the first 4 GiB mapped
; 1:1), interrupts off, EDI holding the loader's magic and ESI the
; physical address of its information structure, as the loader gave them.

STACK_SIZE      equ 65536

; What the 32-bit kernel needs to place and start this one (struct
; longmode_header): a magic word, then where the image goes, where its
; file part and its zero-filled part end, and its entry.
section .lm_header
    db "barebench-lm-1", 0, 0
    dq __kernel_start
    dq __image_end
    dq __kernel_end
    dq _start

section .bss
align 16
global boot_stack_top
boot_stack:
    resb STACK_SIZE
boot_stack_top:

section .text
global _start
extern kmain
extern __bss_start
extern __kernel_end
extern __image_end
extern __kernel_start
_start:
    cld
    mov r12d, edi                   ; magic
    mov r13d, esi                   ; information
    mov rdi, __bss_start            ; the copy brought the file part only
    mov rcx, __kernel_end
    sub rcx, rdi
    xor eax, eax
    rep stosb
    mov rsp, boot_stack_top
    push 0
    popfq                           ; known RFLAGS: IF=0, DF=0, AC=0
    mov edi, r12d
    mov esi, r13d
    call kmain
.halt:
    cli
    hlt
    jmp .halt
