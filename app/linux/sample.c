/* A hosted run does not sample: the performance-monitoring interrupt is the
 * Linux kernel's (app/linux/runsetup.c refuses sample=). The suite's hooks
 * do nothing. */
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
