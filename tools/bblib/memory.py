"""The memory hierarchy as a curve (docs/memory.md): a run of the pointer
chase and the two bandwidth payloads over a sweep of working sets
(sweep=wss:...), read into latency (cycles per load) and bandwidth (bytes
per cycle) against size; the knees where latency climbs; the caches CPUID
reports beside them; a chart.

A knee is a working set after which latency rises by KNEE_RATIO or more to
the next point of the sweep, where that rise is larger than the ones on
either side and lasts: every later point stays that much above it (at least
two of them), so that one slow point of a noisy machine is not a knee. It
is the largest size still served at the faster level. A cache of CPUID's
matches a knee within a factor of two: with a sweep of 1.41 a step, a
cache's edge blurred by its associativity, by what else it holds and by the
TLB's reach falls within a step or two of the cache's size.
"""

import math
import re
from decimal import Decimal

from . import results, svg

CHASE, READ, WRITE = "chase", "bw_read", "bw_write"
BYTES_PER_TURN = 256  # bench/x86/payloads/bandwidth.asm: four lines a turn
KNEE_RATIO = 1.3
_POINT = re.compile(r"^(\w+)/wss=(\d+)$")


def sweep_spec(max_bytes, factor):
    """The sweep= of a curve from 1 KiB to max_bytes."""
    return "wss:1..%d*%s" % (max(2, max_bytes >> 10), factor)


def caches_of(target):
    """{name: bytes} and the source, from the run's `caches` condition."""
    cond = target.get("conditions", {}).get("caches")
    if not cond or cond["value"] in ("", "-"):
        return {}, cond["detail"] if cond else "the run has no caches condition"
    out = {}
    for item in cond["value"].split(";"):
        name, _, size = item.partition("=")
        if size.isdigit():
            out[name] = int(size)
    return out, cond["detail"]


def last_level(caches):
    """The largest cache's size in bytes, or None."""
    return max(caches.values()) if caches else None


def _cycles(result, per_cycle):
    """Cycles per iteration of a result: a cycle event as it is, TSC ticks
    over the run's calibration."""
    if result["unit"] != "ticks":
        return Decimal(result["median"])
    return Decimal(result["median"]) / Decimal(per_cycle) if per_cycle else None


def curve(target):
    """[(bytes, latency cycles, read bytes/cycle, write bytes/cycle)] by size;
    None where a point was not measured."""
    per_cycle = results.per_cycle_of(target)
    points = {}
    for b in target["benches"]:
        m = _POINT.match(b["name"])
        if not m or m.group(1) not in (CHASE, READ, WRITE) or not b["results"]:
            continue
        cycle = next((r for r in b["results"] if "cycle" in r["event"].lower() and
                      r["unit"] != "ticks"), None) or next(
            (r for r in b["results"] if r["unit"] == "ticks"), None)
        value = _cycles(cycle, per_cycle) if cycle else None
        if value is None or value <= 0:
            continue
        size = int(m.group(2)) << 10
        row = points.setdefault(size, {})
        row[m.group(1)] = float(value if m.group(1) == CHASE else BYTES_PER_TURN / value)
    return [(size, row.get(CHASE), row.get(READ), row.get(WRITE))
            for size, row in sorted(points.items())]


def knees(points):
    """[(knee bytes, next bytes, ratio)] of the latency curve."""
    lat = [(s, v) for s, v, _, _ in points if v]
    rises = [(lat[i][0], lat[i + 1][0], lat[i + 1][1] / lat[i][1]) for i in range(len(lat) - 1)]
    out = []
    for i, (size, nxt, ratio) in enumerate(rises):
        before = rises[i - 1][2] if i else 0
        after = rises[i + 1][2] if i + 1 < len(rises) else 0
        later = [v for _, v in lat[i + 1:]]
        lasts = len(later) >= 2 and min(later) >= lat[i][1] * KNEE_RATIO
        if ratio >= KNEE_RATIO and ratio >= before and ratio >= after and lasts:
            out.append((size, nxt, ratio))
    return out


def agreement(found, caches):
    """Each data or unified cache of CPUID with the nearest knee within a
    factor of two of its size (and that factor), or None."""
    rows = []
    for name, size in sorted(caches.items(), key=lambda kv: kv[1]):
        if name.endswith("i"):
            continue  # an instruction cache holds no pointer chase
        near = sorted(found, key=lambda k: abs(math.log2(k[0] / size)))
        match = near[0] if near and abs(math.log2(near[0][0] / size)) <= 1 else None
        rows.append({"cache": name, "bytes": size,
                     "knee": match[0] if match else None,
                     "next": match[1] if match else None,
                     "knee_over_cache": round(match[0] / size, 2) if match else None})
    return rows


