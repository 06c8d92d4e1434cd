"""Write a report (see results.py) as CSV, JSON and Markdown tables."""

import csv
import io
import json
from decimal import Decimal

from . import records, results

CSV_COLUMNS = ("target", "environment", "vendor", "family", "model", "stepping", "pmu", "bench",
               "event", "encoding", "counter", "pass", "unit", "reps", "unroll", "expected",
               "min", "median", "mean", "max", "trimmed_mean", "status", "note",
               "cycles_calibrated")


def to_csv(report):
    """One row per target x benchmark x event; values with two decimals."""
    out = io.StringIO()
    w = csv.DictWriter(out, CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for row in results.rows(report):
        for k in records.STATS:
            if row.get(k) is not None:
                row[k] = results.fixed2(row[k])
        row["expected"] = results.expected_text(row["expected"])
        if row.get("cycles_calibrated") is not None:
            row["cycles_calibrated"] = results.fixed2(row["cycles_calibrated"])
        w.writerow(row)
    return out.getvalue()


RAW_CSV_COLUMNS = ("target", "bench", "event", "counter", "pass", "unit", "unroll", "rep", "value")


def to_raw_csv(report):
    """One row per repetition of each result with raw values (report --raw)."""
    out = io.StringIO()
    w = csv.DictWriter(out, RAW_CSV_COLUMNS, lineterminator="\n")
    w.writeheader()
    for row in results.raw_rows(report):
        row["value"] = results.fixed2(row["value"])
        w.writerow(row)
    return out.getvalue()


def to_json(report):
    """json.dumps(report, indent=1), but a Decimal value is written as its text, exactly."""
    return _json(report, "") + "\n"


def _json(value, indent):
    inner = indent + " "
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict) and value:
        return "{\n%s\n%s}" % (",\n".join("%s%s: %s" % (inner, json.dumps(k), _json(v, inner))
                                           for k, v in value.items()), indent)
    if isinstance(value, list) and value:
        return "[\n%s\n%s]" % (",\n".join(inner + _json(v, inner) for v in value), indent)
    return json.dumps(value)


def _cell(text):
    return str(text).replace("|", "\\|")


