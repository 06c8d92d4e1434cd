"""The report data model: checked runs become targets with benchmarks and results.

A report is plain JSON-able data, so `report` writes it, and `compare` and
`plot` read either that JSON or logs (checked the same way):

  {"format": "barebench-report", "version": 1, "targets": [target, ...]}
  target: {"target", "log", "vendor", "family", "model", "stepping", "brand", "pmu",
           "counting", "serialize", "environment", "cmdline", "status", "records",
           "conditions": {key: {"value", "detail"}} (empty for format version 1 logs),
           "provenance": {name: value} for records.PROVENANCE (the boot record's from
                         format version 6, the `cond` records' in version 5, {} before),
           "ticks_per_cycle": a hosted run's calibration (the mean of the
                              ticks_per_cycle_before/_after conditions it has) or null,
           "benches": [bench, ...], "errors": [{"where", "message"}, ...]}
  bench:  {"name", "expected", "description", "passes": [{"pass", "events"}],
           "results": [result, ...], "skip": reason or null, "fault": {...} or null,
           "disturbed": [{"pass", "redone", "kept", "why"}]: the passes whose repetitions
                         something disturbed (format version 5), how many were measured
                         again, how many kept disturbed, and what ("smi 1"),
           "samples": null, or (sample=EVENT:PERIOD, format version 3)
                      {"event", "period", "samples", "counted" (null: unknown),
                       "hist": [{"where": "0x3" | "0xff+" | "reads" | "outside", "count"}]}}
  result: {"event", "encoding", "counter", "pass", "unit", "reps", "unroll",
           "min", "median", "mean", "max", "trimmed_mean",
           "cycles_calibrated": null, or for a result in ticks of a run with a
                                ticks_per_cycle: its median / ticks_per_cycle (CALIBRATED),
           "unmodelled": null, or why the values are no measurement (format version 4:
                         an event QEMU's TCG counting model does not count),
           "erratum": null, or the name of a known erratum that makes the result suspect
                      (format version 5: an E-core's far-transfer overcount in a ring-3
                      window, ...),
           "raw": the value of each repetition in the order measured (format version 5,
                  raw=1): only where the log has them, in a report written with --raw}

Values per iteration are numbers with at most two decimals, as the kernel printed them:
in memory an int or a Decimal (never a float), in JSON that decimal text, exactly.
"""

import json
import os
from decimal import Context, Decimal

from . import records

REPORT_FORMAT = "barebench-report"
REPORT_VERSION = 1


def _number(text):
    """"12.00" -> 12, "-0.50" -> Decimal("-0.50"): exact, however many digits."""
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else value


# What a calibrated figure is, said wherever one is shown.
CALIBRATED = "calibrated: TSC ticks / ticks per cycle of an ADD chain"
_CENT = Decimal("0.01")


def ticks_per_cycle(conditions):
    """A run's TSC ticks per core cycle: the mean of the ticks_per_cycle_before
    and _after calibrations (a dependent ADD chain, latency 1) it has, or None
    when it has neither (not a hosted run, or NetBurst's "-")."""
    got = [Decimal(conditions[k]["value"]) for k in records.TICKS_PER_CYCLE
           if conditions.get(k, {}).get("value", "-") != "-"]
    return sum(got) / len(got) if got else None


def per_cycle_of(target):
    """A target's ticks per cycle; a JSON report written before the field
    existed has it derived from its conditions."""
    if "ticks_per_cycle" in target:
        return target["ticks_per_cycle"]
    return ticks_per_cycle(target.get("conditions", {}))


def calibrated(per_cycle, result, value):
    """value (a statistic of result) in calibrated cycles, two decimals, or
    None when the result is not in TSC ticks or there is no calibration."""
    if per_cycle is None or result["unit"] != "ticks":
        return None
    value = Decimal(value)
    # Digits enough for any value the kernel prints (records are not bounded).
    exact = Context(prec=len(str(value)) + 20)
    return exact.divide(value, Decimal(per_cycle)).quantize(_CENT, context=exact)


