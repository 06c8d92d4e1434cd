"""`barebench report` on real kernel logs: CSV, JSON and Markdown agree with
the records, and a damaged log is refused with nothing written."""

import csv
import io
import json
import os
import re

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


def test_skip_and_fault_rows():
    # The kernel's test-only payloads fault; a Pentium III has no SSE2.
    text = real_log("pentium3", "bench=nop,fault_ud,fault_gp,sse2_paddd")
    path = write_temp(text, "faults.log")
    code, out, err = tool("report", path, "--csv", "-")
    assert code == 0, "report exited %d: %s" % (code, err)
    notes = {(r["bench"], r["status"]): r["note"] for r in csv.DictReader(io.StringIO(out))}
    assert "SSE2" in notes.get(("sse2_paddd", "skip"), ""), notes
    assert notes.get(("fault_ud", "fault"), "").startswith("#UD (vector 6) error 0x0 at eip"), notes
    assert notes.get(("fault_gp", "fault"), "").startswith("#GP (vector 13)"), notes
    md = report.to_markdown(results.load([path]))
    assert re.search(r"^\| fault_ud \|  \| \d* \| #UD \|$", md, re.M), md
    assert re.search(r"^\| sse2_paddd \|  \| \d* \| skip \|$", md, re.M), md
    assert "- faults: fault_gp raised #GP (vector 13, error 0x" in md, md


def test_error_records_spread_and_failed_status():
    # What the kernel does not print on an emulator: an error record, a run
    # that fails, repetitions that disagree. Synthetic records.
    path = write_temp(synth.failed_run_log(), "synthetic.log")
    code, out, _ = tool("report", path, "--md", "-")
    assert code == 2, "status fail must exit 2, got %d" % code
    assert "error in pmu: counter did not advance" in out, out
    assert "| nop | TSC | 1 | 1.00 (1.00..1.50) |" in out, "spread not shown: " + out
    assert "| synthetic | hw | Pentium III | 6/7/3 | tsc | no | cpuid | fail |" in out, out


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


def test_check_and_report_show_error_records():
    # An error record says the run did not do what was asked: a verdict that
    # left it out would pass for a clean run.
    path = write_temp(synth.failed_run_log(), "erring.log")
    code, out, _ = tool("check", path)
    assert "%s: sound, 6 records, " % path in out and ", 1 error record(s)" in out, out
    assert "%s: error in pmu: counter did not advance" % path in out, out
    code, _, err = tool("report", path, "--md", os.devnull)
    assert "1 with error records: erring" in err, err


def test_event_in_two_passes_keeps_both():
    path = write_temp(synth.multi_pass_log(), "p6-box.log")
    rep = results.load([path])
    keys = list(results.keyed_results(rep["targets"][0]))
    assert keys == [("nop", "TSC/pass 0"), ("nop", "INST_RETIRED"), ("nop", "CPU_CLK_UNHALTED"),
                    ("nop", "TSC/pass 1"), ("nop", "BR_INST_RETIRED")], keys
    assert rep["targets"][0]["benches"][0]["passes"][1] == {
        "pass": 1, "events": ["TSC", "BR_INST_RETIRED"]}, rep["targets"][0]["benches"][0]
    md = report.to_markdown(rep)
    assert "| nop | TSC/pass 0 | 1 | 1.10 |" in md and "| nop | TSC/pass 1 | 1 | 1.20 |" in md, md
    rows = list(csv.DictReader(io.StringIO(report.to_csv(rep))))
    tsc = [(r["pass"], r["median"]) for r in rows if r["event"] == "TSC"]
    assert tsc == [("0", "1.10"), ("1", "1.20")], tsc


def test_event_twice_in_one_pass_keeps_both():
    path = write_temp(synth.same_event_twice_log(), "skl-box.log")
    rep = results.load([path])
    keyed = results.keyed_results(rep["targets"][0])
    assert list(keyed) == [("nop", "UNHALTED_CORE_CYCLES/FIXED1"),
                           ("nop", "UNHALTED_CORE_CYCLES/PMC0")], list(keyed)
    assert [r["median"] for r in keyed.values()] == [0.25, 0.26], keyed
