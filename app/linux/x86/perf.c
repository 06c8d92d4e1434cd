/* perf_event_open(2) for the hosted x86 run (app/linux/perf.h), following the
 * self-monitoring sequence of Linux's include/uapi/linux/perf_event.h
 * (struct perf_event_mmap_page): an event's page gives the counter it is
 * on (index - 1 is RDPMC's ECX) and a sequence count (lock) that changes
 * whenever Linux moves or reprograms it. A window's RDPMCs are taken
 * between two reads of that count, and a window during which it changed
 * is measured again, as one during which the process was switched out is. */
#include "app/linux/perf.h"

#include <stdint.h>

#include "kernel/console.h"
#include "kernel/linux/files.h"
#include "kernel/linux/perf_event.h"
#include "kernel/linux/syscall.h"
#include "lib/cpulist.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/perf_attr.h"

#define PAGE_BYTES 4096u

/* perf_event_attr.type and .config of a generic event: PERF_TYPE_HARDWARE,
 * PERF_COUNT_HW_INSTRUCTIONS; on a hybrid part the PMU's type goes in
 * config's high half (PERF_PMU_TYPE_SHIFT). */
#define PERF_TYPE_HARDWARE   0u
#define PERF_HW_INSTRUCTIONS 1u
#define PERF_PMU_TYPE_SHIFT  32
#define GROUP_READ_FORMAT                                                                          \
    (LINUX_PERF_FORMAT_GROUP | LINUX_PERF_FORMAT_TOTAL_TIME_ENABLED |                              \
     LINUX_PERF_FORMAT_TOTAL_TIME_RUNNING)

/* perf's core PMU: `cpu`, or on a hybrid Intel part `cpu_core` and
 * `cpu_atom`, each with the list of its CPUs in `cpus` (Linux's
 * Documentation/ABI/testing/sysfs-bus-event_source-devices). */
static const char *const core_pmus[] = {"cpu", "cpu_core", "cpu_atom"};

static struct {
    const char *device;
    uint32_t type;
    bool hybrid;
    bool rdpmc;
    /* The open pass: each event's fd, page, the backend's read index for
     * it, and its page's sequence count when the window began. */
    unsigned n;
    int fd[PMU_MAX_COUNTERS];
    const volatile struct linux_perf_page *page[PMU_MAX_COUNTERS];
    uint32_t index[PMU_MAX_COUNTERS];
    uint32_t lock[PMU_MAX_COUNTERS];
} perf;

/* Reads a file of perf's device into text: its length, or -errno. */
static long device_file(const char *device, const char *file, char *text, size_t n)
{
    char path[96];
    fmt_snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/%s", device, file);
    return linux_read_file(path, text, n);
}

/* A small decimal file of the device: its value, or -1. */
static long device_number(const char *device, const char *file)
{
    char text[32];
    uint64_t value = 0;
    long len = device_file(device, file, text, sizeof text);
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' ')) {
        len--;
    }
    return len > 0 && parse_uint(text, (size_t)len, &value) ? (long)value : -1;
}

/* The core PMU of cpu, with its perf type in perf.type, or NULL: `cpu`, or
 * on a hybrid part the one whose cpus list has it (a process not pinned
 * has none). */
static const char *find_device(int cpu)
{
    for (unsigned i = 0; i < sizeof core_pmus / sizeof core_pmus[0]; i++) {
        char cpus[256];
        long type = device_number(core_pmus[i], "type");
        if (type < 0) {
            continue;
        }
        perf.hybrid = i > 0;
        if (!perf.hybrid || (cpu >= 0 && device_file(core_pmus[i], "cpus", cpus, sizeof cpus) > 0 &&
                             cpulist_has(cpus, (unsigned)cpu))) {
            perf.type = (uint32_t)type;
            return core_pmus[i];
        }
    }
    return NULL;
}

/* Why perf_event_open said no, for the reader. */
static void say_refused(long err, char *detail, size_t n)
{
    char paranoid[16] = "?";
    bool denied = err == -LINUX_EACCES || err == -LINUX_EPERM;
    long len = linux_read_file("/proc/sys/kernel/perf_event_paranoid", paranoid, sizeof paranoid);
    if (len > 0 && paranoid[len - 1] == '\n') {
        paranoid[len - 1] = '\0';
    }
    fmt_snprintf(detail, n, "perf_event_open on %s refused (errno %d%s%s); results are TSC ticks",
                 perf.device, (int)-err, denied ? ": /proc/sys/kernel/perf_event_paranoid is " : "",
                 denied ? paranoid : "");
}

