/* What Open Firmware says (kernel/ppc/of.h): the RAM, from the "reg"
 * property of the /memory node, as (address, size) pairs of the root's
 * #address-cells and #size-cells (IEEE 1275-1994, 3.7.1 and 3.7.4; the
 * "memory" node in its Annex, and the PowerPC binding's "Memory node"); and
 * the PCI host bridge, from the names of the root's children. */
#include "kernel/ppc/of.h"

#include "lib/kstring.h"

struct of_machine of_machine __attribute__((section(".data")));

typedef int (*of_entry)(uint32_t *cells);

#define OF_FAILED  0xffffffffu
#define REG_CELLS  32
#define CELLS_MAX  4 /* of an address or a size */
#define CELLS_ROOT 2 /* IEEE 1275's default #address-cells; #size-cells is 1 */

static uint32_t finddevice(of_entry cif, const char *path)
{
    uint32_t c[] = {(uintptr_t)"finddevice", 1, 1, (uintptr_t)path, OF_FAILED};
    return cif(c) == 0 ? c[4] : OF_FAILED;
}

/* The property's length (OF_FAILED where it is absent), read into buf up
 * to len bytes. */
static uint32_t getprop(of_entry cif, uint32_t phandle, const char *name, void *buf, uint32_t len)
{
    uint32_t c[] = {(uintptr_t)"getprop", 4,   1,        phandle, (uintptr_t)name,
                    (uintptr_t)buf,       len, OF_FAILED};
    return cif(c) == 0 ? c[7] : OF_FAILED;
}

static uint32_t cells_of(of_entry cif, uint32_t root, const char *name, uint32_t standard)
{
    uint32_t n = standard;
    if (getprop(cif, root, name, &n, sizeof n) != sizeof n || n == 0 || n > CELLS_MAX) {
        return standard;
    }
    return n;
}

/* A number of n cells (big-endian, as this CPU): its low 32 bits, or
 * 0xffffffff where the higher cells are not 0. */
static uint32_t number(const uint32_t *cells, uint32_t n)
{
    for (uint32_t i = 0; i + 1 < n; i++) {
        if (cells[i]) {
            return 0xffffffffu;
        }
    }
    return cells[n - 1];
}

static void ask_memory(of_entry cif, uint32_t root)
{
    uint32_t reg[REG_CELLS];
    uint32_t memory = finddevice(cif, "/memory");
    if (memory == OF_FAILED || memory == 0) {
        of_machine.memory = OF_MEMORY_NO_NODE;
        return;
    }
    uint32_t ac = cells_of(cif, root, "#address-cells", CELLS_ROOT);
    uint32_t sc = cells_of(cif, root, "#size-cells", 1);
    uint32_t len = getprop(cif, memory, "reg", reg, sizeof reg);
    if (len == OF_FAILED || len > sizeof reg || len < (ac + sc) * 4) {
        of_machine.memory = OF_MEMORY_NO_REG;
        return;
    }
    of_machine.memory = OF_MEMORY_NO_BANK_0;
    for (uint32_t at = 0; at + ac + sc <= len / 4; at += ac + sc) {
        if (number(reg + at, ac) == 0) {
            of_machine.memory = OF_MEMORY_FOUND;
            of_machine.bank0_size = number(reg + at + ac, sc);
            return;
        }
    }
}

/* The next node of the tree walk: the first child, or the next peer. */
static uint32_t relative(of_entry cif, const char *which, uint32_t phandle)
{
    uint32_t c[] = {(uintptr_t)which, 1, 1, phandle, 0};
    return cif(c) == 0 ? c[4] : 0;
}

