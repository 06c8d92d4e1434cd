/* The run: bring up the console and traps, read the loader's information
 * and the boot options, identify the CPU, then hand over to the benchmarks. */
#include <stdint.h>

#include "app/bootopts.h"
#include "app/cpureport.h"
#include "app/modules.h"
#include "app/pmu_setup.h"
#include "app/run_errors.h"
#include "app/runsetup.h"
#include "app/suite.h"
#include "app/x86/screenpages.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/screen.h"
#include "kernel/x86/desc.h"
#include "kernel/x86/exit.h"
#include "kernel/x86/fbcon.h"
#include "kernel/x86/fpu.h"
#include "kernel/x86/memory.h"
#include "kernel/x86/multiboot.h"
#include "kernel/x86/paging.h"
#include "kernel/x86/serial.h"
#include "kernel/x86/traps.h"
#include "kernel/x86/tss.h"
#include "kernel/x86/vga.h"
#include "kernel/x86/vgagfx.h"
#include "lib/kstring.h"
#include "lib/options.h"

#define BAREBENCH_VERSION "0.1"

/* Loaders pass lines of any length (GRUB, QEMU -append); the copy must hold
 * what users write, and options_copy_line says what did not fit. */
static char cmdline[4096];
static struct boot_info boot;
static struct cpu_info cpu;
static struct pmu pmu;
static struct pmu_plan plan;

static const unsigned deliberate_vectors[] = {
    [FAULT_UD] = 6, [FAULT_GP] = 13, [FAULT_DE] = 0, [FAULT_PF] = 14, [FAULT_DF] = 8};

static void print_record(const char *line)
{
    console_write_reserved(line);
    screenpages_record(line);
}

/* Where the loader left EGA text (a BIOS boot), VGA graphics is there too
 * and may carry the records in fewer QR pages than half-block characters. */
static void show_pages(void)
{
    screenpages_run(boot_opts.qrpage, boot.fb.kind == FB_EGA_TEXT ? vgagfx_device() : 0);
}

/* The loader's RGB framebuffer where it gave one (UEFI has no text mode),
 * else EGA text. */
static const struct screen_device *pick_screen(void)
{
    const struct screen_device *fb = fbcon_init(&boot.fb);
    return fb ? fb : vga_init();
}

static void report_screen(void)
{
    const struct screen_device *dev = screen_device();
    if (boot.fb.kind == FB_RGB && !fbcon_mapped()) {
        kprintf("screen: the framebuffer at 0x%llx is not mapped (no PSE): no screen\n",
                (unsigned long long)boot.fb.addr);
        screen_attach(0);
        return;
    }
    if (boot.fb.kind == FB_RGB && dev && dev->dots_x > dev->cols)
        kprintf(
            "screen: framebuffer %ux%u, %u bits per pixel, %u bytes per line: %ux%u characters\n",
            (unsigned)boot.fb.width, (unsigned)boot.fb.height, (unsigned)boot.fb.bpp,
            (unsigned)boot.fb.pitch, dev->cols, dev->rows);
    else if (boot.fb.kind == FB_RGB)
        kprintf("screen: a framebuffer it cannot draw (%u bits per pixel); EGA text instead\n",
                (unsigned)boot.fb.bpp);
    else
        kprintf("screen: %s %ux%u\n", dev ? dev->name : "none", dev ? dev->cols : 0,
                dev ? dev->rows : 0);
}

static void final_record(bool pass)
{
    record_final(pass);
}

static void report_memory(void)
{
    kprintf("memory: %u KiB usable in %u regions (multiboot%u, loader \"%s\")\n",
            (unsigned)(boot.usable_bytes >> 10), boot.n_regions, boot.protocol, boot.loader);
    for (unsigned i = 0; boot_opts.verbose >= 2 && i < boot.n_regions; i++)
        kprintf("  %08llx-%08llx type %u\n", (unsigned long long)boot.regions[i].base,
                (unsigned long long)(boot.regions[i].base + boot.regions[i].length - 1),
                (unsigned)boot.regions[i].type);
}

void kmain(uint32_t magic, uint32_t info_addr)
{
    bool serial = serial_init();
    multiboot_parse(magic, info_addr, &boot);
    screen_attach(pick_screen());
    console_add_sink(serial_putc);
    console_add_sink(screen_putc);
    desc_init();
    enum run_env env = run_env_detect();
    exit_configure(EXIT_AUTO, env);
    record_set_sink(print_record);
    console_reserve(RECORD_PREFIX ",", RECORD_PREFIX_HUMAN);
    exit_set_hook(final_record);
    exit_set_idle(show_pages);

    size_t taken = options_copy_line(cmdline, sizeof cmdline, boot.cmdline);
    kprintf("\nbarebench %s: bare-metal x86 benchmarks (%s, serial %s)\n", BAREBENCH_VERSION,
            run_env_name(env), serial ? "COM1 115200 8N1" : "absent");
    if (!boot.protocol)
        kprintf("barebench: unknown boot loader magic 0x%x; no options, no memory map\n",
                (unsigned)magic);
    kprintf("command line: \"%s\"\n", cmdline);
    if (boot.cmdline[taken])
        run_error(
            "cmdline", "%u bytes: more than the %u read: the words from '%.40s' on are ignored",
            (unsigned)strlen(boot.cmdline), (unsigned)sizeof cmdline - 1, boot.cmdline + taken);
    unsigned bad = bootopts_parse(cmdline);
    exit_configure(boot_opts.exit, env);
    screen_hide_lines(boot_opts.verbose >= 2 ? 0 : RECORD_PREFIX);
    if (bad)
        kprintf("barebench: %u bad boot option(s) ignored; 'help' lists them all\n", bad);
    if (boot_opts.help)
        bootopts_print_help();
    report_memory();
    modules_load(boot.modules, boot.n_modules, boot.modules_dropped);

    cpu_identify(&cpu);
    cpu_report(&cpu);
    paging_init(&cpu);
    report_screen();
    tss_init();

    fpu_init(&cpu);
    mem_init(&boot);

    if (boot_opts.fault != FAULT_NONE)
        trap_raise_deliberate(deliberate_vectors[boot_opts.fault]);

    const char *detected =
        pmu_setup(&pmu, &plan, &cpu, boot_opts.pmu, runsetup_events(), boot_opts.pmudump);
    runsetup_init(&pmu, &plan, &cpu);
    struct suite_context suite = {&pmu, detected, &plan, &boot_opts, run_env_name(env), cmdline};
    unsigned faults = suite_run(&suite);
    if (faults)
        kprintf("\nbarebench: %u benchmark(s) faulted (reported above); the others ran\n", faults);
    run_finish(true);
}
