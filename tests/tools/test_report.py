"""`barebench report` on real kernel logs: CSV, JSON and Markdown agree with
the records, and a damaged log is refused with nothing written."""

import csv
import io
import json
import os
import re
from decimal import Decimal

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
    data = json.loads(out["json"], parse_float=Decimal)
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
    assert [r["median"] for r in keyed.values()] == [Decimal("0.25"), Decimal("0.26")], keyed


def test_values_stay_exact():
    # A float keeps 17 digits, Decimal's default context 28: the kernel's
    # decimal text must come out of every output as it went in.
    values = ("1234567890123456.78", "123456789012345678901234567.00")
    log = write_temp(synth.big_values_log(values), "big.log")
    out = _report_files(log[:-4] + "-exact", log)
    for value in values:
        for kind in ("md", "csv", "json", "svg"):
            assert value in out[kind] or value[:-3] in out[kind], "%s not in the %s" % (value, kind)
        assert ">%s</text>" % value in out["svg"], "%s not printed in the chart" % value
    reloaded = write_temp(out["json"], "big.json")
    assert results.load([reloaded]) == results.load([log]), "the JSON report lost digits"
    code, said, err = tool("compare", log, reloaded, "--threshold", "0")
    assert code == 0 and said.count("| +0.00 | 0% |") == len(values), said + err
    code, said, err = tool("plot", reloaded)
    assert code == 0 and values[0] in said, err


def test_json_report_lacking_or_mistyping_values_refused():
    # A report edited by hand or by another program: refused with where,
    # not a KeyError or a decimal.InvalidOperation.
    log = write_temp(synth.failed_run_log(), "for-json.log")
    code, out, _ = tool("report", log, "--json", "-")

    def bench(r):
        return r["targets"][0]["benches"][0]
    for change, phrase in (
            (lambda r: r["targets"][0].pop("benches"), "target 1 has no benches"),
            (lambda r: bench(r)["results"][0].pop("median"), "result 1 has no median"),
            (lambda r: bench(r)["results"][0].update(median="fast"),
             "median 'fast' is not a number"),
            (lambda r: bench(r).update(expected="many"), "expected 'many' is not a number"),
            (lambda r: r["targets"][0].update(benches={}), "benches is not a list")):
        broken = json.loads(out)
        change(broken)
        path = write_temp(json.dumps(broken), "broken.json")
        code, said, err = tool("report", path)
        assert code == 1 and said == "" and "%s: JSON report: " % path in err and phrase in err, \
            (phrase, err)
