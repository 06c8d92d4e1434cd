/* SMBIOS entry points and the names in types 0-2 (DSP0134 3.x, sections
 * 5.2 and 7.1-7.3). */
#include "lib/smbios.h"

#include "lib/kstring.h"

static uint32_t le16(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
    return le16(p) | le16(p + 2) << 16;
}

static uint64_t le64(const uint8_t *p)
{
    return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static int sums_to_zero(const uint8_t *p, size_t n)
{
    uint8_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum = (uint8_t)(sum + p[i]);
    }
    return sum == 0;
}

/* The 2.0 entry point, also the tail of 2.1's at 0x10 (5.2.1). */
static int dmi_entry(const uint8_t *p, size_t avail, struct smbios_table *t)
{
    if (avail < 15 || memcmp(p, "_DMI_", 5) != 0 || !sums_to_zero(p, 15)) {
        return 0;
    }
    t->length = le16(p + 6);
    t->addr = le32(p + 8);
    if (!t->major) {
        t->major = p[14] >> 4;
        t->minor = p[14] & 0xf;
    }
    return 1;
}

int smbios_entry_point(const uint8_t *p, size_t avail, struct smbios_table *t)
{
    *t = (struct smbios_table){0};
    if (avail >= 0x18 && memcmp(p, "_SM3_", 5) == 0) {
        if (p[6] < 0x18 || p[6] > avail || !sums_to_zero(p, p[6])) {
            return 0;
        }
        t->major = p[7];
        t->minor = p[8];
        t->length = le32(p + 0x0c);
        t->addr = le64(p + 0x10);
        return 1;
    }
    if (avail >= 0x1f && memcmp(p, "_SM_", 4) == 0) {
        if (p[5] < 0x1f || p[5] > avail || !sums_to_zero(p, p[5])) {
            return 0;
        }
        t->major = p[6];
        t->minor = p[7];
        return dmi_entry(p + 0x10, avail - 0x10, t);
    }
    return dmi_entry(p, avail, t);
}

long smbios_scan(const uint8_t *area, size_t len, struct smbios_table *t)
{
    for (size_t at = 0; at + 16 <= len; at += 16) {
        if (smbios_entry_point(area + at, len - at, t)) {
            return (long)at;
        }
    }
    return -1;
}

/* SMBIOS3_TABLE_GUID and SMBIOS_TABLE_GUID (UEFI 2.x, "Industry Standard
 * Configuration Tables"), as they lie in memory. */
static const uint8_t guid_smbios3[16] = {0x44, 0x15, 0xfd, 0xf2, 0x94, 0x97, 0x2c, 0x4a,
                                         0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94};
static const uint8_t guid_smbios[16] = {0x31, 0x2d, 0x9d, 0xeb, 0x88, 0x2d, 0xd3, 0x11,
                                        0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d};

uint64_t smbios_efi_entry(uint64_t systab, int is64, smbios_map map)
{
    /* NumberOfTableEntries and ConfigurationTable follow the header (24
     * bytes) and ten pointer-sized fields (FirmwareRevision padded to one). */
    size_t word = is64 ? 8 : 4, at = 24 + 10 * word;
    const uint8_t *st = map(systab, at + 2 * word);
    if (!st) {
        return 0;
    }
    uint64_t n = is64 ? le64(st + at) : le32(st + at);
    uint64_t table = is64 ? le64(st + at + word) : le32(st + at + word);
    size_t entry = 16 + word;
    const uint8_t *entries = n && n < 4096 ? map(table, (size_t)n * entry) : 0;
    uint64_t found = 0;
    for (uint64_t i = 0; entries && i < n; i++) {
        const uint8_t *e = entries + i * entry;
        uint64_t addr = is64 ? le64(e + 16) : le32(e + 16);
        if (memcmp(e, guid_smbios3, 16) == 0) {
            return addr;
        }
        if (memcmp(e, guid_smbios, 16) == 0) {
            found = addr;
        }
    }
    return found;
}

/* String n (from 1) of the structure whose strings start at s, before end. */
static void copy_string(const uint8_t *s, const uint8_t *end, unsigned n, char *out, size_t size)
{
    for (unsigned i = 1; n && s < end && *s; i++) {
        const uint8_t *next = s;
        while (next < end && *next) {
            next++;
        }
        if (next == end) {
            return; /* cut off before its NUL */
        }
        if (i == n) {
            size_t len = (size_t)(next - s) < size - 1 ? (size_t)(next - s) : size - 1;
            memcpy(out, s, len);
            out[len] = '\0';
            return;
        }
        s = next + 1;
    }
}

void smbios_read(const uint8_t *table, size_t len, struct smbios_info *out)
{
    *out = (struct smbios_info){0};
    const uint8_t *end = table + len;
    for (const uint8_t *s = table; s + 4 <= end;) {
        unsigned type = s[0], hlen = s[1];
        if (hlen < 4 || s + hlen > end || type == 127) {
            return; /* damaged, or the end-of-table structure (7.44) */
        }
        const uint8_t *strings = s + hlen, *next = strings;
        while (next + 1 < end && (next[0] || next[1])) {
            next++;
        }
        if (type == 0 && hlen > 8 && !out->bios_vendor[0]) {
            copy_string(strings, end, s[4], out->bios_vendor, sizeof out->bios_vendor);
            copy_string(strings, end, s[5], out->bios_version, sizeof out->bios_version);
            copy_string(strings, end, s[8], out->bios_date, sizeof out->bios_date);
        } else if (type == 1 && hlen > 5 && !out->system_vendor[0]) {
            copy_string(strings, end, s[4], out->system_vendor, sizeof out->system_vendor);
            copy_string(strings, end, s[5], out->system_product, sizeof out->system_product);
        } else if (type == 2 && hlen > 5 && !out->board_vendor[0]) {
            copy_string(strings, end, s[4], out->board_vendor, sizeof out->board_vendor);
            copy_string(strings, end, s[5], out->board_product, sizeof out->board_product);
        }
        s = next + 2;
    }
}
