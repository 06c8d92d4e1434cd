/* The RAM in a PReP firmware's residual data (lib/prep_residual.h). */
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
