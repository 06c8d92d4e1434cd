; The empty body and NOP, the same in every mode: the window's own cost, and
; front-end throughput.
%include "payload.mac"

PAYLOAD empty, "empty body: what is left after the window's own cost is removed (0)", 0
ENDPAYLOAD

PAYLOAD nop, "one NOP: front-end throughput", 1
    nop
ENDPAYLOAD
