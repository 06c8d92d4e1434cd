/* The RAM size from Open Firmware (kernel/ppc/of.h): the "reg" property of
 * the /memory node, as (address, size) pairs of the root's #address-cells
 * and #size-cells (IEEE 1275-1994, 3.7.1 and 3.7.4; the "memory" node in
 * its Annex, and the PowerPC binding's "Memory node"). */
#include "kernel/ppc/of.h"

struct of_memory of_memory __attribute__((section(".data")));

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

void of_memory_ask(uintptr_t cif_address)
{
    of_entry cif = (of_entry)cif_address;
    uint32_t reg[REG_CELLS];
    if (!cif) {
        of_memory.status = OF_MEMORY_NOT_ASKED;
        return;
    }
    uint32_t root = finddevice(cif, "/");
    uint32_t memory = finddevice(cif, "/memory");
    if (memory == OF_FAILED || memory == 0) {
        of_memory.status = OF_MEMORY_NO_NODE;
        return;
    }
    uint32_t ac = cells_of(cif, root, "#address-cells", CELLS_ROOT);
    uint32_t sc = cells_of(cif, root, "#size-cells", 1);
    uint32_t len = getprop(cif, memory, "reg", reg, sizeof reg);
    if (len == OF_FAILED || len > sizeof reg || len < (ac + sc) * 4) {
        of_memory.status = OF_MEMORY_NO_REG;
        return;
    }
    of_memory.status = OF_MEMORY_NO_BANK_0;
    for (uint32_t at = 0; at + ac + sc <= len / 4; at += ac + sc) {
        if (number(reg + at, ac) == 0) {
            of_memory.status = OF_MEMORY_FOUND;
            of_memory.bank0_size = number(reg + at + ac, sc);
            return;
        }
    }
}
