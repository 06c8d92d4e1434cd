/* The monitor gate's operations. Arguments from ring 3 are addresses in
 * the identity map; they are checked against the page tables before the
 * kernel touches them, so a bad pointer is an error, not a kernel #PF. */
#include "app/x86/gate.h"

#include "kernel/console.h"
#include "kernel/x86/desc.h"
#include "kernel/x86/paging.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define SPEC_MAX 256

extern void gate_stub(void);

static struct pmu *gate_pmu;
static struct pmu_plan selection;
static bool selected;
static unsigned hellos;

void gate_init(struct pmu *pmu)
{
    gate_pmu = pmu;
    idt_set_gate(GATE_VECTOR, gate_stub, 3);
}

static bool user_range_ok(uintptr_t addr, uintptr_t len)
{
    if (!addr || addr + len < addr) {
        return false;
    }
    for (uintptr_t page = addr & ~(uintptr_t)0xfff; page < addr + len; page += 0x1000) {
        if (!paging_maps(page)) {
            return false;
        }
    }
    return true;
}

/* Copies a NUL-terminated string from ring 3; false when it is unmapped
 * or longer than size - 1. */
static bool copy_string(char *dst, size_t size, uintptr_t src)
{
    for (size_t i = 0; i < size; i++) {
        if (!user_range_ok(src + i, 1)) {
            return false;
        }
        dst[i] = ((const char *)src)[i];
        if (!dst[i]) {
            return true;
        }
    }
    return false;
}

/* Stops the selected counters: 0, or -1 (said on the console) when a
 * register write faulted; the selection is dropped either way. */
static int stop_selection(void)
{
    int r = 0;
    if (selected && (r = pmu_stop_pass(gate_pmu, &selection, 0)) < 0) {
        kprintf("gate: stopping the selected counters faulted\n");
    }
    selected = false;
    return r;
}

static int32_t count_pass0(void)
{
    int32_t n = 0;
    for (unsigned i = 0; i < selection.n_events; i++) {
        n += selection.events[i].pass == 0;
    }
    return n;
}

static int32_t op_write(uintptr_t spec_addr)
{
    char spec[SPEC_MAX], err[PMU_ERR_LEN];
    spec[0] = '\0';
    if (spec_addr && !copy_string(spec, sizeof spec, spec_addr)) {
        kprintf("gate: write: the event list at 0x%lx is unmapped or too long\n",
                (unsigned long)spec_addr);
        return -1;
    }
    if (stop_selection() < 0) {
        return -1;
    }
    if (pmu_plan_events(gate_pmu, spec[0] ? spec : NULL, &selection, err, sizeof err) < 0) {
        kprintf("gate: write: %s\n", err);
        return -1;
    }
    if (pmu_start_pass(gate_pmu, &selection, 0) < 0) {
        kprintf("gate: write '%s': programming the counters failed\n", spec);
        return -1;
    }
    selected = true;
    return count_pass0();
}

static int32_t op_read(uintptr_t buf, uintptr_t size)
{
    if (!selected) {
        return -1;
    }
    if (!size || !user_range_ok(buf, size)) {
        return -1;
    }
    char *out = (char *)buf;
    size_t at = 0;
    out[0] = '\0';
    for (unsigned i = 0; i < selection.n_events; i++) {
        const struct pmu_assigned_event *ev = &selection.events[i];
        if (ev->pass != 0) {
            continue;
        }
        at += (size_t)fmt_snprintf(out + at, at < size ? size - at : 0, "%s%s=%s%u", at ? "," : "",
                                   ev->name, ev->read.kind == PMU_READ_RDPMC ? "" : "tsc",
                                   (unsigned)ev->read.index);
    }
    return count_pass0();
}

void gate_dispatch(struct trap_frame *f)
{
    int32_t r = -1;
    if (f->ax != GATE_MONITOR) {
        f->ax = (uintptr_t)-1;
        return;
    }
    switch (f->bx) {
    case GATE_HELLO:
        if (hellos++ == 0) {
            kprintf("gate: hello from CPL %u through int 0x%x\n", (unsigned)(f->cs & 3),
                    GATE_VECTOR);
        }
        r = 0;
        break;
    case GATE_WRITE:
        r = op_write(f->cx);
        break;
    case GATE_READ:
        r = op_read(f->cx, f->dx);
        break;
    case GATE_RESET_SELECTION:
        r = stop_selection();
        break;
    case GATE_RESET_COUNTERS:
        r = selected && pmu_start_pass(gate_pmu, &selection, 0) == 0 ? 0 : -1;
        break;
    default:
        break;
    }
    f->ax = (uintptr_t)(intptr_t)r; /* -1 fills the register */
}
