"""Log checking on real kernel logs and damaged copies of them: every damage
is refused, and the first problem names the line and what is wrong."""

import time

import damage
from common import expect_refused, real_log, record_lines, records, refused


def _clean_runs():
    return records.check_log(real_log(), "log")


def _fields(runs):
    return [(r.seq, r.type, r.fields) for run in runs for r in run.records]


def _result_index(text):
    """Index (among records) of the first result record: the longest kind."""
    lines = text.split("\n")
    for n, i in enumerate(record_lines(text)):
        if ",result," in lines[i]:
            return n
    raise AssertionError("the real log has no result record")


def test_real_log_accepted():
    runs = _clean_runs()
    assert len(runs) == 1, "expected one run, got %d" % len(runs)
    run = runs[0]
    kinds = {r.type for r in run.records}
    assert {"boot", "bench", "result", "end"} <= kinds, "record types seen: %s" % sorted(kinds)
    assert int(run.records[-1].fields["count"]) == len(run.records) - 1
    assert run.boot["environment"] == "qemu", "environment %r" % run.boot["environment"]


def test_cut_short_inside_a_record():
    text, line = damage.cut_short(real_log(), _result_index(real_log()))
    expect_refused(text, "cut short", line)


def test_cut_short_between_records():
    text = real_log()
    lines = text.split("\n")
    last = record_lines(text)[-2]
    expect_refused("\n".join(lines[:last + 1]), "log cut short: no end record", last + 1)


def _offset(text, n, char):
    """Offset from '@' of the first `char` in record n."""
    line = text.split("\n")[record_lines(text)[n]]
    return line.index(char) - line.index("@")


def test_flipped_byte_in_value():
    text = real_log()
    n = _result_index(text)
    # Two before '*': a digit of the trimmed mean.
    damaged, at = damage.flip_byte(text, n, _offset(text, n, "*") - 2)
    expect_refused(damaged, "CRC mismatch", at)


def test_flipped_byte_in_sequence_number():
    text, at = damage.flip_byte(real_log(), 3, len("@BB,"))
    expect_refused(text, "CRC mismatch", at)


def test_flipped_byte_in_crc():
    text = real_log()
    star = _offset(text, 2, "*")
    line = text.split("\n")[record_lines(text)[2]]
    crc = line[line.index("*") + 1:].rstrip("\r")
    # A digit whose flipped bit 0 is still a hex digit, so only the value is wrong.
    digit = next(i for i, c in enumerate(crc) if c in "0123456789bcde")
    damaged, at = damage.flip_byte(text, 2, star + 1 + digit)
    expect_refused(damaged, "CRC mismatch", at)


def test_flipped_byte_in_prefix():
    text, at = damage.flip_byte(real_log(), 4, 1)
    expect_refused(text, "damaged record prefix", at)


def test_flipped_star_before_crc():
    text = real_log()
    damaged, at = damage.flip_byte(text, 2, _offset(text, 2, "*"), 0x04)
    expect_refused(damaged, "no '*crc' ending", at)


def test_flipped_newline_joins_records():
    lines = real_log().split("\n")
    i, j = record_lines(real_log())[2:4]
    lines[i] = lines[i].rstrip("\r") + "J" + lines[j]
    del lines[j]
    expect_refused("\n".join(lines), "unexpected text after the record's CRC", i + 1)


def test_every_single_bit_flip_is_refused():
    # In the boot record, the first result and the end record: every bit of
    # every byte from '@' to the last CRC digit.
    text = real_log()
    missed, tried = [], 0
    for n in (0, _result_index(text), len(record_lines(text)) - 1):
        line = text.split("\n")[record_lines(text)[n]].rstrip("\r")
        for offset in range(len(line) - line.index("@")):
            for bit in range(8):
                damaged, at = damage.flip_byte(text, n, offset, 1 << bit)
                tried += 1
                try:
                    first = refused(damaged)[0]
                except AssertionError:
                    missed.append("record %d offset %d bit %d accepted" % (n, offset, bit))
                    continue
                # A record whose prefix is destroyed can only show as the gap it leaves.
                if not (first.startswith("log:%d: " % at) or "missing" in first):
                    missed.append("record %d offset %d bit %d named: %s" % (n, offset, bit, first))
    assert not missed, "%d of %d flips not refused or misnamed: %s" % (
        len(missed), tried, "; ".join(missed[:5]))


