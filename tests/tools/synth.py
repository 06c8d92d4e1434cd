"""Synthetic records for what the kernel does not print on an emulator: an
error record, a run that ends with status fail, repetitions that disagree."""

import os
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from bblib import records, results  # noqa: E402
from bblib.records import make_record  # noqa: E402


def failed_run_log():
    """A console log of one boot whose PMU check failed."""
    body = [("boot", 1, "GenuineIntel", 6, 7, 3, "Pentium III", "tsc", 0, "cpuid", "hw",
             "bench=nop"),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "TSC"),
            ("result", "nop", "TSC", "tsc", "TSC", 0, "ticks", 11, 100,
             "1.00", "1.00", "1.05", "1.50", "1.00"),
            ("error", "pmu", "counter did not advance")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "fail"))
    return "barebench booting\n" + "\n".join(lines) + "\nbarebench: finished, status FAIL\n"


def multi_pass_log():
    """A real PMU with two counters measuring three events: two passes, the
    TSC read in both (an emulator never needs a second pass)."""
    body = [("boot", 1, "GenuineIntel", 6, 7, 3, "Pentium III", "p6", 1, "cpuid", "hw", ""),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "TSC+INST_RETIRED+CPU_CLK_UNHALTED"),
            ("pass", "nop", 1, "TSC+BR_INST_RETIRED")]
    for pass_no, event, value in ((0, "TSC", "1.10"), (0, "INST_RETIRED", "1.00"),
                                  (0, "CPU_CLK_UNHALTED", "1.05"), (1, "TSC", "1.20"),
                                  (1, "BR_INST_RETIRED", "0.00")):
        body.append(("result", "nop", event, "0x4300c0", "PMC0", pass_no, "events", 11, 100,
                     value, value, value, value, value))
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def same_event_twice_log():
    """arch `cycles,cycles`: one event on two counters of the same pass."""
    body = [("boot", 1, "GenuineIntel", 6, 94, 3, "Skylake", "arch", 1, "lfence", "hw", ""),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "UNHALTED_CORE_CYCLES+UNHALTED_CORE_CYCLES")]
    for counter, value in (("FIXED1", "0.25"), ("PMC0", "0.26")):
        body.append(("result", "nop", "UNHALTED_CORE_CYCLES", "r3c", counter, 0, "events", 11,
                     100, value, value, value, value, value))
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def conditions_log(version=2, turbo="on", after="1.00", extra=(), provenance=None):
    """A format version 2 run on a real Intel machine with its `cond` records;
    `turbo` and the cycles-per-TSC ratio after the suite vary, `extra` adds
    records after them. From version 6 the boot record holds the provenance
    (records.PROVENANCE: a dict of those given, "-" for the others)."""
    boot = ("boot", version, "GenuineIntel", 6, 94, 3, "Skylake", "arch", 1, "lfence", "hw")
    if int(version) >= 6:
        boot += tuple((provenance or {}).get(k, "-") for k in records.PROVENANCE)
    body = [boot + ("",),
            ("cond", "serialize", "lfence", "LFENCE serializes: GenuineIntel"),
            ("cond", "lfence", "serializing", "GenuineIntel: LFENCE waits"),
            ("cond", "smm_freeze", "on", "IA32_DEBUGCTL bit 14 set; read back 0x4000"),
            ("cond", "invariant_tsc", "yes", "CPUID 8000_0007 EDX bit 8"),
            ("cond", "turbo", turbo, "CPUID 06H EAX bit 1"),
            ("cond", "cycles_per_tsc_before", "1.00", "over 1048576 loop iterations")]
    body += list(extra)
    body += [("bench", "nop", "1", "nop chain"),
             ("pass", "nop", 0, "UNHALTED_CORE_CYCLES"),
             ("result", "nop", "UNHALTED_CORE_CYCLES", "r3c", "FIXED1", 0, "events", 11, 100,
              "0.25", "0.25", "0.25", "0.25", "0.25"),
             ("cond", "cycles_per_tsc_after", after, "over 1048576 loop iterations")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def samples_log(version=3, hist=(("0x0", 3), ("0x3", 2), ("reads", 1)), before=False):
    """A sampling run (sample=INST_RETIRED:u:997): the samples record of one
    benchmark and its histogram; `before` puts a hist record first."""
    body = [("boot", version, "GenuineIntel", 6, 7, 3, "Pentium III", "p6", 1, "cpuid", "hw",
             "ring=3 sample=instructions:u:997")]
    body += [("bench", "add2", "2", "two ADDs")]
    if before:
        body.append(("hist", "add2", "0x0", 1))
    body.append(("samples", "add2", "INST_RETIRED:u", 997, sum(n for _, n in hist), 6000))
    body += [("hist", "add2", where, n) for where, n in hist]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def unmodelled_log(version=4, before=False):
    """A run under QEMU's TCG counting model (counting QEMU, -cpu pentium3)
    with INST_RETIRED and DATA_MEM_REFS: the second is not modelled there,
    and its result is marked; `before` puts the mark before its result."""
    reason = "not modelled: QEMU TCG's counting model counts only instructions; reads 0"
    body = [("boot", version, "GenuineIntel", 6, 7, 3, "QEMU Virtual CPU version 2.5+", "p6", 1,
             "cpuid", "qemu", "events=INST_RETIRED;DATA_MEM_REFS")]
    body += [("bench", "add2", "2", "two ADDs"), ("pass", "add2", 0, "INST_RETIRED+DATA_MEM_REFS")]
    result = ("result", "add2", "DATA_MEM_REFS", "r430043", "PMC1", 0, "events", 11, 100,
              "0.00", "0.00", "0.00", "0.00", "0.00")
    mark = ("unmodelled", "add2", "DATA_MEM_REFS", reason)
    body += [("result", "add2", "INST_RETIRED", "r4300c0", "PMC0", 0, "events", 11, 100,
              "2.00", "2.00", "2.00", "2.00", "2.00")]
    body += [mark, result] if before else [result, mark]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def big_values_log(values=("1234567890123456.78", "123456789012345678901234567.00")):
    """Values with more digits than a float (or Decimal's default 28) keeps:
    one benchmark per value, all statistics that value."""
    body = [("boot", 3, "GenuineIntel", 6, 7, 3, "Pentium III", "p6", 1, "cpuid", "hw", "")]
    for n, value in enumerate(values):
        body += [("bench", "big%d" % n, "-", "a big value"),
                 ("pass", "big%d" % n, 0, "TSC"),
                 ("result", "big%d" % n, "TSC", "tsc", "TSC", 0, "ticks", 11, 1) + (value,) * 5]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


# A hosted run's payloads and their values in cycles per iteration: what a
# Zen 5 core gives (AMD's Zen 5 guide: L1 4, L2 14 cycles).
HOSTED_CYCLES = (("add_latency", "1", "1.00"), ("imul_latency", "1", "3.00"),
                 ("chase_l1", "1", "4.00"), ("chase_l2", "1", "14.00"),
                 ("x87_fadd", "1", "3.00"), ("div_latency", "1", "13.00"))


def hosted_log(before="0.61", after="0.63", signature=("AuthenticAMD", 26, 2, 0),
               cycles=HOSTED_CYCLES, skip=(("cost_rdmsr", "needs ring 0: RDMSR #GPs in a "
                                           "Linux process"),), scale="0.62", redone=3,
               cmdline=None, status="pass"):
    """A hosted run (the program as a Linux process, PLATFORM=linux) on a CPU
    of `signature` (vendor, family, model, stepping) with only the TSC: its
    hosted_* conditions, the ADD-chain calibration `before` and `after` the
    suite ("-": not measured), a result in ticks per payload of `cycles`
    (name, expected, cycles) at `scale` ticks per cycle, and `skip`ped ones;
    `cmdline`: its arguments (default: bench= the payloads), `status`: how
    it ends."""
    vendor, family, model, stepping = signature
    if cmdline is None:
        cmdline = "bench=" + ";".join(name for name, _, _ in cycles)
    body = [("boot", 4, vendor, family, model, stepping, "Synthetic CPU", "tsc", 0, "lfence",
             "hosted", cmdline.replace(",", ";")),
            ("cond", "serialize", "lfence", "LFENCE serializes: %s" % vendor),
            ("cond", "hosted_kernel", "6.18.44", "Linux 6.18.44 x86_64"),
            ("cond", "hosted_cpu", "1", "the least loaded of 0-1 (/proc/stat)"),
            ("cond", "hosted_sched", "other", "SCHED_FIFO refused: EPERM"),
            ("cond", "hosted_pages", "2M-thp", "MAP_HUGETLB refused; madvise(MADV_HUGEPAGE)"),
            ("cond", "hosted_counters", "tsc", "no cpu PMU under /sys/bus/event_source/devices"),
            ("cond", "ticks_per_cycle_before", before,
             "TSC ticks per cycle of a dependent ADD chain (latency 1) before the suite")]
    for name, expected, value in cycles:
        ticks = results.fixed2(Decimal(value) * Decimal(scale))
        body += [("bench", name, expected, "payload %s" % name),
                 ("pass", name, 0, "TSC"),
                 ("result", name, "TSC", "rdtsc", "TSC", 0, "ticks", 101, 100) + (ticks,) * 5]
    for name, reason in skip:
        body += [("bench", name, "2", "payload %s" % name), ("skip", name, reason)]
    body += [("cond", "ticks_per_cycle_after", after,
              "TSC ticks per cycle of a dependent ADD chain (latency 1) after the suite"),
             ("cond", "redone", redone, "windows measured again: the process was switched out")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), status))
    return ("barebench (hosted)\n" + "\n".join(lines) + "\nbarebench: finished, status %s\n"
            % status.upper())


STAND_IN = """#!%s
# A stand-in for the hosted program (make HOSTED=1): prints synth.hosted_log
# with its arguments as the command line.
import sys
import time
sys.dont_write_bytecode = True
sys.path.insert(0, %r)
import synth
if %r:
    time.sleep(600)
sys.stdout.write(synth.hosted_log(cmdline=" ".join(sys.argv[1:]), status=%r))
sys.exit(%d)
"""


def stand_in(path, status="pass", hang=False):
    """Writes an executable stand-in for the hosted program at path: it
    ends with `status` (exit status 0 on pass, as the program's), or never
    ends when `hang`."""
    with open(path, "w") as f:
        f.write(STAND_IN % (sys.executable, os.path.dirname(os.path.abspath(__file__)), hang,
                            status, 0 if status == "pass" else 1))
    os.chmod(path, 0o755)
    return path
