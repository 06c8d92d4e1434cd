"""`barebench compare` on reports made from real kernel logs."""

import json

from common import REAL_CPUS, real_log_file, tool, write_temp
from bblib import compare, results


def _report_json(cpu, name):
    path = real_log_file(cpu)
    code, out, err = tool("report", path, "--json", "-")
    assert code in (0, 2), "report exited %d: %s" % (code, err)
    return write_temp(out, name), json.loads(out)


def test_same_report_shows_no_difference():
    path, data = _report_json(REAL_CPUS[0], "same.json")
    code, out, err = tool("compare", path, real_log_file(REAL_CPUS[0]), "--threshold", "0")
    assert code == 0, "exit %d comparing a report with its own log: %s" % (code, err)
    diffs, _, _ = compare.differences(data, data)
    assert diffs and all(d.delta == 0 for d in diffs), "non-zero differences with itself"
    assert out.count("| 0% |") == len(diffs), out


def test_changed_value_is_flagged():
    path, data = _report_json(REAL_CPUS[0], "before.json")
    bench = next(b for b in data["targets"][0]["benches"] if b["results"])
    result = bench["results"][0]
    result["median"] = result["median"] * 2 + 10
    after = write_temp(json.dumps(data), "after.json")
    code, out, _ = tool("compare", path, after, "--threshold", "5")
    assert code == 1, "a doubled median passed a 5% threshold (exit %d)" % code
    flagged = [l for l in out.splitlines() if l.endswith("| ! |")]
    assert len(flagged) == 1 and "| %s | %s |" % (bench["name"], result["event"]) in flagged[0], out


def test_skipped_side_named():
    # A Pentium III has no SSE2, Skylake has: the SSE2 rows say skip on A.
    a, b = (results.load([real_log_file(cpu)]) for cpu in REAL_CPUS)
    diffs, _, _ = compare.differences(a, b)
    one_sided = [d for d in diffs if d.a is None]
    assert one_sided and all(d.why_a == "skip" and d.b is not None for d in one_sided), \
        [(d.bench, d.why_a, d.b) for d in one_sided]
    assert any(d.bench.startswith("sse2") for d in one_sided), [d.bench for d in one_sided]


def test_two_cpu_models():
    a, ra = _report_json(REAL_CPUS[0], "a.json")
    b, rb = _report_json(REAL_CPUS[1], "b.json")
    code, out, err = tool("compare", a, b)
    assert code == 0, "compare without threshold exited %d: %s" % (code, err)
    keys = {key for r in (ra, rb) for key in results.keyed_results(r["targets"][0])}
    rows = [l for l in out.splitlines() if l.startswith("| qemu-")]
    assert len(rows) == len(keys), "%d rows for %d bench/event pairs" % (len(rows), len(keys))
    assert rows[0].startswith("| qemu-%s vs qemu-%s |" % REAL_CPUS), rows[0]


def test_targets_pair_by_name():
    a, ra = _report_json(REAL_CPUS[0], "one.json")
    code, out, _ = tool("report", real_log_file(REAL_CPUS[0]), real_log_file(REAL_CPUS[1]),
                        "--json", "-")
    both = write_temp(out, "both.json")
    code, out, _ = tool("compare", both, a, "--threshold", "0")
    assert code == 1, "a target missing on one side must fail a threshold (exit %d)" % code
    assert "Target qemu-%s is only in A." % REAL_CPUS[1] in out, out
