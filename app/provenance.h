/* Where a run's numbers came from beyond the CPUID signature: the microcode
 * revision, the firmware type, and the firmware's, system's and board's
 * names from SMBIOS. Two runs on "the same CPU" differ in these, so the
 * boot record carries them (`compare` warns when they differ), and a `cond`
 * record each says how they were read. Each platform reads them its own way
 * (provenance_read); this writes them. */
#ifndef BAREBENCH_APP_PROVENANCE_H
#define BAREBENCH_APP_PROVENANCE_H

#include "lib/cpuinfo.h"
#include "lib/smbios.h"

struct provenance {
    char microcode[24], microcode_how[96]; /* "0x..." or "-", and how it was read or why not */
    char firmware[8], firmware_how[96];    /* "bios", "uefi" or "-" */
    struct smbios_info smbios;             /* "" where a name is not known */
    char smbios_from[96];                  /* where the names were read, or why not */
};

/* Fills p on this platform (app/x86/provenance.c, app/linux/provenance.c,
 * app/ppc/provenance.c). */
void provenance_read(struct provenance *p, const struct cpu_info *cpu);

/* Prints p, and writes how each part was read as `cond` records (after the
 * boot record, which holds the values). */
void provenance_record(const struct provenance *p);

/* A value as the boot record writes it: "-" where it is not known. */
const char *provenance_value(const char *value);

#endif
