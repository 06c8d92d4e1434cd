/* Each module is copied into a static store before anything else uses
 * the memory the loader put it in (the arena of kernel/x86/memory.c starts
 * right after the kernel image, which is where QEMU and GRUB place
 * modules), then parsed there; its payloads point into the copy. */
#include "app/modules.h"

#include "app/run_errors.h"
#include "bench/module.h"
#include "bench/payload.h"
#include "kernel/console.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define STORE_BYTES    (2 * MODULE_MAX_BYTES)
#define MAX_PAYLOADS   MODULE_KERNEL_PAYLOADS
#define NAME_SHOWN_MAX 80
/* A generated table has thousands: the first few and the last say which. */
#define NAMES_SHOWN 16

static uint8_t store[STORE_BYTES] __attribute__((aligned(16)));
static size_t store_used;
static struct payload payloads[MAX_PAYLOADS];
static unsigned n_payloads;

static void refuse(const char *name, const char *why)
{
    run_error("module", "%s: refused: %s; the built-in payloads still run", name, why);
}

/* A clash with a built-in payload or an earlier module's would make
 * bench=NAME measure two payloads; the whole module is refused instead. */
static const char *clash(const struct payload *list, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (payload_named(list[i].name)) {
            return list[i].name;
        }
    }
    return NULL;
}

static void load_one(const struct boot_module *m, const char *name)
{
    char why[MODULE_WHY_MAX];
    unsigned n;
    if (m->end < m->start || m->end - m->start > MODULE_MAX_BYTES) {
        fmt_snprintf(why, sizeof why, "%lu bytes, more than the %u a module may have",
                     (unsigned long)(m->end - m->start), MODULE_MAX_BYTES);
        refuse(name, why);
        return;
    }
    uint32_t size = (uint32_t)(m->end - m->start);
    if (size > STORE_BYTES - store_used) {
        fmt_snprintf(why, sizeof why, "no room left (%u bytes for all modules)", STORE_BYTES);
        refuse(name, why);
        return;
    }
    uint8_t *copy = store + store_used;
    memcpy(copy, (const void *)m->start, size);
    /* The payloads run in this program's mode: in the other the same bytes
     * are other instructions (0x40-0x4F are REX prefixes in 64-bit mode,
     * Intel SDM Vol. 2A, 2.2.1). */
    if (!module_parse(copy, size, 8 * sizeof(void *), &module_setups, payloads + n_payloads,
                      MAX_PAYLOADS - n_payloads, &n, why, sizeof why)) {
        refuse(name, why);
        return;
    }
    const char *taken = clash(payloads + n_payloads, n);
    if (taken) {
        fmt_snprintf(why, sizeof why, "payload %s already exists", taken);
        refuse(name, why);
        return;
    }
    store_used += (size + 15) & ~(size_t)15;
    kprintf("module %s: %u payload(s):", name, n);
    for (unsigned i = 0; i < n && i < NAMES_SHOWN; i++) {
        kprintf(" %s", payloads[n_payloads + i].name);
    }
    if (n > NAMES_SHOWN) {
        kprintf(" ... %s", payloads[n_payloads + n - 1].name);
    }
    kprintf("\n");
    n_payloads += n;
    payload_set_extra(payloads, n_payloads);
}

void modules_load(const struct boot_module *modules, unsigned n, unsigned dropped)
{
    for (unsigned i = 0; i < n; i++) {
        char name[NAME_SHOWN_MAX];
        str_copy(name, sizeof name, modules[i].name);
        load_one(&modules[i], name[0] ? name : "(unnamed)");
    }
    if (dropped) {
        run_error("module", "%u more module(s) ignored: at most %u are read", dropped,
                  BOOT_MAX_MODULES);
    }
}
