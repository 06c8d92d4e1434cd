/* The console fans every character out to the UART and the VGA screen. */
#include "console.h"

#include "fmt.h"
#include "serial.h"
#include "vga.h"

void console_write(const char *text)
{
    for (; *text; text++) {
        if (*text == '\n')
            serial_putc('\r');
        serial_putc(*text);
        vga_putc(*text);
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
