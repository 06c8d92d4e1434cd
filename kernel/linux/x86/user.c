/* A Linux process runs every window at CPL 3: what the x86 code asks of
 * ring 3 (kernel/x86/user.h) is always true here. */
#include "kernel/x86/user.h"

bool user_active(void)
{
    return true;
}
