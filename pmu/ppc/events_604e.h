/* The 604/604e events: one name (and perfctr's, where it differs), the
 * select code on each counter that has it (PMC1-PMC4; -1 where the counter
 * lacks it). */
#ifndef BAREBENCH_PMU_PPC_EVENTS_604E_H
#define BAREBENCH_PMU_PPC_EVENTS_604E_H

#include <stdint.h>

#define PPC_PMCS 4

struct ppc_event {
    const char *name;
    const char *perfctr; /* perfctr's name (event_set_ppc.c), NULL if the same */
    int8_t code[PPC_PMCS];
    uint32_t flags; /* PMU_EVF_* */
    const char *desc;
};

extern const struct ppc_event ppc604e_events[];
extern const unsigned ppc604e_n_events;

#endif
