/* The idle before a cold window (app/suite_arch.h). Intel's Skylake server
 * cores power the upper lanes of their 512-bit units down after about
 * 670 us without a 512-bit instruction, and run the first ones after that
 * at a fraction of their throughput until the voltage is up: Travis Downs
 * measured both ("Gathering Intel on Intel AVX-512 Transitions",
 * travisdowns.github.io, 2020). The idle is a loop on the TSC, which needs
 * no vector register. */
#include "app/suite_arch.h"
#include "kernel/x86/cpu.h"

/* Over 0.67 ms at any TSC rate up to 6 GHz. */
#define COLD_TSC_TICKS 4000000u

void suite_idle_cold(void)
{
    uint64_t start = rdtsc();
    while (rdtsc() - start < COLD_TSC_TICKS) {
    }
}
