/* Where the time base's rate comes from (kernel/ppc/timebase.h). */
#include "kernel/ppc/timebase.h"

#include "kernel/ppc/of.h"
#include "kernel/ppc/residual.h"

uint32_t timebase_hz(const char **how)
{
    if (of_machine.timebase_hz) {
        *how = "Open Firmware's timebase-frequency";
        return of_machine.timebase_hz;
    }
    uint32_t hz = prep_residual_timebase_hz(&prep_residual, how);
    if (hz) {
        *how = "PReP residual data: ProcessorBusHz x 1000 / TimeBaseDivisor";
    }
    return hz;
}
