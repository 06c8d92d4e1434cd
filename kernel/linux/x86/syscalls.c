/* The system calls of kernel/linux/syscall.h on i386: int 0x80
 * (kernel/linux/x86/syscall.asm) with the numbers of Linux's
 * arch/x86/entry/syscalls/syscall_32.tbl, which a 64-bit kernel's IA32
 * emulation takes too. */
#include "kernel/linux/syscall.h"

long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

enum {
    NR_read = 3,
    NR_write = 4,
    NR_open = 5,
    NR_close = 6,
    NR_getrusage = 77,
    NR_setitimer = 104,
    NR_uname = 122,
    NR_mlockall = 152,
    NR_sched_setscheduler = 156,
    NR_sched_get_priority_max = 159,
    NR_nanosleep = 162,
    NR_mmap2 = 192,
    NR_madvise = 219,
    NR_sched_setaffinity = 241,
    NR_sched_getaffinity = 242,
    NR_exit_group = 252,
};

#define CALL(nr, a, b, c, d, e, f)                                                                 \
    linux_syscall(nr, (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), (long)(f))

long sys_read(int fd, void *buf, size_t n)
{
    return CALL(NR_read, fd, buf, n, 0, 0, 0);
}

long sys_write(int fd, const void *buf, size_t n)
{
    return CALL(NR_write, fd, buf, n, 0, 0, 0);
}

long sys_open(const char *path, int flags)
{
    return CALL(NR_open, path, flags, 0, 0, 0, 0);
}

long sys_close(int fd)
{
    return CALL(NR_close, fd, 0, 0, 0, 0, 0);
}

void sys_exit_group(int status)
{
    for (;;) {
        CALL(NR_exit_group, status, 0, 0, 0, 0, 0);
    }
}

void *sys_mmap_anon(size_t len, int prot, int flags, long *err)
{
    long r = CALL(NR_mmap2, 0, len, prot, flags, -1, 0);
    *err = sys_failed(r) ? r : 0;
    return sys_failed(r) ? NULL : (void *)r;
}

long sys_madvise(void *addr, size_t len, int advice)
{
    return CALL(NR_madvise, addr, len, advice, 0, 0, 0);
}

long sys_mlockall(int flags)
{
    return CALL(NR_mlockall, flags, 0, 0, 0, 0, 0);
}

long sys_sched_setaffinity(uint32_t mask)
{
    return CALL(NR_sched_setaffinity, 0, sizeof mask, &mask, 0, 0, 0);
}

long sys_sched_getaffinity(uint32_t *mask)
{
    /* The kernel writes as many bytes as its CPU mask has (a multiple of
     * the word size, up to nr_cpu_ids bits): room for 1024 CPUs. */
    uint32_t words[32] = {0};
    long r = CALL(NR_sched_getaffinity, 0, sizeof words, words, 0, 0, 0);
    *mask = words[0];
    return r;
}

long sys_sched_setscheduler(int policy, int priority)
{
    int param = priority; /* struct sched_param: one int */
    return CALL(NR_sched_setscheduler, 0, policy, &param, 0, 0, 0);
}

long sys_sched_get_priority_max(int policy)
{
    return CALL(NR_sched_get_priority_max, policy, 0, 0, 0, 0, 0);
}

long sys_uname(struct linux_utsname *out)
{
    return CALL(NR_uname, out, 0, 0, 0, 0, 0);
}

long sys_context_switches(void)
{
    /* struct rusage on i386: two struct timevals (16 bytes), then 14 longs,
     * of which ru_nvcsw and ru_nivcsw are the last two. */
    int32_t usage[18];
    long r = CALL(NR_getrusage, 0 /* RUSAGE_SELF */, usage, 0, 0, 0, 0);
    return sys_failed(r) ? r : (long)usage[16] + usage[17];
}

long sys_alarm_ms(uint32_t ms)
{
    /* struct itimerval: it_interval then it_value, each seconds and
     * microseconds; a zero interval makes it one-shot. */
    int32_t timer[4] = {0, 0, (int32_t)(ms / 1000), (int32_t)(ms % 1000) * 1000};
    return CALL(NR_setitimer, 0 /* ITIMER_REAL */, timer, 0, 0, 0, 0);
}

long sys_nanosleep_ms(uint32_t ms)
{
    int32_t ts[2] = {(int32_t)(ms / 1000), (int32_t)(ms % 1000) * 1000000};
    return CALL(NR_nanosleep, ts, 0, 0, 0, 0, 0);
}
