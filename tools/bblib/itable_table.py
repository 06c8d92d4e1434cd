"""The instruction table of a run: each generated form's latency and
reciprocal throughput in core cycles, from the records of the run that
measured the itable modules and the forms file (itable-forms.json) that
tools/bblib/itable.py wrote beside them (docs/itable.md).

Cycles are a cycle event's count where the PMU gives one, else TSC ticks
divided by ticks per cycle, which the table's own unrolled chains of
dependent ADDs give (one cycle each, as the kernel's calibration assumes),
run every few payloads. Every payload is a loop of LOOP turns (the
manifest's "loop"). A latency payload's turn is LINKS links of a chain, so
its cycles per iteration divided by LOOP x LINKS are the latency; a chain
closed by a helper has LINKS / 2 links of the form and the helper a turn,
and the helper's latency (half its measured round trip) is taken off. A
throughput payload's turn is N independent copies: cycles per iteration /
(LOOP x N). The loop's DEC and JNZ are not taken off the cycles: they run
beside the chain, and beside N copies they are a share the table does not
hide (docs/itable.md). They are taken off the other events' counts, which
the loop alone (manifest "loop_only") gives: instructions, branches, uops
and ports per instruction of the form.

Several runs merge into one table with a column per CPU.
"""

import csv
import io
import json
from decimal import Decimal, ROUND_HALF_EVEN

from . import published, report, results

_MILLI = Decimal("0.001")




def _cycle_event(bench):
    for r in bench["results"]:
        event = r["event"].lower()
        if "cycle" in event and "ref" not in event and r["unit"] != "ticks":
            return Decimal(r["median"])
    return None


def _ticks(bench):
    return next((Decimal(r["median"]) for r in bench["results"] if r["unit"] == "ticks"), None)


def _clock(target, manifest):
    """{benchmark name: TSC ticks per cycle} for every benchmark of the run.
    The table's own unrolled chains of dependent ADDs (one cycle each on
    every core the kernel calibrates with, results.CALIBRATED; their
    hundreds of links resolve the ratio to far more digits than the run's
    two-decimal record) run first, every few payloads and last: a
    benchmark's ratio is interpolated between the chains before and after
    it in the run's order, since the core's clock moves against the TSC.
    Without a chain, the run's record serves every benchmark."""
    chains = set(manifest["calibration"]["payloads"])
    links = manifest["calibration"]["links"]
    order = target["benches"]
    known = []  # (position in the run, ticks per cycle)
    for i, b in enumerate(order):
        ticks = _ticks(b) if b["name"] in chains and not _absent(b) else None
        if ticks:
            known.append((i, ticks / links))
    if not known:
        per_cycle = results.per_cycle_of(target)
        return {b["name"]: Decimal(per_cycle) if per_cycle else None for b in order}
    out, k = {}, 0
    for i, b in enumerate(order):
        while k + 1 < len(known) and known[k + 1][0] <= i:
            k += 1
        (i0, r0), (i1, r1) = known[k], known[min(k + 1, len(known) - 1)]
        out[b["name"]] = r0 if i <= i0 or i1 == i0 else r0 + (r1 - r0) * (i - i0) / (i1 - i0)
    return out


def _cycles(bench, per_cycle):
    """Cycles per iteration of a benchmark: its cycle event, else its TSC
    ticks over ticks per cycle; None when neither."""
    cycles = _cycle_event(bench)
    if cycles is not None:
        return cycles
    ticks = _ticks(bench)
    return ticks / per_cycle if ticks is not None and per_cycle else None


def _events_of(bench, loop, per):
    """The other events of a benchmark (instructions, branches, the uops
    and port events of events=uops), per instruction of the form: what the
    loop alone counts taken off first, so that the loop's DEC and JNZ are no
    share of them. {} where the loop alone was not measured."""
    if loop is None:
        return {}
    base = {r["event"]: Decimal(r["median"]) for r in loop["results"]}
    out = {}
    for r in bench["results"]:
        if r["unit"] == "ticks" or "cycle" in r["event"].lower() or r["event"] not in base or \
                r.get("unmodelled"):
            continue
        out[r["event"]] = float(((Decimal(r["median"]) - base[r["event"]]) / per).quantize(_MILLI))
    return out


