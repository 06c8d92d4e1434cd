"""`barebench itable`: generate the instruction table's modules from NASM's
insns.dat, run them (hosted, or booted in QEMU or Bochs), and write
DIR/itable.md, .csv and .json; or merge the JSON of several runs into one
table, a column per CPU (docs/itable.md)."""

import fnmatch
import json
import os
import subprocess
import time

from . import files, itable, itable_table, launch, module, records, results, runner

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSNS_SCRIPT = os.path.join(ROOT, "tools", "nasm-insns.sh")


class ItableError(Exception):
    """What stops the command, said to the user."""


def add_parser(sub):
    r = sub.add_parser("itable", help="instruction latency and throughput tables, generated "
                       "from NASM's insns.dat and measured in one run (docs/itable.md)")
    where = r.add_mutually_exclusive_group()
    where.add_argument("--hosted", action="store_true",
                       help="run the hosted program on this machine (the default)")
    where.add_argument("--qemu", metavar="MODEL", help="boot the kernel on this QEMU CPU model")
    where.add_argument("--bochs", metavar="MODEL", help="boot the ISO on this Bochs model")
    where.add_argument("--merge", nargs="+", metavar="ITABLE.json",
                       help="merge the tables of earlier runs into one, a column per CPU")
    r.add_argument("--program", default="build/linux/barebench",
                   help="the hosted program (make HOSTED=1; build/linux-32/barebench for 32-bit)")
    r.add_argument("--kernel", default="build/barebench.elf")
    r.add_argument("--iso", default="build/barebench.iso")
    r.add_argument("--long-mode", action="store_true",
                   help="QEMU: boot qemu-system-x86_64 and measure the 64-bit forms")
    r.add_argument("--counting", action="store_true", help="QEMU: the counting QEMU (make emu)")
    r.add_argument("--icount", action="store_true", help="QEMU: -icount shift=0,sleep=off")
    r.add_argument("--forms", metavar="GLOB", action="append",
                   help="only the forms matching (e.g. 'IMUL *'; repeat for more)")
    r.add_argument("--insns", metavar="insns.dat",
                   help="NASM's instruction table (default: tools/nasm-insns.sh fetches the "
                   "one of the installed NASM)")
    r.add_argument("--append", default="", metavar="OPTS", help="more options for the run")
    r.add_argument("--timeout", type=float, default=900, help="seconds for the run")
    r.add_argument("-o", "--out", default="build/itable", help="folder for the table and logs")
    r.set_defaults(func=run)


def insns_dat(given):
    if given:
        return given
    proc = subprocess.run([INSNS_SCRIPT], capture_output=True, text=True)
    if proc.returncode != 0:
        raise ItableError("NASM's insns.dat: %s" % (proc.stderr.strip().splitlines() or
                                                    ["tools/nasm-insns.sh failed"])[-1])
    return proc.stdout.strip()


def nasm_version():
    out = subprocess.run(["nasm", "-v"], capture_output=True, text=True).stdout.split()
    return out[2] if len(out) > 2 else "?"


def _mode_of_program(path):
    with open(path, "rb") as f:
        head = f.read(5)
    return 64 if head[4:5] == b"\x02" else 32


def run(a):
    try:
        return _merge(a) if a.merge else _measure(a)
    except (ItableError, module.ModuleError, RuntimeError, ValueError) as e:
        raise SystemExit("barebench itable: %s" % e)


def _include(globs):
    if not globs:
        return None
    return lambda text: any(fnmatch.fnmatchcase(text, g) for g in globs)


def _measure(a):
    if a.qemu or a.bochs:
        if not os.path.exists(a.kernel):
            raise ItableError("kernel %s not found (make)" % a.kernel)
        mode = 64 if a.long_mode else 32
    else:
        if not os.path.exists(a.program):
            raise ItableError("hosted program %s not found (make HOSTED=1)" % a.program)
        if launch.hosted_problem(a.program):
            raise ItableError("--hosted: %s" % launch.hosted_problem(a.program))
        mode = _mode_of_program(a.program)
    files.make_folder(a.out)
    work = os.path.join(a.out, "modules")
    os.makedirs(work, exist_ok=True)
    started = time.time()
    try:
        paths, gen = itable.build_modules(insns_dat(a.insns), mode, work, nasm_version(),
                                          _include(a.forms))
    except itable.NothingToMeasure as e:
        raise ItableError(str(e))
    generated = sum(1 for f in gen.forms if not f["skipped"])
    print("itable: %d forms in NASM %s's insns.dat for %d-bit mode: %d generated (%d payloads "
          "in %d modules), %d skipped" % (len(gen.forms), nasm_version(), mode, generated,
                                          len(gen.payloads), len(paths),
                                          len(gen.forms) - generated), flush=True)
    # Each payload body is a loop of thousands of instructions already: 20
    # copies a window keep the TSC's steps (a hypervisor's may be tens of
    # ticks) a small share of it.
    append = " ".join(["bench=it*", "unroll=20", a.append]).strip()
    if a.qemu or a.bochs:
        emulator, model = ("qemu", a.qemu) if a.qemu else ("bochs", a.bochs)
        targets = runner.parse_targets(emulator, [model])
        outcome = runner.run_all(targets, a.out, a.kernel, a.iso, append, a.icount, a.timeout,
                                 1, counting=a.counting, modules=paths, allow_errors=True,
                                 long_mode=a.long_mode)[0]
    else:
        append = " ".join("module=%s" % os.path.abspath(p) for p in paths) + " " + append
        outcome = runner.run_hosted(a.out, a.program, append, a.timeout, allow_errors=True,
                                    name="itable")
    print(outcome.summary(), flush=True)
    if not outcome.ok:
        raise ItableError("the run failed: %s" % outcome.log)
    try:
        rep = results.load([outcome.log])
    except records.LogError as e:
        raise ItableError("%s: %s" % (outcome.log, "; ".join(e.problems[:3])))
    with open(os.path.join(work, "itable-forms.json"), encoding="ascii") as f:
        manifest = json.load(f)
    rows = itable_table.rows_from_report(rep, manifest)
    _write(a.out, rows, manifest["source"])
    forms, measured, reasons = itable_table.summary(rows)
    print("itable: %d forms, %d measured, in %.0f s; %s/itable.md, .csv, .json" % (
        forms, measured, time.time() - started, a.out))
    for why, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:8]:
        print("  %5d not measured: %s" % (n, why))
    return 0


def _write(out, rows, source):
    files.write(os.path.join(out, "itable.json"), itable_table.table_json(rows).encode())
    files.write(os.path.join(out, "itable.csv"), itable_table.table_csv(rows).encode())
    files.write(os.path.join(out, "itable.md"), itable_table.table_md(rows, source).encode())


def _merge(a):
    tables = [itable_table.load_rows(p) for p in a.merge]
    rows = itable_table.merge(tables)
    files.make_folder(a.out)
    _write(a.out, rows, "NASM's insns.dat")
    print("itable: %d tables merged: %s/itable.md, .csv, .json" % (len(tables), a.out))
    return 0
