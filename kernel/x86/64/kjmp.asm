; The non-local jump of kernel/trap_catch.h in long mode: a caught fault
; resumes the code that armed the catch. It touches only the callee-saved
; registers of the System V AMD64 ABI (RBX, RBP, R12-R15, RSP), so it serves
; a kernel and a Linux process (whose signal handler leaves through it)
; alike.

section .text

; int ksetjmp(struct kjmp_buf *buf): 0 now, the value given to klongjmp later.
global ksetjmp
ksetjmp:
    mov [rdi + 0], rbx
    mov [rdi + 8], rbp
    mov [rdi + 16], r12
    mov [rdi + 24], r13
    mov [rdi + 32], r14
    mov [rdi + 40], r15
    lea rdx, [rsp + 8]
    mov [rdi + 48], rdx             ; rsp after our return
    mov rdx, [rsp]
    mov [rdi + 56], rdx             ; return address
    xor eax, eax
    ret

; void klongjmp(struct kjmp_buf *buf, int value)
global klongjmp
klongjmp:
    mov eax, esi
    mov rbx, [rdi + 0]
    mov rbp, [rdi + 8]
    mov r12, [rdi + 16]
    mov r13, [rdi + 24]
    mov r14, [rdi + 32]
    mov r15, [rdi + 40]
    mov rsp, [rdi + 48]
    cld
    jmp [rdi + 56]