static void close_events(void)
{
    for (unsigned i = perf.n; i-- > 0;) {
        if (perf.page[i]) {
            (void)sys_munmap((void *)perf.page[i], PAGE_BYTES);
        }
        (void)sys_close(perf.fd[i]);
    }
    perf.n = 0;
}

/* Opens one event of the group (the first is its leader, pinned: always
 * on the PMU while the process runs, never multiplexed) and maps its
 * page: 0, or -errno. */
static long open_event(uint32_t type, uint64_t config, bool exclude_user, bool exclude_kernel,
                       uint32_t index)
{
    unsigned i = perf.n;
    struct linux_perf_attr attr = {0};
    attr.type = type;
    attr.size = LINUX_PERF_ATTR_SIZE_VER5;
    attr.config = config;
    attr.read_format = GROUP_READ_FORMAT;
    attr.flags = (i ? 0 : LINUX_PERF_ATTR_PINNED) |
                 (exclude_user ? LINUX_PERF_ATTR_EXCLUDE_USER : 0) |
                 (exclude_kernel ? LINUX_PERF_ATTR_EXCLUDE_KERNEL | LINUX_PERF_ATTR_EXCLUDE_HV : 0);
    long fd = sys_perf_event_open(&attr, i ? perf.fd[0] : -1);
    if (sys_failed(fd)) {
        return fd;
    }
    long err;
    perf.fd[i] = (int)fd;
    perf.page[i] = sys_mmap(PAGE_BYTES, LINUX_PROT_READ, LINUX_MAP_SHARED, (int)fd, &err);
    perf.index[i] = index;
    perf.n++;
    return perf.page[i] ? 0 : err;
}

/* The group's counts in event order, by read(): false when the group is
 * on no counter (a pinned group that did not fit reads as end-of-file). */
static bool read_group(uint64_t *values)
{
    uint64_t buf[3 + PMU_MAX_COUNTERS];
    size_t want = (3 + (size_t)perf.n) * sizeof buf[0];
    if (sys_read(perf.fd[0], buf, want) != (long)want || buf[0] != perf.n) {
        return false;
    }
    for (unsigned i = 0; i < perf.n; i++) {
        values[i] = buf[3 + i];
    }
    return true;
}

bool perf_init(int cpu, char *detail, size_t n)
{
    perf.device = find_device(cpu);
    if (!perf.device) {
        fmt_snprintf(detail, n,
                     "no hardware PMU%s: /sys/bus/event_source/devices has no cpu (a virtual "
                     "machine without a virtual PMU?) nor a cpu_core or cpu_atom with it in "
                     "cpus; results are TSC ticks",
                     cpu < 0 ? "" : " for this CPU");
        return false;
    }
    long err = open_event(PERF_TYPE_HARDWARE,
                          PERF_HW_INSTRUCTIONS |
                              (perf.hybrid ? (uint64_t)perf.type << PERF_PMU_TYPE_SHIFT : 0),
                          false, true, 0);
    /* Probed with a generic event; the passes are raw configs of the
     * same PMU, whose pages say the same. */
    perf.rdpmc = !err && (perf.page[0]->capabilities & LINUX_PERF_CAP_USER_RDPMC);
    close_events();
    if (err) {
        say_refused(err, detail, n);
        return false;
    }
    fmt_snprintf(detail, n,
                 "perf_event_open on %s (type %u), each pass a pinned group of raw configs; %s",
                 perf.device, (unsigned)perf.type,
                 perf.rdpmc ? "RDPMC in the window (cap_user_rdpmc)"
                            : "RDPMC refused at CPL 3 (cap_user_rdpmc 0), so read() of the group "
                              "just outside the window, whose cost the empty window shows");
    return true;
}

bool perf_rdpmc(void)
{
    return perf.rdpmc;
}

