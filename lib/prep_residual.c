/* The RAM and the time base's rate in a PReP firmware's residual data
 * (lib/prep_residual.h). */
#include "lib/prep_residual.h"

#define PAGE 4096u
#define MIB  0x100000u

uint32_t prep_residual_ram(const struct prep_residual *r, const char **why)
{
    if (!r->passed) {
        *why = "the firmware passed no residual data";
    } else if (r->length < PREP_RESIDUAL_GOOD_MEMORY + 4) {
        *why = "the residual data ends before its memory fields";
    } else if (r->good_memory < MIB) {
        *why = "the residual data reports less than 1 MiB of good memory";
    } else if (r->good_memory > r->total_memory) {
        *why = "the residual data reports more good memory than is installed";
    } else if (r->good_memory % PAGE) {
        *why = "the residual data's good memory is not a whole number of pages";
    } else {
        *why = 0;
        return r->good_memory;
    }
    return 0;
}

uint32_t prep_residual_timebase_hz(const struct prep_residual *r, const char **why)
{
    uint64_t hz = r->tb_divisor ? (uint64_t)r->bus_hz * 1000 / r->tb_divisor : 0;
    if (!r->passed) {
        *why = "the firmware passed no residual data";
    } else if (r->length < PREP_RESIDUAL_TB_DIVISOR + 4) {
        *why = "the residual data ends before its time base divisor";
    } else if (!r->bus_hz || !r->tb_divisor) {
        *why = "the residual data gives no bus frequency or time base divisor";
    } else if (hz == 0 || hz > UINT32_MAX) {
        *why = "the residual data's bus frequency and divisor give no usable rate";
    } else {
        *why = 0;
        return (uint32_t)hz;
    }
    return 0;
}
