/* Payload modules from the boot loader: checked, copied into the kernel
 * and added to the payload registry, or refused with an error (app/run_errors.h). */
#ifndef BAREBENCH_MODULES_H
#define BAREBENCH_MODULES_H

#include "kernel/boot_module.h"

/* Loads the n modules the loader listed (and says how many more it
 * `dropped` beyond BOOT_MAX_MODULES). Must run before paging and the memory arena
 * are set up: the loader placed the modules right after the kernel image,
 * where the arena starts. */
void modules_load(const struct boot_module *modules, unsigned n, unsigned dropped);

#endif
