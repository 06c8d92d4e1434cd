/* Standard output as a console sink, buffered until a newline. */
#include "kernel/linux/console.h"

#include "kernel/console.h"
#include "kernel/linux/syscall.h"

static char line[512];
static size_t used;

void linux_console_flush(void)
{
    size_t done = 0;
    while (done < used) {
        long r = sys_write(1, line + done, used - done);
        if (r <= 0) {
            break; /* nowhere to say it: standard output is gone */
        }
        done += (size_t)r;
    }
    used = 0;
}

static void stdout_putc(char c)
{
    line[used++] = c;
    if (c == '\n' || used == sizeof line) {
        linux_console_flush();
    }
}

void linux_console_init(void)
{
    console_add_sink(stdout_putc);
}
