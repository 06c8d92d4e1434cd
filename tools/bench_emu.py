#!/usr/bin/env python3
"""make bench-emu: how fast the counting QEMU runs a guest, beside Debian's
QEMU.

  tools/bench_emu.py [--iterations N] [--runs 5] [--timeout S] [-o DIR]

The guest (emu/bench/alu_loop.asm) runs a fixed loop of ALU instructions,
without -icount, on -cpu Skylake-Client under four QEMUs: Debian's
qemu-system-i386 (the same source without emu/qemu/patches), the counting
QEMU with pmu=off, with pmu=on and the counters left stopped, and with
pmu=on and PMC0 counting instructions retired. Each boots the loop with N
and N/10 iterations; the difference of the fastest runs of each, divided by
the instructions between them, is the time a guest instruction takes, boot
and exit left out. The counting guest prints its count: the two counts must
differ by exactly those instructions, or the run fails.

The table goes to stdout and DIR/bench-emu.md. Exit status 1 when a run
failed.
"""

import argparse
import os
import re
import subprocess
import sys

# Leave no __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bblib import files, launch  # noqa: E402

GUEST = os.path.join(launch.ROOT, "emu", "bench", "alu_loop.asm")
LOOP_INSNS = 10  # an iteration of alu_loop.asm's loop
CPU = "Skylake-Client"

# (name, under the counting QEMU, CPU properties, the guest counts)
CONFIGS = [
    ("Debian's QEMU", False, "", False),
    ("counting QEMU, pmu=off", True, ",pmu=off", False),
    ("counting QEMU, pmu=on, counters stopped", True, ",pmu=on", False),
    ("counting QEMU, pmu=on, PMC0 counting", True, ",pmu=on", True),
]


def build_guest(out, iterations, count):
    """Assembles and links the loop (NASM, ld): the guest image's path."""
    name = os.path.join(out, "alu_loop-%d%s" % (iterations, "-count" if count else ""))
    obj = name + ".o"
    nasm = ["nasm", "-f", "elf32", "-DITERATIONS=%d" % iterations, "-o", obj, GUEST]
    if count:
        nasm.insert(3, "-DCOUNT")
    for cmd in (nasm, ["ld", "-m", "elf_i386", "-Ttext=0x100000", "-o", name, obj]):
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode:
            sys.exit("bench-emu: %s failed: %s" % (cmd[0], done.stderr.strip()))
    return name


def run_once(kernel, counting, props, timeout):
    """One boot: (seconds, the count the guest printed or None), or exits."""
    cmd = launch.qemu_command(kernel, CPU + props, memory=16, counting=counting)
    text, stderr, code, timed_out, secs = launch.run_timed(cmd, timeout)
    if timed_out or code != launch.QEMU_EXIT_PASS:
        said = [l for l in stderr.splitlines() if "warning:" not in l]
        sys.exit("bench-emu: %s: %s%s" % (" ".join(cmd), "timed out" if timed_out
                                          else "exit status %d" % code,
                                          ": " + said[-1] if said else ""))
    found = re.search(r"count=([0-9a-f]{16})", text)
    return secs, int(found.group(1), 16) if found else None


def measure(guests, runs, timeout):
    """For each of CONFIGS, the fastest of `runs` boots of each guest size:
    [{iterations: (seconds, count)}]. A round boots every QEMU once, so
    that a busy spell of a shared machine slows them alike."""
    boots = [{n: [] for n in guests} for _ in CONFIGS]
    for run in range(runs):
        for (name, counting, props, count), times in zip(CONFIGS, boots):
            for n in guests:
                times[n].append(run_once(guests[n][count], counting, props, timeout))
        print("bench-emu: round %d of %d done" % (run + 1, runs), file=sys.stderr, flush=True)
    return [{n: min(t) for n, t in times.items()} for times in boots]


def ns_per_insn(best):
    """The time of the instructions between the two sizes, per instruction;
    None when the larger guest was not slower (too few iterations to time)."""
    small, big = sorted(best)
    seconds = best[big][0] - best[small][0]
    return seconds * 1e9 / ((big - small) * LOOP_INSNS) if seconds > 0 else None


def check_count(name, best):
    """The counts of the two sizes differ by the loop's instructions."""
    small, big = sorted(best)
    got = best[big][1] - best[small][1] if None not in (best[big][1], best[small][1]) else None
    if got != (big - small) * LOOP_INSNS:
        sys.exit("bench-emu: %s: the counts %s and %s differ by %s, not %d"
                 % (name, best[small][1], best[big][1], got, (big - small) * LOOP_INSNS))


def table(rows):
    """Markdown: each QEMU's time per guest instruction, its ratio to the
    first row's and the fastest boot of each size ("-": too short to time)."""
    first = rows[0][1]
    small, big = sorted(rows[0][2])
    lines = ["| QEMU | ns per guest instruction | vs %s | seconds, %d / %d iterations |"
             % (rows[0][0], big, small),
             "|---|---|---|---|"]
    for name, ns, best in rows:
        lines.append("| %s | %s | %s | %.2f / %.2f |"
                     % (name, "-" if ns is None else "%.3f" % ns,
                        "-" if None in (ns, first) else "%.2fx" % (ns / first),
                        best[big][0], best[small][0]))
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(prog="bench_emu.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    # 10^10 instructions take about 2 s on the machine this was written on:
    # long enough that the boot's jitter stays within a few percent.
    p.add_argument("--iterations", type=int, default=1000000000,
                   help="loop iterations of the larger guest (default 10^9: 10^10 instructions)")
    p.add_argument("--runs", type=int, default=5, help="boots of each guest, the fastest counts")
    p.add_argument("--timeout", type=float, default=120, help="seconds per boot")
    p.add_argument("-o", "--out", default="build/bench-emu")
    a = p.parse_args()
    if a.iterations < 10 or a.runs < 1:
        p.error("--iterations must be at least 10 and --runs at least 1")
    launch.stop_on_signals("bench-emu")
    problem = launch.counting_problem()
    if problem:
        sys.exit("bench-emu: " + problem)
    files.make_folder(a.out)
    guests = {n: {count: build_guest(a.out, n, count) for count in (False, True)}
              for n in (a.iterations // 10, a.iterations)}
    rows = []
    for (name, _, _, count), best in zip(CONFIGS, measure(guests, a.runs, a.timeout)):
        if count:
            check_count(name, best)
        rows.append((name, ns_per_insn(best), best))
    text = table(rows)
    sys.stdout.write(text)
    files.write(os.path.join(a.out, "bench-emu.md"), text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
