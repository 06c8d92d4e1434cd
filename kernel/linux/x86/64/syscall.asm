; The Linux system call on x86-64: SYSCALL, the number in RAX, the arguments
; in RDI, RSI, RDX, R10, R8, R9, the result (or -errno) in RAX; RCX and R11
; are lost (Linux's arch/x86/entry/entry_64.S). Also the process's entry
; point and the signal restorer.

section .text

; long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6):
; the System V AMD64 ABI passes them in RDI, RSI, RDX, RCX, R8, R9 and on
; the stack.
global linux_syscall
linux_syscall:
    mov rax, rdi
    mov rdi, rsi
    mov rsi, rdx
    mov rdx, rcx
    mov r10, r8
    mov r8, r9
    mov r9, [rsp + 8]
    syscall
    ret

; Where a signal handler returns to (SA_RESTORER, which x86-64 requires):
; rt_sigreturn (15 in arch/x86/entry/syscalls/syscall_64.tbl) restores the
; interrupted context.
global linux_sigreturn
linux_sigreturn:
    mov eax, 15
    syscall

; The process starts here with argc at [rsp] and argv after it (the System V
; AMD64 ABI's initial stack, 3.4.1); the stack is 16-byte aligned for the
; call.
global _start
extern hosted_main
_start:
    mov rdi, [rsp]
    lea rsi, [rsp + 8]
    and rsp, -16
    call hosted_main
.hang:
    jmp .hang
