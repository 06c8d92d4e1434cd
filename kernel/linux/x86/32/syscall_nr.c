/* The i386 system call numbers: Linux's
 * arch/x86/entry/syscalls/syscall_32.tbl, which a 64-bit kernel's IA32
 * emulation takes too. */
#include "kernel/linux/syscall_nr.h"

const long linux_call_nr[LINUX_CALLS] = {
    [LINUX_CALL_read] = 3,
    [LINUX_CALL_write] = 4,
    [LINUX_CALL_open] = 5,
    [LINUX_CALL_close] = 6,
    [LINUX_CALL_getrusage] = 77,
    [LINUX_CALL_setitimer] = 104,
    [LINUX_CALL_uname] = 122,
    [LINUX_CALL_mlockall] = 152,
    [LINUX_CALL_sched_setscheduler] = 156,
    [LINUX_CALL_sched_get_priority_max] = 159,
    [LINUX_CALL_nanosleep] = 162,
    [LINUX_CALL_mmap] = 192, /* mmap2 */
    [LINUX_CALL_munmap] = 91,
    [LINUX_CALL_madvise] = 219,
    [LINUX_CALL_sched_setaffinity] = 241,
    [LINUX_CALL_sched_getaffinity] = 242,
    [LINUX_CALL_exit_group] = 252,
    [LINUX_CALL_rt_sigaction] = 174,
    [LINUX_CALL_sigaltstack] = 186,
    [LINUX_CALL_perf_event_open] = 336,
};
