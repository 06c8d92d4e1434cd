/* Reading /proc and /sys files whole, through open/read/close. */
#include "kernel/linux/files.h"

#include "kernel/linux/syscall.h"

#define O_RDONLY 0

long linux_read_file(const char *path, char *buf, size_t n)
{
    long fd = sys_open(path, O_RDONLY);
    if (sys_failed(fd)) {
        buf[0] = '\0';
        return fd;
    }
    size_t got = 0;
    long r = 1;
    while (got + 1 < n && (r = sys_read((int)fd, buf + got, n - 1 - got)) > 0) {
        got += (size_t)r;
    }
    sys_close((int)fd);
    buf[got] = '\0';
    return sys_failed(r) ? r : (long)got;
}
