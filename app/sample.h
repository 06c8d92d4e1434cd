/* Sampling (sample=EVENT:PERIOD): the event's counter is preset to
 * overflow every PERIOD events and interrupts through the local APIC's
 * LVTPC, delivered as an NMI because windows run with IF=0. The handler
 * records the interrupted EIP and re-arms the counter; after each payload
 * a histogram of the samples by payload symbol (name+offset in its body)
 * is printed. Where the counters do not count (every emulator) it says
 * so and prints no samples. */
#ifndef BAREBENCH_SAMPLE_H
#define BAREBENCH_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/payload.h"
#include "pmu/pmu.h"

struct trap_frame; /* the architecture's (x86: kernel/x86/traps.h) */

/* Sets sampling of the plan's first event up, or says why it cannot run. */
bool sample_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu,
                 uint64_t period);

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

/* From the NMI handler: true when the sampled counter overflowed (a PMI). */
bool sample_nmi(const struct trap_frame *f);

#endif