def markdown_table(header, rows):
    """Markdown table lines; '|' in cells is escaped."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def _value(r):
    """Median, with the range when repetitions disagreed."""
    text = results.fixed2(r["median"])
    if r["min"] != r["max"]:
        text += " (%s..%s)" % (results.fixed2(r["min"]), results.fixed2(r["max"]))
    if r.get("unmodelled"):
        text += " (not modelled)"
    if r.get("erratum"):
        text += " (erratum)"
    return text


def _targets_table(report):
    rows = []
    for t in report["targets"]:
        cpu = t["brand"] if t["brand"] not in ("", "-") else t["vendor"]
        rows.append((t["target"], t["environment"], cpu,
                     "%s/%s/%s" % (t["family"], t["model"], t["stepping"]), t["pmu"],
                     "yes" if t["counting"] else "no", t["serialize"], t["status"],
                     t["records"]))
    return markdown_table(("target", "env", "CPU", "fam/model/step", "PMU", "counting", "serialize",
                   "status", "records"), rows)


# The conditions shown per target, in this order (docs/records.md, "The machine record format").
CONDITIONS = ("serialize", "mode", "xcr0", "lfence", "smm_freeze", "invariant_tsc", "turbo",
              "event_table", "caches", "cycles_per_tsc_before", "cycles_per_tsc_after")


def _conditions_table(report):
    """One row per target: each condition's value; `serialize`'s reason too.
    A format version 1 log recorded none: its cells say so."""
    rows = []
    for t in report["targets"]:
        cond = t.get("conditions", {})
        if not cond:
            rows.append([t["target"]] + ["not recorded"] * len(CONDITIONS) + [""])
            continue
        rows.append([t["target"]] + [cond.get(k, {}).get("value", "-") for k in CONDITIONS]
                    + [cond.get("serialize", {}).get("detail", "")])
    return markdown_table(("target",) + CONDITIONS + ("why this serializer",), rows)


# The conditions a hosted run (PLATFORM=linux) records, shown for those runs.
# HOST_GAVE: what the host gave the process (kernel release, CPU pinned to,
# scheduling policy, page size, counters).
HOST_GAVE = ("hosted_kernel", "hosted_cpu", "hosted_sched", "hosted_pages", "hosted_counters")
HOSTED_CONDITIONS = HOST_GAVE + records.TICKS_PER_CYCLE + ("redone",)


def _hosted_table(report):
    """One row per hosted target: what the host gave the process."""
    rows = [[t["target"]] + [t["conditions"].get(k, {}).get("value", "-")
                             for k in HOSTED_CONDITIONS]
            for t in report["targets"] if t["environment"] == records.HOSTED]
    return markdown_table(("target",) + HOSTED_CONDITIONS, rows) if rows else []


def _provenance_table(report):
    """One row per target that recorded its provenance (format version 5 on)."""
    rows = [[t["target"]] + [t["provenance"].get(k, "-") for k in records.PROVENANCE]
            for t in report["targets"] if t.get("provenance")]
    return markdown_table(("target",) + records.PROVENANCE, rows) if rows else []


def _calibrated_table(report):
    """Rows bench x event of the results in ticks, one column per target with
    a calibration: the median in calibrated cycles."""
    targets = [t for t in report["targets"] if results.per_cycle_of(t) is not None]
    keyed = [results.keyed_results(t) for t in targets]
    order = []
    for k in keyed:
        order += [key for key, r in k.items() if r["unit"] == "ticks" and key not in order]
    if not order:
        return []
    rows = []
    for key in order:
        row = list(key)
        for t, k in zip(targets, keyed):
            value = (results.calibrated(results.per_cycle_of(t), k[key], k[key]["median"])
                     if key in k else None)
            row.append("-" if value is None else results.fixed2(value))
        rows.append(row)
    return markdown_table(["bench", "event"] + ["%s (ticks per cycle %s)" % (
        t["target"], results.fixed2(results.per_cycle_of(t))) for t in targets], rows)


def _results_table(report):
    """Rows bench x event, one column per target."""
    targets = report["targets"]
    keyed = [results.keyed_results(t) for t in targets]
    order = []
    for k in keyed:
        order += [key for key in k if key not in order]
    expected = {}
    for t in targets:
        for b in t["benches"]:
            if expected.get(b["name"]) is None:
                expected[b["name"]] = b["expected"]
    # Benchmarks that produced no result anywhere (skipped or faulted everywhere).
    for name in expected:
        if all(key[0] != name for key in order):
            order.append((name, ""))
    rank = {name: n for n, name in enumerate(expected)}
    order.sort(key=lambda key: rank[key[0]])
    rows = []
    for key in order:
        row = [key[0], key[1], results.expected_text(expected.get(key[0]))]
        for t, k in zip(targets, keyed):
            row.append(_value(k[key]) if key in k else results.absence(t, key[0]) or "-")
        rows.append(row)
    return markdown_table(["bench", "event", "expected"] + [t["target"] for t in targets], rows)


def _notes(report):
    lines = []
    for t in report["targets"]:
        for b in t["benches"]:
            if b["skip"] is not None:
                lines.append("- %s: %s skipped: %s" % (t["target"], b["name"], b["skip"]))
            if b["fault"] is not None:
                f = b["fault"]
                lines.append("- %s: %s raised %s (vector %d, error %s, eip %s)"
                             % (t["target"], b["name"], f["mnemonic"], f["vector"],
                                f["error_code"], f["eip"]))
            lines += ["- %s: %s, %s: %s" % (t["target"], b["name"], r["event"], r["unmodelled"])
                      for r in b["results"] if r.get("unmodelled")]
            lines += ["- %s: %s, %s: suspect, %s" % (t["target"], b["name"], r["event"],
                                                     r["erratum"])
                      for r in b["results"] if r.get("erratum")]
            lines += ["- %s: %s pass %d: %d repetition(s) measured again, %d kept disturbed (%s)"
                      % (t["target"], b["name"], d["pass"], d["redone"], d["kept"], d["why"])
                      for d in b.get("disturbed", ())]
        for e in t["errors"]:
            lines.append("- %s: error in %s: %s" % (t["target"], e["where"], e["message"]))
    return lines


HIST_BAR = 40  # characters of the longest bar


def _bucket_label(bench, where):
    if where in ("reads", "outside"):
        return "(window reads)" if where == "reads" else "(outside the window)"
    return "%s+%s" % (bench, where.replace("+", " and beyond"))


def _samples_section(report):
    """Per target and sampled benchmark: the totals, then a bar per bucket."""
    lines = []
    for t in report["targets"]:
        for b in t["benches"]:
            s = b.get("samples")
            if not s:
                continue
            counted = "unknown" if s["counted"] is None else str(s["counted"])
            lines += ["%s, %s: %d samples of %s every %d (counted %s)"
                      % (t["target"], b["name"], s["samples"], s["event"], s["period"], counted),
                      "", "```"]
            top = max([h["count"] for h in s["hist"]] + [1])
            for h in s["hist"]:
                bar = "#" * max(1, round(HIST_BAR * h["count"] / top))
                lines.append("%-28s %8d  %s" % (_bucket_label(b["name"], h["where"]),
                                                h["count"], bar))
            lines += ["```", ""]
    return lines


def to_markdown(report):
    """Targets, then values per iteration (median, range when not exact), then notes."""
    lines = ["# barebench results", ""] + _targets_table(report) + [""]
    lines += ["Conditions of each run (cycles per TSC tick over a calibration loop, before "
              "and after the suite):", ""] + _conditions_table(report) + [""]
    provenance = _provenance_table(report)
    if provenance:
        lines += ["Where the numbers came from (microcode, firmware, SMBIOS names):", ""] \
            + provenance + [""]
    hosted = _hosted_table(report)
    if hosted:
        lines += ["Hosted runs (a Linux process on the machine at hand): what the host gave them:",
                  ""] + hosted + [""]
    lines += ["Values per iteration: median over the repetitions, (min..max) when they differ.",
              ""] + _results_table(report)
    cycles = _calibrated_table(report)
    if cycles:
        lines += ["", "Cycles per iteration of the results in TSC ticks, %s (the mean of the "
                  "calibrations before and after the suite), median:" % results.CALIBRATED,
                  ""] + cycles
    sampled = _samples_section(report)
    if sampled:
        lines += ["", "Samples (sample=EVENT:PERIOD): where the overflow interrupts came, by "
                  "offset in each benchmark's body:", ""] + sampled[:-1]
    notes = _notes(report)
    if notes:
        lines += ["", "Skipped, faulted, not modelled and errors:", ""] + notes
    return "\n".join(lines) + "\n"
