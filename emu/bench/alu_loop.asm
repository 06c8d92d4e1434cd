; A guest for `make bench-emu` (tools/bench_emu.py) and the migration test
; (tests/boot/test_qemu_migrate.py): a fixed ALU-dense loop of ITERATIONS x
; 10 instructions, booted by QEMU's multiboot loader (-kernel). With COUNT defined it first starts PerfEvtSel0 on instructions
; retired (event C0H, USR, OS, EN) and IA32_PERF_GLOBAL_CTRL bit 0
; (SDM vol. 3B, 18.2.2, architectural perfmon version 2), and after
; the loop prints the count on COM1 as "count=<16 hex digits>", so that the
; run shows the model counted. It ends through isa-debug-exit at 0xF4.

bits 32

section .text
align 4
multiboot:
        dd 0x1badb002                   ; Multiboot 0.6.96, 3.1.1: magic,
        dd 0                            ; flags (QEMU loads the ELF),
        dd -0x1badb002                  ; checksum

global _start
_start:
        mov esp, stack_top
%ifdef COUNT
        xor edx, edx
        mov ecx, 0x186                  ; IA32_PERFEVTSEL0
        mov eax, 0xc0 | 3 << 16 | 1 << 22
        wrmsr
        mov ecx, 0x38f                  ; IA32_PERF_GLOBAL_CTRL
        mov eax, 1
        wrmsr
%endif
        mov ecx, ITERATIONS
        xor eax, eax
        mov ebx, 1
        mov edx, 2
        mov esi, 3
        mov edi, 4
        mov ebp, 5
.loop:                                  ; 10 instructions an iteration
        add eax, ebx
        add ebx, edx
        xor edx, eax
        sub esi, edx
        add edi, esi
        xor ebp, edi
        add eax, ebp
        sub ebx, esi
        dec ecx
        jnz .loop
%ifdef COUNT
        mov ecx, 0xc1                   ; IA32_PMC0
        rdmsr
        mov ebx, eax
        mov esi, label
        call puts
        mov eax, edx
        call put_hex32
        mov eax, ebx
        call put_hex32
        mov al, 10
        call putc
%endif
        mov dx, 0xf4                    ; isa-debug-exit: QEMU exits with 1
        xor eax, eax
        out dx, al
.halt:
        hlt
        jmp .halt

%ifdef COUNT
; COM1's transmit register: QEMU's 16550 takes a byte without set-up
putc:
        push edx
        mov dx, 0x3f8
        out dx, al
        pop edx
        ret

puts:                                   ; esi: NUL-terminated
        lodsb
        test al, al
        jz .done
        call putc
        jmp puts
.done:
        ret

put_hex32:                              ; eax, most significant digit first
        mov ecx, 8
.digit:
        rol eax, 4
        push eax
        and al, 0xf
        add al, '0'
        cmp al, '9'
        jbe .put
        add al, 'a' - '9' - 1
.put:
        call putc
        pop eax
        dec ecx
        jnz .digit
        ret

section .rodata
label:  db "count=", 0
%endif

section .bss
align 16
        resb 4096
stack_top:
