; Read and write bandwidth over the wss= working set: each iteration moves
; four 64-byte lines with 16-byte SSE2 loads or stores, then steps the
; pointer on and wraps it to the start at the end (CMOV, no branch, so the
; count is fixed). Bytes per cycle = 256 / cycles per iteration. ESI (RSI)
; walks the buffer from EBP to EDI; the three carry over between windows.
%include "payload.mac"

extern bandwidth_prepare

%if __?BITS?__ == 64
    %define WALK rsi
    %define END  rdi
    %define BASE rbp
%else
    %define WALK esi
    %define END  edi
    %define BASE ebp
%endif

; One turn: 16 MOVDQA, loads (TURN load) or stores (TURN store), and the step.
%macro TURN 1
%assign at 0
%rep 16
%ifidn %1, load
    movdqa xmm0, [WALK + at]
%else
    movdqa [WALK + at], xmm0
%endif
%assign at at + 16
%endrep
    add WALK, 256
    cmp WALK, END
    cmovae WALK, BASE
%endmacro

PAYLOAD bw_read, "read bandwidth: 256 bytes a turn over the wss= working set (MOVDQA loads)", 19, NEEDS_SSE2|NEEDS_CMOV|NOT_DEFAULT, bandwidth_prepare
    TURN load
ENDPAYLOAD

PAYLOAD bw_write, "write bandwidth: 256 bytes a turn over the wss= working set (MOVDQA stores)", 19, NEEDS_SSE2|NEEDS_CMOV|NOT_DEFAULT, bandwidth_prepare
    TURN store
ENDPAYLOAD
