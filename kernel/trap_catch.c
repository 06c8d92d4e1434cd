/* The catch every architecture's exception handler resumes. */
#include "kernel/trap_catch.h"

struct trap_catch *trap_current_catch;

void trap_escape(const struct trap_info *info)
{
    struct trap_catch *c = trap_current_catch;
    if (!c) {
        return;
    }
    trap_current_catch = c->outer;
    c->info = *info;
    klongjmp(&c->jmp, (int)info->vector + 1);
}
