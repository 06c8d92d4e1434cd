/* The x86-64 system call numbers: Linux's
 * arch/x86/entry/syscalls/syscall_64.tbl. */
#include "kernel/linux/syscall_nr.h"

const long linux_call_nr[LINUX_CALLS] = {
    [LINUX_CALL_read] = 0,
    [LINUX_CALL_write] = 1,
    [LINUX_CALL_open] = 2,
    [LINUX_CALL_close] = 3,
    [LINUX_CALL_getrusage] = 98,
    [LINUX_CALL_setitimer] = 38,
    [LINUX_CALL_uname] = 63,
    [LINUX_CALL_mlockall] = 151,
    [LINUX_CALL_sched_setscheduler] = 144,
    [LINUX_CALL_sched_get_priority_max] = 146,
    [LINUX_CALL_nanosleep] = 35,
    [LINUX_CALL_mmap] = 9,
    [LINUX_CALL_munmap] = 11,
    [LINUX_CALL_madvise] = 28,
    [LINUX_CALL_sched_setaffinity] = 203,
    [LINUX_CALL_sched_getaffinity] = 204,
    [LINUX_CALL_exit_group] = 231,
    [LINUX_CALL_rt_sigaction] = 13,
    [LINUX_CALL_sigaltstack] = 131,
    [LINUX_CALL_perf_event_open] = 298,
};
