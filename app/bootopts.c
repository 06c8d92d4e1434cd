/* The table of boot options and their defaults. */
#include "app/bootopts.h"

#include "app/run_errors.h"
#include "kernel/console.h"
#include "lib/kstring.h"
#include "lib/options.h"
#include "lib/uart.h"

struct boot_options boot_opts = {
    .exit = 0, /* auto: the first of exit_choices */
    .verbose = 1,
    .pmu = "auto",
    .events = "default",
    .bench = "default",
    .reps = 11,
    .warmup = 3,
    .unroll = 100,
    .wss = 1024,
    .watchdog = 2000,
    .qrpage = 4,
    .cpu = "auto",
    .serial = UART_BASE_BAUD,
};

static const char *const exit_choices[] = {"auto", "qemu", "bochs", "halt", "reboot", NULL};
static const char *const fault_choices[] = {"none", "ud", "gp", "de", "pf", "df", NULL};
static const char *const serialize_choices[] = {"auto", "cpuid", "lfence", "serialize", NULL};
static const char *const method_choices[] = {"auto", "diff", "empty", NULL};
static const char *const ring_choices[] = {"0", "3", NULL};
static const char *const turbo_choices[] = {"keep", "off", NULL};
static const char *const aggregate_choices[] = {"median", "min", "mean", "max", "trimmed", NULL};
static const char *const mode_choices[] = {"auto", "32", "64", NULL};

#define STR(field) .target = boot_opts.field, .size = sizeof boot_opts.field

static const struct opt_def defs[] = {
    {"help", OPT_FLAG, "print every option with its default, then run", .target = &boot_opts.help},
    {"exit", OPT_CHOICE, "how the run ends (auto: QEMU/Bochs exit, halt on hardware)",
     .target = &boot_opts.exit, .choices = exit_choices},
    {"verbose", OPT_UINT, "0 results only .. 3 everything (2: records on the screen too)",
     .target = &boot_opts.verbose, .min = 0, .max = 3},
    {"qrpage", OPT_UINT, "seconds per screen page (results, QR codes) when a run halts; 0 = none",
     .target = &boot_opts.qrpage, .min = 0, .max = 600},
    {"fault", OPT_CHOICE, "raise a deliberate exception after the CPU report (tests the report)",
     .target = &boot_opts.fault, .choices = fault_choices},
    {"pmu", OPT_STRING, "PMU backend: auto, tsc, p5, p5mmx, p6, arch, amd, p4", STR(pmu)},
    {"events", OPT_STRING,
     "comma-separated event specs, 'default' (the backend's set), 'topdown' (Intel's "
     "level 1), 'uops' (uops retired and ports)",
     STR(events)},
    {"pmudump", OPT_FLAG, "print the programmed PMU registers, read back",
     .target = &boot_opts.pmudump},
    {"bench", OPT_STRING, "benchmarks: names or globs separated by '+', 'default', 'all', 'list'",
     STR(bench)},
    {"reps", OPT_UINT, "measured repetitions per benchmark", .target = &boot_opts.reps, .min = 1,
     .max = 1000},
    {"warmup", OPT_UINT, "unmeasured runs before the repetitions", .target = &boot_opts.warmup,
     .min = 0, .max = 100},
    {"unroll", OPT_UINT, "copies of the payload body per measurement", .target = &boot_opts.unroll,
     .min = 1, .max = 1000},
    {"serialize", OPT_CHOICE, "instruction around counter reads", .target = &boot_opts.serialize,
     .choices = serialize_choices},
    {"method", OPT_CHOICE, "overhead removal: diff (unroll U vs 2U) or empty (empty payload)",
     .target = &boot_opts.method, .choices = method_choices},
    {"wss", OPT_UINT, "working set of the chase and bandwidth benchmarks, KiB",
     .target = &boot_opts.wss, .min = 1, .max = 1048576},
    {"sweep", OPT_STRING,
     "OPTION:VALUES: each benchmark once per value of wss or unroll (wss:1..65536*2, "
     "unroll:10,100,1000)",
     STR(sweep)},
    {"ring", OPT_CHOICE,
     "privilege level of the measured windows (3: user mode; x86: RDPMC by CR4.PCE; PowerPC: "
     "problem state, reads through sc)",
     .target = &boot_opts.ring, .choices = ring_choices},
    {"watchdog", OPT_UINT,
     "ms a window may run before it is stopped (x86: an NMI from the RTC alarm, 1 s steps; "
     "PowerPC: the decrementer; 0: off)",
     .target = &boot_opts.watchdog, .min = 0, .max = 58000},
    {"sample", OPT_STRING,
     "EVENT:PERIOD: sample EVENT every PERIOD events (PMI), histogram per payload", STR(sample)},
    {"turbo", OPT_CHOICE, "off: disable Intel turbo (IA32_MISC_ENABLE) where CPUID leaf 6 has it",
     .target = &boot_opts.turbo, .choices = turbo_choices},
    {"aggregate", OPT_CHOICE, "the value the table shows first", .target = &boot_opts.aggregate,
     .choices = aggregate_choices},
    {"raw", OPT_UINT, "1: every repetition's value on record (raw records) after each result",
     .target = &boot_opts.raw, .min = 0, .max = 1},
    {"cpu", OPT_STRING, "hosted run: the CPU to pin to, or auto (the least loaded)", STR(cpu)},
    {"mode", OPT_CHOICE, "x86: 32 or 64-bit payloads (auto: 64 where the CPU has long mode)",
     .target = &boot_opts.mode, .choices = mode_choices},
    {"serial", OPT_UINT, "serial port speed in baud, 115200 / N (PReP firmware consoles: 9600)",
     .target = &boot_opts.serial, .min = 50, .max = UART_BASE_BAUD},
};

