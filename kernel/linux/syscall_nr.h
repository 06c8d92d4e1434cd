/* The system calls kernel/linux/syscalls.c makes, by name; their numbers
 * and the calling instruction are each ISA's and mode's
 * (kernel/linux/<isa>/<mode>/: syscall_nr.c, syscall.asm). */
#ifndef BAREBENCH_LINUX_SYSCALL_NR_H
#define BAREBENCH_LINUX_SYSCALL_NR_H

enum linux_call {
    LINUX_CALL_read,
    LINUX_CALL_write,
    LINUX_CALL_open,
    LINUX_CALL_close,
    LINUX_CALL_getrusage,
    LINUX_CALL_setitimer,
    LINUX_CALL_uname,
    LINUX_CALL_mlockall,
    LINUX_CALL_sched_setscheduler,
    LINUX_CALL_sched_get_priority_max,
    LINUX_CALL_nanosleep,
    LINUX_CALL_mmap, /* with an offset of 0, which mmap2 reads alike */
    LINUX_CALL_munmap,
    LINUX_CALL_madvise,
    LINUX_CALL_sched_setaffinity,
    LINUX_CALL_sched_getaffinity,
    LINUX_CALL_exit_group,
    LINUX_CALL_rt_sigaction,
    LINUX_CALL_sigaltstack,
    LINUX_CALL_perf_event_open,
    LINUX_CALLS
};

/* The number of each call. */
extern const long linux_call_nr[LINUX_CALLS];

/* The system call itself: the number, then up to six arguments; the
 * result, or -errno. */
long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

/* Where a signal handler returns to (SA_RESTORER): rt_sigreturn. */
void linux_sigreturn(void);

#endif
