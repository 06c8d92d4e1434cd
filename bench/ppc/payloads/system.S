/* The cost of the measuring instructions themselves. */
#include "bench/ppc/payload.inc"

PAYLOAD cost_mftb, "mftb: read the time base (lower half)", 1
    mftb r3
ENDPAYLOAD cost_mftb

PAYLOAD cost_mftb64, "mftbu, mftb, mftbu, cmpw, bne: the 64-bit time base read", 5, 1
1:  mftbu r3
    mftb r4
    mftbu r5
    cmpw r5, r3
    bne- 1b
ENDPAYLOAD cost_mftb64

PAYLOAD cost_mfspr, "mfspr of PMC1 (SPR 953)", 1
    mfspr r3, 953
ENDPAYLOAD cost_mfspr

PAYLOAD cost_sync, "sync", 1
    sync
ENDPAYLOAD cost_sync

PAYLOAD cost_isync, "isync", 1
    isync
ENDPAYLOAD cost_isync
