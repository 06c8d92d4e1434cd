"""The sampler's records (`samples` and `hist`, format version 3): checked
like every record, kept per benchmark in the report's JSON, drawn as a bar
chart per benchmark in its Markdown; refused in an older run, out of order
or malformed."""

import json

import synth
from common import expect_refused, tool, write_temp


def test_json_keeps_the_histogram():
    path = write_temp(synth.samples_log(), "samples.log")
    code, out, err = tool("report", path, "--json", "-")
    assert code == 0, "exit %d: %s" % (code, err)
    bench = json.loads(out)["targets"][0]["benches"][0]
    assert bench["samples"] == {
        "event": "INST_RETIRED:u", "period": 997, "samples": 6, "counted": 6000,
        "hist": [{"where": "0x0", "count": 3}, {"where": "0x3", "count": 2},
                 {"where": "reads", "count": 1}]}, bench["samples"]


def test_markdown_draws_bars():
    path = write_temp(synth.samples_log(), "bars.log")
    code, out, err = tool("report", path)
    assert code == 0, "exit %d: %s" % (code, err)
    assert "bars, add2: 6 samples of INST_RETIRED:u every 997 (counted 6000)" in out, out
    lines = {l.split()[0]: l for l in out.splitlines() if l.startswith(("add2+", "(window"))}
    # The longest bar is 40 characters; the others in proportion.
    assert lines["add2+0x0"].endswith("  3  " + "#" * 40), lines
    assert lines["add2+0x3"].endswith("  2  " + "#" * 27), lines
    assert lines["(window"].endswith("  1  " + "#" * 13), lines


def test_samples_in_version_2_run_refused():
    expect_refused(synth.samples_log(version=2), "samples record in a format version 2 run", 3)


def test_hist_before_samples_refused():
    expect_refused(synth.samples_log(before=True), "hist record of add2 before its samples "
                   "record", 3)


def test_bad_bucket_refused():
    text = synth.samples_log(hist=(("0x0", 3), ("middle", 2)))
    expect_refused(text, "bucket 'middle' is not a body offset (0x..), reads or outside", 5)
