"""The `unmodelled` mark (format version 4): a result an emulator's model
cannot give (an event QEMU's TCG counting model does not count) keeps its
mark through report's JSON, CSV and Markdown, so that its 0.00 is never
read as a real zero; refused in an older run or before its result."""

import csv
import io
import json

import synth
from common import expect_refused, tool, write_temp


def test_json_marks_only_that_result():
    path = write_temp(synth.unmodelled_log(), "tcg.log")
    code, out, err = tool("report", path, "--json", "-")
    assert code == 0, "exit %d: %s" % (code, err)
    res = {r["event"]: r for r in json.loads(out)["targets"][0]["benches"][0]["results"]}
    assert res["INST_RETIRED"]["unmodelled"] is None, res["INST_RETIRED"]
    assert res["DATA_MEM_REFS"]["unmodelled"].startswith("not modelled: QEMU TCG"), res


def test_csv_says_unmodelled():
    path = write_temp(synth.unmodelled_log(), "tcg-csv.log")
    code, out, err = tool("report", path, "--csv", "-")
    assert code == 0, "exit %d: %s" % (code, err)
    rows = {r["event"]: r for r in csv.DictReader(io.StringIO(out))}
    assert rows["INST_RETIRED"]["status"] == "ok", rows["INST_RETIRED"]
    assert rows["DATA_MEM_REFS"]["status"] == "unmodelled", rows["DATA_MEM_REFS"]
    assert "QEMU TCG" in rows["DATA_MEM_REFS"]["note"], rows["DATA_MEM_REFS"]


def test_markdown_marks_the_value_and_says_why():
    path = write_temp(synth.unmodelled_log(), "tcg-md.log")
    code, out, err = tool("report", path)
    assert code == 0, "exit %d: %s" % (code, err)
    assert "0.00 (not modelled)" in out, out
    assert "2.00 (not modelled)" not in out, out
    assert "- tcg-md: add2, DATA_MEM_REFS: not modelled: QEMU TCG" in out, out


def test_unmodelled_in_version_3_run_refused():
    expect_refused(synth.unmodelled_log(version=3), "unmodelled record in a format version 3", 6)


def test_unmodelled_before_its_result_refused():
    expect_refused(synth.unmodelled_log(before=True),
                   "unmodelled record of add2, DATA_MEM_REFS before its result record", 5)


def test_compare_keeps_the_mark():
    path = write_temp(synth.unmodelled_log(), "tcg-cmp.log")
    code, out, err = tool("compare", path, path)
    assert code == 0, "exit %d: %s" % (code, err)
    row = [line for line in out.splitlines() if "| DATA_MEM_REFS |" in line]
    assert row and row[0].count("0.00 (not modelled)") == 2, out
    assert "2.00 (not modelled)" not in out, out