#define N_DEFS (sizeof defs / sizeof defs[0])

static void print_diag(void *ctx, const char *message)
{
    (void)ctx;
    run_error("options", "%s (using the default)", message);
}

unsigned bootopts_parse(const char *cmdline)
{
    unsigned bad = options_parse(cmdline, defs, N_DEFS, print_diag, 0);
    if (!uart_divisor(boot_opts.serial)) {
        run_error("options", "serial=%u: not a speed a 16550 makes (115200 / N); using %u",
                  (unsigned)boot_opts.serial, UART_BASE_BAUD);
        boot_opts.serial = UART_BASE_BAUD;
        bad++;
    }
    return bad;
}

static void ignore_word(void *ctx, const char *message)
{
    (void)ctx;
    (void)message;
}

uint32_t bootopts_serial_speed(const char *cmdline)
{
    uint32_t baud = UART_BASE_BAUD;
    struct opt_def serial = {0};
    for (unsigned i = 0; i < N_DEFS; i++) {
        if (strcmp(defs[i].name, "serial") == 0) {
            serial = defs[i];
        }
    }
    serial.target = &baud;
    /* Every other word is a bad one to this parse: the full parse reports
     * what is wrong. */
    options_parse(cmdline, &serial, 1, ignore_word, 0);
    return uart_divisor(baud) ? baud : UART_BASE_BAUD;
}

void bootopts_print_help(void)
{
    char value[260];
    kprintf("boot options (key=value or flag; current value in brackets):\n");
    for (unsigned i = 0; i < N_DEFS; i++) {
        const struct opt_def *d = &defs[i];
        options_value_text(d, value, sizeof value);
        kprintf("  %-10s %s [%s]", d->name, d->help, value);
        if (d->kind == OPT_CHOICE) {
            kprintf(" one of:");
            for (unsigned c = 0; d->choices[c]; c++) {
                kprintf(" %s", d->choices[c]);
            }
        } else if (d->kind == OPT_UINT) {
            kprintf(" (%u..%u)", (unsigned)d->min, (unsigned)d->max);
        }
        kprintf("\n");
    }
}

const char *bootopts_choice_name(const char *option)
{
    for (unsigned i = 0; i < N_DEFS; i++) {
        if (defs[i].kind == OPT_CHOICE && strcmp(defs[i].name, option) == 0) {
            return defs[i].choices[*(unsigned *)defs[i].target];
        }
    }
    return "?";
}
