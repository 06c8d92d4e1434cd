/* The provenance on the console, and how each part was read as a `cond`
 * record; the values themselves are fields of the boot record
 * (app/suite.c). */
#include "app/provenance.h"

#include <stdbool.h>

#include "bench/record.h"
#include "kernel/console.h"
#include "lib/kstring.h"

const char *provenance_value(const char *value)
{
    return value[0] ? value : "-";
}

/* Whether a value was read: the sources say `read` then, `-` if not. */
static bool known(const char *value)
{
    return strcmp(provenance_value(value), "-") != 0;
}

/* One part on the console: its value, and how it was read. */
static void say(const char *key, const char *value, const char *how)
{
    kprintf("conditions: %s %s: %s\n", key, provenance_value(value), how);
}

void provenance_record(const struct provenance *p)
{
    const struct smbios_info *s = &p->smbios;
    say("microcode", p->microcode, p->microcode_how);
    say("firmware", p->firmware, p->firmware_how);
    say("bios_vendor", s->bios_vendor, p->smbios_from);
    say("bios_version", s->bios_version, p->smbios_from);
    say("bios_date", s->bios_date, p->smbios_from);
    say("system_vendor", s->system_vendor, p->smbios_from);
    say("system_product", s->system_product, p->smbios_from);
    say("board_vendor", s->board_vendor, p->smbios_from);
    say("board_product", s->board_product, p->smbios_from);
    record_cond("microcode_source", known(p->microcode) ? "read" : "-", p->microcode_how);
    record_cond("firmware_source", known(p->firmware) ? "read" : "-", p->firmware_how);
    bool names = s->bios_vendor[0] || s->bios_version[0] || s->bios_date[0] ||
                 s->system_vendor[0] || s->system_product[0] || s->board_vendor[0] ||
                 s->board_product[0];
    record_cond("smbios_source", names ? "read" : "-", p->smbios_from);
}
