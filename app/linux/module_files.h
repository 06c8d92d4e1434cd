/* A hosted run's payload modules: the files its module=PATH arguments name,
 * read whole and handed to app/modules.c as a boot loader's would be. */
#ifndef BAREBENCH_LINUX_MODULE_FILES_H
#define BAREBENCH_LINUX_MODULE_FILES_H

#include <stdbool.h>

/* Takes arg when it is module=PATH (keeping the pointer: argv lives as long
 * as the process) and returns true; false for any other argument. */
bool module_files_take(const char *arg);

/* Reads every file taken and loads it; one that cannot be read is an error
 * record, and the others still load. */
void module_files_load(void);

#endif
