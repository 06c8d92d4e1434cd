; Ring 3 entry and exit in long mode, and the entry stubs of the vectors the
; ring-3 and watchdog support own: the monitor gate (int 0x80), the window
; exit gate (int 0x81) and the NMI (watchdog ticks and PMIs).

%include "boot/x86/64/frame.mac"

SEL_KERNEL_CODE equ 0x08
SEL_KERNEL_DATA equ 0x10
SEL_USER_CODE   equ 0x1b
SEL_USER_DATA   equ 0x23
RFLAGS_CLEAR    equ 0x00007200          ; NT, IOPL: ring 3 gets neither
RFLAGS_IF       equ 0x200

section .bss
align 8
; Kernel RSP inside user_call while ring-3 code runs; 0 otherwise.
user_kernel_rsp: resq 1

section .text

; void user_call(const void *code, uintptr_t user_sp)
; Runs `code` at CPL 3 on the user stack with IF=0, as the kernel runs
; (interrupts stay off: only NMIs reach a window). It returns when the code
; raises the exit gate; a fault in it never returns here (the trap catch of
; the caller resumes instead). IRETQ to CPL 3 needs a usable SS (Intel SDM
; Vol. 3A, 6.14.3).
global user_call
user_call:
    push rbp
    push rbx
    push r12
    push r13
    push r14
    push r15
    mov [rel user_kernel_rsp], rsp
    push SEL_USER_DATA                  ; ss
    push rsi                            ; rsp
    pushfq
    and qword [rsp], ~(RFLAGS_CLEAR | RFLAGS_IF)
    push SEL_USER_CODE                  ; cs
    push rdi                            ; rip
    iretq

; int 0x81 from ring 3: the end of a ring-3 window. Back onto the kernel
; stack user_call left and return from it. The CPU's frame on the ring-0
; stack (TSS.RSP0) is simply abandoned: that stack is reused from its top.
global user_exit_stub
user_exit_stub:
    mov rsp, [rel user_kernel_rsp]
    mov qword [rel user_kernel_rsp], 0
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    ret

; A stub that builds a struct trap_frame and calls a C handler with it,
; then returns to the interrupted code.
%macro FRAME_STUB 3                     ; name, vector, C handler
extern %3
global %1
%1:
    push 0
    push %2
    CALL_WITH_FRAME %3
%endmacro

FRAME_STUB gate_stub, 0x80, gate_dispatch
FRAME_STUB nmi_stub, 2, nmi_dispatch

; void nmi_unblock(void): the CPU blocks further NMIs until the next IRET;
; a handler that leaves by klongjmp must execute one first.
global nmi_unblock
nmi_unblock:
    mov rax, rsp
    push SEL_KERNEL_DATA
    push rax
    pushfq
    push SEL_KERNEL_CODE
    lea rax, [rel .back]
    push rax
    iretq
.back:
    ret