/* Whether a property (a string, or a compatible list of them) names it. */
static bool says(of_entry cif, uint32_t node, const char *property, const char *name)
{
    char text[64];
    uint32_t len = getprop(cif, node, property, text, sizeof text - 1);
    if (len == OF_FAILED || len == 0) {
        return false;
    }
    text[len < sizeof text - 1 ? len : sizeof text - 1] = 0;
    for (uint32_t at = 0; at < len && at < sizeof text - 1; at += strlen(text + at) + 1) {
        if (strcmp(text + at, name) == 0) {
            return true;
        }
    }
    return false;
}

static const struct {
    const char *name;
    enum of_bridge bridge;
} bridges[] = {
    {"grackle", OF_BRIDGE_GRACKLE},
    {"uni-north", OF_BRIDGE_UNINORTH},
    {"bandit", OF_BRIDGE_BANDIT},
};

static void ask_bridge(of_entry cif, uint32_t root)
{
    for (uint32_t node = relative(cif, "child", root); node; node = relative(cif, "peer", node)) {
        for (unsigned i = 0; i < sizeof bridges / sizeof bridges[0]; i++) {
            if (says(cif, node, "name", bridges[i].name) ||
                says(cif, node, "compatible", bridges[i].name)) {
                of_machine.bridge = bridges[i].bridge;
                return;
            }
        }
    }
}

/* The first CPU's "timebase-frequency" (the PowerPC binding of IEEE 1275,
 * "CPU node properties"): the rate of the time base and the decrementer;
 * 0 where /cpus has no child that says it. */
static void ask_timebase(of_entry cif)
{
    uint32_t cpus = finddevice(cif, "/cpus"), hz = 0;
    uint32_t cpu = cpus == OF_FAILED ? 0 : relative(cif, "child", cpus);
    if (cpu && getprop(cif, cpu, "timebase-frequency", &hz, sizeof hz) == sizeof hz) {
        of_machine.timebase_hz = hz;
    }
}

/* A line on the firmware's console (/chosen's stdout instance). */
static void say(of_entry cif, const char *text)
{
    uint32_t out = 0, chosen = finddevice(cif, "/chosen");
    if (chosen == OF_FAILED || getprop(cif, chosen, "stdout", &out, sizeof out) != sizeof out) {
        return;
    }
    uint32_t c[] = {(uintptr_t)"write", 3, 1, out, (uintptr_t)text, strlen(text), 0};
    cif(c);
}

/* /chosen's "bootargs" (IEEE 1275, "/chosen Node"): the arguments after
 * the file name of the boot command, e.g. a CHRP ISO's boot-script. */
static void ask_bootargs(of_entry cif)
{
    uint32_t chosen = finddevice(cif, "/chosen");
    char *args = of_machine.bootargs;
    uint32_t len = chosen == OF_FAILED
                       ? OF_FAILED
                       : getprop(cif, chosen, "bootargs", args, sizeof of_machine.bootargs - 1);
    len = len == OF_FAILED ? 0 : len;
    args[len < sizeof of_machine.bootargs ? len : sizeof of_machine.bootargs - 1] = 0;
    of_machine.bootargs_len = len;
    /* Cut, it keeps whole words: half of one would read as another value. */
    if (len >= sizeof of_machine.bootargs) {
        size_t end = strlen(args);
        while (end > 0 && args[end - 1] != ' ') {
            end--;
        }
        if (end > 0) {
            args[end - 1] = 0;
        }
    }
}

void of_ask(uintptr_t cif_address)
{
    of_entry cif = (of_entry)cif_address;
    if (!cif) {
        of_machine.memory = OF_MEMORY_NOT_ASKED;
        return;
    }
    uint32_t root = finddevice(cif, "/");
    ask_memory(cif, root);
    ask_bridge(cif, root);
    ask_bootargs(cif);
    ask_timebase(cif);
    if (of_machine.bridge == OF_BRIDGE_NONE || of_machine.bridge == OF_BRIDGE_BANDIT) {
        say(cif, "\r\nbarebench: this Power Mac's PCI host bridge is not one the kernel drives "
                 "(it knows Grackle and UniNorth): no serial console; the run goes on unseen\r\n");
    }
}
