"""`barebench report --junit`: the JUnit XML, read back by a parser that is
not ours (Debian's python3-junitparser), has a test case per result (named
bench.event, median and unit first in its output), per skip (skipped), per
fault (failure) and the boot's verdict."""

import os
import sys

import synth
from common import Skip, real_log, records, tool, write_temp
from bblib import junit, results

# Benchmarks that give a result, a fault (test-only, chosen by name) and
# skips (no SSE2 on a Pentium III; RDPMC faults under QEMU).
APPEND = "bench=nop+add_throughput+fault_ud+sse2_paddd+cost_rdpmc"


def _junitparser():
    try:
        import junitparser
    except ImportError:
        # Debian's package lives with Debian's Python; it is pure Python.
        sys.path.append("/usr/lib/python3/dist-packages")
        try:
            import junitparser
        except ImportError:
            raise Skip("python3-junitparser is not installed (make deps)")
    return junitparser


def _read(*logs):
    out = write_temp("", "junit.xml")
    code, _, err = tool("report", *logs, "--junit", out)
    assert code in (0, 2), "report --junit exited %d: %s" % (code, err)
    return code, _junitparser().JUnitXml.fromfile(out)


def _kind(case):
    kinds = {type(r).__name__ for r in case.result}
    return "skip" if "Skipped" in kinds else "fail" if "Failure" in kinds else \
        "error" if "Error" in kinds else "pass"


def test_a_case_per_result_skip_fault_and_the_verdict():
    text = real_log("pentium3", APPEND)
    code, xml = _read(write_temp(text, "qemu-pentium3-junit.log"))
    assert code == 0, "the run passed, report exits 0"
    suites = list(xml)
    assert [s.name for s in suites] == ["qemu-pentium3-junit"], [s.name for s in suites]
    got = [(c.name, _kind(c)) for c in suites[0]]
    run = records.check_log(text)[0]
    want = []
    for bench in [r.fields["name"] for r in run.of_type("bench")] + \
            [r.fields["bench"] for r in run.of_type("skip")]:
        want += [("%s.%s" % (bench, r.fields["event"]), "pass")
                 for r in run.of_type("result") if r.fields["bench"] == bench]
        want += [(bench, "skip") for r in run.of_type("skip") if r.fields["bench"] == bench]
        want += [(bench, "fail") for r in run.of_type("fault") if r.fields["bench"] == bench]
    want.append((junit.VERDICT, "pass"))
    assert sorted(got) == sorted(want), "cases %s, records say %s" % (got, want)
    assert {"skip", "fail", "pass"} <= {k for _, k in got}, got
    s = suites[0]
    assert (s.tests, s.failures, s.skipped) == (len(want), sum(k == "fail" for _, k in want),
                                              sum(k == "skip" for _, k in want)), \
        (s.tests, s.failures, s.skipped)


def test_measurement_and_reasons_match_the_records():
    text = real_log("pentium3", APPEND)
    _, xml = _read(write_temp(text, "qemu-pentium3-junit.log"))
    cases = {c.name: c for c in list(xml)[0]}
    run = records.check_log(text)[0]
    for r in run.of_type("result"):
        case = cases["%s.%s" % (r.fields["bench"], r.fields["event"])]
        assert case.system_out.startswith("median %s %s;" % (r.fields["median"], r.fields["unit"])), \
            case.system_out
    for r in run.of_type("skip"):
        assert [x.message for x in cases[r.fields["bench"]].result] == [r.fields["reason"]]
    for r in run.of_type("fault"):
        assert cases[r.fields["bench"]].result[0].message.startswith(r.fields["mnemonic"])


def test_a_failed_run_fails_its_verdict_case():
    # No emulator run ends with status fail after its boot record: synthetic.
    code, xml = _read(write_temp(synth.failed_run_log(), "hw-fail.log"))
    assert code == 2, "report exits 2 on a failed run"
    cases = {c.name: _kind(c) for c in list(xml)[0]}
    assert cases == {"nop.TSC": "pass", "error.0": "error", junit.VERDICT: "fail"}, cases


def test_one_suite_per_boot():
    logs = [write_temp(real_log("pentium3", APPEND), "a.log"),
            write_temp(synth.failed_run_log(), "b.log")]
    _, xml = _read(*logs)
    names = [s.name for s in xml]
    assert names == ["a", "b"], names
    rep = results.load(logs)
    assert [len(list(s)) for s in xml] == [len(junit.cases(t)) for t in rep["targets"]]