def _bench(benches, name):
    if name not in benches:
        benches[name] = {"name": name, "expected": None, "description": "", "passes": [],
                         "results": [], "skip": None, "fault": None, "samples": None,
                         "disturbed": []}
    return benches[name]


def target_of(run, name, log):
    """The report entry of one checked run, named `name`."""
    boot = run.boot
    target = {"target": name, "log": log}
    for key in ("vendor", "family", "model", "stepping", "brand", "pmu", "serialize",
                "environment", "cmdline"):
        target[key] = boot[key]
    target["counting"] = boot["counting"] == "1"
    target["status"] = run.status
    target["records"] = run.sequenced
    benches, errors, conditions = {}, [], {}
    for rec in run.records:
        f = rec.fields
        if rec.type == "cond":
            conditions[f["key"]] = {"value": f["value"], "detail": f["detail"]}
        elif rec.type == "bench":
            b = _bench(benches, f["name"])
            b["expected"] = None if f["expected"] == "-" else _number(f["expected"])
            b["description"] = f["description"]
        elif rec.type == "pass":
            _bench(benches, f["bench"])["passes"].append(
                {"pass": int(f["pass"]), "events": f["events"].split("+")})
        elif rec.type == "result":
            result = {k: f[k] for k in ("event", "encoding", "counter", "unit")}
            for k in ("pass", "reps", "unroll"):
                result[k] = int(f[k])
            for k in records.STATS:
                result[k] = _number(f[k])
            result["unmodelled"] = None
            result["erratum"] = None
            _bench(benches, f["bench"])["results"].append(result)
        elif rec.type == "raw":  # right after its result (records.check_log)
            result = _bench(benches, f["bench"])["results"][-1]
            result["raw"] = result.get("raw", []) + [_number(v) for v in f["values"].split(" ")]
        elif rec.type in ("unmodelled", "erratum"):  # after its result (records.check_log)
            for result in reversed(_bench(benches, f["bench"])["results"]):
                if result["event"] == f["event"]:
                    result[rec.type] = f["reason" if rec.type == "unmodelled" else "name"]
                    break
        elif rec.type == "disturbed":
            _bench(benches, f["bench"])["disturbed"].append(
                {"pass": int(f["pass"]), "redone": int(f["redone"]), "kept": int(f["kept"]),
                 "why": f["why"]})
        elif rec.type == "skip":
            _bench(benches, f["bench"])["skip"] = f["reason"]
        elif rec.type == "fault":
            _bench(benches, f["bench"])["fault"] = {
                "vector": int(f["vector"]), "mnemonic": f["mnemonic"],
                "error_code": f["error_code"], "eip": f["eip"]}
        elif rec.type == "samples":
            _bench(benches, f["bench"])["samples"] = {
                "event": f["event"], "period": int(f["period"]), "samples": int(f["samples"]),
                "counted": None if f["counted"] == "-" else int(f["counted"]), "hist": []}
        elif rec.type == "hist":  # after its samples record (records.check_log)
            _bench(benches, f["bench"])["samples"]["hist"].append(
                {"where": f["where"], "count": int(f["count"])})
        elif rec.type == "error":
            errors.append({"where": f["where"], "message": f["message"]})
    if int(boot["version"]) >= 6:
        target["provenance"] = {k: boot[k] for k in records.PROVENANCE}
    else:
        target["provenance"] = {k: conditions.pop(k)["value"] for k in records.PROVENANCE
                                if k in conditions}
    target["conditions"] = conditions
    per_cycle = ticks_per_cycle(conditions)
    target["ticks_per_cycle"] = per_cycle
    for b in benches.values():
        for r in b["results"]:
            r["cycles_calibrated"] = calibrated(per_cycle, r, r["median"])
    target["benches"] = list(benches.values())
    target["errors"] = errors
    return target


