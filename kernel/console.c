/* The console fans every character out to the sinks the platform added:
 * the UART and the screen in the kernel, stdout in host programs. */
#include "kernel/console.h"

#include "lib/fmt.h"

#define CONSOLE_MAX_SINKS 4

static console_sink sinks[CONSOLE_MAX_SINKS];
static unsigned n_sinks;

bool console_add_sink(console_sink sink)
{
    if (n_sinks == CONSOLE_MAX_SINKS)
        return false;
    sinks[n_sinks++] = sink;
    return true;
}

static void console_write(const char *text)
{
    for (; *text; text++) {
        for (unsigned i = 0; i < n_sinks; i++)
            sinks[i](*text);
    }
}

void kvprintf(const char *fmt, va_list ap)
{
    char buf[512];
    int n = fmt_vsnprintf(buf, sizeof buf, fmt, ap);
    console_write(buf);
    if (n >= (int)sizeof buf)
        console_write("[...]\n");
}

void kprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kvprintf(fmt, ap);
    va_end(ap);
}
