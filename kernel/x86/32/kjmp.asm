; The non-local jump of kernel/trap_catch.h: a caught fault resumes the code
; that armed the catch. It touches only the callee-saved registers of the
; i386 System V ABI, so it serves a bare-metal kernel and a Linux process
; (whose signal handler leaves through it) alike.

section .text

; int ksetjmp(struct kjmp_buf *buf): 0 now, the value given to klongjmp later.
global ksetjmp
ksetjmp:
    mov eax, [esp + 4]
    mov [eax + 0], ebx
    mov [eax + 4], esi
    mov [eax + 8], edi
    mov [eax + 12], ebp
    lea ecx, [esp + 4]
    mov [eax + 16], ecx             ; esp after our return
    mov ecx, [esp]
    mov [eax + 20], ecx             ; return address
    xor eax, eax
    ret

; void klongjmp(struct kjmp_buf *buf, int value)
global klongjmp
klongjmp:
    mov edx, [esp + 4]
    mov eax, [esp + 8]
    mov ebx, [edx + 0]
    mov esi, [edx + 4]
    mov edi, [edx + 8]
    mov ebp, [edx + 12]
    mov esp, [edx + 16]
    cld
    jmp [edx + 20]