def _targets_of_log(path):
    """Checks a log (LogError if unsound) and names each run after the file;
    a capture with several boots gives name, name#2, ..."""
    try:
        runs = records.read_log(path)
    except OSError as e:
        raise records.LogError(["%s: cannot read: %s" % (path, e.strerror)])
    stem = os.path.splitext(os.path.basename(path))[0]
    return [target_of(run, stem if n == 0 else "%s#%d" % (stem, n + 1), path)
            for n, run in enumerate(runs)]


def without_raw(report):
    """The report without the raw values (what `report` writes without --raw)."""
    for t in report["targets"]:
        for b in t["benches"]:
            for r in b["results"]:
                r.pop("raw", None)
    return report


def raw_rows(report):
    """One row per repetition of every result with raw values, in the order measured."""
    for t in report["targets"]:
        for b in t["benches"]:
            for r in b["results"]:
                for n, value in enumerate(r.get("raw") or (), 1):
                    yield {"target": t["target"], "bench": b["name"], "event": r["event"],
                           "counter": r["counter"], "pass": r["pass"], "unit": r["unit"],
                           "unroll": r["unroll"], "rep": n, "value": value}


def lacking_raw(report):
    """(target, bench, event) of each result without raw values."""
    return [(t["target"], b["name"], r["event"]) for t in report["targets"]
            for b in t["benches"] for r in b["results"] if not r.get("raw")]


def _unique_names(targets):
    """Same file names from different folders must stay apart in tables."""
    seen = {}
    for t in targets:
        base = t["target"]
        seen[base] = seen.get(base, 0) + 1
        if seen[base] > 1:
            t["target"] = "%s(%d)" % (base, seen[base])
    return targets


def make_report(targets):
    return {"format": REPORT_FORMAT, "version": REPORT_VERSION, "targets": targets}


def load(paths):
    """A report from JSON reports and/or logs, in the order given. Every log
    is checked; LogError lists the problems of all unsound ones."""
    targets, problems = [], []
    for path in paths:
        try:
            report = _try_json(path)
            targets += report["targets"] if report else _targets_of_log(path)
        except records.LogError as e:
            problems += e.problems
    if problems:
        raise records.LogError(problems)
    return make_report(_unique_names(targets))


def _try_json(path):
    """The report in a JSON file, or None when the file is not JSON (a log)."""
    try:
        f = open(path, "rb")
    except OSError as e:
        raise records.LogError(["%s: cannot read: %s" % (path, e.strerror)])
    with f:
        head = f.read(1).strip()
        if head not in (b"{", b""):
            return None
        f.seek(0)
        try:
            # Decimal: the values stay the kernel's decimal text, exactly.
            data = json.loads(f.read().decode("utf-8"), parse_float=Decimal)
        except (ValueError, UnicodeDecodeError):
            return None
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT:
        raise records.LogError(["%s: JSON but not a barebench report" % path])
    if data.get("version") != REPORT_VERSION:
        raise records.LogError(["%s: report version %r, this tool reads %d"
                                % (path, data.get("version"), REPORT_VERSION)])
    problem = _shape_problem(data, "report", "the report")
    if problem:
        raise records.LogError(["%s: JSON report: %s" % (path, problem)])
    return data


# What the tools read of each part of a JSON report (the module's docstring):
# its keys, and which keys hold a list of parts or one part (null: none).
_KEYS = {"report": ("targets",),
         "target": ("target", "log", "vendor", "family", "model", "stepping", "brand", "pmu",
                    "counting", "serialize", "environment", "cmdline", "status", "records",
                    "benches", "errors"),
         "bench": ("name", "expected", "description", "passes", "results", "skip", "fault"),
         "result": ("event", "encoding", "counter", "pass", "unit", "reps", "unroll")
         + records.STATS,
         "fault": ("vector", "mnemonic", "error_code", "eip"),
         "samples": ("event", "period", "samples", "counted", "hist"),
         "hist": ("where", "count"),
         "error": ("where", "message")}
# The values the tools compute with or print as numbers; these two may be null.
_NUMBERS = {"target": ("records",), "bench": ("expected",),
            "result": ("pass", "reps", "unroll") + records.STATS, "fault": ("vector",),
            "samples": ("period", "samples", "counted"), "hist": ("count",)}
