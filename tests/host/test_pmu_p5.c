/* The Pentium (P5) backend against the P5 model (tests/host/models/model_p5.c). */
#include <string.h>

#include "lib/kstring.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

static void cesr_layout(void)
{
    model_pmu(&m, &pmu, MODEL_P5, "p5mmx", NULL);
    /* The example a Pentium MMX event-monitoring module for Linux gives for
     * its programming macro: event 3 (data read miss) at CPL 3, the PM pin
     * signalling overflow, on both counters -> ES 3, CC 010, PC 1 in each
     * half of CESR. */
    CHECK(plan_of("DATA_READ_MISS:u:pc,DATA_READ_MISS:u:pc") == 0,
          "CPL-3 data read misses with pc on both counters plan (%s)", err);
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(m.cesr == 0x02830283, "CESR = 0x%08llx: ES 3, CC 010, PC 1 in each half (0x02830283)",
          (unsigned long long)m.cesr);
    CHECK(plan_of("INSTRUCTIONS_EXECUTED,BUS_CYCLE_DURATION:k") == 0, "two events");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(m.cesr == 0x015800d6,
          "CC 011 for occurrences at any CPL, 101 for cycles at CPL 0-2 "
          "(0x%08llx)",
          (unsigned long long)m.cesr);
    CHECK(!strcmp(plan.events[0].encoding, "r0d6") && !strcmp(plan.events[1].encoding, "r158"),
          "encodings give the CESR half back: %s %s", plan.events[0].encoding,
          plan.events[1].encoding);
    CHECK(plan_of("event=0x16,d") == 0 && plan.n_events == 1 && plan.events[0].config == 0x1d6,
          "the field form keeps the P5's 'd' (duration: CC 111) with its event: 0x%llx",
          (unsigned long long)plan.events[0].config);
}

static void counting(void)
{
    model_pmu(&m, &pmu, MODEL_P5, "p5mmx", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "p5mmx"), "Pentium MMX -> p5mmx");
    CHECK(plan_of(NULL) == 0 && plan.n_passes == 1 && plan.events[0].read.kind == PMU_READ_RDPMC,
          "default set: cycles and instructions, read with RDPMC");
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0), "writes = encoding");
    model_run_loop(&m, 10, 0);
    model_run_loop(&m, 10, 3);
    CHECK(model_read(&m, &plan.events[0]) == 60 && model_read(&m, &plan.events[1]) == 80,
          "cycles 60 (duration), instructions 80");
    CHECK(plan_of("INSTRUCTIONS_EXECUTED:u,INSTRUCTIONS_EXECUTED:d") == 0, "u and d");
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    model_run_loop(&m, 10, 0);
    model_run_loop(&m, 5, 3);
    CHECK(model_read(&m, &plan.events[0]) == 20 && model_read(&m, &plan.events[1]) == 45,
          "CPL filter: 20 at CPL 3; duration mode: 45 clocks with an instruction");
    CHECK_OK(pmu_stop_pass(&pmu, &plan, 0));
    CHECK(m.cesr == 0, "stop writes CESR = 0");
    plan_of(NULL);
    CHECK(pmu_verify(&pmu, &plan, 0), "verify on the model (CPL 0 events)");
}

static void constraints(void)
{
    model_pmu(&m, &pmu, MODEL_P5, "p5mmx", NULL);
    CHECK(plan_of("TAKEN_BRANCHES,PREDICTED_RETURNS") == 0 && plan.n_passes == 2,
          "two CTR1-only events need two passes");
    CHECK(plan_of("PREDICTED_RETURNS,RETURNS") == 0 && plan.events[0].hw_index == 1 &&
              plan.events[1].hw_index == 0,
          "code 0x37 on CTR1 and 0x39 on CTR0 share a pass");
    CHECK(plan_of("r039") == 0 && plan.events[0].counter_mask == 1,
          "raw 0x39 exists on CTR0 only (reserved on CTR1)");
    CHECK(plan_of("r010") < 0 && strstr(err, "'r010'"), "reserved code 0x10: %s", err);
    CHECK(plan_of("INSTRUCTIONS_EXECUTED:c=2") < 0 && strstr(err, "not allowed"),
          "no cmask on the Pentium: %s", err);
}

static void without_mmx(void)
{
    model_pmu(&m, &pmu, MODEL_P5, "p5", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "p5"), "Pentium without MMX -> p5");
    CHECK(plan_of("cycles") < 0 && strstr(err, "not on this CPU"), "no cycle event without MMX: %s",
          err);
    CHECK(plan_of("r02a") < 0, "codes above 0x29 are refused without MMX: %s", err);
    CHECK(plan_of(NULL) == 0 && plan.events[0].read.kind == PMU_READ_RDMSR &&
              plan.events[0].read.index == 0x12 && plan.events[1].read.index == 0x13,
          "counters are read with RDMSR 0x12/0x13 (no RDPMC)");
    uint64_t v;
    CHECK(model_rdpmc(&m, 0, &v) < 0, "the model refuses RDPMC like the CPU (#UD)");
    CHECK(pmu_verify(&pmu, &plan, 0), "verify reads through RDMSR and sees counts");
    /* Under a hypervisor 0x11/0x12 are KVM's clock MSRs: no P5 backend. */
    struct cpu_info cpu = m.cpu;
    cpu.features[FEAT_HYPERVISOR] = true;
    struct pmu_hw hw = model_hw(&m);
    str_copy(cpu.hypervisor, sizeof cpu.hypervisor, "KVMKVMKVM");
    pmu_init(&pmu, &cpu, &hw, NULL);
    CHECK(!strcmp(pmu_name(&pmu), "tsc"), "family 5 under KVM -> tsc");
    str_copy(cpu.hypervisor, sizeof cpu.hypervisor, "");
    pmu_init(&pmu, &cpu, &hw, NULL);
    CHECK(!strcmp(pmu_name(&pmu), "tsc"), "family 5 under an unnamed hypervisor -> tsc");
    str_copy(cpu.hypervisor, sizeof cpu.hypervisor, "TCGTCGTCGTCG");
    pmu_init(&pmu, &cpu, &hw, NULL);
    CHECK(strcmp(pmu_name(&pmu), "tsc") != 0,
          "family 5 under QEMU TCG (MSRs read 0, writes dropped) keeps the P5 backend");
}

int main(void)
{
    cesr_layout();
    counting();
    constraints();
    without_mmx();
    return check_summary();
}
