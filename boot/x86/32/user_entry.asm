; Ring 3 entry and exit, and the entry stubs of the vectors the ring-3 and
; watchdog support own: the monitor gate (int 0x80), the window exit gate
; (int 0x81) and the NMI (watchdog ticks and PMIs).

SEL_KERNEL_DATA equ 0x10
SEL_USER_CODE   equ 0x1b
SEL_USER_DATA   equ 0x23
EFLAGS_CLEAR    equ 0x00007200          ; NT, IOPL: ring 3 gets neither
EFLAGS_IF       equ 0x200

section .bss
align 4
; Kernel ESP inside user_call while ring-3 code runs; 0 otherwise.
global user_kernel_esp
user_kernel_esp: resd 1

section .text

; void user_call(const void *code, uint32_t user_esp)
; Runs `code` at CPL 3 on the user stack with IF=0, as the kernel runs
; (interrupts stay off: only NMIs reach a window). It returns when the code
; raises the exit gate; a fault in it never returns here (the trap catch of
; the caller resumes instead).
global user_call
user_call:
    push ebp
    push ebx
    push esi
    push edi
    mov ecx, [esp + 20]                 ; code
    mov edx, [esp + 24]                 ; user stack
    mov [user_kernel_esp], esp
    push SEL_USER_DATA                  ; ss
    push edx                            ; esp
    pushfd
    and dword [esp], ~(EFLAGS_CLEAR | EFLAGS_IF)
    push SEL_USER_CODE                  ; cs
    push ecx                            ; eip
    mov ax, SEL_USER_DATA
    mov ds, ax
    mov es, ax
    mov fs, ax
    mov gs, ax
    iretd

; int 0x81 from ring 3: the end of a ring-3 window. Back onto the kernel
; stack user_call left and return from it. The CPU's frame on the ring-0
; stack (TSS.ESP0) is simply abandoned: that stack is reused from its top.
global user_exit_stub
user_exit_stub:
    mov ax, SEL_KERNEL_DATA
    mov ds, ax
    mov es, ax
    mov fs, ax
    mov gs, ax
    mov esp, [user_kernel_esp]
    mov dword [user_kernel_esp], 0
    pop edi
    pop esi
    pop ebx
    pop ebp
    ret

; A stub that builds a struct trap_frame (kernel/x86/traps.h) and calls a C
; handler with it, then returns to the interrupted code.
%macro FRAME_STUB 3                     ; name, vector, C handler
extern %3
global %1
%1:
    push 0
    push %2
    pushad
    cld
    push esp
    call %3
    add esp, 4
    popad
    add esp, 8
    iretd
%endmacro

FRAME_STUB gate_stub, 0x80, gate_dispatch
FRAME_STUB nmi_stub, 2, nmi_dispatch

; void nmi_unblock(void): the CPU blocks further NMIs until the next IRET;
; a handler that leaves by klongjmp must execute one first.
global nmi_unblock
nmi_unblock:
    pushfd
    push cs
    push .back
    iretd
.back:
    ret
