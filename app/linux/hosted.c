/* The hosted run's set-up, in the order the noise it removes matters: one
 * CPU (so the caches and the TSC are one core's), the real-time class (so
 * other tasks do not take the CPU mid-window), the buffers mapped and
 * touched, then everything locked (so no page fault comes mid-window). */
#include "app/linux/hosted.h"

#include <stdint.h>

#include "app/bootopts.h"
#include "app/linux/perf.h"
#include "app/run_errors.h"
#include "app/suite_sweep.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/linux/files.h"
#include "kernel/linux/memory.h"
#include "kernel/linux/syscall.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

/* Buffers beyond the chase's working set: the other payloads' and the
 * chase's order table. */
#define ARENA_BASE_MIB 24u
/* How long the CPUs' idle time is watched to find the least loaded one. */
#define LOAD_SAMPLE_MS 100u

struct hosted_facts hosted = {.pinned_cpu = -1};

void hosted_machine_init(void)
{
    static struct linux_utsname u;
    if (sys_failed(sys_uname(&u))) {
        str_copy(u.release, sizeof u.release, "?");
    }
    str_copy(hosted.kernel.value, sizeof hosted.kernel.value, u.release);
    fmt_snprintf(hosted.kernel.detail, sizeof hosted.kernel.detail, "%s %s %s", u.sysname,
                 u.release, u.machine);
    kprintf("hosted: %s, a Linux process at CPL 3\n", hosted.kernel.detail);
}

/* Idle jiffies (idle + iowait) and all jiffies of each CPU in /proc/stat's
 * `cpuN user nice system idle iowait irq softirq steal ...` lines (Linux's
 * Documentation/filesystems/proc.rst). Returns how many CPUs it read. */
static unsigned read_cpu_times(uint64_t *idle, uint64_t *total, unsigned max)
{
    static char text[8192];
    unsigned n = 0;
    if (linux_read_file("/proc/stat", text, sizeof text) <= 0) {
        return 0;
    }
    for (const char *line = text; line && *line;
         line = strchr(line, '\n'), line = line ? line + 1 : 0) {
        if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9') {
            continue;
        }
        const char *at = line + 3;
        uint64_t cpu = 0, field[8] = {0};
        size_t len = 0;
        while (at[len] >= '0' && at[len] <= '9') {
            len++;
        }
        if (!parse_uint(at, len, &cpu) || cpu >= max) {
            continue;
        }
        at += len;
        for (unsigned f = 0; f < 8; f++) {
            while (*at == ' ') {
                at++;
            }
            for (len = 0; at[len] >= '0' && at[len] <= '9'; len++) {
                continue;
            }
            parse_uint(at, len, &field[f]);
            at += len;
        }
        idle[cpu] = field[3] + field[4];
        total[cpu] =
            field[0] + field[1] + field[2] + field[3] + field[4] + field[5] + field[6] + field[7];
        n = (unsigned)cpu + 1 > n ? (unsigned)cpu + 1 : n;
    }
    return n;
}

/* The allowed CPU that was idle the most over LOAD_SAMPLE_MS, or -1. */
static int least_loaded(uint32_t allowed, char *how, size_t n)
{
    uint64_t idle0[32] = {0}, total0[32] = {0}, idle1[32] = {0}, total1[32] = {0};
    unsigned cpus = read_cpu_times(idle0, total0, 32);
    sys_nanosleep_ms(LOAD_SAMPLE_MS);
    cpus = read_cpu_times(idle1, total1, 32) < cpus ? 0 : cpus;
    int best = -1;
    uint64_t best_idle = 0, best_total = 1;
    for (unsigned c = 0; c < cpus; c++) {
        uint64_t di = idle1[c] - idle0[c], dt = total1[c] - total0[c];
        if (!((allowed >> c) & 1) || !dt) {
            continue;
        }
        /* di / dt > best_idle / best_total, without division */
        if (best < 0 || di * best_total > best_idle * dt) {
            best = (int)c;
            best_idle = di;
            best_total = dt;
        }
    }
    if (best >= 0) {
        fmt_snprintf(how, n,
                     "the least loaded of the allowed CPUs: %u%% idle over %u ms (/proc/stat)",
                     (unsigned)(best_idle * 100 / best_total), LOAD_SAMPLE_MS);
    }
    return best;
}

static void pin(void)
{
    uint32_t allowed = 0;
    char how[112] = "";
    int cpu = -1;
    if (sys_failed(sys_sched_getaffinity(&allowed)) || !allowed) {
        allowed = 1;
    }
    if (!str_ieq(boot_opts.cpu, "auto")) {
        uint64_t want = 0;
        if (!parse_uint(boot_opts.cpu, strlen(boot_opts.cpu), &want) || want >= 32 ||
            !((allowed >> want) & 1)) {
            run_error("cpu",
                      "cpu=%s: not a CPU this process may run on (mask 0x%x); choosing the "
                      "least loaded instead",
                      boot_opts.cpu, (unsigned)allowed);
        } else {
            cpu = (int)want;
            fmt_snprintf(how, sizeof how, "cpu=%s", boot_opts.cpu);
        }
    }
    if (cpu < 0) {
        cpu = least_loaded(allowed, how, sizeof how);
    }
    long r = cpu < 0 ? -LINUX_ENOENT : sys_sched_setaffinity(1u << cpu);
    if (cpu < 0 || sys_failed(r)) {
        str_copy(hosted.cpu.value, sizeof hosted.cpu.value, "-");
        fmt_snprintf(
            hosted.cpu.detail, sizeof hosted.cpu.detail,
            "not pinned (%s, errno %d): the scheduler may move the process between windows",
            cpu < 0 ? "no CPU read from /proc/stat" : "sched_setaffinity", (int)-r);
        run_error("cpu", "%s", hosted.cpu.detail);
        return;
    }
    hosted.pinned_cpu = cpu;
    fmt_snprintf(hosted.cpu.value, sizeof hosted.cpu.value, "%d", cpu);
    fmt_snprintf(hosted.cpu.detail, sizeof hosted.cpu.detail, "%s", how);
    kprintf("hosted: pinned to CPU %d: %s\n", cpu, how);
}

