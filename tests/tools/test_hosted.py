"""Hosted runs (make HOSTED=1: the program as a Linux process on this
machine): `barebench run --hosted` runs the program and checks its log as a
boot's; the records checker takes the hosted conditions; `report` gives each
result in TSC ticks a calibrated cycles figure in every format, and none
without a calibration; `compare` reads hosted logs. The program is a stand-in
(synth.stand_in) printing a synthetic hosted log: these tests check the
tools, never a timing."""

import csv
import io
import json
import os
import shutil
import tempfile
from decimal import Decimal

import synth
from common import expect_refused, records, tool, write_temp
from bblib import compare, outputs, results


def _run_hosted(*args, status="pass", hang=False):
    """tools/barebench run --hosted with a stand-in program; returns (exit
    status, stdout, stderr, the log's text or None)."""
    work = tempfile.mkdtemp(prefix="bb-hosted-")
    try:
        program = synth.stand_in(os.path.join(work, "barebench"), status, hang)
        out = os.path.join(work, "runs")
        code, stdout, err = tool("run", "--hosted", "--program", program, "-o", out, *args)
        log = os.path.join(out, "hosted.log")
        text = open(log, encoding="latin-1").read() if os.path.exists(log) else None
        return code, stdout, err, text
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_hosted_run_passes_the_options_and_checks_the_log():
    code, out, err, log = _run_hosted("--append", "bench=add_latency reps=5")
    assert code == 0, "exit %d: %s%s" % (code, out, err)
    assert "1 targets, 1 ok, 0 failed" in out, out
    run = records.check_log(log)[0]
    assert run.boot["environment"] == records.HOSTED, run.boot
    # The options arrive as the program's arguments, one a word.
    assert run.boot["cmdline"] == "bench=add_latency reps=5", run.boot["cmdline"]


def test_hosted_run_that_fails_is_failed():
    code, out, err, log = _run_hosted(status="fail")
    assert code == 1 and "0 ok, 1 failed: hosted" in out, out + err
    assert "kernel reported failure" in out and "exit status 1" in out, out
    assert records.check_log(log)[0].status == "fail"


def test_hosted_run_that_never_ends_is_stopped():
    code, out, err, _ = _run_hosted("--timeout", "1", hang=True)
    assert code == 1 and "timed out" in out, out + err


def test_hosted_refuses_emulator_options():
    for option in (("--qemu", "pentium3"), ("--bochs", "p3_katmai"), ("--icount",)):
        code, _, err, log = _run_hosted(*option)
        assert code != 0 and log is None, (option, err)
        assert "--hosted runs the program on this machine" in err and option[0] in err, err


def test_hosted_payload_says_built_in():
    code, _, err, log = _run_hosted("--payload", "my.asm")
    assert code != 0 and log is None, err
    assert "payloads built in" in err and "make run HOSTED=1 PAYLOAD=my.asm" in err, err


def test_missing_hosted_program_says_how_to_build_it():
    code, _, err = tool("run", "--hosted", "--program", "/nonexistent/barebench")
    assert code != 0 and "/nonexistent/barebench not found (make HOSTED=1)" in err, err


def test_hosted_conditions_accepted_and_checked():
    run = records.check_log(synth.hosted_log())[0]
    cond = {r.fields["key"]: r.fields["value"] for r in run.of_type("cond")}
    for key in ("hosted_kernel", "hosted_cpu", "hosted_sched", "hosted_pages", "hosted_counters",
                "redone") + records.TICKS_PER_CYCLE:
        assert key in cond, (key, cond)
    records.check_log(synth.hosted_log(before="-", after="-"))  # NetBurst: not measured
    # The line of the ticks_per_cycle_before record: after the banner, seq 7.
    expect_refused(synth.hosted_log(before="fast"), "ticks_per_cycle_before 'fast' is neither",
                   9)
    expect_refused(synth.hosted_log(before="0.00"), "is neither a positive decimal", 9)
    text = synth.hosted_log(redone="many")
    expect_refused(text, "redone 'many' is not a number", text.split("\n").index(
        next(l for l in text.split("\n") if ",redone," in l)) + 1)


