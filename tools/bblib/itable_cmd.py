"""`barebench itable`: generate the instruction table's modules from NASM's
insns.dat, run them (hosted, or booted in QEMU or Bochs), and write
DIR/itable.md, .csv and .json; or merge the JSON of several runs into one
table, a column per CPU (docs/itable.md)."""

import fnmatch
import json
import os
import subprocess
import time

from . import files, itable, itable_compare, itable_table, module, one_run

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSNS_SCRIPT = os.path.join(ROOT, "tools", "nasm-insns.sh")


def add_parser(sub):
    r = sub.add_parser("itable", help="instruction latency and throughput tables, generated "
                       "from NASM's insns.dat and measured in one run (docs/itable.md)")
    where = one_run.add_options(r, 900)
    where.add_argument("--merge", nargs="+", metavar="ITABLE.json",
                       help="merge the tables of earlier runs into one, a column per CPU")
    r.add_argument("--forms", metavar="GLOB", action="append",
                   help="only the forms matching (e.g. 'IMUL *'; repeat for more)")
    r.add_argument("--insns", metavar="insns.dat",
                   help="NASM's instruction table (default: tools/nasm-insns.sh fetches the "
                   "one of the installed NASM)")
    r.add_argument("--published", metavar="FILE.csv",
                   help="a published table (uops.info's figures: mnemonic, operands, "
                   "latency_cycles, throughput_cycles) to set the table beside: DIR/compare.md "
                   "and .json")
    r.add_argument("--events", default="default,uops", metavar="SPECS",
                   help="the events counted per instruction (default: default,uops: the PMU's "
                   "default set, and the uops retired and per-port events of the CPU's event "
                   "table where it has them)")
    r.add_argument("-o", "--out", default="build/itable", help="folder for the table and logs")
    r.set_defaults(func=run)


def insns_dat(given):
    if given:
        return given
    proc = subprocess.run([INSNS_SCRIPT], capture_output=True, text=True)
    if proc.returncode != 0:
        raise one_run.Refused("NASM's insns.dat: %s" % (proc.stderr.strip().splitlines() or
                                                    ["tools/nasm-insns.sh failed"])[-1])
    return proc.stdout.strip()


def nasm_version():
    out = subprocess.run(["nasm", "-v"], capture_output=True, text=True).stdout.split()
    return out[2] if len(out) > 2 else "?"


def run(a):
    try:
        return _merge(a) if a.merge else _measure(a)
    except (one_run.Refused, module.ModuleError, RuntimeError, ValueError) as e:
        raise SystemExit("barebench itable: %s" % e)


def _include(globs):
    if not globs:
        return None
    return lambda text: any(fnmatch.fnmatchcase(text, g) for g in globs)


def _measure(a):
    one_run.check(a)
    mode = one_run.mode(a)
    files.make_folder(a.out)
    work = os.path.join(a.out, "modules")
    os.makedirs(work, exist_ok=True)
    started = time.time()
    try:
        paths, gen = itable.build_modules(insns_dat(a.insns), mode, work, nasm_version(),
                                          _include(a.forms))
    except itable.NothingToMeasure as e:
        raise one_run.Refused(str(e))
    generated = sum(1 for f in gen.forms if not f["skipped"])
    print("itable: %d forms in NASM %s's insns.dat for %d-bit mode: %d generated (%d payloads "
          "in %d modules), %d skipped" % (len(gen.forms), nasm_version(), mode, generated,
                                          len(gen.payloads), len(paths),
                                          len(gen.forms) - generated), flush=True)
    # Each payload body is a loop of thousands of instructions already: 20
    # copies a window keep the TSC's steps (a hypervisor's may be tens of
    # ticks) a small share of it.
    target = one_run.run(a, a.out, " ".join(["bench=it*", "unroll=20", "events=" + a.events,
                                             a.append]).strip(), "itable", paths)
    with open(os.path.join(work, "itable-forms.json"), encoding="ascii") as f:
        manifest = json.load(f)
    rows = itable_table.rows_of(target, manifest)
    said = [e["message"] for e in target["errors"] if e["where"] == "events"] + \
        itable_table.unmodelled(target)
    for message in said:
        print("itable: events: %s" % message)
    _write(a.out, rows, manifest["source"], said)
    _compare(a, rows, manifest["forms"])
    forms, measured, reasons = itable_table.summary(rows)
    print("itable: %d forms, %d measured, in %.0f s; %s/itable.md, .csv, .json" % (
        forms, measured, time.time() - started, a.out))
    for why, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:8]:
        print("  %5d not measured: %s" % (n, why))
    return 0


def _write(out, rows, source, said=()):
    files.write(os.path.join(out, "itable.json"), itable_table.table_json(rows).encode())
    files.write(os.path.join(out, "itable.csv"), itable_table.table_csv(rows).encode())
    files.write(os.path.join(out, "itable.md"), itable_table.table_md(rows, source, said).encode())


def _merge(a):
    tables = [itable_table.load_rows(p) for p in a.merge]
    rows = itable_table.merge(tables)
    files.make_folder(a.out)
    _write(a.out, rows, "NASM's insns.dat")
    _compare(a, rows, [])
    print("itable: %d tables merged: %s/itable.md, .csv, .json" % (len(tables), a.out))
    return 0


def _compare(a, rows, forms):
    """With --published: each CPU's rows beside the published table."""
    if not a.published:
        return
    published = itable_compare.load(a.published)
    results, texts = {}, []
    for cpu in dict.fromkeys(r["cpu"] for r in rows):
        mine = [r for r in rows if r["cpu"] == cpu]
        results[cpu] = itable_compare.compare(mine, published, forms)
        texts.append(itable_compare.markdown(results[cpu], a.published, cpu))
        r = results[cpu]
        print("itable: beside %s: latency agrees for %d of %d forms, throughput for %d of %d" % (
            a.published, r["agree_latency"], r["compared_latency"], r["agree_throughput"],
            r["compared_throughput"]))
    files.write(os.path.join(a.out, "compare.md"), "\n".join(texts).encode())
    files.write(os.path.join(a.out, "compare.json"), (json.dumps(results, indent=1) + "\n").encode())
