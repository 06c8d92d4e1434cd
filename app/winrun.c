/* The window runner. A catch of its own around the window: whatever ends
 * the window early (a fault, the watchdog) passes through it, so the
 * watchdog is always disarmed before the suite's catch reports the payload. */
#include "app/winrun.h"

#include "kernel/console.h"
#include "kernel/run_end.h"
#include "kernel/trap_catch.h"

static struct winrun_machine machine;

static void nothing(void)
{
}

void winrun_window(const struct window *w)
{
    static struct trap_catch c;
    int fault = trap_try(&c);
    if (fault) {
        machine.watchdog_disarm();
        /* On to the caller's catch, as if this one had not been there. */
        trap_escape(&c.info);
        kprintf("\n*** %s (vector %u) at %s %08lx in a window run outside any catch\n",
                trap_name(c.info.vector), (unsigned)c.info.vector, trap_pc_name,
                (unsigned long)c.info.pc);
        run_finish(false);
    }
    machine.watchdog_arm();
    if (machine.enter_user) {
        machine.enter_user(w->code);
    } else {
        ((void (*)(void))w->code)();
    }
    machine.watchdog_disarm();
    trap_end(&c);
}

bool winrun_at_ring3(void)
{
    return machine.enter_user != 0;
}

void winrun_init(const struct winrun_machine *m)
{
    machine = *m;
    if (!m->watchdog_arm) {
        machine.watchdog_arm = machine.watchdog_disarm = nothing;
    }
    if (m->watchdog_arm || m->enter_user) {
        window_set_runner(winrun_window, m->enter_user ? m->exit_vector : 0);
    }
}
