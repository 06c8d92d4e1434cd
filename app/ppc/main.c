/* The PowerPC run: bring up the machine's serial port and the exception
 * vectors (boot/ppc/entry.S did), read the boot options, identify the CPU,
 * then hand over to the benchmarks shared with x86 (app/suite.c). */
#include <stdint.h>

#include "app/bootopts.h"
#include "app/cpureport.h"
#include "app/pmu_setup.h"
#include "app/ppc/pmi_check.h"
#include "app/run_errors.h"
#include "app/suite.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/ppc/exit.h"
#include "kernel/ppc/machine.h"
#include "kernel/ppc/memory.h"
#include "kernel/ppc/traps.h"
#include "lib/kstring.h"

#define BAREBENCH_VERSION "0.1"

/* The boot options: tools/boot writes them into the image after the
 * marker (QEMU's PowerPC machines hand a -kernel image no command line of
 * their own without firmware). */
#define BOOTARGS_MARKER "barebench-bootargs:"
static char bootargs[512] __attribute__((used, section(".bootargs"))) = BOOTARGS_MARKER;

/* QEMU gives the machines at least this much RAM (the tools ask for 128
 * MiB); the arena stays below it. */
#define RAM_TOP (96u << 20)

static struct cpu_info cpu;
static struct pmu pmu;
static struct pmu_plan plan;

static void print_record(const char *line)
{
    console_write_reserved(line);
}

static void final_record(bool pass)
{
    record_final(pass);
}

/* Options x86 has and this kernel does not: errors, then ignored. */
static void unsupported_options(void)
{
    if (boot_opts.ring)
        run_error("options", "ring=3: not on PowerPC yet; windows run in supervisor state");
    if (boot_opts.sample[0])
        run_error("options", "sample=: not on PowerPC yet; not sampling");
    if (boot_opts.exit == EXIT_BOCHS)
        run_error("options", "exit=bochs: there is no Bochs for PowerPC; halting instead");
}

static const unsigned deliberate_vectors[] = {
    [FAULT_UD] = 0x700, [FAULT_GP] = 0x600, [FAULT_DE] = 0, [FAULT_PF] = 0, [FAULT_DF] = 0};

void kmain(unsigned entry);
void kmain(unsigned entry)
{
    machine_init(entry == ENTRY_OF ? ENTRY_OF : ENTRY_PREP);
    record_set_sink(print_record);
    console_reserve(RECORD_PREFIX ",", RECORD_PREFIX_HUMAN);
    exit_set_hook(final_record);
    const char *cmdline = bootargs + sizeof BOOTARGS_MARKER - 1;
    kprintf("\nbarebench %s: bare-metal PowerPC benchmarks (%s, %s, serial %s)\n",
            BAREBENCH_VERSION, exit_under_qemu() ? "qemu" : "hw", machine.name,
            machine.serial ? (machine.kind == MACHINE_PREP ? "COM1 115200 8N1" : "SCC channel A")
                           : "absent");
    kprintf("command line: \"%s\"\n", cmdline);

    unsigned bad = bootopts_parse(cmdline);
    exit_configure(boot_opts.exit == EXIT_BOCHS ? EXIT_HALT : boot_opts.exit);
    if (bad)
        kprintf("barebench: %u bad boot option(s) ignored; 'help' lists them all\n", bad);
    if (boot_opts.help)
        bootopts_print_help();
    unsupported_options();
    if (boot_opts.verbose >= 2)
        kprintf("machine: Mac I/O at 0x%08x, pvpanic-pci at 0x%08x\n", (unsigned)machine.macio,
                (unsigned)machine.pvpanic);
    mem_init(RAM_TOP);
    kprintf("memory: %u KiB for benchmark buffers above the kernel\n",
            (unsigned)(mem_arena_size() >> 10));

    cpu_identify(&cpu);
    cpu_report(&cpu);

    if (boot_opts.fault != FAULT_NONE) {
        if (deliberate_vectors[boot_opts.fault])
            trap_raise_deliberate(deliberate_vectors[boot_opts.fault]);
        run_error("options", "fault=%s: no such exception on PowerPC (ud: program, gp: alignment)",
                  bootopts_choice_name("fault"));
    }

    const char *detected =
        pmu_setup(&pmu, &plan, &cpu, boot_opts.pmu, boot_opts.events, boot_opts.pmudump);
    pmi_check(&pmu);
    struct suite_context suite = {
        &pmu, detected, &plan, &boot_opts, exit_under_qemu() ? "qemu" : "hw", cmdline};
    unsigned faults = suite_run(&suite);
    if (faults)
        kprintf("\nbarebench: %u benchmark(s) faulted (reported above); the others ran\n", faults);
    run_finish(true);
}
