/* Provenance in a hosted run, as Linux shows it: the microcode revision of
 * the CPU the process runs on (/proc/cpuinfo), the firmware type (UEFI
 * where /sys/firmware/efi says so; unknown otherwise, as a container may
 * hide it) and the SMBIOS names (/sys/class/dmi/id, which
 * any user may read; Documentation/ABI/testing/sysfs-class-dmi-id). */
#include "app/provenance.h"

#include "app/linux/hosted.h"
#include "kernel/linux/files.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define DMI "/sys/class/dmi/id/"

/* The first line of a small file, without its newline; "" if unreadable. */
static void first_line(const char *path, char *out, size_t n)
{
    char text[128];
    long got = linux_read_file(path, text, sizeof text);
    out[0] = '\0';
    if (got > 0) {
        text[got < (long)sizeof text ? got : (long)sizeof text - 1] = '\0';
        char *nl = strchr(text, '\n');
        if (nl) {
            *nl = '\0';
        }
        str_copy(out, n, text);
    }
}

/* The "microcode" field of CPU cpu's block in /proc/cpuinfo (x86). */
static void read_microcode(struct provenance *p, int cpu)
{
    static char text[1 << 16];
    long got = linux_read_file("/proc/cpuinfo", text, sizeof text - 1);
    str_copy(p->microcode, sizeof p->microcode, "-");
    str_copy(p->microcode_how, sizeof p->microcode_how,
             "no microcode line in /proc/cpuinfo (a virtual CPU may have none)");
    if (got <= 0) {
        str_copy(p->microcode_how, sizeof p->microcode_how, "/proc/cpuinfo is not readable");
        return;
    }
    text[got] = '\0';
    int block = -1;
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) {
            *next++ = '\0';
        }
        if (strncmp(line, "processor", 9) == 0) {
            block++;
        }
        char *value = strchr(line, ':');
        if (strncmp(line, "microcode", 9) == 0 && value && (cpu < 0 || block == cpu)) {
            str_copy(p->microcode, sizeof p->microcode, value + 2);
            fmt_snprintf(p->microcode_how, sizeof p->microcode_how, "/proc/cpuinfo, processor %d",
                         block);
            return;
        }
        line = next;
    }
}

void provenance_read(struct provenance *p, const struct cpu_info *cpu)
{
    char size[8];
    (void)cpu;
    *p = (struct provenance){0};
    read_microcode(p, hosted.pinned_cpu);
    first_line("/sys/firmware/efi/fw_platform_size", size, sizeof size);
    str_copy(p->firmware, sizeof p->firmware, size[0] ? "uefi" : "-");
    if (size[0]) {
        fmt_snprintf(p->firmware_how, sizeof p->firmware_how, "/sys/firmware/efi: %s-bit UEFI",
                     size);
    } else {
        str_copy(p->firmware_how, sizeof p->firmware_how,
                 "no /sys/firmware/efi/fw_platform_size: a legacy BIOS boot, or EFI hidden "
                 "from this process");
    }
    struct smbios_info *s = &p->smbios;
    first_line(DMI "bios_vendor", s->bios_vendor, sizeof s->bios_vendor);
    first_line(DMI "bios_version", s->bios_version, sizeof s->bios_version);
    first_line(DMI "bios_date", s->bios_date, sizeof s->bios_date);
    first_line(DMI "sys_vendor", s->system_vendor, sizeof s->system_vendor);
    first_line(DMI "product_name", s->system_product, sizeof s->system_product);
    first_line(DMI "board_vendor", s->board_vendor, sizeof s->board_vendor);
    first_line(DMI "board_name", s->board_product, sizeof s->board_product);
    str_copy(p->smbios_from, sizeof p->smbios_from,
             s->bios_vendor[0] || s->system_vendor[0] ? "SMBIOS as Linux shows it: " DMI
                                                      : "nothing readable in " DMI);
}
