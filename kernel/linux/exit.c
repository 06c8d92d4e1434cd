/* The end of a hosted run: the final status line, then the process's exit
 * status, 0 for PASS, 1 for FAIL. */
#include "kernel/linux/console.h"
#include "kernel/linux/syscall.h"
#include "kernel/run_end.h"

void run_finish(bool pass)
{
    run_end_announce(pass);
    linux_console_flush();
    sys_exit_group(pass ? 0 : 1);
}