def test_line_end_flips_refused_or_harmless():
    # A flipped LF either breaks the record before it (refused) or becomes a
    # control code that is dropped: then both records are intact and read.
    text = real_log()
    i = record_lines(text)[3]
    at = len("\n".join(text.split("\n")[:i + 1]))
    clean = _fields(_clean_runs())
    for bit in range(8):
        damaged = text[:at] + chr(0x0A ^ (1 << bit)) + text[at + 1:]
        try:
            runs = records.check_log(damaged, "log")
        except records.LogError as e:
            assert e.problems[0].startswith("log:%d: " % (i + 1)), e.problems[0]
            continue
        assert _fields(runs) == clean, "bit %d: accepted with different records" % bit


def test_missing_record():
    text, line = damage.drop(real_log(), 3)
    expect_refused(text, "record missing: expected seq 3, found 4", line)


def test_missing_boot_record():
    text, line = damage.drop(real_log(), 0)
    expect_refused(text, "log starts at seq 1", line)


def test_missing_end_record():
    text = real_log()
    lines = text.split("\n")
    last = record_lines(text)[-1]
    del lines[last]
    expect_refused("\n".join(lines), "log cut short: no end record", record_lines(text)[-2] + 1)


def test_duplicated_record():
    text, line = damage.duplicate(real_log(), 5)
    expect_refused(text, "duplicated record: seq 5 already at line %d" % (line - 1), line)


def test_duplicated_end_record():
    text = real_log()
    text, line = damage.duplicate(text, len(record_lines(text)) - 1)
    expect_refused(text, "duplicated record", line)


def test_reordered_records():
    text, line = damage.swap(real_log(), 4)
    expect_refused(text, "records out of order: seq 5 comes before seq 4", line)


def test_end_count_disagrees():
    text = real_log()
    lines = text.split("\n")
    i = record_lines(text)[-1]
    seq = int(lines[i].split(",")[1])
    lines[i] = records.make_record(seq, "end", seq + 1, "pass")
    expect_refused("\n".join(lines), "end record counts %d records but %d precede it"
                   % (seq + 1, seq), i + 1)


def test_reboot_before_end_record():
    text = real_log()
    lines = text.split("\n")
    half = record_lines(text)[len(record_lines(text)) // 2]
    prefix = "\n".join(lines[:half]) + "\n"
    boot_line = half + 1 + record_lines(text)[0]
    expect_refused(prefix + text, "run cut short: a new boot starts", boot_line)


def test_terminal_capture_accepted():
    captured = records.check_log(damage.as_terminal_capture(real_log()), "capture")
    assert _fields(captured) == _fields(_clean_runs()), "records differ from the clean log's"


def test_cr_only_line_ends_accepted():
    captured = records.check_log(real_log().replace("\r\n", "\n").replace("\n", "\r"), "cr")
    assert _fields(captured) == _fields(_clean_runs()), "records differ from the clean log's"


def test_wrapped_lines_accepted():
    captured = records.check_log(damage.wrapped(real_log(), 72), "wrapped")
    assert _fields(captured) == _fields(_clean_runs()), "records differ from the clean log's"


def test_two_boots_in_one_capture():
    runs = records.check_log(real_log() + "\r\nrebooting...\r\n" + real_log(), "log")
    assert len(runs) == 2 and _fields(runs[:1]) == _fields(runs[1:]), "%d runs" % len(runs)


def test_log_without_records():
    expect_refused_text = refused("GRUB loading\nbarebench booting\n")
    assert "no machine records" in expect_refused_text[0], expect_refused_text[0]


def test_duplicated_boot_record():
    text, line = damage.duplicate(real_log(), 0)
    expect_refused(text, "(or the boot record duplicated)", line)


def test_long_noise_line_takes_linear_time():
    # A 1 MB line that looks like the middle of records took minutes: the
    # damaged-prefix search backtracked over the whole line at every place.
    good = real_log()
    for noise, sound in (("1,boot,", True), ("1,boot," * 7 + "*0123abcd ", True),
                         ("@BB,", False)):
        text = good + noise * ((1 << 20) // len(noise)) + "\n"
        start = time.monotonic()
        try:
            records.check_log(text)
            assert sound, "a line of %r accepted" % noise
        except records.LogError:
            assert not sound, "a noise line of %r refused" % noise[:12]
        seconds = time.monotonic() - start
        assert seconds < 5, "%.1f s for a 1 MB line of %r" % (seconds, noise[:12])
