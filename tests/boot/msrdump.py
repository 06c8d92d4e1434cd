"""What the PMU boot tests share: Bochs msrs= files that make MSRs plain
storage, pmu-encode's register writes, and the kernel's `pmudump` lines."""

import os
import re
import subprocess

import bootcheck as bc

ENCODE = os.path.join(bc.BUILD, "host", "pmu-encode")


def msrs_file(path, addresses, reset=None):
    """Bochs msrs= format: index, type, reset hi/lo, reserved hi/lo, ignored hi/lo;
    `reset` maps an MSR to its reset value (default 0)."""
    with open(path, "w") as f:
        for msr in sorted(addresses):
            value = (reset or {}).get(msr, 0)
            f.write("0x%x  0  %08x %08x  00000000 00000000  00000000 00000000\n"
                    % (msr, value >> 32, value & 0xFFFFFFFF))


def encode(args, spec):
    """pmu-encode's writes for a spec as [(pass, msr, value)]; raises on error."""
    out = subprocess.run([ENCODE] + args + ["-e", spec], capture_output=True, text=True,
                         check=True).stdout
    writes, pass_no = [], 0
    for line in out.splitlines():
        m = re.match(r"# pass (\d+)", line)
        if m:
            pass_no = int(m.group(1))
        m = re.match(r"wrmsr (0x[0-9a-f]+) (0x[0-9a-f]+)", line)
        if m:
            writes.append((pass_no, int(m.group(1), 16), int(m.group(2), 16)))
    return writes


def dumped(serial):
    """The kernel's pmudump lines as [(pass, msr, value, read back or None if it faulted)]."""
    rows = []
    for m in re.finditer(r"^pmudump: pass (\d+) wrmsr (0x[0-9a-f]+) (0x[0-9a-f]+) .*; "
                         r"read back (FAULT )?(0x[0-9a-f]+)", serial, re.M):
        back = None if m.group(4) else int(m.group(5), 16)
        rows.append((int(m.group(1)), int(m.group(2), 16), int(m.group(3), 16), back))
    return rows


def unread(rows):
    """Registers whose read-back differs from the last value its pass wrote."""
    last = {(p, msr): value for p, msr, value, _ in rows}
    return [(p, hex(msr), back) for p, msr, _, back in rows if back != last[(p, msr)]]
