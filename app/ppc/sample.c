/* Sampling is bare-metal x86's for now (the 604e's performance-monitor
 * interrupt is only checked at start-up, app/ppc/pmi_check.c; in a hosted
 * run, which links this file too, the interrupt is the Linux kernel's): the
 * suite's hooks do nothing. */
#include "app/sample.h"

const char *sample_pass_started(unsigned pass)
{
    (void)pass;
    return 0;
}

bool sample_owns_pass(unsigned pass)
{
    (void)pass;
    return false;
}

void sample_pass_ending(unsigned pass)
{
    (void)pass;
}

void sample_payload_begin(void)
{
}

void sample_payload_end(const struct payload *p)
{
    (void)p;
}
