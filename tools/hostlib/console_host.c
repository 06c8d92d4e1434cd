/* Host stand-in for the kernel console: kprintf goes to stdout, formatted
 * by the same code as in the kernel so host tests see the kernel's text. */
#include <stdio.h>

#include "kernel/console.h"
#include "kernel/fmt.h"

void console_write(const char *text)
{
    fputs(text, stdout);
}

void kvprintf(const char *fmt, va_list ap)
{
    char buf[1024];
    fmt_vsnprintf(buf, sizeof buf, fmt, ap);
    console_write(buf);
}

void kprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kvprintf(fmt, ap);
    va_end(ap);
}
