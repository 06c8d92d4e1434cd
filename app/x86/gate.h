/* The monitor gate, int 0x80 (DPL 3). Its interface comes from a Pentium
 * MMX event-monitoring module for Linux, which added a system call (number
 * 250) to program and read the CESR/CTR0/CTR1 counters; here it is rebuilt
 * on the generic PMU layer, so it works with every backend. Called as that
 * module's user-space macros called its system call:
 *
 *   mov eax, GATE_MONITOR   ; 250
 *   mov ebx, operation
 *   mov ecx, argument       ; edx: a size where one is needed
 *   int 0x80                ; result in eax, -1 on error
 *
 * Operations (numbered as in that module):
 *   0 hello            eax = 0; the first call prints a line with its CPL
 *   1 write selection  ecx = event list ("INST_RETIRED:u,cycles:k", the
 *                      events= syntax; 0 = the backend's default): plans
 *                      it and programs its first pass, counters from 0;
 *                      eax = events counting, or -1 (message printed)
 *   2 read selection   ecx = buffer, edx = its size: "NAME=RDPMC index"
 *                      per counting event, comma-separated; eax = events
 *   3 reset selection  stops the counters, forgets the selection
 *   4 reset counters   the selection's counters start from 0 again
 *
 * User-only and kernel-only counting are the :u and :k modifiers of each
 * event. CR4.PCE is set by ring=3, so RDPMC reads the counters at CPL 3. */
#ifndef BAREBENCH_GATE_H
#define BAREBENCH_GATE_H

#include "kernel/x86/traps.h"
#include "pmu/pmu.h"

#define GATE_VECTOR  0x80
#define GATE_MONITOR 250

enum gate_op { GATE_HELLO, GATE_WRITE, GATE_READ, GATE_RESET_SELECTION, GATE_RESET_COUNTERS };

/* Installs the gate over this PMU. */
void gate_init(struct pmu *pmu);

/* The handler (boot/x86/<mode>/user_entry.asm calls it). */
void gate_dispatch(struct trap_frame *f);

#endif
