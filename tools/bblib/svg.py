"""A grouped horizontal bar chart as hand-written SVG (no plotting library).

One panel per event; in a panel one group of bars per benchmark, one bar per
target (colour in the legend), the value printed at the bar's end and a
whisker from min to max when repetitions disagreed. Values spanning several
orders of magnitude (an empty payload next to CPUID) get a log axis.
"""

import math
from xml.sax.saxutils import escape

from . import results

# Okabe-Ito (distinguishable with the common colour-vision deficiencies),
# then Paul Tol's muted scheme for larger matrices; repeats after 16 targets.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442",
           "#332288", "#88CCEE", "#117733", "#999933", "#882255", "#44AA99", "#DDCC77", "#AA4499")
WIDTH, LABEL_W, VALUE_W = 960, 230, 110
BAR_H, GROUP_GAP, PANEL_GAP = 13, 9, 36
FONT = 'font-family="sans-serif"'


def events_of(report):
    """Events by how many results they have, most first (ties: first seen)."""
    counts = {}
    for t in report["targets"]:
        for b in t["benches"]:
            for r in b["results"]:
                counts[r["event"]] = counts.get(r["event"], 0) + 1
    return sorted(counts, key=lambda e: -counts[e])


class _Axis:
    """Maps values to x; linear from min(0, lo) or logarithmic over decades."""

    def __init__(self, values, scale, x0, x1):
        values = [float(v) for v in values]  # pixels need no exact decimals
        positive = [v for v in values if v > 0]
        lo, hi = min(values + [0]), max(values + [0])
        if scale == "auto":
            scale = ("log" if positive and lo >= 0 and max(positive) / min(positive) >= 1000
                     else "linear")
        self.log = scale == "log" and bool(positive)
        self.x0, self.x1 = x0, x1
        if self.log:
            # One decade below the smallest value, so that it still shows a bar.
            self.lo = math.ceil(math.log10(min(positive))) - 1
            self.hi = max(self.lo + 1, math.ceil(math.log10(max(positive))))
            self.ticks = [10.0 ** e for e in range(self.lo, self.hi + 1)]
        else:
            step = _nice_step((hi - lo) / 5 if hi > lo else 1)
            self.lo = math.floor(lo / step) * step
            self.hi = max(self.lo + step, math.ceil(hi / step) * step)
            n = int(round((self.hi - self.lo) / step))
            self.ticks = [self.lo + i * step for i in range(n + 1)]

    def x(self, value):
        value = float(value)
        if self.log:
            if value <= 0:
                return self.x0
            frac = (math.log10(value) - self.lo) / (self.hi - self.lo)
        else:
            frac = (value - self.lo) / (self.hi - self.lo)
        return self.x0 + max(0.0, min(1.0, frac)) * (self.x1 - self.x0)

    def base(self):
        return self.x0 if self.log else self.x(0)


def _nice_step(raw):
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * power:
            return m * power
    return 10 * power


def _tick_label(value):
    if value >= 1e6 or (0 < value < 0.01):
        return "%g" % value
    return ("%d" % value) if value == int(value) else ("%.2f" % value).rstrip("0")


def text(x, y, s, anchor="start", extra="", size=11):
    return '<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%d" %s%s>%s</text>' % (
        x, y, anchor, size, FONT, extra, escape(str(s)))


def _panel(report, event, metric, scale, top):
    """SVG elements of one event's panel starting at y=top, and its height."""
    targets = report["targets"]
    keyed = [results.keyed_results(t) for t in targets]
    rows = []
    for k in keyed:
        rows += [key for key, r in k.items() if r["event"] == event and key not in rows]
    values = [k[key][m] for k in keyed for key in rows if key in k for m in (metric, "min", "max")]
    x0, x1 = LABEL_W, WIDTH - VALUE_W
    axis = _Axis(values or [0], scale, x0, x1)
    out = [text(10, top + 14, "%s per iteration (%s%s)" % (event, metric.replace("_", " "),
                                                        ", log scale" if axis.log else ""),
                 extra=' font-weight="bold"')]
    y = top + 26
    per_cycle = [results.per_cycle_of(t) for t in targets]
    if any(results.calibrated(p, k[key], 0) is not None
           for p, k in zip(per_cycle, keyed) for key in rows if key in k):
        out.append(text(10, y + 4, "(N cyc): N cycles, " + results.CALIBRATED,
                         extra=' fill="#555"'))
        y += 16
    group_h = len(targets) * BAR_H + GROUP_GAP
    plot_top, plot_bottom = y, y + len(rows) * group_h
    for tick in axis.ticks:
        tx = axis.x(tick)
        out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>'
                   % (tx, plot_top, tx, plot_bottom))
        out.append(text(tx, plot_bottom + 13, _tick_label(tick), "middle", ' fill="#555"'))
    for key in rows:
        label = key[0] if key[1] == event else "%s (%s)" % (key[0], key[1])
        out.append(text(x0 - 6, y + len(targets) * BAR_H / 2 + 4, label, "end"))
        for n, (t, k) in enumerate(zip(targets, keyed)):
            by = y + n * BAR_H
            if key not in k:
                note = results.absence(t, key[0]) or "no result"
                out.append(text(x0 + 3, by + BAR_H - 3, note, extra=' fill="#888"'))
                continue
            r = k[key]
            xa, xb = sorted((axis.base(), axis.x(r[metric])))
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s">'
                       '<title>%s</title></rect>'
                       % (xa, by + 1, max(xb - xa, 0.5), BAR_H - 2, COLOURS[n % len(COLOURS)],
                          escape("%s %s %s: %s" % (t["target"], key[0], key[1],
                                                   results.fixed2(r[metric])))))
            if r["min"] != r["max"]:
                ym = by + BAR_H / 2
                out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>'
                           % (axis.x(r["min"]), ym, axis.x(r["max"]), ym))
            cycles = results.calibrated(per_cycle[n], r, r[metric])
            out.append(text(max(xb, axis.x(r["max"])) + 4, by + BAR_H - 3,
                             results.fixed2(r[metric]) + ("" if cycles is None else
                                                          " (%s cyc)" % results.fixed2(cycles))))
        y += group_h
    out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>'
               % (axis.base(), plot_top, axis.base(), plot_bottom))
    return out, plot_bottom + 20 - top


def chart(report, events=None, metric="median", scale="auto", title="barebench"):
    """The whole SVG document as a string."""
    targets = report["targets"]
    events = events or events_of(report)[:1]
    body = [text(10, 20, title, extra=' font-weight="bold"', size=15)]
    x, y = 10, 30
    for n, t in enumerate(targets):
        width = 30 + 7 * len(t["target"])
        if x + width > WIDTH and x > 10:
            x, y = 10, y + 18
        body.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>'
                    % (x, y, COLOURS[n % len(COLOURS)]))
        body.append(text(x + 16, y + 10, t["target"]))
        x += width
    y += 26
    for event in events:
        elements, height = _panel(report, event, metric, scale, y)
        body += elements
        y += height + PANEL_GAP
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">\n'
            '<rect width="100%%" height="100%%" fill="white"/>\n%s\n</svg>\n'
            % (WIDTH, y, WIDTH, y, "\n".join(body)))
