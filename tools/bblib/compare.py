"""Per-benchmark, per-event differences between two reports.

Targets pair up by name; when each side holds exactly one target they pair
whatever their names (the usual "before / after" or "machine A / machine B").

Where both sides kept every repetition (raw=1), each difference gets a 95 %
confidence interval: a percentile bootstrap (Efron and Tibshirani, "An
Introduction to the Bootstrap", 1993, ch. 13) of the metric's difference,
B* - A*, over RESAMPLES resamples of each side's repetitions drawn with
replacement. A bootstrap needs no assumption about the shape of the noise
(timings are skewed by interrupts), and gives an interval in the metric's own
units, which a rank test such as Mann-Whitney does not. The resampling is
seeded by the pair, so a comparison prints the same interval every time.
"""

import random
import zlib
from decimal import Context, Decimal

from . import records, report, results


# Enough digits that a difference of two values is never rounded.
EXACT = Context(prec=1000)
RESAMPLES = 2000
LEVEL = 0.95


def metric_of(values, metric):
    """A statistic of a list of numbers as the kernel computes it (bench/stats.c)."""
    v = sorted(values)
    n = len(v)
    if metric == "min":
        return v[0]
    if metric == "max":
        return v[-1]
    if metric == "median":
        return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
    cut = n // 5 if metric == "trimmed_mean" else 0
    kept = v[cut:n - cut]
    return sum(kept) / len(kept)


def bootstrap_interval(a, b, metric, seed):
    """The LEVEL percentile-bootstrap interval of metric(B) - metric(A), floats."""
    rng = random.Random(seed)
    a, b = [float(x) for x in a], [float(x) for x in b]
    diffs = sorted(metric_of(rng.choices(b, k=len(b)), metric)
                   - metric_of(rng.choices(a, k=len(a)), metric) for _ in range(RESAMPLES))
    cut = round((1 - LEVEL) / 2 * RESAMPLES)  # resamples below the interval, and above it
    return diffs[cut], diffs[RESAMPLES - 1 - cut]


class Difference:
    """One (target pair, bench, event) line: values a and b, None if absent,
    with why_a/why_b saying why ("skip", "#UD", "-"); unmodelled says which
    side's value is no measurement (an emulator's model does not count it)."""

    def __init__(self, target, bench, event, a, b, why_a="-", why_b="-", unmodelled=(False, False),
                 interval=None):
        self.target, self.bench, self.event, self.a, self.b = target, bench, event, a, b
        self.why_a, self.why_b = why_a, why_b
        self.unmodelled = unmodelled
        # (low, high) of B - A (bootstrap_interval), or None without raw values
        self.interval = interval

    @property
    def significant(self):
        """Whether the interval excludes zero; None without an interval."""
        if self.interval is None:
            return None
        return self.interval[0] > 0 or self.interval[1] < 0

    @property
    def delta(self):
        if self.a is None or self.b is None:
            return None
        return EXACT.subtract(Decimal(self.b), Decimal(self.a))

    @property
    def percent(self):
        """Change relative to a, in percent; inf when a is 0 and b is not."""
        delta = self.delta
        if delta is None:
            return None
        if self.a == 0:
            return 0.0 if delta == 0 else float("inf")
        return float(delta / abs(Decimal(self.a)) * 100)

    def exceeds(self, threshold):
        """Worth failing a CI job for: beyond threshold % (and, with raw values,
        significant), or present on one side only."""
        pct = self.percent
        return pct is None or (abs(pct) > threshold and self.significant is not False)


def pair_targets(a, b):
    """Returns ([(label, target a, target b)], unmatched names of a, of b)."""
    ta, tb = a["targets"], b["targets"]
    if len(ta) == 1 and len(tb) == 1:
        names = (ta[0]["target"], tb[0]["target"])
        label = names[0] if names[0] == names[1] else "%s vs %s" % names
        return [(label, ta[0], tb[0])], [], []
    by_name = {t["target"]: t for t in tb}
    pairs = [(t["target"], t, by_name[t["target"]]) for t in ta if t["target"] in by_name]
    names_a = {t["target"] for t in ta}
    return (pairs, [t["target"] for t in ta if t["target"] not in by_name],
            [t["target"] for t in tb if t["target"] not in names_a])


def differences(a, b, metric="median"):
    """Differences in `metric` (min, median, mean, max, trimmed_mean)."""
    pairs, only_a, only_b = pair_targets(a, b)
    out = []
    for label, ta, tb in pairs:
        ka, kb = results.keyed_results(ta), results.keyed_results(tb)
        keys = list(ka) + [k for k in kb if k not in ka]
        for key in keys:
            va = ka[key][metric] if key in ka else None
            vb = kb[key][metric] if key in kb else None
            raw_a, raw_b = (k.get(key, {}).get("raw") for k in (ka, kb))
            interval = (bootstrap_interval(raw_a, raw_b, metric,
                                           zlib.crc32(repr((label,) + key).encode()))
                        if raw_a and raw_b else None)
            out.append(Difference(label, key[0], key[1], va, vb,
                                  results.absence(ta, key[0]) or "-",
                                  results.absence(tb, key[0]) or "-",
                                  tuple(bool(k.get(key, {}).get("unmodelled")) for k in (ka, kb)),
                                  interval))
    return out, only_a, only_b


