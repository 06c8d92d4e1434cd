/* The console fans every character out to the sinks the platform added:
 * the UART and the screen in the kernel, stdout in host programs. */
#include "kernel/console.h"

#include <stdarg.h>

#include "lib/fmt.h"
#include "lib/kstring.h"

#define CONSOLE_MAX_SINKS 4

static console_sink sinks[CONSOLE_MAX_SINKS];
static unsigned n_sinks;
static const char *reserved, *reserved_instead;

bool console_add_sink(console_sink sink)
{
    if (n_sinks == CONSOLE_MAX_SINKS) {
        return false;
    }
    sinks[n_sinks++] = sink;
    return true;
}

static void console_write(const char *text)
{
    for (; *text; text++) {
        for (unsigned i = 0; i < n_sinks; i++) {
            sinks[i](*text);
        }
    }
}

void console_reserve(const char *text, const char *instead)
{
    reserved = text;
    reserved_instead = instead;
}

void console_write_reserved(const char *line)
{
    console_write(line);
    console_write("\n");
}

static void defuse(char *text)
{
    size_t n = reserved ? strlen(reserved) : 0;
    for (; n && *text; text++) {
        if (strncmp(text, reserved, n) == 0) {
            memcpy(text, reserved_instead, n);
        }
    }
}

void kprintf(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = fmt_vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    defuse(buf);
    console_write(buf);
    if (n >= (int)sizeof buf) {
        console_write("[...]\n");
    }
}
