/* The RAM and the time base's rate a PReP firmware's residual data reports
 * (lib/prep_residual.h): taken only from data long enough to hold them and
 * consistent. */
#include "lib/prep_residual.h"

#include <string.h>

#include "tests/host/check.h"

#define MIB 0x100000u
/* As OpenBIOS builds it for a 40p given -m 64 (arch/ppc/qemu/context.c:
 * its length is sizeof(residual_t), 9740 bytes; good and installed memory
 * both the RAM size; a 100 MHz bus and one bus clock per time base tick). */
#define OPENBIOS_LENGTH 9740
#define OPENBIOS_BUS_HZ 100000000u

/* OpenBIOS's data with one thing changed, and what each reading must say. */
static const struct refusal {
    struct prep_residual r;
    const char *ram_why, *rate_why, *what;
} refusals[] = {
    {{OPENBIOS_LENGTH, 64 * MIB, 64 * MIB, OPENBIOS_BUS_HZ, 1000, false},
     "the firmware passed no residual data",
     "the firmware passed no residual data",
     "none passed (r3 = 0)"},
    {{PREP_RESIDUAL_TB_DIVISOR, 64 * MIB, 64 * MIB, OPENBIOS_BUS_HZ, 1000, true},
     "the residual data ends before its memory fields",
     "the residual data ends before its time base divisor",
     "data that ends before TimeBaseDivisor"},
    {{PREP_RESIDUAL_GOOD_MEMORY, 64 * MIB, 64 * MIB, OPENBIOS_BUS_HZ, 1000, true},
     "the residual data ends before its memory fields",
     0,
     "data that ends before GoodMemory"},
    {{OPENBIOS_LENGTH, 64 * MIB, 0, OPENBIOS_BUS_HZ, 1000, true},
     "the residual data reports less than 1 MiB of good memory",
     0,
     "no good memory"},
    {{OPENBIOS_LENGTH, 32 * MIB, 64 * MIB, OPENBIOS_BUS_HZ, 1000, true},
     "the residual data reports more good memory than is installed",
     0,
     "more good than installed"},
    {{OPENBIOS_LENGTH, 64 * MIB, 64 * MIB - 512, OPENBIOS_BUS_HZ, 1000, true},
     "the residual data's good memory is not a whole number of pages",
     0,
     "a size that is not whole pages"},
    {{OPENBIOS_LENGTH, 64 * MIB, 64 * MIB, OPENBIOS_BUS_HZ, 0, true},
     0,
     "the residual data gives no bus frequency or time base divisor",
     "a divisor of 0"},
    {{OPENBIOS_LENGTH, 64 * MIB, 64 * MIB, 0, 1000, true},
     0,
     "the residual data gives no bus frequency or time base divisor",
     "no bus frequency"},
    {{OPENBIOS_LENGTH, 64 * MIB, 64 * MIB, 100, 1000000, true},
     0,
     "the residual data's bus frequency and divisor give no usable rate",
     "a divisor above the bus frequency x 1000 (0 Hz)"},
    {{OPENBIOS_LENGTH, 64 * MIB, 64 * MIB, 4000000000u, 1, true},
     0,
     "the residual data's bus frequency and divisor give no usable rate",
     "more than 32 bits of ticks per second"},
};

/* What a reading gives: `want_why` NULL means it must give a value. */
static bool says(uint32_t got, const char *why, const char *want_why)
{
    return want_why ? got == 0 && why && !strcmp(why, want_why) : got != 0 && why == 0;
}

int main(void)
{
    const char *why = "unset";
    struct prep_residual r = {OPENBIOS_LENGTH, 64 * MIB, 64 * MIB, OPENBIOS_BUS_HZ, 1000, true};
    CHECK(prep_residual_ram(&r, &why) == 64 * MIB && why == 0,
          "OpenBIOS's residual data for -m 64: 64 MiB, no reason");
    CHECK(prep_residual_timebase_hz(&r, &why) == 100000000 && why == 0,
          "OpenBIOS's time base: a 100 MHz bus, divisor 1000: 100 MHz, QEMU's 40p's rate");
    r.good_memory = 48 * MIB;
    CHECK(prep_residual_ram(&r, &why) == 48 * MIB, "good memory below the installed: the good");
    r.bus_hz = 66666666;
    r.tb_divisor = 4000;
    CHECK(prep_residual_timebase_hz(&r, &why) == 16666666,
          "a 66 MHz bus at 4 bus clocks per tick (divisor 4000): 16.7 MHz");
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const struct refusal *c = &refusals[i];
        const char *ram_why = 0, *rate_why = 0;
        uint32_t ram = prep_residual_ram(&c->r, &ram_why);
        uint32_t rate = prep_residual_timebase_hz(&c->r, &rate_why);
        CHECK(says(ram, ram_why, c->ram_why) && says(rate, rate_why, c->rate_why),
              "%s: RAM %s, rate %s", c->what, c->ram_why ? c->ram_why : "given",
              c->rate_why ? c->rate_why : "given");
    }
    return check_summary();
}
