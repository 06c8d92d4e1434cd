/* The hosted run's window runner: each window under the watchdog (a
 * one-shot SIGALRM) through the shared runner (app/winrun.c), its perf
 * counters located before it (app/linux/perf.h), and measured again when
 * the process was switched out during it (its context-switch count moved)
 * or perf moved a counter it read, as a user-space benchmark cannot keep
 * other tasks from the CPU. Sampling is the Linux kernel's. */
#include "app/runsetup.h"

#include "app/bootopts.h"
#include "app/linux/hosted.h"
#include "app/linux/perf.h"
#include "app/run_errors.h"
#include "app/winrun.h"
#include "bench/window.h"
#include "kernel/console.h"
#include "kernel/linux/syscall.h"
#include "kernel/linux/traps.h"
#include "kernel/trap_catch.h"

/* Tries of one window before its last value is kept, disturbed or not. */
#define MAX_TRIES 10

/* The watchdog's stop: the fault report names it NMI, as on bare metal. */
#define WATCHDOG_VECTOR 2

static volatile bool in_window;

static void watchdog_expired(uintptr_t pc)
{
    if (in_window) {
        trap_escape(&(struct trap_info){WATCHDOG_VECTOR, 0, pc});
    }
}

static void alarm_arm(void)
{
    sys_alarm_ms(boot_opts.watchdog);
    in_window = true;
}

static void alarm_disarm(void)
{
    in_window = false;
    sys_alarm_ms(0);
}

static void run(const struct window *w)
{
    for (unsigned tries = 1;; tries++) {
        long before = sys_context_switches();
        bool placed = perf_window_begin(w);
        winrun_window(w);
        bool unmoved = perf_window_end(w);
        if ((placed && unmoved && sys_context_switches() == before) || tries == MAX_TRIES) {
            if (tries == MAX_TRIES) {
                hosted.windows_kept_disturbed++;
            }
            return;
        }
        hosted.windows_redone++;
    }
}

const char *runsetup_events(void)
{
    if (boot_opts.sample[0]) {
        run_error("sample",
                  "sample=%s: a hosted run does not sample (the interrupt is the Linux "
                  "kernel's); not sampling",
                  boot_opts.sample);
    }
    return boot_opts.events;
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    (void)pmu;
    (void)plan;
    (void)cpu;
    linux_traps_on_alarm(watchdog_expired);
    winrun_init(&(struct winrun_machine){boot_opts.watchdog ? alarm_arm : NULL,
                                         boot_opts.watchdog ? alarm_disarm : NULL, NULL, 0});
    window_set_runner(run, 0); /* winrun_window, with the tries around it */
    kprintf("hosted: a window during which the process was switched out, or perf moved a "
            "counter it reads, is measured again (up to %u tries); watchdog %u ms (SIGALRM)%s\n",
            MAX_TRIES, (unsigned)boot_opts.watchdog, boot_opts.watchdog ? "" : ": off");
}
