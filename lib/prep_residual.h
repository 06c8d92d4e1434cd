/* The RAM a PReP firmware reports in its residual data (PowerPC Reference
 * Platform Specification, "Residual Data"): the firmware passes a boot
 * image the data's address in r3, and the boot image's entry reads the
 * words below before it moves itself over memory the data may occupy
 * (boot/ppc/entry.S). */
#ifndef BAREBENCH_PREP_RESIDUAL_H
#define BAREBENCH_PREP_RESIDUAL_H

/* Byte offsets in the RESIDUAL structure: ResidualLength; in the vital
 * product data ProcessorBusHz and TimeBaseDivisor (bus clocks per time
 * base tick, times 1000); after it and the processor table, TotalMemory
 * and GoodMemory (bytes). OpenBIOS's PReP residual data
 * (arch/ppc/qemu/context.c) puts its busHz, TBdiv, max_mem and good_mem at
 * the same offsets. */
#define PREP_RESIDUAL_LENGTH       0
#define PREP_RESIDUAL_BUS_HZ       144
#define PREP_RESIDUAL_TB_DIVISOR   152
#define PREP_RESIDUAL_TOTAL_MEMORY 504
#define PREP_RESIDUAL_GOOD_MEMORY  508

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* What the entry read: the layout boot/ppc/entry.S stores. */
struct prep_residual {
    uint32_t length, total_memory, good_memory, bus_hz, tb_divisor;
    bool passed; /* a PReP firmware entered with a nonzero r3 */
};

/* The bytes of good RAM from address 0 that the residual data gives, or 0
 * and why not (*why). */
uint32_t prep_residual_ram(const struct prep_residual *r, const char **why);

/* The time base's ticks per second, ProcessorBusHz x 1000 /
 * TimeBaseDivisor, or 0 and why not (*why). */
uint32_t prep_residual_timebase_hz(const struct prep_residual *r, const char **why);
#endif

#endif
