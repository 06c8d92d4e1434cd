/* What the comparisons with libpfm4 share (test_pmu_libpfm,
 * test_pmu_perf): each PMU is compared in a child process, since libpfm4
 * 4.13 cannot be initialized again after pfm_terminate() (double free),
 * and the AMD PMUs of libpfm4 with the synthetic CPU of the same family
 * and revision (tools/hostlib/cpus.c). Include once, from the test. */
#ifndef BAREBENCH_LIBPFM_CHILD_H
#define BAREBENCH_LIBPFM_CHILD_H

#include <perfmon/pfmlib.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pmu/x86/events_amd.h"
#include "tests/host/check.h"

/* Compares our tables (their union is the PMU's event list) on the CPU
 * with libpfm4's PMU, CHECKing as it goes. */
typedef void (*libpfm_compare_fn)(const char *cpu_name, const char *pfm_pmu,
                                  const struct pmu_event_table *const tables[], unsigned n_tables);

/* Initializes libpfm4 (in the child) with its PMU forced to pfm_pmu:
 * it otherwise picks the host's. False, as a failed check, when it
 * cannot. */
static bool libpfm_force(const char *pfm_pmu)
{
    setenv("LIBPFM_FORCE_PMU", pfm_pmu, 1);
    bool ok = pfm_initialize() == PFM_SUCCESS;
    if (!ok) {
        CHECK(0, "libpfm4 initializes with %s forced", pfm_pmu);
    }
    return ok;
}

/* Runs one comparison in a child; its CHECK lines go to our stdout. */
static void libpfm_in_child(libpfm_compare_fn compare, const char *cpu_name, const char *pfm_pmu,
                            const struct pmu_event_table *const tables[], unsigned n_tables)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        compare(cpu_name, pfm_pmu, tables, n_tables);
        fflush(stdout);
        _exit(check_summary());
    }
    int status = 0;
    bool ok = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status);
    if (!ok || WEXITSTATUS(status)) {
        check_failures++;
    }
    if (!ok) {
        CHECK(0, "the %s comparison ran to its end", pfm_pmu);
    }
}

/* libpfm4's AMD PMUs, each with a CPU of its revision. */
static const struct {
    const char *cpu, *pfm_pmu;
    enum amd_family family;
} libpfm_amd_pmus[] = {
    {"k7", "amd64_k7", AMD_K7},
    {"k8-revb", "amd64_k8_revb", AMD_K8},
    {"k8-revc", "amd64_k8_revc", AMD_K8},
    {"k8-revd", "amd64_k8_revd", AMD_K8},
    {"k8-reve", "amd64_k8_reve", AMD_K8},
    {"k8-revf", "amd64_k8_revf", AMD_K8},
    {"k8-revg", "amd64_k8_revg", AMD_K8},
    {"fam10h-barcelona", "amd64_fam10h_barcelona", AMD_FAM10H},
    {"fam10h-shanghai", "amd64_fam10h_shanghai", AMD_FAM10H},
    {"fam10h-istanbul", "amd64_fam10h_istanbul", AMD_FAM10H},
    {"fam15h", "amd64_fam15h_interlagos", AMD_FAM15H},
};

/* Compares each AMD PMU of the list, an AMD family's event list being the
 * union of its tables. */
static void libpfm_compare_amd(libpfm_compare_fn compare)
{
    for (unsigned i = 0; i < sizeof libpfm_amd_pmus / sizeof libpfm_amd_pmus[0]; i++) {
        const struct pmu_event_table *tables[AMD_MAX_TABLES];
        unsigned n = amd_family_tables(libpfm_amd_pmus[i].family, tables);
        libpfm_in_child(compare, libpfm_amd_pmus[i].cpu, libpfm_amd_pmus[i].pfm_pmu, tables, n);
    }
}

#endif