_NULLABLE = ("expected", "counted")
_LISTS = {"targets": "target", "benches": "bench", "results": "result", "hist": "hist",
          "errors": "error"}
_ONE = {"fault": "fault", "samples": "samples"}


def _shape_problem(part, kind, where):
    """The first thing a part of a JSON report lacks that the tools read, or None."""
    if not isinstance(part, dict):
        return "%s is not an object" % where
    missing = [k for k in _KEYS[kind] if k not in part]
    if missing:
        return "%s has no %s" % (where, ", ".join(missing))
    for k in _NUMBERS.get(kind, ()):
        value = part[k]
        if value is None and k in _NULLABLE:
            continue
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            return "%s: %s %r is not a number" % (where, k, value)
    raw = part.get("raw") if kind == "result" else None
    if "raw" in part and kind == "result" and (not isinstance(raw, list) or not all(
            isinstance(v, (int, Decimal)) and not isinstance(v, bool) for v in raw)):
        return "%s: raw is not a list of numbers" % where
    for key, value in part.items():
        if key in _LISTS and not isinstance(value, list):
            return "%s: %s is not a list" % (where, key)
        inner = value if key in _LISTS else [value] if key in _ONE and value is not None else []
        for n, item in enumerate(inner, 1):
            kind_in = _LISTS.get(key) or _ONE[key]
            problem = _shape_problem(item, kind_in, "%s, %s %d" % (where, kind_in, n))
            if problem:
                return problem
    return None


def rows(report):
    """Flat rows, one per target x benchmark x event; skipped and faulted
    benchmarks get one row with an empty event so they are not lost."""
    for t in report["targets"]:
        for b in t["benches"]:
            base = {"target": t["target"], "environment": t["environment"], "vendor": t["vendor"],
                    "family": t["family"], "model": t["model"], "stepping": t["stepping"],
                    "pmu": t["pmu"], "bench": b["name"], "expected": b["expected"]}
            if b["results"]:
                for r in b["results"]:
                    yield dict(base, status="unmodelled" if r.get("unmodelled") else "ok",
                               note=r.get("unmodelled") or "", **r)
            if b["skip"] is not None:
                yield dict(base, status="skip", note=b["skip"])
            if b["fault"] is not None:
                f = b["fault"]
                yield dict(base, status="fault",
                           note="%s (vector %d) error %s at eip %s"
                           % (f["mnemonic"], f["vector"], f["error_code"], f["eip"]))


def keyed_results(target):
    """{(bench, event label): result} in log order. An event measured more
    than once in a benchmark is labelled "event/pass N", and "event/COUNTER"
    when it is twice in one pass, so that no result hides another."""
    out = {}
    for b in target["benches"]:
        counts, per_pass = {}, {}
        for r in b["results"]:
            counts[r["event"]] = counts.get(r["event"], 0) + 1
            key = (r["event"], r["pass"])
            per_pass[key] = per_pass.get(key, 0) + 1
        for r in b["results"]:
            label = r["event"]
            if per_pass[(label, r["pass"])] > 1:
                label = "%s/%s" % (label, r["counter"])
            elif counts[label] > 1:
                label = "%s/pass %d" % (label, r["pass"])
            out[(b["name"], label)] = r
    return out


def fixed2(value):
    """Formats a value the way the kernel prints it: exactly two decimals."""
    return format(Decimal(value), ".2f")


def expected_text(value):
    """An expected instruction count as the bench record gave it ("" for none)."""
    if value is None:
        return ""
    return str(value) if isinstance(value, int) else fixed2(value)


def absence(target, bench):
    """Why a target has no result for bench: its fault's mnemonic, "skip", or None."""
    for b in target["benches"]:
        if b["name"] == bench:
            if b["fault"] is not None:
                return b["fault"]["mnemonic"]
            if b["skip"] is not None:
                return "skip"
    return None