def unmodelled(target):
    """What the run measured but its emulator does not count, by reason:
    ["EVENT, EVENT: reason", ...]; left out of the table's events."""
    events = {}
    for b in target["benches"]:
        for r in b["results"]:
            if r.get("unmodelled"):
                events.setdefault(r["unmodelled"], {})[r["event"]] = True
    return ["%s: %s" % (", ".join(names), why) for why, names in events.items()]


def _absent(bench):
    """Why a benchmark has no value: skipped, faulted, or never run."""
    if bench is None:
        return "not measured in this run"
    if bench["skip"] is not None:
        return bench["skip"]
    if bench["fault"] is not None:
        return "raised %s on this CPU" % bench["fault"]["mnemonic"]
    return None


def cpu_name(target):
    """The CPU's microarchitecture where published.py knows it, its brand
    string and signature: one column of a merged table each."""
    uarch = published.lookup(target["vendor"], target["family"], target["model"])
    return "%s%s (%s %s/%s)" % (uarch.name + ": " if uarch else "", target["brand"].strip(),
                                target["vendor"], target["family"], target["model"])


def rows_of(target, manifest):
    """One dict per form of the manifest, measured in target. Each payload
    runs its lines manifest["loop"] times an iteration."""
    benches = {b["name"]: b for b in target["benches"]}
    turns = manifest["loop"]
    links = manifest["links"] * turns
    clock = _clock(target, manifest)
    loop = benches.get(manifest.get("loop_only"))
    loop = None if _absent(loop) else loop
    helper_latency = {}
    for name in manifest["helpers"]:
        b = benches.get(name)
        cycles = _cycles(b, clock[name]) if b and not _absent(b) else None
        helper_latency[name] = None if cycles is None else cycles / links
    out = []
    for form in manifest["forms"]:
        row = {"form": form["form"], "cpu": cpu_name(target), "latency": None,
               "throughput": None, "skipped": form["skipped"], "notes": [], "events": {}}
        out.append(row)
        if form["skipped"]:
            continue
        why = []
        lat = benches.get(form["latency"]) if form["latency"] else None
        if form["latency"] and not _absent(lat):
            cycles = _cycles(lat, clock[lat["name"]])
            if form.get("helper"):
                helper = helper_latency.get(form["helper"])
                if cycles is not None and helper is not None:
                    row["latency"] = _round(cycles / (links // 2) - helper)
                    row["notes"].append("latency with the helper %s taken off" % form["helper"])
                else:
                    why.append("latency: the helper %s was not measured" % form["helper"])
            elif cycles is not None:
                row["latency"] = _round(cycles / links)
                row["events"] = _events_of(lat, loop, links)
        elif form["latency"]:
            why.append("latency: %s" % _absent(lat))
        else:
            row["notes"].append("latency: %s" % form.get("latency_skipped"))
        tp = benches.get(form["throughput"]) if form["throughput"] else None
        if form["throughput"] and not _absent(tp):
            cycles = _cycles(tp, clock[tp["name"]])
            if cycles is not None:
                row["throughput"] = _round(cycles / (form["copies"] * turns))
                # More instructions than the chain, and no helper among them.
                row["events"] = _events_of(tp, loop, form["copies"] * turns) or row["events"]
                if form.get("throughput_note"):
                    row["notes"].append("throughput: %s" % form["throughput_note"])
        elif form["throughput"]:
            why.append("throughput: %s" % _absent(tp))
        else:
            row["notes"].append("throughput: %s" % form.get("throughput_skipped"))
        if row["latency"] is None and row["throughput"] is None:
            row["skipped"] = "; ".join(why) or "nothing measured"
        elif why:
            row["notes"] += why
    return out


def _round(value):
    return float(Decimal(value).quantize(_MILLI, rounding=ROUND_HALF_EVEN))


def table_json(rows):
    return json.dumps(rows, indent=1) + "\n"


def _cpus(rows):
    seen = []
    for r in rows:
        if r["cpu"] not in seen:
            seen.append(r["cpu"])
    return seen


def _wide(rows):
    """{form: {cpu: row}} in the order forms first appear."""
    out = {}
    for r in rows:
        out.setdefault(r["form"], {})[r["cpu"]] = r
    return out


def _cell(value):
    return "-" if value is None else "%.2f" % value


def table_csv(rows):
    cpus = _cpus(rows)
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["form"] + [h % c for c in cpus for h in ("latency %s", "throughput %s",
                                                          "skipped %s")])
    for form, per in _wide(rows).items():
        cells = [form]
        for c in cpus:
            r = per.get(c)
            cells += ["" if not r or r["latency"] is None else r["latency"],
                      "" if not r or r["throughput"] is None else r["throughput"],
                      "" if not r else (r["skipped"] or "")]
        w.writerow(cells)
    return f.getvalue()


def table_md(rows, source, said=()):
    """Agner's layout: a row per form, latency and reciprocal throughput per
    CPU; then each CPU's other events per instruction (uops, ports) where
    its PMU counted them; the skipped forms follow, counted by reason. said:
    what the run said of its events (its error records)."""
    cpus = _cpus(rows)
    wide = _wide(rows)
    measured = [(form, per) for form, per in wide.items()
                if any(r["latency"] is not None or r["throughput"] is not None
                       for r in per.values())]
    lines = ["# Instruction table", "",
             "Generated from %s; latency and reciprocal throughput in core cycles "
             "(docs/itable.md)." % source, ""]
    for n, c in enumerate(cpus, 1):
        lines.append("CPU %d: %s" % (n, c))
    lines.append("")
    header = ["form"] + ["lat %d" % n for n in range(1, len(cpus) + 1)] + \
        ["tp %d" % n for n in range(1, len(cpus) + 1)]
    body = []
    for form, per in measured:
        body.append([form] + [_cell(per[c]["latency"]) if c in per else "-" for c in cpus] +
                    [_cell(per[c]["throughput"]) if c in per else "-" for c in cpus])
    lines += report.markdown_table(header, body)
    lines += _events_md(rows, cpus, said)
    skipped = {}
    for form, per in wide.items():
        for c, r in per.items():
            if r["skipped"]:
                skipped.setdefault((c, r["skipped"]), []).append(form)
    if skipped:
        lines += ["", "## Not measured", ""]
        lines += report.markdown_table(
            ("CPU", "reason", "forms", "e.g."),
            [(str(cpus.index(c) + 1), why, str(len(forms)), ", ".join(forms[:3]))
             for (c, why), forms in sorted(skipped.items(), key=lambda kv: -len(kv[1]))])
    return "\n".join(lines) + "\n"


def _events_md(rows, cpus, said):
    """Per CPU, the events other than cycles per instruction of each form:
    the loop's own counts taken off (rows_of)."""
    lines = []
    for n, c in enumerate(cpus, 1):
        mine = [r for r in rows if r["cpu"] == c and r["events"]]
        names = list(dict.fromkeys(e for r in mine for e in r["events"]))
        if not names:
            continue
        lines += ["", "## Events per instruction, CPU %d" % n, ""]
        lines += report.markdown_table(["form"] + names, [
            [r["form"]] + ["%.2f" % r["events"][e] if e in r["events"] else "-" for e in names]
            for r in mine])
    if said:
        lines += ["", "What the run said of its events:", ""] + ["- %s" % s for s in said]
    return lines


def merge(tables):
    """Rows of several tables (lists of row dicts) as one."""
    out = []
    for t in tables:
        out += t
    return out


def summary(rows):
    """(forms, measured, skipped by reason) of one CPU's rows."""
    measured = sum(1 for r in rows if r["latency"] is not None or r["throughput"] is not None)
    reasons = {}
    for r in rows:
        if r["skipped"]:
            reasons[r["skipped"]] = reasons.get(r["skipped"], 0) + 1
    return len(rows), measured, reasons


def load_rows(path):
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)
    if not isinstance(rows, list) or not all(isinstance(r, dict) and "form" in r and
                                             "cpu" in r for r in rows):
        raise ValueError("%s: not an itable.json (a list of objects with form and cpu)" % path)
    return rows
