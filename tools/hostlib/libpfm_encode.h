/* libpfm4's encoding of one event string, as the generator of the event
 * tables (tools/gen/pfm-tables.c) and the tests that compare with libpfm4
 * ask for it: PFM_OS_NONE, counting at user and kernel level. Header only,
 * so that the generator, which links no host library, takes it too. */
#ifndef BAREBENCH_HOSTLIB_LIBPFM_ENCODE_H
#define BAREBENCH_HOSTLIB_LIBPFM_ENCODE_H

#include <perfmon/pfmlib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The PerfEvtSel value libpfm4 gives PMU::SPEC and how many registers it
 * takes (*count > 1: a second one, such as an offcore response MSR), or
 * false when libpfm4 refuses it. */
static inline bool libpfm_encode(const char *pfm_pmu, const char *spec, uint64_t *value, int *count)
{
    char full[400];
    snprintf(full, sizeof full, "%.40s::%.350s", pfm_pmu, spec);
    pfm_pmu_encode_arg_t arg;
    memset(&arg, 0, sizeof arg);
    arg.size = sizeof arg;
    if (pfm_get_os_event_encoding(full, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &arg) != PFM_SUCCESS) {
        return false;
    }
    bool ok = arg.count >= 1;
    if (ok) {
        *value = arg.codes[0];
        *count = arg.count;
    }
    free(arg.codes);
    return ok;
}

#endif
