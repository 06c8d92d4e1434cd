"""`barebench report` on real kernel logs: CSV, JSON and Markdown agree with
the records, and a damaged log is refused with nothing written."""

import csv
import io
import json
import os

import damage
import synth
from common import REAL_CPUS, real_log, real_log_file, records, tool, write_temp
from bblib import report, results


def _result_records(text):
    return [r for run in records.check_log(text) for r in run.of_type("result")]


def _report_files(prefix, *logs):
    code, _, err = tool("report", *logs, "-o", prefix)
    assert code in (0, 2), "report exited %d: %s" % (code, err)
    out = {}
    for kind in ("md", "csv", "json", "svg"):
        with open("%s.%s" % (prefix, kind), encoding="utf-8") as f:
            out[kind] = f.read()
    return out


def test_csv_one_row_per_target_bench_event():
    logs = [real_log_file(cpu) for cpu in REAL_CPUS]
    out = _report_files(logs[0][:-4] + "-csv", *logs)
    rows = [r for r in csv.DictReader(io.StringIO(out["csv"])) if r["status"] == "ok"]
    expected = []
    for cpu, log in zip(REAL_CPUS, logs):
        name = os.path.basename(log)[:-4]
        expected += [(name, r.fields["bench"], r.fields["event"], r.fields["pass"],
                      r.fields["median"], r.fields["min"]) for r in _result_records(real_log(cpu))]
    got = [(r["target"], r["bench"], r["event"], r["pass"], r["median"], r["min"]) for r in rows]
    assert got == expected, "CSV rows differ from the result records (%d vs %d rows)" % (
        len(got), len(expected))
    assert tuple(csv.DictReader(io.StringIO(out["csv"])).fieldnames) == report.CSV_COLUMNS


def test_json_reloads_to_the_same_report():
    log = real_log_file()
    out = _report_files(log[:-4] + "-json", log)
    data = json.loads(out["json"])
    assert data == results.load([log]), "JSON differs from the report built from the log"
    path = write_temp(out["json"], "reloaded.json")
    assert results.load([path]) == data, "a JSON report does not load back unchanged"


def test_markdown_has_a_row_per_bench_event():
    log = real_log_file()
    out = _report_files(log[:-4] + "-md", log)
    keys = results.keyed_results(results.load([log])["targets"][0])
    table = [l for l in out["md"].splitlines() if l.startswith("| ")]
    for bench, event in keys:
        assert any(l.startswith("| %s | %s | " % (bench, event)) for l in table), \
            "no Markdown row for %s/%s" % (bench, event)


def test_terminal_capture_reports_like_the_clean_log():
    clean = results.load([real_log_file(name="board.log")])
    captured = write_temp(damage.as_terminal_capture(real_log()), "board.log")
    assert results.load([captured]) == clean, "terminal capture gives a different report"


def test_damaged_log_refused_and_nothing_written():
    text, line = damage.flip_byte(real_log(), 3, len("@BB,") + 2)
    bad = write_temp(text, "damaged.log")
    prefix = bad[:-4] + "-out"
    code, _, err = tool("report", real_log_file(), bad, "-o", prefix)
    assert code == 1, "exit status %d for a damaged log" % code
    assert "%s:%d: CRC mismatch" % (bad, line) in err, "message does not name the line: " + err
    assert not os.path.exists(prefix + ".md"), "a report was written from a damaged log"


def test_skip_fault_and_error_rows():
    # The real default suite neither faults nor errs, and repeats exactly under
    # icount: synthetic records.
    lines = synth.records(status="fail")
    seq = len(lines) - 1
    lines[-1] = records.make_record(seq, "error", "pmu", "counter did not advance")
    lines.append(records.make_record(seq + 1, "end", seq + 1, "fail"))
    path = write_temp(synth.log(lines), "synthetic.log")
    code, out, _ = tool("report", path, "--csv", "-")
    assert code == 2, "status fail must exit 2, got %d" % code
    notes = {(r["bench"], r["status"]): r["note"] for r in csv.DictReader(io.StringIO(out))}
    assert notes.get(("sse_add", "skip")) == "CPUID reports no SSE", notes
    assert notes.get(("rdpmc", "fault"), "").startswith("#UD (vector 6)"), notes
    md = report.to_markdown(results.load([path]))
    assert "| rdpmc |  |  | #UD |" in md and "error in pmu: counter did not advance" in md, md
    assert "| nop | TSC | 1 | 1.00 (1.00..1.50) |" in md, "spread not shown: " + md


def test_check_verdicts():
    good = real_log_file()
    text, line = damage.duplicate(real_log(), 2)
    bad = write_temp(text, "duplicated.log")
    code, out, _ = tool("check", good, bad)
    assert code == 1, "check exited %d with a damaged log" % code
    assert "%s: sound, " % good in out, out
    assert "%s: refused: %s:%d: duplicated record" % (bad, bad, line) in out, out
    code, out, _ = tool("check", good)
    assert code in (0, 2) and out.count("\n") == 1, out
