/* The 604/604e performance-monitor registers (PowerPC 604e RISC
 * Microprocessor User's Manual, chapter "Performance Monitor"): SPR
 * numbers, and the MMCR0/MMCR1 fields. The manuals number bits from the
 * most significant (bit 0 = 0x80000000); the masks below are the values. */
#ifndef BAREBENCH_PMU_PPC_MMCR_H
#define BAREBENCH_PMU_PPC_MMCR_H

#define SPR_MMCR0 952
#define SPR_PMC1  953
#define SPR_PMC2  954
#define SPR_SIA   955
#define SPR_MMCR1 956 /* 604e only */
#define SPR_PMC3  957 /* 604e only */
#define SPR_PMC4  958 /* 604e only */
#define SPR_SDA   959

/* MMCR0 */
#define MMCR0_FC              0x80000000u /* bit 0: freeze all counters */
#define MMCR0_FCS             0x40000000u /* bit 1: freeze in supervisor state (MSR[PR] = 0) */
#define MMCR0_FCP             0x20000000u /* bit 2: freeze in problem state (MSR[PR] = 1) */
#define MMCR0_FCM1            0x10000000u /* bit 3: freeze while MSR[PM] = 1 */
#define MMCR0_FCM0            0x08000000u /* bit 4: freeze while MSR[PM] = 0 */
#define MMCR0_PMXE            0x04000000u /* bit 5: performance-monitor interrupt enable */
#define MMCR0_FCECE           0x02000000u /* bit 6: freeze counters on an enabled condition */
#define MMCR0_TBSEL_SHIFT     23          /* bits 7-8: time base bit 47, 51, 55 or 63 */
#define MMCR0_TBSEL_MASK      0x01800000u
#define MMCR0_TBEE            0x00400000u /* bit 9: time base transition event enable */
#define MMCR0_THRESHOLD_SHIFT 16          /* bits 10-15: threshold for the miss events */
#define MMCR0_THRESHOLD_MASK  0x003f0000u
#define MMCR0_PMC1CE          0x00008000u /* bit 16: PMC1 condition (negative) enable */
#define MMCR0_PMCNCE          0x00004000u /* bit 17: PMC2-PMCn condition enable */
#define MMCR0_TRIGGER         0x00002000u /* bit 18: PMC2-PMCn frozen until PMC1's condition */
#define MMCR0_PMC1SEL_SHIFT   6           /* bits 19-25: PMC1 event (7 bits) */
#define MMCR0_PMC1SEL_MASK    0x00001fc0u
#define MMCR0_PMC2SEL_SHIFT   0 /* bits 26-31: PMC2 event (6 bits) */
#define MMCR0_PMC2SEL_MASK    0x0000003fu

/* MMCR1 (604e) */
#define MMCR1_PMC3SEL_SHIFT 27 /* bits 0-4 */
#define MMCR1_PMC3SEL_MASK  0xf8000000u
#define MMCR1_PMC4SEL_SHIFT 22 /* bits 5-9 */
#define MMCR1_PMC4SEL_MASK  0x07c00000u

#endif
