; A ring-3 routine that calls each operation of the monitor gate once, the
; way a user program calls it (app/x86/gate.h), and leaves the results for
; the kernel to print. The same code serves both modes: the kernel lies
; below 2 GiB, so its addresses fit the 32-bit immediates and displacements,
; and writing ECX clears the upper half of RCX in long mode.
; It ends with the window exit gate (int 0x81), like a ring-3 window.

GATE_MONITOR equ 250

section .data
global gate_selftest_bad_spec
gate_selftest_bad_spec: db "NO_SUCH_EVENT:u", 0

section .bss
align 4
; eax after: hello, write(default), read, reset counters, write(bad),
; reset selection, read (nothing selected), unknown operation 9
global gate_selftest_results
gate_selftest_results: resd 8
global gate_selftest_buffer
gate_selftest_buffer: resb 256

%macro MONITOR 2                        ; operation, result slot
    mov eax, GATE_MONITOR
    mov ebx, %1
    int 0x80
    mov [gate_selftest_results + 4 * %2], eax
%endmacro

section .text
global gate_selftest
gate_selftest:
    MONITOR 0, 0                        ; hello
    xor ecx, ecx
    MONITOR 1, 1                        ; write: the backend's default events
    mov ecx, gate_selftest_buffer
    mov edx, 256
    MONITOR 2, 2                        ; read
    MONITOR 4, 3                        ; reset counters
    mov ecx, gate_selftest_bad_spec
    MONITOR 1, 4                        ; write: an unknown event
    MONITOR 3, 5                        ; reset selection
    mov ecx, gate_selftest_buffer + 128
    mov edx, 128
    MONITOR 2, 6                        ; read with nothing selected
    MONITOR 9, 7                        ; no such operation
    int 0x81
