/* The PowerPC platform's steps of the run (app/platform.h): the machine
 * and its serial port (the exception vectors are in place: boot/ppc/entry.S
 * installed them), the boot options in the image and the payload arena. */
#include <stdint.h>

#include "app/bootopts.h"
#include "app/platform.h"
#include "app/run_errors.h"
#include "kernel/console.h"
#include "kernel/ppc/exit.h"
#include "kernel/ppc/machine.h"
#include "kernel/ppc/memory.h"
#include "kernel/ppc/of.h"
#include "kernel/ppc/traps.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "lib/uart.h"

/* The boot options: tools/boot writes them into the image after the
 * marker (QEMU's PowerPC machines hand a -kernel image no command line of
 * their own without firmware); where it holds none, Open Firmware's
 * bootargs are taken (a CHRP CD's boot-script). */
#define BOOTARGS_MARKER "barebench-bootargs:"
static char bootargs[512] __attribute__((used, section(".bootargs"))) = BOOTARGS_MARKER;

static unsigned entry_kind;

static const unsigned deliberate_vectors[] = {
    [FAULT_UD] = 0x700, [FAULT_GP] = 0x600, [FAULT_DE] = 0, [FAULT_PF] = 0, [FAULT_DF] = 0};

void platform_console_init(struct platform_about *about)
{
    static char serial_port[24];
    /* Options written into the image come first; else Open Firmware's
     * (a CHRP ISO's boot-script). */
    const char *args = bootargs + sizeof BOOTARGS_MARKER - 1;
    if (!args[0]) {
        args = of_machine.bootargs;
    }
    uint32_t baud = bootopts_serial_speed(args);
    machine_init(entry_kind == ENTRY_OF ? ENTRY_OF : ENTRY_PREP, uart_divisor(baud));
    fmt_snprintf(serial_port, sizeof serial_port, "COM1 %u 8N1", (unsigned)baud);
    *about = (struct platform_about){
        "bare-metal",
        "PowerPC",
        exit_under_qemu() ? "qemu" : "hw",
        machine.name,
        machine.serial ? (machine.kind == MACHINE_PREP ? serial_port : "SCC channel A") : "absent",
        args,
        0,
        0,
        "the PowerPC 604 has one mode",
        0};
}

void platform_options_apply(void)
{
    exit_configure(boot_opts.exit == EXIT_BOCHS ? EXIT_HALT : boot_opts.exit);
}

/* Options x86 has and this kernel does not: errors, then ignored. */
static void unsupported_options(void)
{
    if (boot_opts.exit == EXIT_BOCHS) {
        run_error("options", "exit=bochs: there is no Bochs for PowerPC; halting instead");
    }
    if (!str_ieq(boot_opts.cpu, "auto")) {
        run_error("options",
                  "cpu=%s: only a hosted run pins to a CPU; the kernel runs on the "
                  "boot CPU",
                  boot_opts.cpu);
    }
    if (boot_opts.serial != UART_BASE_BAUD && machine.kind != MACHINE_PREP) {
        run_error("options",
                  "serial=%u: the Mac's SCC keeps the speed its firmware set; not changed",
                  (unsigned)boot_opts.serial);
    }
}

void platform_machine_init(void)
{
    unsupported_options();
    if (of_machine.bootargs_len >= sizeof of_machine.bootargs &&
        !bootargs[sizeof BOOTARGS_MARKER - 1]) {
        run_error("cmdline",
                  "Open Firmware's bootargs hold %u bytes, more than the %u read: the words "
                  "from '%.40s...' on are ignored",
                  (unsigned)of_machine.bootargs_len, (unsigned)sizeof of_machine.bootargs - 1,
                  of_machine.bootargs + strlen(of_machine.bootargs) + 1);
    }
    if (boot_opts.verbose >= 2) {
        kprintf("machine: Mac I/O at 0x%08x, pvpanic-pci at 0x%08x\n", (unsigned)machine.macio,
                (unsigned)machine.pvpanic);
    }
    const char *how;
    uintptr_t top = mem_ram_top(&how);
    mem_init(top);
    kprintf("memory: %u MiB of RAM from 0 (%s); %u KiB for benchmark buffers above the kernel\n",
            (unsigned)(top >> 20), how, (unsigned)(mem_arena_size() >> 10));
}

/* Nothing on the 604/604e waits for the CPU's identity. */
void platform_cpu_init(const struct cpu_info *cpu)
{
    (void)cpu;
}

void platform_raise_fault(unsigned fault)
{
    if (deliberate_vectors[fault]) {
        trap_raise_deliberate(deliberate_vectors[fault]);
    }
    run_error("options", "fault=%s: no such exception on PowerPC (ud: program, gp: alignment)",
              bootopts_choice_name("fault"));
}

/* boot/ppc/entry.S's call, with how the machine entered (enum ppc_entry). */
void kmain(unsigned entry);
void kmain(unsigned entry)
{
    entry_kind = entry;
    app_main();
}
