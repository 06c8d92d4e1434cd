"""`barebench memory`: the memory hierarchy in one run. The pointer chase
and the read and write bandwidth payloads run over working sets from 1 KiB
to twice the last-level cache CPUID reports (sweep=wss:...); the command
writes DIR/memory.json (the curve, the knees, the caches), DIR/memory.svg
and DIR/memory.md, and says how the knees stand against CPUID's caches
(docs/memory.md)."""

import json
import os

from . import files, memory, one_run, report

DEFAULT_MAX = 64 << 20  # where CPUID reports no cache
PAYLOADS = "bench=%s,%s,%s" % (memory.CHASE, memory.READ, memory.WRITE)


def add_parser(sub):
    r = sub.add_parser("memory", help="latency and bandwidth against working-set size in one run, "
                       "its knees beside the caches CPUID reports (docs/memory.md)")
    one_run.add_options(r, 1800)
    r.add_argument("--max", type=int, metavar="BYTES",
                   help="the largest working set (default: twice the last-level cache CPUID "
                   "reports, %d MiB where it reports none)" % (DEFAULT_MAX >> 20))
    r.add_argument("--factor", default="1.41", metavar="F",
                   help="each working set the last one times F (default 1.41: two a doubling)")
    r.add_argument("-o", "--out", default="build/memory", help="folder for the results and logs")
    r.set_defaults(func=run)


def run(a):
    try:
        return _measure(a)
    except (one_run.Refused, RuntimeError, ValueError) as e:
        raise SystemExit("barebench memory: %s" % e)


def _measure(a):
    one_run.check(a)
    files.make_folder(a.out)
    caches, source = {}, None
    most = a.max
    if not most:
        caches, source = memory.caches_of(one_run.run(a, a.out, "bench=nop reps=1 warmup=0",
                                                      "caches"))
        llc = memory.last_level(caches)
        most = 2 * llc if llc else DEFAULT_MAX
        print("memory: caches %s (%s): working sets up to %s" % (
            ", ".join("%s %s" % (k, memory.size_text(v)) for k, v in caches.items()) or "none",
            source, memory.size_text(most)), flush=True)
    spec = memory.sweep_spec(most, a.factor)
    target = one_run.run(a, a.out, " ".join([PAYLOADS, "sweep=" + spec, "unroll=1000",
                                             a.append]).strip(), "memory")
    if not caches:
        caches, source = memory.caches_of(target)
    points = memory.curve(target)
    if not points:
        measured = any(b["results"] for b in target["benches"])
        raise one_run.Refused(
            "no point of the curve is in cycles: the run counted no cycle event and has no TSC "
            "calibration (plain QEMU's TSC follows the host's clock: --counting counts cycles)"
            if measured else "the run measured no point of the curve (see %s)" % a.out)
    found = memory.knees(points)
    agree = memory.agreement(found, caches)
    out = {"cpu": target["brand"].strip(), "vendor": target["vendor"],
           "family": target["family"], "model": target["model"], "sweep": spec,
           "curve": [{"bytes": s, "latency_cycles": lat, "read_bytes_per_cycle": rd,
                      "write_bytes_per_cycle": wr} for s, lat, rd, wr in points],
           "knees": [k[0] for k in found], "caches": caches, "caches_source": source,
           "agreement": agree}
    files.write(os.path.join(a.out, "memory.json"), (json.dumps(out, indent=1) + "\n").encode())
    title = "%s: memory hierarchy" % out["cpu"]
    files.write(os.path.join(a.out, "memory.svg"),
                memory.chart(points, caches, found, title).encode())
    files.write(os.path.join(a.out, "memory.md"), _markdown(out, found).encode())
    for row in agree:
        print("memory: %s %s: %s" % (row["cache"], memory.size_text(row["bytes"]),
                                     "knee at %s (%.2f of the cache)" % (
                                         memory.size_text(row["knee"]), row["knee_over_cache"])
                                     if row["knee"] else "no knee within a factor of 2"))
    print("memory: %d points, knees at %s; %s/memory.json, .svg, .md" % (
        len(points), ", ".join(memory.size_text(k[0]) for k in found) or "none", a.out))
    return 0


def _markdown(out, found):
    lines = ["# Memory hierarchy: %s" % out["cpu"], "",
             "sweep=%s; caches: %s" % (out["sweep"], out["caches_source"]), "",
             "Knees (the largest working set before latency rises %.1fx or more):" %
             memory.KNEE_RATIO, ""]
    lines += report.markdown_table(("knee", "next point", "latency rise"),
                                   [(memory.size_text(k), memory.size_text(n), "%.2fx" % r)
                                    for k, n, r in found])
    lines += ["", "Caches CPUID reports, and the nearest knee within a factor of two:", ""]
    lines += report.markdown_table(("cache", "size", "knee", "knee / cache"), [
        (r["cache"], memory.size_text(r["bytes"]),
         memory.size_text(r["knee"]) if r["knee"] else "none",
         "%.2f" % r["knee_over_cache"] if r["knee"] else "-") for r in out["agreement"]])
    lines += ["", "The curve:", ""]
    lines += report.markdown_table(
        ("working set", "latency (cycles)", "read (B/cycle)", "write (B/cycle)"),
        [(memory.size_text(p["bytes"]),) + tuple("-" if v is None else "%.2f" % v for v in (
            p["latency_cycles"], p["read_bytes_per_cycle"], p["write_bytes_per_cycle"]))
         for p in out["curve"]])
    return "\n".join(lines) + "\n"
