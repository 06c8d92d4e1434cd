/* The x86 platform's steps of the run (app/platform.h): the multiboot
 * loader's information, the serial port and the screen, descriptors,
 * paging, the TSS and the FPU. */
#include <stdint.h>

#include "app/bootopts.h"
#include "app/modules.h"
#include "app/platform.h"
#include "app/run_errors.h"
#include "app/x86/bootinfo.h"
#include "app/x86/screenpages.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/screen.h"
#include "kernel/x86/desc.h"
#include "kernel/x86/exit.h"
#include "kernel/x86/fbcon.h"
#include "kernel/x86/fpu.h"
#include "kernel/x86/memory.h"
#include "kernel/x86/mode.h"
#include "kernel/x86/multiboot.h"
#include "kernel/x86/paging.h"
#include "kernel/x86/serial.h"
#include "kernel/x86/traps.h"
#include "kernel/x86/tss.h"
#include "kernel/x86/vga.h"
#include "kernel/x86/vgagfx.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "lib/uart.h"

static uint32_t loader_magic, loader_info;
static struct boot_info boot;

const struct boot_info *x86_boot_info(void)
{
    return &boot;
}
static enum run_env env;

static const unsigned deliberate_vectors[] = {
    [FAULT_UD] = 6, [FAULT_GP] = 13, [FAULT_DE] = 0, [FAULT_PF] = 14, [FAULT_DF] = 8};

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
    if (boot.fb.kind == FB_RGB && dev && dev->dots_x > dev->cols) {
        kprintf(
            "screen: framebuffer %ux%u, %u bits per pixel, %u bytes per line: %ux%u characters\n",
            (unsigned)boot.fb.width, (unsigned)boot.fb.height, (unsigned)boot.fb.bpp,
            (unsigned)boot.fb.pitch, dev->cols, dev->rows);
    } else if (boot.fb.kind == FB_RGB) {
        kprintf("screen: a framebuffer it cannot draw (%u bits per pixel); EGA text instead\n",
                (unsigned)boot.fb.bpp);
    } else {
        kprintf("screen: %s %ux%u\n", dev ? dev->name : "none", dev ? dev->cols : 0,
                dev ? dev->rows : 0);
    }
}

void platform_console_init(struct platform_about *about)
{
    static char loader_note[80], serial_port[24];
    multiboot_parse(loader_magic, loader_info, &boot);
    uint32_t baud = bootopts_serial_speed(boot.cmdline);
    bool serial = serial_init(uart_divisor(baud));
    fmt_snprintf(serial_port, sizeof serial_port, "COM1 %u 8N1", (unsigned)baud);
    screen_attach(pick_screen());
    console_add_sink(serial_putc);
    console_add_sink(screen_putc);
    desc_init();
    env = run_env_detect();
    exit_configure(EXIT_AUTO, env);
    exit_set_idle(show_pages);
    if (!boot.protocol) {
        fmt_snprintf(loader_note, sizeof loader_note,
                     "unknown boot loader magic 0x%x; no options, no memory map",
                     (unsigned)loader_magic);
    }
    *about = (struct platform_about){"bare-metal",
                                     X86_ISA_NAME,
                                     run_env_name(env),
                                     0,
                                     serial ? serial_port : "absent",
                                     boot.cmdline,
                                     boot.protocol ? 0 : loader_note,
                                     screenpages_record,
                                     x86_mode_refusal(),
                                     screen_status};
}

void platform_options_apply(void)
{
    if (!str_ieq(boot_opts.cpu, "auto")) {
        run_error("options",
                  "cpu=%s: only a hosted run (make run HOSTED=1) pins to a CPU; the "
                  "kernel runs on the boot CPU",
                  boot_opts.cpu);
    }
    exit_configure(boot_opts.exit, env);
    /* The default asks for long mode where the CPU has it. */
    if (boot_opts.mode == MODE_AUTO && x86_mode_refusal()) {
        run_error("mode", "the CPU has long mode, but %s; the payloads run in 32-bit mode",
                  x86_mode_refusal());
    }
    screen_hide_lines(boot_opts.verbose >= 2 ? 0 : RECORD_PREFIX);
}

void platform_machine_init(void)
{
    kprintf("memory: %u KiB usable in %u regions (multiboot%u, loader \"%s\")\n",
            (unsigned)(boot.usable_bytes >> 10), boot.n_regions, boot.protocol, boot.loader);
    for (unsigned i = 0; boot_opts.verbose >= 2 && i < boot.n_regions; i++) {
        kprintf("  %08llx-%08llx type %u\n", (unsigned long long)boot.regions[i].base,
                (unsigned long long)(boot.regions[i].base + boot.regions[i].length - 1),
                (unsigned)boot.regions[i].type);
    }
    modules_load(boot.modules, boot.n_modules, boot.modules_dropped);
}

void platform_cpu_init(const struct cpu_info *cpu)
{
    paging_init(cpu);
    report_screen();
    tss_init();
    fpu_init(cpu);
    mem_init(&boot);
}

void platform_raise_fault(unsigned fault)
{
    trap_raise_deliberate(deliberate_vectors[fault]);
}

/* boot/x86/<mode>/entry.asm's call, with the multiboot magic and information. */
void kmain(uint32_t magic, uint32_t info_addr);
void kmain(uint32_t magic, uint32_t info_addr)
{
    loader_magic = magic;
    loader_info = info_addr;
    app_main();
}
