/* What disturbed each repetition of a hosted run (app/linux/disturb.c). */
#ifndef BAREBENCH_APP_LINUX_DISTURB_H
#define BAREBENCH_APP_LINUX_DISTURB_H

#include "bench/measure.h"

/* The probe the suite's measurements read around each repetition. */
const struct measure_probe *hosted_disturb_probe(void);

/* Prints and records (a `cond` record) what it reads. */
void hosted_disturb_record(void);

#endif
