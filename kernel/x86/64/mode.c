/* The long-mode kernel runs where the 32-bit one handed over: nothing was
 * refused. */
#include "kernel/x86/mode.h"

const char *x86_mode_refusal(void)
{
    return 0;
}
