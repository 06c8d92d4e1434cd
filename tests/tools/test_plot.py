"""`barebench plot` on real kernel logs: well-formed SVG, one bar per result."""

import xml.etree.ElementTree as ET

from common import REAL_CPUS, real_log_file, tool
from bblib import results, svg

NS = "{http://www.w3.org/2000/svg}"


def _bars(svg_text):
    root = ET.fromstring(svg_text)
    return [r for r in root.iter(NS + "rect") if r.find(NS + "title") is not None]


def test_one_bar_per_target_and_result():
    logs = [real_log_file(cpu) for cpu in REAL_CPUS]
    code, out, err = tool("plot", *logs)
    assert code == 0, "plot exited %d: %s" % (code, err)
    rep = results.load(logs)
    event = svg.events_of(rep)[0]
    expected = sum(1 for t in rep["targets"] for r in results.keyed_results(t).values()
                   if r["event"] == event)
    bars = _bars(out)
    assert len(bars) == expected, "%d bars for %d results of %s" % (len(bars), expected, event)
    assert all(float(b.get("width")) > 0 for b in bars), "a bar without width"


def test_every_event_panel():
    log = real_log_file()
    rep = results.load([log])
    events = svg.events_of(rep)
    args = ["plot", log, "--scale", "linear"]
    for ev in events:
        args += ["--event", ev]
    code, out, err = tool(*args)
    assert code == 0, err
    titles = [t.text for t in ET.fromstring(out).iter(NS + "text")
              if t.text and "per iteration" in t.text]
    assert len(titles) == len(events), "panels %s for events %s" % (titles, events)


def test_log_axis_for_wide_ranges():
    # Synthetic values: the axis choice depends only on the spread of values.
    axis = svg._Axis([0.0, 1.0, 5000.0], "auto", 0, 100)
    assert axis.log and axis.ticks[0] == 0.1 and axis.ticks[-1] == 10000, axis.ticks
    axis = svg._Axis([-0.5, 3.0, 12.0], "auto", 0, 100)
    assert not axis.log and axis.ticks[0] <= -0.5 and axis.ticks[-1] >= 12, axis.ticks


def test_unknown_event_refused():
    code, _, err = tool("plot", real_log_file(), "--event", "no-such-event")
    assert code != 0 and "no results for event 'no-such-event'" in err, err


def test_event_named_in_any_case():
    # The README's example says --event tsc; the records say TSC.
    code, out, err = tool("plot", real_log_file(), "--event", "tsc", "--scale", "log")
    assert code == 0, "plot --event tsc exited %d: %s" % (code, err)
    assert ">TSC per iteration (median, log scale)</text>" in out, out[:400]
