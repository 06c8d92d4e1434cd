/* Load-to-use latency: a pointer chase through random 32-byte lines (the
 * 604e's cache line) of a 4 KiB, 128 KiB or 16 MiB buffer, or wss= KiB. */
#include "bench/ppc/payload.inc"

PAYLOAD chase_l1, "pointer chase over 4 KiB: L1 load-to-use latency", 1, 0, 0, chase_prepare_l1
    lwz r3, 0(r3)
ENDPAYLOAD chase_l1

PAYLOAD chase_l2, "pointer chase over 128 KiB: L2 latency", 1, 0, 0, chase_prepare_l2
    lwz r3, 0(r3)
ENDPAYLOAD chase_l2

PAYLOAD chase_mem, "pointer chase over 16 MiB: memory latency", 1, 0, NOT_DEFAULT, chase_prepare_mem
    lwz r3, 0(r3)
ENDPAYLOAD chase_mem

PAYLOAD chase, "pointer chase over wss= KiB", 1, 0, NOT_DEFAULT, chase_prepare_wss
    lwz r3, 0(r3)
ENDPAYLOAD chase
