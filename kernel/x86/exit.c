/* Ending the run. QEMU: isa-debug-exit at port 0xf4 (status (v << 1) | 1,
 * so 1 is a pass and 3 a failure). Bochs: "Shutdown" written to port 0x8900,
 * which cannot carry a status, hence the final line. */
#include "kernel/x86/exit.h"

#include "kernel/x86/cpu.h"
#include "kernel/x86/serial.h"

#define QEMU_FW_CFG_SELECTOR 0x510
#define QEMU_FW_CFG_DATA     0x511
#define QEMU_DEBUG_EXIT      0xf4
#define BOCHS_E9             0xe9
#define BOCHS_SHUTDOWN       0x8900

static enum exit_mode configured_mode = EXIT_AUTO;
static enum run_env configured_env = ENV_HW;
static void (*idle_hook)(void);

enum run_env run_env_detect(void)
{
    static const char signature[] = "QEMU";
    outw(QEMU_FW_CFG_SELECTOR, 0); /* FW_CFG_SIGNATURE */
    bool qemu = true;
    for (int i = 0; i < 4; i++) {
        qemu &= inb(QEMU_FW_CFG_DATA) == (uint8_t)signature[i];
    }
    if (qemu) {
        return ENV_QEMU;
    }
    if (inb(BOCHS_E9) == BOCHS_E9) {
        return ENV_BOCHS;
    }
    return ENV_HW;
}

const char *run_env_name(enum run_env env)
{
    return env == ENV_QEMU ? "qemu" : env == ENV_BOCHS ? "bochs" : "hw";
}

void exit_configure(enum exit_mode mode, enum run_env env)
{
    configured_mode = mode;
    configured_env = env;
}

void exit_set_idle(void (*idle)(void))
{
    idle_hook = idle;
}

static void reboot(void)
{
    /* The keyboard controller's reset line; a triple fault if that fails. */
    for (int i = 0; i < 100000 && (inb(0x64) & 2); i++)
        ;
    outb(0x64, 0xfe);
    static const struct __attribute__((packed)) {
        uint16_t limit;
        uint32_t base;
    } no_idt = {0, 0};
    __asm__ volatile("lidt %0; int3" : : "m"(no_idt));
}

void run_finish(bool pass)
{
    run_end_announce(pass);
    serial_flush();

    enum exit_mode mode = configured_mode;
    if (mode == EXIT_AUTO) {
        mode = configured_env == ENV_QEMU    ? EXIT_QEMU
               : configured_env == ENV_BOCHS ? EXIT_BOCHS
                                             : EXIT_HALT;
    }
    switch (mode) {
    case EXIT_QEMU:
        outb(QEMU_DEBUG_EXIT, pass ? 0 : 1);
        break;
    case EXIT_BOCHS:
        for (const char *s = "Shutdown"; *s; s++) {
            outb(BOCHS_SHUTDOWN, (uint8_t)*s);
        }
        break;
    case EXIT_REBOOT:
        reboot();
        break;
    default:
        if (idle_hook) {
            idle_hook();
        }
        break;
    }
    halt_forever();
    __builtin_unreachable();
}
