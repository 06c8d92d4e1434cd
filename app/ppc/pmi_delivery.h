/* How the 604/604e's performance-monitor interrupt reaches the sampler. */
#ifndef BAREBENCH_APP_PPC_PMI_DELIVERY_H
#define BAREBENCH_APP_PPC_PMI_DELIVERY_H

#include <stdbool.h>

#include "app/sample.h"

/* The delivery; `pmi_seen`: whether the start-up check (pmi_check) saw
 * the interrupt come. */
const struct sample_delivery *pmi_delivery(bool pmi_seen);

#endif
