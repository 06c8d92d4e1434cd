/* The hosted platform's steps of the run (app/platform.h), as an i386
 * Linux process: the console is standard output, the boot options are the
 * program's arguments, a fault is a signal. */
#include "app/bootopts.h"
#include "app/linux/hosted.h"
#include "app/linux/module_files.h"
#include "app/platform.h"
#include "app/run_errors.h"
#include "kernel/console.h"
#include "kernel/linux/console.h"
#include "kernel/linux/traps.h"
#include "kernel/run_end.h"
#include "kernel/trap_catch.h"
#include "kernel/x86/mode.h"
#include "lib/kstring.h"
#include "lib/uart.h"

/* The arguments joined by spaces: the command line a loader would give;
 * the first argument that did not fit, or NULL. */
static char command_line[4096];
static const char *left_out;

static const unsigned deliberate_vectors[] = {
    [FAULT_UD] = 6, [FAULT_GP] = 13, [FAULT_DE] = 0, [FAULT_PF] = 14};

void platform_console_init(struct platform_about *about)
{
    linux_console_init();
    linux_traps_init();
    *about = (struct platform_about){
        "hosted",
        X86_ISA_NAME,
        "hosted",
        0,
        "none",
        command_line,
        0,
        0,
        "a hosted program runs in the mode it was built for (make HOSTED=1 MODE=32 or 64)",
        0};
}

void platform_options_apply(void)
{
    if (left_out) {
        run_error("cmdline",
                  "the arguments are longer than %u bytes: '%.40s' and those after it "
                  "are ignored",
                  (unsigned)sizeof command_line - 1, left_out);
    }
    if (boot_opts.exit != EXIT_AUTO) {
        run_error("options",
                  "exit=%s: a hosted run ends as a process does (status 0 for PASS, 1 "
                  "for FAIL); ignored",
                  bootopts_choice_name("exit"));
    }
    if (boot_opts.serial != UART_BASE_BAUD) {
        run_error("options", "serial=%u: a hosted run writes to standard output; ignored",
                  (unsigned)boot_opts.serial);
    }
    if (boot_opts.ring == RING_0) {
        return;
    }
    kprintf("ring=3: a hosted run's windows are always at CPL 3\n");
}

void platform_machine_init(void)
{
    hosted_machine_init();
    module_files_load();
}

void platform_cpu_init(const struct cpu_info *cpu)
{
    (void)cpu;
    hosted_process_init();
    hosted_counters_init();
}

void platform_raise_fault(unsigned fault)
{
    if (fault == FAULT_DF) {
        run_error("fault", "fault=df: a process cannot raise a double fault (Linux delivers the "
                           "fault it cannot deliver as SIGSEGV); not raised");
        return;
    }
    trap_raise_deliberate(deliberate_vectors[fault]);
}

/* kernel/linux/x86/syscall.asm's _start calls this with the arguments: the
 * boot options, and module=PATH for each payload module (the files a boot
 * loader would load beside the kernel). */
void hosted_main(int argc, char **argv);
void hosted_main(int argc, char **argv)
{
    size_t at = 0;
    for (int i = 1; i < argc; i++) {
        if (module_files_take(argv[i])) {
            continue;
        }
        size_t len = strlen(argv[i]);
        if (at + len + 2 > sizeof command_line) {
            left_out = argv[i];
            break;
        }
        if (at) {
            command_line[at++] = ' ';
        }
        memcpy(command_line + at, argv[i], len);
        at += len;
    }
    command_line[at] = '\0';
    app_main();
}
