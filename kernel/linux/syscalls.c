/* The system calls of kernel/linux/syscall.h, alike in every mode: each
 * ISA and mode has its numbers and its calling instruction
 * (kernel/linux/syscall_nr.h). The structures are made of C longs, which
 * are the kernel's longs in either x86 mode (Linux's UAPI headers). */
#include "kernel/linux/syscall.h"

#include "kernel/linux/perf_event.h"
#include "kernel/linux/syscall_nr.h"

#define CALL(call, a, b, c, d, e, f)                                                               \
    linux_syscall(linux_call_nr[LINUX_CALL_##call], (long)(a), (long)(b), (long)(c), (long)(d),    \
                  (long)(e), (long)(f))

long sys_read(int fd, void *buf, size_t n)
{
    return CALL(read, fd, buf, n, 0, 0, 0);
}

long sys_write(int fd, const void *buf, size_t n)
{
    return CALL(write, fd, buf, n, 0, 0, 0);
}

long sys_open(const char *path, int flags)
{
    return CALL(open, path, flags, 0, 0, 0, 0);
}

long sys_close(int fd)
{
    return CALL(close, fd, 0, 0, 0, 0, 0);
}

void sys_exit_group(int status)
{
    for (;;) {
        CALL(exit_group, status, 0, 0, 0, 0, 0);
    }
}

void *sys_mmap(size_t len, int prot, int flags, int fd, long *err)
{
    long r = CALL(mmap, 0, len, prot, flags, fd, 0);
    *err = sys_failed(r) ? r : 0;
    return sys_failed(r) ? NULL : (void *)r;
}

long sys_munmap(void *addr, size_t len)
{
    return CALL(munmap, addr, len, 0, 0, 0, 0);
}

long sys_perf_event_open(const struct linux_perf_attr *attr, int group_fd)
{
    return CALL(perf_event_open, attr, 0, -1, group_fd, 0, 0);
}

long sys_madvise(void *addr, size_t len, int advice)
{
    return CALL(madvise, addr, len, advice, 0, 0, 0);
}

long sys_mlockall(int flags)
{
    return CALL(mlockall, flags, 0, 0, 0, 0, 0);
}

long sys_sched_setaffinity(uint32_t mask)
{
    return CALL(sched_setaffinity, 0, sizeof mask, &mask, 0, 0, 0);
}

long sys_sched_getaffinity(uint32_t *mask)
{
    /* The kernel writes as many bytes as its CPU mask has (a multiple of
     * the word size, up to nr_cpu_ids bits): room for 1024 CPUs. CPUs 0-31
     * are the first four bytes in either mode (x86 is little-endian). */
    unsigned long words[1024 / (8 * sizeof(unsigned long))] = {0};
    long r = CALL(sched_getaffinity, 0, sizeof words, words, 0, 0, 0);
    *mask = (uint32_t)words[0];
    return r;
}

long sys_sched_setscheduler(int policy, int priority)
{
    int param = priority; /* struct sched_param: one int */
    return CALL(sched_setscheduler, 0, policy, &param, 0, 0, 0);
}

long sys_sched_get_priority_max(int policy)
{
    return CALL(sched_get_priority_max, policy, 0, 0, 0, 0, 0);
}

long sys_uname(struct linux_utsname *out)
{
    return CALL(uname, out, 0, 0, 0, 0, 0);
}

/* The sum of two fields of the process's struct rusage: two struct
 * timevals (two longs each), then 14 longs, ru_maxrss to ru_nivcsw. */
#define RUSAGE_MINFLT 8
#define RUSAGE_NVCSW  16

static long usage_sum(unsigned field)
{
    long usage[18];
    long r = CALL(getrusage, 0 /* RUSAGE_SELF */, usage, 0, 0, 0, 0);
    return sys_failed(r) ? r : usage[field] + usage[field + 1];
}

long sys_context_switches(void)
{
    return usage_sum(RUSAGE_NVCSW); /* ru_nvcsw + ru_nivcsw */
}

long sys_page_faults(void)
{
    return usage_sum(RUSAGE_MINFLT); /* ru_minflt + ru_majflt */
}

long sys_alarm_ms(uint32_t ms)
{
    /* struct itimerval: it_interval then it_value, each seconds and
     * microseconds; a zero interval makes it one-shot. */
    long timer[4] = {0, 0, (long)(ms / 1000), (long)(ms % 1000) * 1000};
    return CALL(setitimer, 0 /* ITIMER_REAL */, timer, 0, 0, 0, 0);
}

long sys_nanosleep_ms(uint32_t ms)
{
    long ts[2] = {(long)(ms / 1000), (long)(ms % 1000) * 1000000}; /* struct timespec */
    return CALL(nanosleep, ts, 0, 0, 0, 0, 0);
}
