"""Raw repetitions (boot option raw=1, record format 5): the raw records after
each result, how the tools check them, `report --raw`, a log without them (what
the QR pages carry), and the bootstrap intervals `compare` draws from them."""

import csv
import io
import json
import random
import re

from common import expect_refused, real_log, refused, tool, write_temp
from bblib import compare, records, results
from bblib.records import make_record

# 40 repetitions: three raw records per result (16 values each at most).
APPEND = "raw=1 reps=40"
RECORD = re.compile(r"@BB,(\d+),(\w+),([^*]*)\*")


def _raw_log():
    return real_log(append=APPEND)


def _cents(text):
    return int(round(float(text) * 100))


def _results_and_raw(log):
    """{seq: result fields} and {seq: [value text, ...]} read straight off the
    log; a raw record repeats the sequence number of its result."""
    found, raw = {}, {}
    for m in RECORD.finditer(log):
        seq, fields = int(m.group(1)), m.group(3).split(",")
        if m.group(2) == "result":
            found[seq] = dict(zip(records.FIELD_NAMES["result"], fields))
        elif m.group(2) == "raw":
            values = raw.setdefault(seq, [])
            assert int(fields[2]) == len(values), "raw records out of order: %s" % m.group(0)
            assert (fields[0], fields[1]) == (found[seq]["bench"], found[seq]["event"]), \
                "a raw record names another result than its sequence number: %s" % m.group(0)
            values += fields[3].split(" ")
    return found, raw


def _by_result(found, raw):
    """{(bench, event, pass, counter): raw values}: one key per result."""
    return {tuple(found[seq][k] for k in ("bench", "event", "pass", "counter")): values
            for seq, values in raw.items()}


