; The Linux system call on i386: int 0x80, the number in EAX, the arguments
; in EBX, ECX, EDX, ESI, EDI, EBP, the result (or -errno) in EAX (Linux's
; arch/x86/entry/entry_32.S). A 64-bit kernel with IA32 emulation takes the
; same call. Also the process's entry point and the signal restorer. The
; numbers are syscall_nr.c's.

section .text

; long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
global linux_syscall
linux_syscall:
    push ebx
    push esi
    push edi
    push ebp
    mov eax, [esp + 20]
    mov ebx, [esp + 24]
    mov ecx, [esp + 28]
    mov edx, [esp + 32]
    mov esi, [esp + 36]
    mov edi, [esp + 40]
    mov ebp, [esp + 44]
    int 0x80
    pop ebp
    pop edi
    pop esi
    pop ebx
    ret

; Where a signal handler returns to (SA_RESTORER): rt_sigreturn (173 in
; arch/x86/entry/syscalls/syscall_32.tbl) restores the interrupted context.
global linux_sigreturn
linux_sigreturn:
    mov eax, 173
    int 0x80

; The process starts here with argc at [esp] and argv after it (the i386
; System V ABI's initial stack); the stack is 16-byte aligned for the call.
global _start
extern hosted_main
_start:
    mov eax, [esp]
    lea ecx, [esp + 4]
    and esp, -16
    sub esp, 8
    push ecx
    push eax
    call hosted_main
.hang:
    jmp .hang
