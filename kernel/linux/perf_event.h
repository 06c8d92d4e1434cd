/* perf_event_open(2) and the page a perf event maps, as far as the hosted
 * program uses them: Linux's include/uapi/linux/perf_event.h. The layouts
 * are the same in both x86 modes (every 64-bit field is 8-aligned). */
#ifndef BAREBENCH_LINUX_PERF_EVENT_H
#define BAREBENCH_LINUX_PERF_EVENT_H

#include <stdint.h>

/* struct perf_event_attr up to PERF_ATTR_SIZE_VER5 (112 bytes, Linux 4.1):
 * a kernel takes any size it knows, and a larger one whose extra bytes
 * are 0. */
struct linux_perf_attr {
    uint32_t type;
    uint32_t size;
    uint64_t config;
    uint64_t sample_period;
    uint64_t sample_type;
    uint64_t read_format;
    uint64_t flags; /* the bitfield from `disabled` on: LINUX_PERF_ATTR_* */
    uint32_t wakeup_events;
    uint32_t bp_type;
    uint64_t config1;
    uint64_t config2;
    uint64_t branch_sample_type;
    uint64_t sample_regs_user;
    uint32_t sample_stack_user;
    int32_t clockid;
    uint64_t sample_regs_intr;
    uint32_t aux_watermark;
    uint16_t sample_max_stack;
    uint16_t reserved;
};
#define LINUX_PERF_ATTR_SIZE_VER5 112

/* Bits of linux_perf_attr.flags. */
#define LINUX_PERF_ATTR_PINNED         (1u << 2)
#define LINUX_PERF_ATTR_EXCLUDE_USER   (1u << 4)
#define LINUX_PERF_ATTR_EXCLUDE_KERNEL (1u << 5)
#define LINUX_PERF_ATTR_EXCLUDE_HV     (1u << 6)

/* read_format: read() of a group leader gives { nr, time_enabled,
 * time_running, value[nr] }, each a u64. */
#define LINUX_PERF_FORMAT_TOTAL_TIME_ENABLED 1u
#define LINUX_PERF_FORMAT_TOTAL_TIME_RUNNING 2u
#define LINUX_PERF_FORMAT_GROUP              8u

/* The head of struct perf_event_mmap_page, the first page an event's fd
 * maps. `lock` is a sequence count the kernel bumps around every update;
 * `index` is the RDPMC counter + 1, or 0 while the event is not on a
 * counter; the count is offset + the counter's low pmc_width bits. */
struct linux_perf_page {
    uint32_t version;
    uint32_t compat_version;
    uint32_t lock;
    uint32_t index;
    int64_t offset;
    uint64_t time_enabled;
    uint64_t time_running;
    uint64_t capabilities; /* LINUX_PERF_CAP_* */
    uint16_t pmc_width;
};

/* capabilities: bit 0 and bit 1 are the deprecated cap_bit0 pair. */
#define LINUX_PERF_CAP_USER_RDPMC (1ull << 2)

/* perf_event_open(attr, pid 0: this process, cpu -1: any it runs on,
 * group_fd, flags 0): an fd, or -errno. */
long sys_perf_event_open(const struct linux_perf_attr *attr, int group_fd);

#endif
