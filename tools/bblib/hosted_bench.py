"""The table of `make bench-hosted`: a few hosted runs (the program as a Linux
process on this machine) side by side, each payload in TSC ticks and in
calibrated cycles, the run-to-run spread, and beside them the figure
published for the host's microarchitecture (published.py).

The runs are read as `report` reads logs (results.load), so the values are
the records' and the calibrated cycles results.calibrated's.
"""

from decimal import Decimal

from . import published, report, results

# The derived figures, from two payloads' calibrated cycles (or one).
RATIO = ("imul_latency", "add_latency")
CHASES = ("chase_l1", "chase_l2")


def _ticks_result(bench):
    """The first result in TSC ticks of a benchmark, or None."""
    return next((r for r in bench["results"] if r["unit"] == "ticks"), None)


def per_run(rep):
    """{payload: [(ticks, calibrated cycles) or None per run]} in the order
    the payloads ran; None where a run has no result in ticks for it."""
    out = {}
    targets = rep["targets"]
    for n, t in enumerate(targets):
        per_cycle = results.per_cycle_of(t)
        for b in t["benches"]:
            row = out.setdefault(b["name"], [None] * len(targets))
            r = _ticks_result(b)
            if r is not None:
                row[n] = (r["median"], results.calibrated(per_cycle, r, r["median"]))
    return out


def spread(values):
    """The run-to-run spread of some values: (max - min) and that in percent
    of their median, as text; "-" for fewer than two."""
    values = sorted(Decimal(v) for v in values if v is not None)
    if len(values) < 2:
        return "-"
    width = values[-1] - values[0]
    middle = values[len(values) // 2] if len(values) % 2 else (
        values[len(values) // 2 - 1] + values[len(values) // 2]) / 2
    pct = "" if middle == 0 else " (%.1f%%)" % (width / abs(middle) * 100)
    return results.fixed2(width) + pct


def _cells(values):
    return " / ".join("-" if v is None else results.fixed2(v) for v in values)


class _Sources:
    """Footnote numbers for the sources cited, in order of first use."""

    def __init__(self):
        self.cited = []

    def mark(self, fig):
        if fig is None:
            return "-"
        if fig.source not in self.cited:
            self.cited.append(fig.source)
        return "%s [%d]" % (fig.figure, self.cited.index(fig.source) + 1)

    def lines(self):
        return ["[%d] %s" % (n, s) for n, s in enumerate(self.cited, 1)]


def signature(target):
    return target["vendor"], target["family"], target["model"]


def table(rep):
    """The benchmark's text (Markdown) for the runs of rep."""
    targets = rep["targets"]
    first = targets[0]
    uarch = published.lookup(*signature(first))
    runs = per_run(rep)
    sources = _Sources()
    cond = first.get("conditions", {})
    lines = ["# barebench hosted benchmark", "",
             "CPU: %s (%s family %s model %s stepping %s)" % (
                 first["brand"], first["vendor"], first["family"], first["model"],
                 first["stepping"]),
             "Microarchitecture: %s" % (uarch.name if uarch else published.NONE)]
    if uarch and uarch.note:
        lines.append("Note: %s." % uarch.note)
    others = sorted({signature(t) for t in targets} - {signature(first)})
    if others:
        lines.append("Warning: the runs are of different CPUs: %s" % "; ".join(
            " ".join(map(str, s)) for s in others))
    lines += ["Host: %s" % ", ".join("%s %s" % (k[len("hosted_"):] if k.startswith("hosted_")
                                                 else k, cond.get(k, {}).get("value", "-"))
                                     for k in report.HOST_GAVE),
              "Runs: %d (%s); ticks per cycle: %s; windows redone: %s" % (
                  len(targets), ", ".join(t["target"] for t in targets),
                  _cells(results.per_cycle_of(t) for t in targets),
                  " / ".join(t.get("conditions", {}).get("redone", {}).get("value", "-")
                             for t in targets)),
              "",
              "Per iteration, the median of each run (run 1 / run 2 / ...); cycles are %s "
              "(the mean of the calibrations before and after each run's suite)." %
              results.CALIBRATED, ""]
    rows = []
    for name, values in runs.items():
        ticks = [v[0] if v else None for v in values]
        cycles = [v[1] if v else None for v in values]
        if all(v is None for v in values):
            why = {results.absence(t, name) or "-" for t in targets}
            rows.append([name, "/".join(sorted(why)), "-", "-", "-",
                         sources.mark(published.figure(uarch, name))])
            continue
        rows.append([name, _cells(ticks), spread(ticks), _cells(cycles), spread(cycles),
                     sources.mark(published.figure(uarch, name))])
    lines += report.markdown_table(("payload", "ticks", "spread", "cycles (calibrated)",
                                    "spread", "published (cycles)"), rows)
    lines += ["", "Key figures:", ""] + report.markdown_table(
        ("figure", "measured (run 1 / run 2 / ...)", "spread", "published"),
        key_figures(runs, uarch, sources))
    if sources.cited:
        lines += ["", "Sources:", ""] + sources.lines()
    return "\n".join(lines) + "\n"


def key_figures(runs, uarch, sources):
    """Rows: the IMUL/ADD latency ratio (ticks over ticks: no calibration
    needed), and chase_l1 and chase_l2 in calibrated cycles."""
    rows = []
    imul, add = (runs.get(name, []) for name in RATIO)
    ratio = [Decimal(i[0]) / Decimal(a[0]) if i and a and a[0] else None
             for i, a in zip(imul, add)]
    fi, fa = (published.figure(uarch, name) for name in RATIO)
    rows.append(["IMUL/ADD latency ratio", _cells(ratio) if ratio else "-", spread(ratio),
                 "%s (%s / %s)" % (results.fixed2(Decimal(fi.figure) / fa.figure),
                                   sources.mark(fi), sources.mark(fa)) if fi and fa else "-"])
    for name in CHASES:
        cycles = [v[1] if v else None for v in runs.get(name, [])]
        rows.append(["%s (cycles, calibrated)" % name, _cells(cycles) if cycles else "-",
                     spread(cycles), sources.mark(published.figure(uarch, name))])
    return rows
