; Branch payloads: an always-taken branch the predictor learns at once, and
; a branch on a xorshift bit that it cannot learn. Both paths of the
; unpredictable branch retire the same number of instructions and branches
; (each ends in a JMP, the taken one to the next instruction).
%include "payload.mac"

PAYLOAD branch_predictable, "always-taken JNZ: a correctly predicted branch", 2
    BRANCHES 1
    test esp, esp
    jnz %$next
%$next:
ENDPAYLOAD

extern xorshift_prepare
PAYLOAD branch_random, "JZ on a xorshift32 bit (ESI): a branch mispredicted half the time", 13, 0, xorshift_prepare
    BRANCHES 2
    mov eax, esi
    shl eax, 13
    xor esi, eax
    mov eax, esi
    shr eax, 17
    xor esi, eax
    mov eax, esi
    shl eax, 5
    xor esi, eax
    test esi, 1
    jz %$taken
    inc ebx
    jmp %$done
%$taken:
    inc ecx
    jmp %$done
%$done:
ENDPAYLOAD