# Cycles per TSC tick that moved by more than this fraction between two runs
# measured at different clock rates (frequency scaling, turbo).
RATIO_TOLERANCE = Decimal("0.05")
# Conditions that are clock ratios, measured each run: they differ only beyond
# the tolerance.
RATIOS = ("cycles_per_tsc_before", "cycles_per_tsc_after") + records.TICKS_PER_CYCLE
# What happened during a run rather than what it ran under (a hosted run's
# windows measured again), and how the provenance was read (its values are
# compared themselves): no warning when it differs.
RUN_COUNTS = ("redone",) + records.PROVENANCE_SOURCES


def _ratio_differs(a, b):
    if "-" in (a, b):
        return a != b
    a, b = Decimal(a), Decimal(b)
    return abs(b - a) > RATIO_TOLERANCE * max(abs(a), abs(b))


def condition_warnings(a, b):
    """One sentence per condition that differs between paired targets: their
    numbers were measured under different conditions."""
    pairs, _, _ = pair_targets(a, b)
    out = []
    for label, ta, tb in pairs:
        ca, cb = ta.get("conditions", {}), tb.get("conditions", {})
        if not ca or not cb:
            if ca or cb:
                out.append("%s: the conditions are recorded in %s only (a format version 1 log "
                           "on the other side)" % (label, "A" if ca else "B"))
            continue
        for key in list(ca) + [k for k in cb if k not in ca]:
            if key in RUN_COUNTS:
                continue
            va = ca.get(key, {}).get("value", "absent")
            vb = cb.get(key, {}).get("value", "absent")
            differs = (_ratio_differs(va, vb) if key in RATIOS
                       and "absent" not in (va, vb) else va != vb)
            if differs:
                out.append("%s: measured under different conditions: %s is %s in A, %s in B"
                           % (label, key, va, vb))
        pa, pb = ta.get("provenance", {}), tb.get("provenance", {})
        for key in records.PROVENANCE:
            if pa and pb and pa.get(key, "-") != pb.get(key, "-"):
                out.append("%s: measured under different conditions: %s is %s in A, %s in B"
                           % (label, key, pa.get(key, "-"), pb.get(key, "-")))
    return out


def _fmt_percent(pct):
    if pct is None:
        return "-"
    if pct == float("inf"):
        return "from 0"
    if pct == 0:
        return "0%"
    # Small changes keep two decimals: 4100 -> 4099 is -0.02%, not -0.0%.
    return ("%+.1f%%" if abs(pct) >= 1 else "%+.2f%%") % pct


def to_markdown(diffs, only_a, only_b, names, metric, threshold=None, warnings=()):
    """A table of every difference; rows beyond the threshold are marked '!';
    `warnings` (condition_warnings) come first."""
    intervals = any(d.interval is not None for d in diffs)
    header = ["target", "bench", "event", "A", "B", "B-A", "change"]
    if intervals:
        header += ["%d%% interval of B-A" % (LEVEL * 100), "significant"]
    if threshold is not None:
        header.append(">%g%%" % threshold)
    rows = []
    for d in diffs:
        cells = [d.target, d.bench, d.event] + [
            why if value is None else results.fixed2(value) + (" (not modelled)" if mark else "")
            for value, why, mark in ((d.a, d.why_a, d.unmodelled[0]),
                                     (d.b, d.why_b, d.unmodelled[1]))] + [
            "-" if d.delta is None else format(d.delta, "+.2f"), _fmt_percent(d.percent)]
        if intervals:
            cells += ["-", "-"] if d.interval is None else [
                "%+.2f .. %+.2f" % d.interval, "yes" if d.significant else "no"]
        if threshold is not None:
            cells.append("!" if d.exceeds(threshold) else "")
        rows.append(cells)
    lines = ["# barebench comparison: %s (A) vs %s (B), %s per iteration" % (names + (metric,)),
             ""]
    if intervals:
        lines += ["Intervals: %d%% percentile bootstrap of the %s's difference, %d resamples of "
                  "each side's repetitions (raw records); a change is significant when its "
                  "interval excludes 0%s." % (LEVEL * 100, metric, RESAMPLES,
                                              " and, for '!', it passes the threshold"
                                              if threshold is not None else ""), ""]
    if warnings:
        lines += ["Warning: %s." % w for w in warnings] + [""]
    lines += report.markdown_table(header, rows)
    unmatched = ["Target %s is only in %s." % (name, side)
                 for side, names_only in (("A", only_a), ("B", only_b)) for name in names_only]
    if unmatched:
        lines += [""] + unmatched
    return "\n".join(lines) + "\n"
