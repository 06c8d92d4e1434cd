/* SMBIOS: entry points (2.0, 2.1+, 3.x) with their checksums, the names in
 * types 0-2, and the entry point found through a UEFI system table, over
 * tables built here as DSP0134 and the UEFI specification lay them out. */
#include <stdio.h>
#include <string.h>

#include "lib/smbios.h"
#include "tests/host/check.h"

static uint8_t memory[0x4000]; /* "physical memory" from 0x100000 */
#define BASE 0x100000u

static const uint8_t *map(uint64_t addr, size_t len)
{
    if (addr < BASE || addr + len > BASE + sizeof memory) {
        return NULL;
    }
    return memory + (addr - BASE);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

static void put64(uint8_t *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

/* An anchor string without its NUL, as entry points hold them. */
static void put_anchor(uint8_t *p, const char *anchor)
{
    while (*anchor) {
        *p++ = (uint8_t)*anchor++;
    }
}

static void checksum(uint8_t *p, size_t n, size_t at)
{
    uint8_t sum = 0;
    p[at] = 0;
    for (size_t i = 0; i < n; i++) {
        sum = (uint8_t)(sum + p[i]);
    }
    p[at] = (uint8_t)-sum;
}

/* Types 0, 1, 2 and 127, each with its strings. */
static size_t build_table(uint8_t *t)
{
    static const uint8_t structures[] = {
        0,   0x12, 0,   0,   1,   2,   0,   0,    3,   0,   0,   0, 0,   0,   0,   0,   0,   0,
        'S', 'e',  'a', 'B', 'I', 'O', 'S', 0,    '1', '.', '2', 0, '0', '4', '/', '0', '1', '/',
        '2', '0',  '1', '4', 0,   0,   1,   0x1b, 1,   0,   1,   2, 0,   0,   0,   0,   0,   0,
        0,   0,    0,   0,   0,   0,   0,   0,    0,   0,   0,   0, 0,   0,   0,   'Q', 'E', 'M',
        'U', 0,    'R', 'i', 'g', 0,   0,   2,    8,   2,   0,   1, 2,   0,   0,   'B', 'o', 'a',
        'r', 'd',  'C', 'o', 0,   'B', '1', 0,    0,   127, 4,   3, 0,   0,   0};
    memcpy(t, structures, sizeof structures);
    return sizeof structures;
}

int main(void)
{
    struct smbios_table t;
    struct smbios_info info;
    uint8_t *table = memory + 0x1000;
    size_t len = build_table(table);

    smbios_read(table, len, &info);
    CHECK(strcmp(info.bios_vendor, "SeaBIOS") == 0 && strcmp(info.bios_version, "1.2") == 0 &&
              strcmp(info.bios_date, "04/01/2014") == 0,
          "type 0: vendor, version, date (%s, %s, %s)", info.bios_vendor, info.bios_version,
          info.bios_date);
    CHECK(strcmp(info.system_vendor, "QEMU") == 0 && strcmp(info.system_product, "Rig") == 0,
          "type 1: manufacturer, product (%s, %s)", info.system_vendor, info.system_product);
    CHECK(strcmp(info.board_vendor, "BoardCo") == 0 && strcmp(info.board_product, "B1") == 0,
          "type 2: manufacturer, product (%s, %s)", info.board_vendor, info.board_product);
    smbios_read(table, 20, &info);
    CHECK(info.bios_vendor[0] == 0, "a table cut short reads no string beyond its end (%s)",
          info.bios_vendor);

    /* 2.8: "_SM_" with its "_DMI_" part, in an F segment at offset 0x30. */
    uint8_t fseg[0x100] = {0};
    uint8_t *ep = fseg + 0x30;
    put_anchor(ep, "_SM_");
    ep[5] = 0x1f;
    ep[6] = 2;
    ep[7] = 8;
    put_anchor(ep + 0x10, "_DMI_");
    ep[0x16] = (uint8_t)len;
    put32(ep + 0x18, BASE + 0x1000);
    checksum(ep + 0x10, 15, 5);
    checksum(ep, 0x1f, 4);
    CHECK(smbios_scan(fseg, sizeof fseg, &t) == 0x30 && t.major == 2 && t.minor == 8 &&
              t.addr == BASE + 0x1000 && t.length == len,
          "the F segment's 2.8 entry point (%u.%u at 0x%llx, %u bytes)", t.major, t.minor,
          (unsigned long long)t.addr, t.length);
    ep[0x18] ^= 1;
    CHECK(smbios_scan(fseg, sizeof fseg, &t) < 0, "a wrong checksum is no entry point");

    /* 3.0: "_SM3_" in the UEFI configuration table, after another entry. */
    uint8_t *ep3 = memory + 0x800;
    put_anchor(ep3, "_SM3_");
    ep3[6] = 0x18;
    ep3[7] = 3;
    ep3[8] = 0;
    put32(ep3 + 0x0c, (uint32_t)len);
    put64(ep3 + 0x10, BASE + 0x1000);
    checksum(ep3, 0x18, 5);
    static const uint8_t smbios3_guid[16] = {0x44, 0x15, 0xfd, 0xf2, 0x94, 0x97, 0x2c, 0x4a,
                                             0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94};
    for (int is64 = 0; is64 < 2; is64++) {
        size_t word = is64 ? 8 : 4, entry = 16 + word;
        uint8_t *st = memory + 0x200, *config = memory + 0x400;
        memset(st, 0, 0x200);
        memset(config, 0, 0x100);
        if (is64) {
            put64(st + 24 + 10 * word, 2);
            put64(st + 24 + 11 * word, BASE + 0x400);
            put64(config + entry + 16, BASE + 0x800);
        } else {
            put32(st + 24 + 10 * word, 2);
            put32(st + 24 + 11 * word, BASE + 0x400);
            put32(config + entry + 16, BASE + 0x800);
        }
        memset(config, 0xaa, 16); /* another table's GUID first */
        memcpy(config + entry, smbios3_guid, 16);
        uint64_t found = smbios_efi_entry(BASE + 0x200, is64, map);
        CHECK(found == BASE + 0x800 && smbios_entry_point(map(found, 0x18), 0x18, &t) &&
                  t.major == 3 && t.addr == BASE + 0x1000,
              "the %d-bit EFI system table leads to the SMBIOS 3.0 entry point (0x%llx)",
              is64 ? 64 : 32, (unsigned long long)found);
    }
    CHECK(smbios_efi_entry(0x1000, 1, map) == 0, "a system table that is not mapped gives 0");
    return check_summary();
}