int perf_open_pass(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    struct perf_attr attrs[PMU_MAX_COUNTERS];
    char err[PMU_ERR_LEN];
    uint64_t counts[PMU_MAX_COUNTERS];
    close_events();
    bool counters = false;
    for (unsigned i = 0; i < plan->n_events; i++) {
        counters |= plan->events[i].pass == pass && plan->events[i].read.kind != PMU_READ_RDTSC;
    }
    if (!counters) {
        return 0; /* the time counter's pass: the window reads the TSC */
    }
    int n = perf_attr_pass(pmu, plan, pass, attrs, PMU_MAX_COUNTERS, err, sizeof err);
    if (n < 0) {
        kprintf("perf: pass %u: %s\n", pass, err);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        const struct pmu_assigned_event *ev = &plan->events[attrs[i].event];
        long r = open_event(perf.type, attrs[i].config, attrs[i].exclude_user,
                            attrs[i].exclude_kernel, ev->read.index);
        if (r) {
            kprintf("perf: pass %u: %s (config 0x%llx) refused on %s (errno %d from "
                    "perf_event_open or mmap)\n",
                    pass, ev->name, (unsigned long long)attrs[i].config, perf.device, (int)-r);
            close_events();
            return -1;
        }
        uint16_t width = perf.page[i]->pmc_width;
        if (perf.rdpmc && width && width < ev->read.width) {
            kprintf("perf: pass %u: %s: Linux's counter is %u bits wide, the backend's %u\n", pass,
                    ev->name, (unsigned)width, ev->read.width);
            close_events();
            return -1;
        }
    }
    if (n && !read_group(counts)) {
        kprintf("perf: pass %u: its %d events do not fit on the PMU beside the events Linux "
                "keeps there (the NMI watchdog's among them: /proc/sys/kernel/nmi_watchdog)\n",
                pass, n);
        close_events();
        return -1;
    }
    return 0;
}

void perf_close_pass(void)
{
    close_events();
}

/* The open event the backend reads at `index`, or -1. */
static int event_at(uint32_t index)
{
    for (unsigned i = 0; i < perf.n; i++) {
        if (perf.index[i] == index) {
            return (int)i;
        }
    }
    return -1;
}

int perf_read(uint32_t index, uint64_t *value)
{
    uint64_t counts[PMU_MAX_COUNTERS];
    int i = event_at(index);
    if (i < 0 || !read_group(counts)) {
        return -1;
    }
    *value = counts[i];
    return 0;
}

/* Reads the group into the window's reads that the platform takes
 * outside it; false when it could not be read. */
static bool put_outside(const struct window *w, bool at_end)
{
    uint64_t counts[PMU_MAX_COUNTERS] = {0};
    bool outside = false;
    for (unsigned r = 0; r < w->n_reads; r++) {
        outside |= w->reads[r].kind == PMU_READ_OUTSIDE;
    }
    if (!outside) {
        return true;
    }
    if (!read_group(counts)) {
        return false;
    }
    for (unsigned r = 0; r < w->n_reads; r++) {
        int i = w->reads[r].kind == PMU_READ_OUTSIDE ? event_at(w->reads[r].index) : -1;
        if (i >= 0) {
            window_put_outside_read(r, at_end, counts[i]);
        }
    }
    return true;
}

bool perf_window_begin(const struct window *w)
{
    for (unsigned r = 0; r < w->n_reads; r++) {
        int i = w->reads[r].kind == PMU_READ_RDPMC ? event_at(w->reads[r].index) : -1;
        if (i < 0) {
            continue;
        }
        perf.lock[i] = perf.page[i]->lock;
        __asm__ volatile("" ::: "memory"); /* the count, then the index */
        uint32_t index = perf.page[i]->index;
        if (!index) {
            return false;
        }
        window_set_read_index(r, index - 1);
    }
    return put_outside(w, false);
}

bool perf_window_end(const struct window *w)
{
    bool unchanged = true;
    for (unsigned r = 0; r < w->n_reads; r++) {
        int i = w->reads[r].kind == PMU_READ_RDPMC ? event_at(w->reads[r].index) : -1;
        unchanged &= i < 0 || perf.page[i]->lock == perf.lock[i];
    }
    return put_outside(w, true) && unchanged;
}
