/* Running a generated window, the same on every architecture: its
 * registers in, its reads out, through the runner when one is set. */
#include "bench/window_state.h"

struct payload_regs window_regs;
uint64_t window_start[WINDOW_MAX_READS] __attribute__((aligned(8)));
uint64_t window_end[WINDOW_MAX_READS] __attribute__((aligned(8)));
uint8_t window_exit_vector;

static window_runner runner;

void window_run(const struct window *w, struct payload_regs *regs, uint64_t *start, uint64_t *end)
{
    window_regs = *regs;
    if (runner) {
        runner(w);
    } else {
        ((void (*)(void))w->code)();
    }
    *regs = window_regs;
    for (unsigned i = 0; i < w->n_reads; i++) {
        start[i] = window_start[i];
        end[i] = window_end[i];
    }
}

void window_set_runner(window_runner run, uint8_t exit_vector)
{
    runner = run;
    window_exit_vector = exit_vector;
}