def _calibrated_of(text, name="h.log"):
    """{bench: cycles_calibrated} as report's JSON gives them, and the target."""
    code, out, err = tool("report", write_temp(text, name), "--json", "-")
    assert code == 0, err
    target = json.loads(out, parse_float=Decimal)["targets"][0]
    return {b["name"]: r["cycles_calibrated"] for b in target["benches"]
            for r in b["results"]}, target


def test_calibrated_cycles_are_ticks_over_the_mean_calibration():
    text = synth.hosted_log(before="0.60", after="0.64", scale="0.62")
    got, target = _calibrated_of(text)
    assert target["ticks_per_cycle"] == Decimal("0.62"), target["ticks_per_cycle"]
    for run in records.check_log(text):
        for r in run.of_type("result"):
            want = (Decimal(r.fields["median"]) / Decimal("0.62")).quantize(Decimal("0.01"))
            assert got[r.fields["bench"]] == want, (r.fields["bench"], got, want)
    # One calibration present: that one.
    got, target = _calibrated_of(synth.hosted_log(before="-", after="0.50", scale="0.50"))
    assert target["ticks_per_cycle"] == Decimal("0.50") and got["imul_latency"] == 3, got


def test_netburst_gets_no_calibrated_figure():
    text = synth.hosted_log(before="-", after="-")
    got, target = _calibrated_of(text)
    assert target["ticks_per_cycle"] is None and set(got.values()) == {None}, got
    code, md, err = tool("report", write_temp(text, "p4.log"))
    assert code == 0 and results.CALIBRATED not in md, md


def test_every_report_format_marks_the_calibrated_figure():
    path = write_temp(synth.hosted_log(), "zen5.log")
    written = {}
    for f in outputs.FORMATS:
        code, text, err = tool("report", path, "--" + f.kind, "-")
        assert code == 0, (f.kind, err)
        written[f.kind] = text
    assert results.CALIBRATED in written["md"], written["md"]
    row = next(l for l in written["md"].splitlines() if l.startswith("| imul_latency | TSC | 3.00"))
    rows = list(csv.DictReader(io.StringIO(written["csv"])))
    assert {r["bench"]: r["cycles_calibrated"] for r in rows}["imul_latency"] == "3.00", rows
    assert '"cycles_calibrated": 3.00' in written["json"], written["json"]
    assert "cycles_calibrated 3.00 (%s)" % results.CALIBRATED in written["junit"]
    assert "(3.00 cyc)" in written["svg"] and results.CALIBRATED in written["svg"]
    # Every format the report writes was looked at above.
    assert set(written) == {"md", "csv", "json", "svg", "junit"} and row, set(written)


def test_report_shows_what_the_host_gave():
    code, md, err = tool("report", write_temp(synth.hosted_log(), "host.log"))
    assert code == 0, err
    row = "| host | 6.18.44 | 1 | other | 2M-thp | tsc | 0.61 | 0.63 | 3 |"
    assert row in md, md


def test_compare_reads_hosted_logs_and_ignores_noise():
    a = results.load([write_temp(synth.hosted_log(redone=0, after="0.62"), "a.log")])
    b = results.load([write_temp(synth.hosted_log(redone=7, after="0.63"), "b.log")])
    # Windows redone and a ticks-per-cycle within the tolerance are no
    # different conditions; a calibration 40% apart is.
    assert compare.condition_warnings(a, b) == [], compare.condition_warnings(a, b)
    c = results.load([write_temp(synth.hosted_log(), "c.log")])
    code, out, err = tool("compare", write_temp(synth.hosted_log(), "c.log"),
                          write_temp(synth.hosted_log(after="0.90"), "d.log"))
    assert code == 0 and "ticks_per_cycle_after is 0.63 in A, 0.90 in B" in err, err
    diffs, _, _ = compare.differences(a, c)
    assert {d.bench for d in diffs} >= {"add_latency", "chase_l2"}, diffs
