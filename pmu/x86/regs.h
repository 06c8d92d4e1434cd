/* Register addresses of the PMUs the P5, P6, arch and AMD backends drive
 * (Intel SDM vol. 4 "Model-Specific Registers", AMD BKDG), for every file
 * that programs them: the backends, overflow handling, the tests. */
#ifndef BAREBENCH_PMU_REGS_H
#define BAREBENCH_PMU_REGS_H

/* Pentium (family 5): SDM vol. 3B "Performance Monitoring (Pentium Processors)". */
#define MSR_P5_CESR 0x11
#define MSR_P5_CTR0 0x12 /* CTR1 = 0x13 */

/* P6 family: two counters, selectors with the global EN in the first. */
#define MSR_P6_PERFCTR0 0xc1  /* PerfCtr1 = 0xC2 */
#define MSR_P6_EVNTSEL0 0x186 /* PerfEvtSel1 = 0x187 */

/* Architectural perfmon (CPUID leaf 0xA). */
#define MSR_IA32_PMC0                 0xc1  /* + i */
#define MSR_IA32_A_PMC0               0x4c1 /* + i, full-width writes */
#define MSR_IA32_PERFEVTSEL0          0x186 /* + i */
#define MSR_IA32_FIXED_CTR0           0x309 /* + j */
#define MSR_IA32_PERF_CAPABILITIES    0x345 /* only where CPUID.1:ECX.PDCM */
#define MSR_IA32_FIXED_CTR_CTRL       0x38d
#define MSR_IA32_PERF_GLOBAL_STATUS   0x38e
#define MSR_IA32_PERF_GLOBAL_CTRL     0x38f
#define MSR_IA32_PERF_GLOBAL_OVF_CTRL 0x390 /* GLOBAL_STATUS_RESET from v4 */
#define PERF_CAP_FW_WRITE             (1ull << 13)
#define ARCH_FIXED_BASE               8 /* hw_index of FIXED0; GP counters are 0-7 */
#define RDPMC_FIXED                   0x40000000u

/* Topdown level 1 from Ice Lake (Intel SDM vol. 3B, "Performance
 * Metrics"): where IA32_PERF_CAPABILITIES bit 15 says so, PERF_METRICS
 * holds four byte fractions of the slots FIXED_CTR3 counts, updated while
 * GLOBAL_CTRL bit 48 is set; RDPMC reads it with ECX bit 29. Its metrics
 * are placed as pseudo-counters after the fixed ones. */
#define MSR_PERF_METRICS       0x329
#define PERF_CAP_PERF_METRICS  (1ull << 15)
#define GLOBAL_EN_PERF_METRICS (1ull << 48)
#define RDPMC_METRICS          0x20000000u
#define ARCH_METRIC_BASE       12 /* hw_index of the first metric, after FIXED0-3 */

/* FIXED_CTR_CTRL has 4 bits per fixed counter j, at 4j (SDM vol. 3B, IA32_FIXED_CTR_CTRL). */
#define FIXED_OS  0x1
#define FIXED_USR 0x2
#define FIXED_ANY 0x4

/* AMD K7 and later; the core extension where CPUID 0x80000001 ECX[23]. */
#define MSR_K7_EVNTSEL0    0xc0010000 /* + i, i < 4 */
#define MSR_K7_PERFCTR0    0xc0010004 /* + i, i < 4 */
#define MSR_F15H_PERF_CTL0 0xc0010200 /* CTLn = +2n, CTRn = +2n+1, n < 6 */

/* AMD PerfMonV2, where CPUID 0x80000022 EAX[0] says so (AMD APM vol. 2,
 * "Performance Monitoring Counters"): counter n counts while its PERF_CTL
 * EN and bit n of PerfCntrGlobalCtl are both set; bit n of
 * PerfCntrGlobalStatus shows its overflow, cleared by writing bit n to
 * PerfCntrGlobalStatusClr. */
#define MSR_AMD_PERF_GLOBAL_STATUS     0xc0000300
#define MSR_AMD_PERF_GLOBAL_CTL        0xc0000301
#define MSR_AMD_PERF_GLOBAL_STATUS_CLR 0xc0000302

#endif
