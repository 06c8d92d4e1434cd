/* Selector values -> perf_event_attr (pmu/x86/perf_attr.h).
 *
 * Linux's x86 core PMU ("cpu") takes a raw config in the PerfEvtSel
 * layout, as its format attributes (/sys/bus/event_source/devices/cpu/
 * format/) document: Intel event config:0-7, umask 8-15, edge 18, pc 19,
 * any 21, inv 23, cmask 24-31 (arch/x86/events/intel/core.c,
 * intel_arch3_formats_attr); AMD the same without pc and any, plus event
 * bits 11:8 at config:32-35 (arch/x86/events/amd/core.c, amd_format_attr)
 * and HostOnly/GuestOnly at 41/40, which Linux sets from
 * exclude_host/exclude_guest and barebench never writes. EN and INT are
 * the kernel's to set (x86_pmu_hw_config keeps only X86_RAW_EVENT_MASK of
 * a raw config), USR and OS become exclude_user and exclude_kernel.
 *
 * The P6 family too: its PerfEvtSel is the same layout, and Linux's p6
 * driver (arch/x86/events/intel/p6.c, intel_p6_formats_attr: event, umask,
 * edge, pc, inv, cmask) registers the same "cpu" PMU for it. The issue
 * asks for architectural perfmon and AMD; the P6 costs nothing more here
 * and is where a 32-bit hosted run is most likely to meet old silicon. */
#include "pmu/x86/perf_attr.h"

#include "pmu/backend.h"
#include "pmu/x86/events_arch.h"
#include "pmu/x86/evtsel.h"
#include "pmu/x86/regs.h"
#include "pmu/x86/registry.h"

/* What FIXED_CTRj counts, as Linux encodes it: the event its fixed-counter
 * constraint names (arch/x86/events/intel/core.c,
 * FIXED_EVENT_CONSTRAINT(0x00c0, 0) INST_RETIRED.ANY,
 * FIXED_EVENT_CONSTRAINT(0x003c, 1) CPU_CLK_UNHALTED.CORE,
 * FIXED_EVENT_CONSTRAINT(0x0300, 2) CPU_CLK_UNHALTED.REF, the
 * pseudo-encoding intel_perfmon_event_map gives "ref-cycles", and
 * FIXED_EVENT_CONSTRAINT(0x0400, 3) SLOTS). 0x0300 and 0x0400 exist only
 * on their fixed counter, so the event stays on the counter barebench's
 * encoder chose: the GP event 0x013c counts another clock on many models
 * (SDM vol. 3B, "UnHalted Reference Cycles": "the core crystal clock, TSC
 * or the bus clock"). */
static const uint64_t linux_fixed_event[ARCH_N_FIXED] = {0x00c0, 0x003c, 0x0300, 0x0400};

const char *perf_attr_why_not(const struct pmu *pmu)
{
    const struct pmu_backend *b = pmu->backend;
    if (b == &pmu_arch_backend || b == &pmu_amd_backend || b == &pmu_p6_backend) {
        return NULL;
    }
    if (b == &pmu_p4_backend) {
        return "the Pentium 4's ESCR/CCCR pairs have no raw perf format this run can build: "
               "Linux's p4 driver (arch/x86/events/intel/p4.c) takes its own packing of both "
               "registers and its event index in config";
    }
    if (b == &pmu_p5_backend) {
        return "P5 CESR: Linux has no perf driver for the Pentium's counters (arch/x86/events/ "
               "drives Intel family 6 and 15, and AMD)";
    }
    if (b->reg_kind == PMU_REG_SPR) {
        return "PowerPC: the hosted run is an x86 Linux process, and Linux's PowerPC perf "
               "drivers (arch/powerpc/perf/) have none for the 604 or 604e";
    }
    if (b->time_counter) {
        return "no PMU: the time-stamp counter counts time, not events, and the hosted run "
               "reads it itself";
    }
    return "this backend has no Linux perf configuration";
}

const char *perf_attr_pmu_name(const struct pmu *pmu)
{
    return perf_attr_why_not(pmu) ? NULL : "cpu";
}

/* The value the pass's writes leave in a register: its last write. */
static bool last_write(const struct pmu_write *w, unsigned n, uint32_t msr, uint64_t *value)
{
    bool found = false;
    for (unsigned i = 0; i < n; i++) {
        if (w[i].msr == msr) {
            *value = w[i].value;
            found = true;
        }
    }
    return found;
}

/* A PerfEvtSel value: the fields Linux's raw format takes, and the
 * privilege filters. */
static void from_evtsel(uint64_t sel, struct perf_attr *attr)
{
    attr->config = sel & ~(EVTSEL_EN | EVTSEL_INT | EVTSEL_USR | EVTSEL_OS);
    attr->exclude_user = !(sel & EVTSEL_USR);
    attr->exclude_kernel = !(sel & EVTSEL_OS);
}

/* FIXED_CTRj's nibble of FIXED_CTR_CTRL: Linux's event for the counter,
 * with AnyThread as the any bit (Linux sets the nibble's 0x4 from it:
 * intel_pmu_enable_fixed). The PMI bit, like INT, is the kernel's. */
static void from_fixed(unsigned j, uint64_t ctrl, struct perf_attr *attr)
{
    unsigned bits = (unsigned)(ctrl >> (4 * j)) & 0xf;
    attr->config = linux_fixed_event[j] | ((bits & FIXED_ANY) ? EVTSEL_ANY : 0);
    attr->exclude_user = !(bits & FIXED_USR);
    attr->exclude_kernel = !(bits & FIXED_OS);
}

int perf_attr_pass(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                   struct perf_attr *out, unsigned max, char *err, size_t errlen)
{
    const char *why = perf_attr_why_not(pmu);
    if (why) {
        return pmu_error(err, errlen, "%s", why);
    }
    struct pmu_write writes[PMU_MAX_WRITES];
    unsigned n = pmu_encode_pass(pmu, plan, pass, writes, PMU_MAX_WRITES);
    if (n > PMU_MAX_WRITES) {
        return pmu_error(err, errlen, "pass %u needs %u register writes, more than %u", pass, n,
                         PMU_MAX_WRITES);
    }
    unsigned count = 0;
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass) {
            continue;
        }
        if (count == max) {
            return pmu_error(err, errlen, "pass %u has more than %u events", pass, max);
        }
        bool fixed = pmu->backend == &pmu_arch_backend && ev->hw_index >= ARCH_FIXED_BASE;
        uint32_t msr = fixed ? MSR_IA32_FIXED_CTR_CTRL : pmu_sel_reg(&pmu->caps, ev->hw_index);
        uint64_t value;
        if (!last_write(writes, n, msr, &value)) {
            return pmu_error(err, errlen, "the writes of pass %u program no selector for %s", pass,
                             ev->name);
        }
        struct perf_attr *attr = &out[count++];
        attr->event = i;
        attr->type = PERF_ATTR_TYPE_RAW;
        if (fixed) {
            from_fixed(ev->hw_index - ARCH_FIXED_BASE, value, attr);
        } else {
            from_evtsel(value, attr);
        }
    }
    return (int)count;
}
