/* The window runner. A catch of its own around the window: whatever ends
 * the window early (a fault, the watchdog's NMI) passes through it, so the
 * watchdog is always disarmed before the suite's catch reports the payload. */
#include "app/x86/winrun.h"

#include "kernel/console.h"
#include "kernel/x86/exit.h"
#include "kernel/x86/traps.h"
#include "kernel/x86/user.h"
#include "kernel/x86/watchdog.h"

static bool at_ring3;

static void run(const struct window *w)
{
    static struct trap_catch c;
    int fault = trap_try(&c);
    if (fault) {
        watchdog_disarm();
        /* On to the caller's catch, as if this one had not been there. */
        trap_escape(&c.info);
        kprintf("\n*** %s (vector %u) at %s %08lx in a window run outside any catch\n",
                trap_name(c.info.vector), (unsigned)c.info.vector, trap_pc_name,
                (unsigned long)c.info.pc);
        run_finish(false);
    }
    watchdog_arm();
    if (at_ring3) {
        user_run(w->code);
    } else {
        ((void (*)(void))w->code)();
    }
    watchdog_disarm();
    trap_end(&c);
}

bool winrun_at_ring3(void)
{
    return at_ring3;
}

void winrun_init(bool ring3, bool watchdog)
{
    at_ring3 = ring3;
    if (ring3 || watchdog) {
        window_set_runner(run, ring3 ? USER_EXIT_VECTOR : 0);
    }
}
