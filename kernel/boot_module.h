/* A file the boot loader loaded beside the kernel (a payload module), as
 * any architecture's loader describes it. */
#ifndef BAREBENCH_BOOT_MODULE_H
#define BAREBENCH_BOOT_MODULE_H

#include <stdint.h>

/* The most modules the kernel takes from its loader. */
#define BOOT_MAX_MODULES 8

/* [start, end) as the loader placed it, and its command line (the file
 * name and any words after it; "" when the loader gave none). */
struct boot_module {
    uintptr_t start, end;
    const char *name;
};

#endif
