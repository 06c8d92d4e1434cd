/* Payload modules from the boot loader: checked, copied into the kernel
 * and added to the payload registry, or refused with a message. */
#ifndef BAREBENCH_MODULES_H
#define BAREBENCH_MODULES_H

#include "kernel/x86/multiboot.h"

/* Loads every module of boot. Must run before paging and the memory arena
 * are set up: the loader placed the modules right after the kernel image,
 * where the arena starts. */
void modules_load(const struct boot_info *boot);

/* An `error` record (where "module") per refused or ignored module; the
 * suite calls it after the boot record. */
void modules_record_refusals(void);

#endif
