/* Running a generated window, the same on every architecture: its
 * registers in, its reads out, through the runner when one is set. */
#include "bench/window_state.h"

struct payload_regs window_regs;
uintptr_t window_read_index[WINDOW_MAX_READS];
uint64_t window_start[WINDOW_MAX_READS] __attribute__((aligned(8)));
uint64_t window_end[WINDOW_MAX_READS] __attribute__((aligned(8)));
uint8_t window_exit_vector;

static window_runner runner;
static const struct window *volatile running;

void window_run(const struct window *w, struct payload_regs *regs, uint64_t *start, uint64_t *end)
{
    window_regs = *regs;
    for (unsigned i = 0; i < w->n_reads; i++) {
        window_read_index[i] = w->reads[i].index;
    }
    running = w;
    if (runner) {
        runner(w);
    } else {
        ((void (*)(void))w->code)();
    }
    running = 0;
    *regs = window_regs;
    for (unsigned i = 0; i < w->n_reads; i++) {
        start[i] = window_start[i];
        end[i] = window_end[i];
    }
}

const struct window *window_running(void)
{
    return running;
}

void window_keep_reads(struct window *w, const struct pmu_read *reads, unsigned n)
{
    w->n_reads = n;
    for (unsigned i = 0; i < n; i++) {
        w->reads[i] = reads[i];
    }
}

void window_set_read_index(unsigned read, uint32_t index)
{
    window_read_index[read] = index;
}

void window_put_outside_read(unsigned read, bool at_end, uint64_t value)
{
    (at_end ? window_end : window_start)[read] = value;
}

void window_set_runner(window_runner run, uint8_t exit_vector)
{
    runner = run;
    window_exit_vector = exit_vector;
}
