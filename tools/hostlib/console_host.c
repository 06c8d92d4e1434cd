/* Host programs print through the kernel's own console (kernel/console.c),
 * so host tests see the kernel's text; its one sink here is stdout. */
#include <stdio.h>

#include "kernel/console.h"

static void stdout_sink(char c)
{
    putchar(c);
}

__attribute__((constructor)) static void console_host_init(void)
{
    console_add_sink(stdout_sink);
}
