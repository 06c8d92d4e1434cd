/* Small files of /proc and /sys, read whole. */
#ifndef BAREBENCH_LINUX_FILES_H
#define BAREBENCH_LINUX_FILES_H

#include <stddef.h>

/* Reads up to n - 1 bytes of the file at path into buf and ends them with
 * '\0': the length, or -errno. */
long linux_read_file(const char *path, char *buf, size_t n);

#endif
