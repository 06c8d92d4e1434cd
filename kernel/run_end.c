/* The hook and the final status line of a run, for every architecture. */
#include "kernel/run_end.h"

#include "kernel/console.h"

static void (*finish_hook)(bool pass);

void exit_set_hook(void (*hook)(bool pass))
{
    finish_hook = hook;
}

void run_end_announce(bool pass)
{
    void (*hook)(bool) = finish_hook;
    finish_hook = 0;
    if (hook) {
        hook(pass);
    }
    kprintf("barebench: finished, status %s\n", pass ? "PASS" : "FAIL");
}
