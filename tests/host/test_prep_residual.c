/* The RAM a PReP firmware's residual data reports (lib/prep_residual.h):
 * taken only from data long enough to hold it and consistent. */
#include "lib/prep_residual.h"

#include <string.h>

#include "tests/host/check.h"

#define MIB 0x100000u

/* As OpenBIOS builds it for a 40p given -m 64 (arch/ppc/qemu/context.c:
 * its length is sizeof(residual_t), 9740 bytes; good and installed memory
 * both the RAM size). */
static const struct prep_residual openbios = {9740, 64 * MIB, 64 * MIB, true};

static bool refused(struct prep_residual r, const char *reason)
{
    const char *why = 0;
    return prep_residual_ram(&r, &why) == 0 && why && !strcmp(why, reason);
}

int main(void)
{
    const char *why = "unset";
    struct prep_residual r = openbios;
    CHECK(prep_residual_ram(&r, &why) == 64 * MIB && why == 0,
          "OpenBIOS's residual data for -m 64: 64 MiB, no reason");
    r.good_memory = 48 * MIB;
    CHECK(prep_residual_ram(&r, &why) == 48 * MIB, "good memory below the installed: the good");
    r = openbios;
    r.passed = false;
    CHECK(refused(r, "the firmware passed no residual data"), "none passed (r3 = 0)");
    r = openbios;
    r.length = PREP_RESIDUAL_GOOD_MEMORY;
    CHECK(refused(r, "the residual data ends before its memory fields"),
          "data that ends before GoodMemory");
    r = openbios;
    r.good_memory = 0;
    CHECK(refused(r, "the residual data reports less than 1 MiB of good memory"), "no good memory");
    r = openbios;
    r.total_memory = 32 * MIB;
    CHECK(refused(r, "the residual data reports more good memory than is installed"),
          "more good than installed");
    r = openbios;
    r.good_memory = 64 * MIB - 512;
    r.total_memory = 64 * MIB;
    CHECK(refused(r, "the residual data's good memory is not a whole number of pages"),
          "a size that is not whole pages");
    return check_summary();
}
