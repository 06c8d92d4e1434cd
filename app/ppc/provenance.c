/* Provenance on the PowerPC: nothing beyond the PVR can be read yet. The
 * 604/604e has no register that names a microcode revision; its PVR's
 * revision field (the boot record's model and stepping) is what tells
 * parts apart. The kernel does not ask the firmware for its name, and a
 * PowerPC machine has no SMBIOS. */
#include "app/provenance.h"

#include "lib/kstring.h"

void provenance_read(struct provenance *p, const struct cpu_info *cpu)
{
    (void)cpu;
    *p = (struct provenance){0};
    str_copy(p->microcode, sizeof p->microcode, "-");
    str_copy(p->microcode_how, sizeof p->microcode_how,
             "no microcode revision register on the PowerPC 604/604e (its PVR gives the revision)");
    str_copy(p->firmware, sizeof p->firmware, "-");
    str_copy(p->firmware_how, sizeof p->firmware_how,
             "not asked: the PowerPC kernel does not read its firmware's name");
    str_copy(p->smbios_from, sizeof p->smbios_from, "no SMBIOS on a PowerPC machine");
}
