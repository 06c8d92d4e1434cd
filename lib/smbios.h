/* SMBIOS (DMTF DSP0134, "System Management BIOS Reference Specification"):
 * finding the entry point, legacy (the BIOS F segment, 5.2) or through
 * UEFI's configuration table, and reading the names of the firmware
 * (type 0), the system (type 1) and the board (type 2) from the structure
 * table. Pure: the caller maps the memory (the kernel's identity map, a
 * test's buffer). */
#ifndef BAREBENCH_SMBIOS_H
#define BAREBENCH_SMBIOS_H

#include <stddef.h>
#include <stdint.h>

struct smbios_table {
    uint64_t addr;   /* of the structure table */
    uint32_t length; /* its length (3.x: its maximum length) */
    uint8_t major, minor;
};

struct smbios_info {
    char bios_vendor[64], bios_version[64], bios_date[32];
    char system_vendor[64], system_product[64];
    char board_vendor[64], board_product[64];
};

/* Physical memory as the caller maps it: a pointer to len bytes at addr,
 * or NULL where they cannot be read. */
typedef const uint8_t *(*smbios_map)(uint64_t addr, size_t len);

/* Whether p (avail bytes) is a valid entry point: "_SM3_" (3.x), "_SM_"
 * with its "_DMI_" part (2.1 on) or a lone "_DMI_" (2.0), each checksum
 * right (DSP0134 5.2.1, 5.2.2); fills t. */
int smbios_entry_point(const uint8_t *p, size_t avail, struct smbios_table *t);

/* The first entry point on a 16-byte boundary in an area (the F segment,
 * 0xF0000-0xFFFFF): its offset, or -1. */
long smbios_scan(const uint8_t *area, size_t len, struct smbios_table *t);

/* The entry point's address from UEFI's system table at systab (is64: the
 * 64-bit layout), SMBIOS 3 before 2 (UEFI 2.x, "EFI System Table" and
 * "EFI Configuration Table"), or 0. */
uint64_t smbios_efi_entry(uint64_t systab, int is64, smbios_map map);

/* Types 0, 1 and 2 of the structure table; a field it lacks stays "". */
void smbios_read(const uint8_t *table, size_t len, struct smbios_info *out);

#endif
