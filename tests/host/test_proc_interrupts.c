/* The interrupts of one CPU from /proc/interrupts' text (lib/proc_interrupts.h). */
#include "lib/proc_interrupts.h"
#include "tests/host/check.h"

/* As Linux prints it for three online CPUs of four (CPU1 offline), with the
 * two lines that carry a single count. */
static const char text[] = "           CPU0       CPU2       CPU3       \n"
                           "  0:         44          0          0   IO-APIC   2-edge      timer\n"
                           "  4:          1        300          0   IO-APIC   4-edge      ttyS0\n"
                           "NMI:          2          3          4   Non-maskable interrupts\n"
                           "LOC:       1000       2000       3000   Local timer interrupts\n"
                           "RES:          5          0          7   Rescheduling interrupts\n"
                           "ERR:          9\n"
                           "MIS:          0\n";

int main(void)
{
    CHECK(interrupts_of_cpu(text, 0) == 44 + 1 + 2 + 1000 + 5,
          "CPU0: every source's first column, not ERR (%lld)",
          (long long)interrupts_of_cpu(text, 0));
    CHECK(interrupts_of_cpu(text, 2) == 300 + 3 + 2000, "CPU2: the second column (%lld)",
          (long long)interrupts_of_cpu(text, 2));
    CHECK(interrupts_of_cpu(text, 3) == 4 + 3000 + 7, "CPU3: the third column (%lld)",
          (long long)interrupts_of_cpu(text, 3));
    CHECK(interrupts_of_cpu(text, 1) == -1 && interrupts_of_cpu(text, -1) == -1,
          "an offline or no CPU: -1");
    CHECK(interrupts_of_cpu("", 0) == -1, "an empty file: -1");
    return check_summary();
}
