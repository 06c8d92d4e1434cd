/* The provenance conditions: one line and one `cond` record each. */
#include "app/provenance.h"

#include "bench/record.h"
#include "kernel/console.h"

static void one(const char *key, const char *value, const char *how)
{
    kprintf("conditions: %s %s: %s\n", key, value[0] ? value : "-", how);
    record_cond(key, value[0] ? value : "-", how);
}

void provenance_record(const struct provenance *p)
{
    const struct smbios_info *s = &p->smbios;
    one("microcode", p->microcode, p->microcode_how);
    one("firmware", p->firmware, p->firmware_how);
    one("bios_vendor", s->bios_vendor, p->smbios_from);
    one("bios_version", s->bios_version, p->smbios_from);
    one("bios_date", s->bios_date, p->smbios_from);
    one("system_vendor", s->system_vendor, p->smbios_from);
    one("system_product", s->system_product, p->smbios_from);
    one("board_vendor", s->board_vendor, p->smbios_from);
    one("board_product", s->board_product, p->smbios_from);
}
