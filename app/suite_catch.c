/* One catch for every architecture: the kernel's catch records the vector,
 * its cause and where it happened; the architecture names them. */
#include "app/suite_catch.h"

#include "kernel/trap_catch.h"

bool suite_catch(const char *(*fn)(void *arg), void *arg, const char **why,
                 struct suite_fault *fault)
{
    static struct trap_catch c;
    if (trap_try(&c)) {
        *fault = (struct suite_fault){c.info.vector, trap_name(c.info.vector), c.info.cause,
                                      c.info.pc, trap_pc_name};
        return false;
    }
    *why = fn(arg);
    trap_end(&c);
    return true;
}
