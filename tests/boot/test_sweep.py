#!/usr/bin/env python3
"""sweep= and the memory curve (docs/memory.md). Under QEMU -icount one
boot measures the chase and the two bandwidth payloads at every working
set of a sweep, each point under its own name and exactly its instruction
count; unroll sweeps too; a sweep that cannot be used is an error record
and every benchmark runs once. The kernel puts the caches CPUID reports on
record. On this machine `barebench memory` writes the curve, its knees and
the caches beside them (structure only: the figures are make bench-memory's)."""

import json
import os
import subprocess
import xml.etree.ElementTree as ET

import bootcheck as bc

TOOL = os.path.join(bc.ROOT, "tools", "barebench")
COUNTS = {"chase": 1, "bw_read": 19, "bw_write": 19}


def medians(run):
    return {r.fields["bench"]: r.fields["median"] for r in run.of_type("result")}


def check_wss_sweep():
    b = bc.qemu("Skylake-Client", "bench=chase,bw_read,bw_write sweep=wss:1..256*4 reps=3",
                icount=True)
    run = bc.records(b)
    if not run:
        return
    got = medians(run)
    want = {"%s/wss=%d" % (p, k): "%d.00" % n for p, n in COUNTS.items()
            for k in (1, 4, 16, 64, 256)}
    bc.report(got == want, "sweep=wss:1..256*4: each payload at 1, 4, 16, 64 and 256 KiB, each "
              "point its own name and exactly its count (%s)" % sorted(set(got) ^ set(want)))
    caches = {r.fields["key"]: r.fields["value"] for r in run.of_type("cond")}.get("caches")
    bc.report(caches == "L1d=32768;L1i=32768;L2=4194304;L3=16777216",
              "the caches CPUID leaf 4 reports are on record (%s)" % caches)
    bc.report(b.passed, "the swept run ends with PASS (%s)" % ("; ".join(b.problems) or "ok"))


def check_unroll_sweep():
    run = bc.records(bc.qemu("pentium3", "bench=nop sweep=unroll:10,100,1000 reps=3",
                             icount=True))
    if not run:
        return
    unrolls = {r.fields["bench"]: (r.fields["unroll"], r.fields["median"])
               for r in run.of_type("result")}
    bc.report(unrolls == {"nop/unroll=%d" % u: (str(u), "1.00") for u in (10, 100, 1000)},
              "sweep=unroll: each point runs at its unroll and measures one NOP (%s)" % unrolls)


def check_bad_sweeps():
    for spec, says in (("size:1,2", "size is not an option a sweep moves"),
                       ("wss:1..4096*1", "a factor above 1"),
                       ("wss:1,2000000", "outside 1..1048576")):
        b = bc.qemu("pentium3", "bench=nop sweep=%s" % spec, icount=True)
        run = bc.records(b)
        if not run:
            continue
        errors = [r.fields["message"] for r in run.of_type("error")]
        bc.report(any(says in e for e in errors) and medians(run) == {"nop": "1.00"},
                  "sweep=%s is an error record (%s) and nop runs once" % (spec, errors))


def check_memory_hosted():
    out = os.path.join(bc.BUILD, "memory-hosted")
    proc = subprocess.run([TOOL, "memory", "--hosted", "--program",
                           os.path.join(bc.BUILD, "linux", "barebench"), "--max", str(4 << 20),
                           "-o", out], capture_output=True, text=True, timeout=600)
    if not bc.report(proc.returncode == 0, "barebench memory --hosted --max 4 MiB runs (%s)"
                     % (proc.stdout + proc.stderr).strip()[-300:]):
        return
    got = json.load(open(os.path.join(out, "memory.json")))
    sizes = [p["bytes"] for p in got["curve"]]
    bc.report(sizes[0] == 1024 and sizes[-1] <= 4 << 20 and sizes == sorted(sizes) and
              all(p["latency_cycles"] and p["read_bytes_per_cycle"] and
                  p["write_bytes_per_cycle"] for p in got["curve"]),
              "memory.json: a curve from 1 KiB to 4 MiB, latency and both bandwidths at each "
              "of its %d points" % len(sizes))
    bc.report(isinstance(got["knees"], list) and isinstance(got["caches"], dict) and
              got["caches_source"] and all(r["cache"] in got["caches"]
                                           for r in got["agreement"]),
              "memory.json: knees, the caches CPUID reports (%s) and each one's nearest knee"
              % got["caches_source"])
    root = ET.parse(os.path.join(out, "memory.svg")).getroot()
    bc.report(root.tag.endswith("svg"), "memory.svg is an SVG document")


def check_memory_without_cycles():
    """The stock QEMU counts no cycles and has no TSC calibration: memory
    says that, rather than draw a curve of the host's clock."""
    proc = subprocess.run([TOOL, "memory", "--qemu", "Skylake-Client", "--max", str(64 << 10),
                           "--factor", "4", "-o", os.path.join(bc.BUILD, "memory-stock-qemu")],
                          capture_output=True, text=True, timeout=300)
    bc.report(proc.returncode == 1 and "no point of the curve is in cycles" in proc.stderr,
              "memory under the stock QEMU refuses a curve without cycles (%s)"
              % proc.stderr.strip()[-200:])


def main():
    bc.in_parallel(lambda f: f(), [check_wss_sweep, check_unroll_sweep])
    check_bad_sweeps()
    check_memory_hosted()
    check_memory_without_cycles()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
