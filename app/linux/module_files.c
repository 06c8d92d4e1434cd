#include "app/linux/module_files.h"

#include "app/modules.h"
#include "app/run_errors.h"
#include "bench/module.h"
#include "kernel/linux/files.h"
#include "lib/kstring.h"

#define PREFIX "module="

static const char *paths[BOOT_MAX_MODULES];
static unsigned n_paths, dropped;
/* One file at a time: modules_load copies it into its store. One byte more
 * than a module may have, so that a longer file reads as too long. */
static char data[MODULE_MAX_BYTES + 2];

bool module_files_take(const char *arg)
{
    if (strncmp(arg, PREFIX, sizeof PREFIX - 1) != 0) {
        return false;
    }
    if (n_paths < BOOT_MAX_MODULES) {
        paths[n_paths++] = arg + sizeof PREFIX - 1;
    } else {
        dropped++;
    }
    return true;
}

void module_files_load(void)
{
    for (unsigned i = 0; i < n_paths; i++) {
        long len = linux_read_file(paths[i], data, sizeof data);
        if (len < 0) {
            run_error("module", "%s: cannot be read (errno %d); the built-in payloads still run",
                      paths[i], (int)-len);
            continue;
        }
        struct boot_module m = {(uintptr_t)data, (uintptr_t)data + (uintptr_t)len, paths[i]};
        modules_load(&m, 1, 0);
    }
    if (dropped) {
        modules_load(0, 0, dropped);
    }
}
