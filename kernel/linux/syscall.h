/* The Linux system calls the hosted program makes: no C library, only the
 * kernel's interface. Each returns what the kernel returns: a value, or
 * -errno (-4095..-1). The ISA's calling convention and numbers are
 * kernel/linux/<isa>/syscalls.c. The structures are Linux's UAPI ones, as
 * far as this program reads them. */
#ifndef BAREBENCH_LINUX_SYSCALL_H
#define BAREBENCH_LINUX_SYSCALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether a system call's result is an error (-errno). */
static inline bool sys_failed(long result)
{
    return result < 0 && result >= -4095;
}

#define LINUX_EPERM  1
#define LINUX_ENOENT 2
#define LINUX_EACCES 13

long sys_read(int fd, void *buf, size_t n);
long sys_write(int fd, const void *buf, size_t n);
long sys_open(const char *path, int flags);
long sys_close(int fd);
void sys_exit_group(int status) __attribute__((noreturn));

/* mmap with an offset of 0, of fd (-1: no file); NULL with *err = -errno
 * when it fails. */
void *sys_mmap(size_t len, int prot, int flags, int fd, long *err);
long sys_munmap(void *addr, size_t len);
long sys_madvise(void *addr, size_t len, int advice);
long sys_mlockall(int flags);
#define LINUX_PROT_READ        1
#define LINUX_PROT_RW          3
#define LINUX_MAP_SHARED       0x01
#define LINUX_MAP_PRIVATE_ANON 0x22
#define LINUX_MAP_HUGETLB      0x40000
#define LINUX_MAP_HUGE_2MB     (21 << 26)
#define LINUX_MADV_HUGEPAGE    14
#define LINUX_MCL_CURRENT      1
#define LINUX_MCL_FUTURE       2

/* The CPU set as one word: CPUs 0-31 (what a small machine has). */
long sys_sched_setaffinity(uint32_t mask);
long sys_sched_getaffinity(uint32_t *mask);
#define LINUX_SCHED_FIFO 1
long sys_sched_setscheduler(int policy, int priority);
long sys_sched_get_priority_max(int policy);

/* struct utsname: six fields of 65 bytes. */
struct linux_utsname {
    char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65];
};
long sys_uname(struct linux_utsname *out);

/* Context switches of the whole process so far (getrusage's ru_nvcsw +
 * ru_nivcsw), or -errno. */
long sys_context_switches(void);

/* Page faults of the whole process so far (ru_minflt + ru_majflt), or
 * -errno. */
long sys_page_faults(void);

/* Arms (ms > 0) or disarms (0) a one-shot ITIMER_REAL: SIGALRM when it
 * expires. */
long sys_alarm_ms(uint32_t ms);

long sys_nanosleep_ms(uint32_t ms);

#endif
