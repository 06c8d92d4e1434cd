; Memory payloads: pointer chases (load-to-use latency at a working-set
; size), store-to-load forwarding, and a REP MOVSB copy.
%include "payload.mac"

extern chase_prepare_l1, chase_prepare_l2, chase_prepare_mem, chase_prepare_wss
extern forward_prepare, copy_prepare

PAYLOAD chase_l1, "pointer chase MOV ESI, [ESI] over 4 KiB: L1 load-to-use latency", 1, 0, chase_prepare_l1
    mov esi, [esi]
ENDPAYLOAD

PAYLOAD chase_l2, "pointer chase over 128 KiB in random 64-byte lines: L2 latency", 1, 0, chase_prepare_l2
    mov esi, [esi]
ENDPAYLOAD

PAYLOAD chase_mem, "pointer chase over 16 MiB in random 64-byte lines: memory latency", 1, NOT_DEFAULT, chase_prepare_mem
    mov esi, [esi]
ENDPAYLOAD

PAYLOAD chase, "pointer chase over the wss= working set (KiB) in random 64-byte lines", 1, NOT_DEFAULT, chase_prepare_wss
    mov esi, [esi]
ENDPAYLOAD

PAYLOAD store_forward, "MOV [EDI], EAX then MOV EAX, [EDI]: store-to-load forwarding latency", 2, 0, forward_prepare
    mov [edi], eax
    mov eax, [edi]
ENDPAYLOAD

; A REP string instruction retires as one instruction on hardware, but an
; emulator's instruction count sees every iteration: the count is not fixed.
PAYLOAD rep_movsb, "REP MOVSB of 4 KiB (cost per copy; bandwidth = 4096 / value)", VARIABLE, 0, copy_prepare
    mov esi, ebp
    mov edi, ebx
    mov ecx, 4096
    rep movsb
ENDPAYLOAD
