/* /proc/interrupts (Documentation/filesystems/proc.rst, "/proc/interrupts"):
 * a header of "CPUn" names, one per online CPU, then a line per source,
 * "NAME:" followed by one count per CPU in the header's order; a few
 * lines (ERR, MIS) carry a single count, not per CPU, and are left out. */
#include "lib/proc_interrupts.h"

#include <stdbool.h>

#include "lib/kstring.h"

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The column of CPU cpu in the header line, or -1. */
static int column_of(const char *line, const char *end, int cpu)
{
    int column = 0;
    for (const char *p = line; p < end;) {
        while (p < end && *p == ' ') {
            p++;
        }
        if (p + 3 < end && strncmp(p, "CPU", 3) == 0) {
            int n = 0;
            const char *q = p + 3;
            for (; q < end && is_digit(*q); q++) {
                n = n * 10 + (*q - '0');
            }
            if (q > p + 3 && n == cpu) {
                return column;
            }
            column++;
            p = q;
        } else {
            while (p < end && *p != ' ') {
                p++;
            }
        }
    }
    return -1;
}

/* The count in the given column of a source's line, or 0 where the line
 * has no count there or counts for no CPU (ERR, MIS). */
static int64_t count_in(const char *line, const char *end, int column)
{
    const char *p = line;
    while (p < end && *p == ' ') {
        p++;
    }
    if (end - p >= 4 && (strncmp(p, "ERR:", 4) == 0 || strncmp(p, "MIS:", 4) == 0)) {
        return 0;
    }
    while (p < end && *p != ':') {
        p++;
    }
    for (int at = 0; p < end; at++) {
        p++;
        while (p < end && *p == ' ') {
            p++;
        }
        if (p >= end || !is_digit(*p)) {
            return 0;
        }
        int64_t n = 0;
        for (; p < end && is_digit(*p); p++) {
            n = n * 10 + (*p - '0');
        }
        if (at == column) {
            return n;
        }
    }
    return 0;
}

int64_t interrupts_of_cpu(const char *text, int cpu)
{
    const char *end = strchr(text, '\n');
    int column = end && cpu >= 0 ? column_of(text, end, cpu) : -1;
    if (column < 0) {
        return -1;
    }
    int64_t total = 0;
    for (const char *line = end + 1; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end) {
            end = line + strlen(line);
        }
        total += count_in(line, end, column);
        if (!*end) {
            break;
        }
    }
    return total;
}
