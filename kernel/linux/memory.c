/* MAP_HUGETLB takes pages from the pool the administrator reserved
 * (/proc/sys/vm/nr_hugepages); without one, transparent huge pages may
 * still back an aligned, advised mapping (MADV_HUGEPAGE, which the "madvise"
 * setting of /sys/kernel/mm/transparent_hugepage/enabled requires). Only the
 * kernel knows whether they did: /proc/self/smaps_rollup's AnonHugePages
 * says, after every page has been touched. (Linux's
 * Documentation/admin-guide/mm/hugetlbpage.rst and transhuge.rst.) */
#include "kernel/linux/memory.h"

#include <stdint.h>

#include "kernel/linux/files.h"
#include "kernel/linux/syscall.h"
#include "kernel/memory.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define HUGE_PAGE (2u << 20)

static void touch(uint8_t *p, size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 4096) {
        ((volatile uint8_t *)p)[i] = 0;
    }
}

/* kB of anonymous memory in transparent huge pages, or 0. */
static unsigned long thp_kib(void)
{
    static char text[2048];
    if (linux_read_file("/proc/self/smaps_rollup", text, sizeof text) <= 0) {
        return 0;
    }
    const char *at = strstr(text, "AnonHugePages:");
    if (!at) {
        return 0;
    }
    for (at += 14; *at == ' '; at++) {
        continue;
    }
    size_t len = 0;
    while (at[len] >= '0' && at[len] <= '9') {
        len++;
    }
    uint64_t kib = 0;
    return parse_uint(at, len, &kib) ? (unsigned long)kib : 0;
}

const char *linux_mem_init(size_t bytes, char *detail, size_t n)
{
    long err;
    bytes = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
    uint8_t *p =
        sys_mmap(bytes, LINUX_PROT_RW,
                 LINUX_MAP_PRIVATE_ANON | LINUX_MAP_HUGETLB | LINUX_MAP_HUGE_2MB, -1, &err);
    if (p) {
        touch(p, bytes);
        mem_arena_set((uintptr_t)p, (uintptr_t)p + bytes);
        fmt_snprintf(detail, n, "%u MiB in 2 MiB pages of the hugetlb pool (MAP_HUGETLB)",
                     (unsigned)(bytes >> 20));
        return "2M-hugetlb";
    }
    long hugetlb_err = err;
    /* One huge page more, to start the arena on a 2 MiB boundary. */
    p = sys_mmap(bytes + HUGE_PAGE, LINUX_PROT_RW, LINUX_MAP_PRIVATE_ANON, -1, &err);
    if (!p) {
        fmt_snprintf(detail, n, "mmap of %u MiB failed (errno %d)", (unsigned)(bytes >> 20),
                     (int)-err);
        return NULL;
    }
    uint8_t *start = (uint8_t *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    long advised = sys_madvise(start, bytes, LINUX_MADV_HUGEPAGE);
    unsigned long before = thp_kib();
    touch(start, bytes);
    unsigned long got = thp_kib() - before;
    mem_arena_set((uintptr_t)start, (uintptr_t)start + bytes);
    if (got >= (bytes >> 10) / 2) {
        fmt_snprintf(detail, n,
                     "%u MiB, %lu KiB of it in transparent huge pages (MAP_HUGETLB: errno %d, "
                     "no pool)",
                     (unsigned)(bytes >> 20), got, (int)-hugetlb_err);
        return "2M-thp";
    }
    fmt_snprintf(detail, n,
                 "%u MiB in 4 KiB pages: MAP_HUGETLB errno %d (no pool), MADV_HUGEPAGE %s, %lu KiB "
                 "came as transparent huge pages",
                 (unsigned)(bytes >> 20), (int)-hugetlb_err,
                 sys_failed(advised) ? "refused" : "taken", got);
    return "4K";
}
