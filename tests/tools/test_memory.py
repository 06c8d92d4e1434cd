"""The memory curve's arithmetic (tools/bblib/memory.py, docs/memory.md):
points read from a sweep's records, knees where latency climbs and stays
up, a noisy point that is no knee, CPUID's caches held against the knees
within a factor of two, and a chart that is SVG."""

import xml.etree.ElementTree as ET

from bblib import memory

KIB = 1 << 10


def _bench(payload, kib, ticks):
    return {"name": "%s/wss=%d" % (payload, kib), "results": [
        {"event": "TSC", "unit": "ticks", "median": "%.2f" % ticks}]}


def _target(latencies, caches="L1d=32768;L1i=32768;L2=262144;L3=8388608"):
    """A run at 2 ticks a cycle: the chase's latency (cycles) per size (KiB),
    the bandwidth payloads at 8 cycles a turn."""
    benches = []
    for kib, cycles in latencies:
        benches += [_bench("chase", kib, 2 * cycles), _bench("bw_read", kib, 16),
                    _bench("bw_write", kib, 16)]
    return {"brand": "test", "vendor": "GenuineIntel", "family": 6, "model": 94,
            "ticks_per_cycle": "2", "benches": benches,
            "conditions": {"caches": {"value": caches, "detail": "CPUID leaf 4"}}}


# Plateaus of 4, 12, 40 and 200 cycles, edges at 32 KiB, 256 KiB and 8 MiB.
STEPS = [(k, 4) for k in (1, 2, 4, 8, 16, 32)] + [(k, 12) for k in (64, 128, 256)] + \
    [(k, 40) for k in (512, 1024, 2048, 4096, 8192)] + [(k, 200) for k in (16384, 32768)]


def test_curve_reads_cycles_and_bytes_per_cycle():
    points = memory.curve(_target(STEPS))
    assert points[0] == (KIB, 4.0, 32.0, 32.0), points[0]
    assert [p[0] for p in points] == [k * KIB for k, _ in STEPS]


def test_knees_at_each_plateau_edge_and_caches_matched():
    points = memory.curve(_target(STEPS))
    found = memory.knees(points)
    assert [k[0] for k in found] == [32 * KIB, 256 * KIB, 8192 * KIB], found
    caches, source = memory.caches_of(_target(STEPS))
    assert source == "CPUID leaf 4" and caches["L3"] == 8 << 20, caches
    rows = {r["cache"]: r for r in memory.agreement(found, caches)}
    assert "L1i" not in rows, "an instruction cache is not held against the chase"
    assert all(rows[c]["knee_over_cache"] == 1.0 for c in ("L1d", "L2", "L3")), rows


def test_one_slow_point_is_no_knee():
    noisy = [(k, 4) for k in (1, 2, 4, 8)] + [(16, 9)] + [(k, 4) for k in (32, 64, 128)]
    assert memory.knees(memory.curve(_target(noisy))) == []


def test_a_cache_far_from_every_knee_is_unmatched():
    rows = memory.agreement([(32 * KIB, 64 * KIB, 3.0)], {"L2": 1 << 20})
    assert rows == [{"cache": "L2", "bytes": 1 << 20, "knee": None, "next": None,
                     "knee_over_cache": None}], rows


def test_no_caches_reported():
    caches, source = memory.caches_of(_target(STEPS, caches="-"))
    assert caches == {} and memory.last_level(caches) is None


def test_sweep_spec_from_one_kib():
    assert memory.sweep_spec(16 << 20, "1.41") == "wss:1..16384*1.41"


def test_chart_is_svg_with_both_panels():
    points = memory.curve(_target(STEPS))
    caches, _ = memory.caches_of(_target(STEPS))
    root = ET.fromstring(memory.chart(points, caches, memory.knees(points), "test"))
    lines = root.findall("{http://www.w3.org/2000/svg}polyline")
    assert len(lines) == 3, "latency, read and write: %d lines" % len(lines)