def size_text(n):
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d %s" % (n >> shift, unit)
    return "%.1f KiB" % (n / 1024) if n >= 1024 else "%d B" % n


# --- the chart: two panels over a log2 size axis ------------------------------

W, H, LEFT, RIGHT, PANEL, GAP = 960, 640, 80, 30, 250, 60


def _x(size, lo, hi):
    return LEFT + (math.log2(size) - lo) / max(1e-9, hi - lo) * (W - LEFT - RIGHT)


def _panel(points, index, label, top, lo, hi, caches, found, log_y):
    values = [p[index] for p in points if p[index]]
    if not values:
        return [svg.text(LEFT, top + 20, "%s: not measured" % label)]
    vmax = max(values)
    vmin = min(values)
    if log_y:
        ylo, yhi = math.floor(math.log2(max(vmin, 0.1))), math.ceil(math.log2(vmax))
        yhi = max(yhi, ylo + 1)
        ticks = [2.0 ** e for e in range(ylo, yhi + 1)]

        def y(v):
            return top + PANEL - (math.log2(v) - ylo) / (yhi - ylo) * PANEL
    else:
        yhi = vmax * 1.1
        ticks = [yhi * i / 4 for i in range(5)]

        def y(v):
            return top + PANEL - v / yhi * PANEL
    out = [svg.text(LEFT, top - 8, label, extra=' font-weight="bold"')]
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>'
               % (LEFT, top, W - LEFT - RIGHT, PANEL))
    for t in ticks:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>'
                   % (LEFT, W - RIGHT, y(t), y(t)))
        out.append(svg.text(LEFT - 6, y(t) + 4, "%g" % round(t, 2), "end", ' fill="#555"'))
    for name, size in caches.items():
        if lo <= math.log2(size) <= hi:
            x = _x(size, lo, hi)
            out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#999" '
                       'stroke-dasharray="4 3"/>' % (x, x, top, top + PANEL))
            out.append(svg.text(x + 3, top + 12, "%s %s" % (name, size_text(size)),
                                extra=' fill="#555"', size=10))
    series = [(index, svg.COLOURS[0], label)] if index == 1 else \
        [(2, svg.COLOURS[0], "read"), (3, svg.COLOURS[1], "write")]
    for col, colour, name in series:
        pts = [(_x(p[0], lo, hi), y(p[col])) for p in points if p[col]]
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                   % (colour, " ".join("%.1f,%.1f" % xy for xy in pts)))
        for xy in pts:
            out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>' % (xy[0], xy[1], colour))
        if index != 1:
            out.append(svg.text(W - RIGHT - 60, top + 16 + 14 * (col - 2), name,
                                extra=' fill="%s"' % colour))
    if index == 1:
        for size, _, _ in found:
            v = next(p[1] for p in points if p[0] == size)
            out.append('<circle cx="%.1f" cy="%.1f" r="6" fill="none" stroke="%s" '
                       'stroke-width="2"/>' % (_x(size, lo, hi), y(v), svg.COLOURS[3]))
    return out


def chart(points, caches, found, title):
    sizes = [p[0] for p in points]
    lo, hi = math.log2(min(sizes)), math.log2(max(sizes))
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           % (W, H, W, H), '<rect width="100%" height="100%" fill="white"/>',
           svg.text(LEFT, 24, title, size=14, extra=' font-weight="bold"')]
    out += _panel(points, 1, "latency, cycles per load (pointer chase; circles: knees)", 60, lo,
                  hi, caches, found, True)
    out += _panel(points, 2, "bandwidth, bytes per cycle (16-byte loads and stores)",
                  60 + PANEL + GAP, lo, hi, caches, found, False)
    axis_y = 60 + 2 * PANEL + GAP + 18
    e = math.ceil(lo)
    while e <= hi:
        x = _x(2 ** e, lo, hi)
        out.append(svg.text(x, axis_y, size_text(2 ** e), "middle", ' fill="#555"', size=10))
        e += 2
    out.append(svg.text(W / 2, axis_y + 20, "working set", "middle"))
    out.append("</svg>")
    return "\n".join(out) + "\n"