def _div_round(num, den):
    """bench/stats.c's rounding: to nearest, halves away from zero."""
    return (num + den // 2) // den if num >= 0 else -((-num + den // 2) // den)


def _kernel_stats(cents):
    """min, median, mean, max and trimmed mean as bench/stats.c computes them."""
    v, n = sorted(cents), len(cents)
    median = v[n // 2] if n % 2 else _div_round(v[n // 2 - 1] + v[n // 2], 2)
    cut = n // 5
    return (v[0], median, _div_round(sum(v), n), v[-1],
            _div_round(sum(v[cut:n - cut]), n - 2 * cut))


def test_raw_values_are_the_repetitions_the_aggregates_summarise():
    found, raw = _results_and_raw(_raw_log())
    assert found and set(raw) == set(found), \
        "results without raw records with %s: %s" % (APPEND, sorted(set(found) - set(raw)))
    for seq, r in found.items():
        values = raw[seq]
        assert len(values) == int(r["reps"]) == 40, \
            "%s, %s: %d raw values for %s repetitions" % (r["bench"], r["event"], len(values),
                                                          r["reps"])
        assert _kernel_stats([_cents(v) for v in values]) == tuple(
            _cents(r[k]) for k in records.STATS), \
            "%s, %s: the raw values do not give the result's statistics" % (r["bench"], r["event"])
    count = sum(1 for m in RECORD.finditer(_raw_log()) if m.group(2) == "raw")
    assert count == 3 * len(found), "%d raw records for %d results" % (count, len(found))


def test_report_raw_round_trips():
    log = write_temp(_raw_log(), "raw.log")
    raw = _by_result(*_results_and_raw(_raw_log()))
    code, out, err = tool("report", log, "--raw", "--csv", "-")
    assert code == 0, "report --raw exited %d: %s" % (code, err)
    got = {}
    for row in csv.DictReader(io.StringIO(out)):
        values = got.setdefault(tuple(row[k] for k in ("bench", "event", "pass", "counter")), [])
        assert int(row["rep"]) == len(values) + 1, "repetitions out of order: %s" % row
        values.append(row["value"])
    assert got == raw, "report --raw's CSV differs from the raw records"

    code, out, err = tool("report", log, "--raw", "--json", "-")
    data = json.loads(out)
    listed = {(b["name"], r["event"], str(r["pass"]), r["counter"]):
              [results.fixed2(v) for v in r["raw"]]
              for b in data["targets"][0]["benches"] for r in b["results"]}
    assert listed == raw, "report --raw's JSON differs from the raw records"
    again = write_temp(out, "raw.json")
    code, out_again, err = tool("report", again, "--raw", "--csv", "-")
    assert code == 0 and out_again == tool("report", log, "--raw", "--csv", "-")[1], \
        "the CSV from report --raw's JSON differs from the one from the log: %s" % err

    code, out, err = tool("report", log, "--json", "-")
    assert '"raw":' not in out, "report without --raw wrote the raw values"


def test_a_log_without_raw_records_is_sound():
    """The QR pages leave the raw records out: since they take no sequence
    number, what remains is a sound log with the same aggregates."""
    log = _raw_log()
    kept = "\n".join(line for line in log.split("\n") if ",raw," not in line)
    with_raw, without = (results.make_report([results.target_of(run, "t", "-")
                                              for run in records.check_log(text)])
                         for text in (log, kept))
    for report in (with_raw, without):
        results.without_raw(report)
    assert with_raw == without, "dropping the raw records changed the aggregates"
    code, _, err = tool("report", write_temp(kept, "kept.log"), "--raw", "--csv", "-")
    assert code == 0 and "have no raw values" in err, \
        "report --raw said nothing of the missing raw values: %s" % err


def test_a_lost_raw_record_is_refused():
    log = _raw_log()
    found, raw = _results_and_raw(log)
    seq = min(raw)
    r = found[seq]
    lines = log.split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith("@BB,%d,raw," % seq)]
    assert len(at) == 3, at
    middle = "\n".join(lines[:at[1]] + lines[at[1] + 1:])
    problems = refused(middle)
    assert "log:%d: raw record of %s, %s starts at repetition 32, expected 16 (a raw record lost "\
        "or repeated)" % (at[2], r["bench"], r["event"]) in problems, problems
    assert "log:%d: result of %s, %s has 24 raw values for 40 repetitions" % (
        at[0], r["bench"], r["event"]) in problems, problems
    last = "\n".join(lines[:at[2]] + lines[at[2] + 1:])
    expect_refused(last, "has 32 raw values for 40 repetitions", at[0])
    # The first raw record moved after the next record: not where it belongs.
    after = next(i for i in range(at[2] + 1, len(lines)) if lines[i].startswith("@BB,")) + 1
    moved = "\n".join(lines[:at[0]] + lines[at[0] + 1:after] + [lines[at[0]]] + lines[after:])
    assert any("not right after a result record" in p for p in refused(moved)), refused(moved)


def _log(values, version=5):
    """One synthetic run of one benchmark on one event with these repetitions."""
    cents = [_cents(v) for v in values]
    stats = ["%.2f" % (s / 100) for s in _kernel_stats(cents)]
    body = [("boot", version, "GenuineIntel", 6, 94, 3, "Skylake", "arch", 1, "lfence", "hw",
             "raw=1"),
            ("bench", "add", "1", "ADD chain"),
            ("pass", "add", 0, "UNHALTED_CORE_CYCLES"),
            ("result", "add", "UNHALTED_CORE_CYCLES", "r3c", "FIXED1", 0, "events",
             len(values), 100, *stats)]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    for first in range(0, len(values), 16):
        lines.append(make_record(len(body) - 1, "raw", "add", "UNHALTED_CORE_CYCLES", first,
                                 " ".join("%.2f" % v for v in values[first:first + 16])))
    lines.append(make_record(len(body), "end", len(body), "pass"))
    return "\n".join(lines) + "\n"


def test_raw_records_need_format_5():
    log = _log([1.0, 2.0, 3.0], version=4)
    expect_refused(log, "raw record in a format version 4 run", 5)


def _draw(seed, n, mean, sd, factor=1.0):
    rng = random.Random(seed)
    return [round(rng.gauss(mean, sd) * factor, 2) for _ in range(n)]


def test_compare_calls_a_planted_shift_significant():
    a = write_temp(_log(_draw(1, 41, 100, 2)), "before.log")
    b = write_temp(_log(_draw(2, 41, 100, 2, factor=1.03)), "after.log")
    diffs, _, _ = compare.differences(*(results.load([p]) for p in (a, b)))
    assert len(diffs) == 1 and diffs[0].significant and diffs[0].percent > 1, \
        [(d.percent, d.interval) for d in diffs]
    code, out, _ = tool("compare", a, b, "--threshold", "1")
    assert code == 1 and "| yes | ! |" in out, "a planted 3%% shift passed:\n%s" % out


def test_compare_calls_noise_not_significant():
    a = write_temp(_log(_draw(1, 31, 100, 6)), "noisy-a.log")
    code, out, _ = tool("compare", a, a, "--threshold", "0")
    assert code == 0 and "| no |  |" in out, "a run against itself was flagged:\n%s" % out
    # A second draw of the same noise: its median moved by more than 1 %, but
    # the interval holds 0, so it is not called a change.
    b = write_temp(_log(_draw(2, 31, 100, 6)), "noisy-b.log")
    diffs, _, _ = compare.differences(*(results.load([p]) for p in (a, b)))
    assert abs(diffs[0].percent) > 1 and diffs[0].significant is False, \
        (diffs[0].percent, diffs[0].interval)
    code, out, _ = tool("compare", a, b, "--threshold", "1")
    assert code == 0 and "| no |  |" in out, "noise was called a change:\n%s" % out


def test_compare_without_raw_values_works_as_before():
    a = write_temp(_log(_draw(1, 31, 100, 6)), "noisy-a.log")
    b = write_temp(_log(_draw(2, 31, 100, 6)), "noisy-b.log")
    plain = [write_temp(tool("report", p, "--json", "-")[1], "plain-%d.json" % n)
             for n, p in enumerate((a, b))]
    code, out, _ = tool("compare", *plain, "--threshold", "1")
    assert code == 1 and "interval" not in out and "| ! |" in out, out