static void schedule(void)
{
    long prio = sys_sched_get_priority_max(LINUX_SCHED_FIFO);
    long r = sys_failed(prio) ? prio : sys_sched_setscheduler(LINUX_SCHED_FIFO, (int)prio);
    if (sys_failed(r)) {
        str_copy(hosted.sched.value, sizeof hosted.sched.value, "other");
        fmt_snprintf(hosted.sched.detail, sizeof hosted.sched.detail,
                     "SCHED_FIFO refused (errno %d%s): the normal time-sharing class; other tasks "
                     "may take the CPU, and windows they interrupt are measured again",
                     (int)-r, r == -LINUX_EPERM ? ", no CAP_SYS_NICE or RLIMIT_RTPRIO" : "");
    } else {
        str_copy(hosted.sched.value, sizeof hosted.sched.value, "fifo");
        fmt_snprintf(hosted.sched.detail, sizeof hosted.sched.detail,
                     "SCHED_FIFO priority %ld: only real-time tasks and interrupts take the CPU "
                     "(and the kernel's real-time throttling, 5%% by default)",
                     prio);
    }
    kprintf("hosted: scheduling %s: %s\n", hosted.sched.value, hosted.sched.detail);
}

static void map_buffers(void)
{
    /* Twice the largest working set: the chase's lines and its order table. */
    uint32_t wss = suite_sweep_max_wss(boot_opts.sweep);
    wss = wss > boot_opts.wss ? wss : boot_opts.wss;
    size_t bytes = ((size_t)ARENA_BASE_MIB << 20) + ((size_t)wss << 11);
    const char *pages = linux_mem_init(bytes, hosted.pages.detail, sizeof hosted.pages.detail);
    str_copy(hosted.pages.value, sizeof hosted.pages.value, pages ? pages : "-");
    kprintf("hosted: benchmark buffers: %s\n", hosted.pages.detail);
    if (!pages) {
        run_error("memory", "no memory for benchmark buffers: %s", hosted.pages.detail);
    }
}

static void lock_memory(void)
{
    long r = sys_mlockall(LINUX_MCL_CURRENT | LINUX_MCL_FUTURE);
    if (sys_failed(r)) {
        kprintf("hosted: mlockall refused (errno %d): a page may be swapped out and fault in "
                "mid-window\n",
                (int)-r);
    }
}

void hosted_process_init(void)
{
    pin();
    schedule();
    map_buffers();
    lock_memory();
}

/* Counts through perf where Linux offers a PMU and allows its events
 * (app/linux/perf.h), else with the TSC, and says which and why. pmu=tsc
 * asks for the TSC; another pmu= names a backend as on bare metal. */
void hosted_counters_init(void)
{
    bool perf = perf_init(hosted.pinned_cpu, hosted.counters.detail, sizeof hosted.counters.detail);
    bool tsc = !perf || str_ieq(boot_opts.pmu, "tsc");
    str_copy(hosted.counters.value, sizeof hosted.counters.value,
             tsc            ? "tsc"
             : perf_rdpmc() ? "perf-rdpmc"
                            : "perf-read");
    kprintf("hosted: %s\n", hosted.counters.detail);
    if (perf && tsc) {
        str_copy(hosted.counters.detail, sizeof hosted.counters.detail,
                 "pmu=tsc: results are TSC ticks, though perf_event_open would count");
    }
    if (!perf && !str_ieq(boot_opts.pmu, "auto") && !str_ieq(boot_opts.pmu, "tsc")) {
        run_error("pmu", "pmu=%s: this process cannot count events (%s); it measures the TSC",
                  boot_opts.pmu, hosted.counters.detail);
    }
    if (tsc) {
        str_copy(boot_opts.pmu, sizeof boot_opts.pmu, "tsc");
    }
}

void hosted_record(void)
{
    record_cond("hosted_kernel", hosted.kernel.value, hosted.kernel.detail);
    record_cond("hosted_cpu", hosted.cpu.value, hosted.cpu.detail);
    record_cond("hosted_sched", hosted.sched.value, hosted.sched.detail);
    record_cond("hosted_pages", hosted.pages.value, hosted.pages.detail);
    record_cond("hosted_counters", hosted.counters.value, hosted.counters.detail);
}

void hosted_record_redone(void)
{
    char value[12], detail[160];
    fmt_snprintf(value, sizeof value, "%u", hosted.windows_redone);
    fmt_snprintf(detail, sizeof detail,
                 "windows measured again because the process was switched out during them or "
                 "perf moved a counter they read; %u kept after the last try",
                 hosted.windows_kept_disturbed);
    kprintf("hosted: %s %s\n", value, detail);
    record_cond("redone", value, detail);
}
