/* The run, on every platform: bring up the console, read the boot options,
 * identify the CPU, set up the PMU, then run the benchmarks. The platform
 * supplies its steps (app/platform.h). */
#include "app/bootopts.h"
#include "app/cpureport.h"
#include "app/platform.h"
#include "app/pmu_setup.h"
#include "app/run_errors.h"
#include "app/runsetup.h"
#include "app/suite.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/run_end.h"
#include "lib/kstring.h"
#include "lib/options.h"

#define BAREBENCH_VERSION "0.1"

/* Loaders pass lines of any length (GRUB, QEMU -append); the copy must hold
 * what users write, and options_copy_line says what did not fit. */
static char cmdline[4096];
static struct platform_about about;
static struct cpu_info cpu;
static struct pmu pmu;
static struct pmu_plan plan;

static void print_record(const char *line)
{
    console_write_reserved(line);
    if (about.keep_record) {
        about.keep_record(line);
    }
}

static void final_record(bool pass)
{
    record_final(pass);
}

/* The program runs in one mode, the one it was built for (x86: the image
 * carries both kernels, and the 32-bit one hands over to the long-mode one
 * before this): mode= can only be refused here. */
static void check_mode(void)
{
    static const unsigned bits[] = {[MODE_AUTO] = 0, [MODE_32] = 32, [MODE_64] = 64};
    const unsigned running = 8 * sizeof(void *);
    if (bits[boot_opts.mode] && bits[boot_opts.mode] != running) {
        run_error("options", "mode=%u: %s; the payloads run in %u-bit mode", bits[boot_opts.mode],
                  about.mode_refusal ? about.mode_refusal : "this program has no such mode",
                  running);
    }
}

static void read_options(void)
{
    const char *line = about.command_line;
    size_t taken = options_copy_line(cmdline, sizeof cmdline, line);
    kprintf("\nbarebench %s: %s %s benchmarks (%s, %s%sserial %s)\n", BAREBENCH_VERSION, about.kind,
            about.isa, about.env, about.machine ? about.machine : "", about.machine ? ", " : "",
            about.serial);
    if (about.loader_note) {
        kprintf("barebench: %s\n", about.loader_note);
    }
    kprintf("command line: \"%s\"\n", cmdline);
    if (line[taken]) {
        run_error("cmdline",
                  "%u bytes: more than the %u read: the words from '%.40s' on are ignored",
                  (unsigned)strlen(line), (unsigned)sizeof cmdline - 1, line + taken);
    }
    unsigned bad = bootopts_parse(cmdline);
    check_mode();
    platform_options_apply();
    if (bad) {
        kprintf("barebench: %u bad boot option(s) ignored; 'help' lists them all\n", bad);
    }
    if (boot_opts.help) {
        bootopts_print_help();
    }
}

void app_main(void)
{
    platform_console_init(&about);
    record_set_sink(print_record);
    console_reserve(RECORD_PREFIX ",", RECORD_PREFIX_HUMAN);
    exit_set_hook(final_record);
    read_options();
    platform_machine_init();

    cpu_identify(&cpu);
    cpu_report(&cpu);
    platform_cpu_init(&cpu);
    if (boot_opts.fault != FAULT_NONE) {
        platform_raise_fault(boot_opts.fault);
    }

    const char *detected =
        pmu_setup(&pmu, &plan, &cpu, boot_opts.pmu, runsetup_events(), boot_opts.pmudump);
    runsetup_init(&pmu, &plan, &cpu);
    struct suite_context suite = {&pmu,    detected,         &plan, &boot_opts, about.env,
                                  cmdline, about.show_status};
    unsigned faults = suite_run(&suite);
    if (faults) {
        kprintf("\nbarebench: %u benchmark(s) faulted (reported above); the others ran\n", faults);
    }
    run_finish(true);
}
