/* What the loader handed the bare-metal kernel (app/x86/main.c keeps it). */
#ifndef BAREBENCH_APP_X86_BOOTINFO_H
#define BAREBENCH_APP_X86_BOOTINFO_H

#include "kernel/x86/multiboot.h"

const struct boot_info *x86_boot_info(void);

#endif
