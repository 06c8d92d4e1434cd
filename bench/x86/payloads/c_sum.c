/* A payload written in C: the harness calls sum_array() once per iteration.
 * Its instruction count depends on the compiler, so it is not fixed. */
#include "bench/payload.h"

static volatile uint32_t numbers[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static volatile uint32_t total;

static void sum_array(void)
{
    uint32_t sum = 0;
    for (unsigned i = 0; i < 16; i++) {
        sum += numbers[i];
    }
    total = sum;
}

PAYLOAD_C(c_sum16, "C function summing 16 words (an example C payload)", PAYLOAD_INSNS_VARIABLE,
          PAYLOAD_INSNS_VARIABLE, 0, 0, sum_array);
