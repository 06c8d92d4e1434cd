/* Sampling (sample=EVENT:PERIOD): the event's counter is preset to
 * overflow every PERIOD events and interrupts (the PMI); the handler
 * records the interrupted address and re-arms the counter; after each
 * payload a histogram of the samples by payload symbol (name+offset in its
 * body) is printed. How the interrupt reaches the handler is the
 * architecture's (struct sample_delivery): on x86 the local APIC's LVTPC
 * as an NMI, because windows run with IF=0; on the 604/604e the
 * performance-monitor exception, vector 0xF00. Where the counters do not
 * count (every emulator but the counting QEMU) it says so and prints no
 * samples. */
#ifndef BAREBENCH_SAMPLE_H
#define BAREBENCH_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/payload.h"
#include "pmu/pmu.h"

/* How the counter's interrupt reaches sample_pmi(), from the
 * architecture's run set-up (app/<arch>/pmi_delivery.c). */
struct sample_delivery {
    const char *how; /* said on the console: "PMI through the local APIC LVTPC as an NMI" */
    /* Sets the delivery up: NULL, or why it cannot be. */
    const char *(*init)(const struct cpu_info *cpu);
    /* The sampled pass armed its counter: let the interrupt in. */
    void (*pass_armed)(void);
    /* The sampled pass is about to stop: no interrupt from here on (NULL:
     * nothing to do). */
    void (*pass_ending)(void);
    /* The handler re-armed the counter (NULL: nothing to do). */
    void (*rearmed)(void);
};

/* The event list to plan: the boot options' events, or with
 * sample=EVENT:PERIOD the sampled event alone (a malformed sample= is an
 * error record, and the run goes on without sampling). */
const char *sample_plan_events(void);

/* Sets sampling of the plan's first event up as sample= asked, through
 * `how`, or says why it cannot run; nothing when sample= was not given. */
void sample_setup(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu,
                  const struct sample_delivery *how);

/* Suite hooks: a pass was programmed (NULL, or why the sampled counter
 * could not be armed: then the pass must not run); a pass is about to be
 * stopped (what the sampled counter counted is added up); a payload
 * starts; it ended. */
const char *sample_pass_started(unsigned pass);
void sample_pass_ending(unsigned pass);
/* Whether the sampler re-arms a counter of this pass (so that its window
 * values mean nothing and are not printed). */
bool sample_owns_pass(unsigned pass);
void sample_payload_begin(void);
void sample_payload_end(const struct payload *p);

/* From the interrupt's handler, with the interrupted address: true when
 * the sampled counter overflowed (a PMI), which is then recorded and
 * re-armed. */
bool sample_pmi(uintptr_t pc);

#endif
