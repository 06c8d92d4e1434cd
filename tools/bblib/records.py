"""Find, verify and group the kernel's serial machine records.

A record is one line `@BB,<seq>,<type>,<field>,...*<crc>` (format in docs/records.md).
Logs come from emulators and from terminal programs on real machines, so text
around records is noise: escape codes, CR/LF, GRUB's menu, the human tables.
Only text from "@BB," on counts. Anything wrong with a record itself (CRC,
fields, sequence, final record) is a damaged log: `check_log` raises
LogError naming the file, the line and what is wrong, never skips silently.
"""

import re
import zlib
from dataclasses import dataclass

PREFIX = "@BB,"
# Version 2 added `cond` records (the conditions of the run) after the boot
# record, version 3 the sampler's `samples` and `hist` records, version 4
# the `unmodelled` mark on a result an emulator cannot give, version 5 the
# `raw` records of raw=1, the `erratum` mark and the `disturbed` counts,
# version 6 the provenance in the boot record (version 5 had it in `cond`
# records); older logs, which have none, are still read.
FORMAT_VERSION = "6"
FORMAT_VERSIONS = ("1", "2", "3", "4", "5", "6")
# The first version that has each record type, where it is not 1.
SINCE_VERSION = {"cond": "2", "samples": "3", "hist": "3", "unmodelled": "4", "raw": "5",
                 "erratum": "5", "disturbed": "5"}
# Records attached to the record before them: they repeat its sequence number
# and take none of their own, so a copy that leaves them out (the QR pages
# carry the aggregates only) has no gap. A result's raw values.
ATTACHED = ("raw",)

# Fields after the type, per record type: the one list of them. The kernel's
# writers and the table of docs/records.md are tested against it
# (tests/tools/test_record_schema.py).
# Where a run's numbers came from beyond CPUID: the microcode revision, the
# firmware type, and SMBIOS's firmware, system and board names ("-" where
# not known). The boot record holds them from format version 6 on, before
# the command line (the one field that may be cut); version 5 wrote them as
# `cond` records of these names.
PROVENANCE = ("microcode", "firmware", "bios_vendor", "bios_version", "bios_date",
              "system_vendor", "system_product", "board_vendor", "board_product")
# How each part of it was read (format version 6): `cond` records whose value
# is `read` or `-` and whose detail says how, or why not.
PROVENANCE_SOURCES = ("microcode_source", "firmware_source", "smbios_source")
BOOT_BEFORE_6 = ("version", "vendor", "family", "model", "stepping", "brand", "pmu", "counting",
                 "serialize", "environment", "cmdline")
FIELD_NAMES = {
    "boot": BOOT_BEFORE_6[:-1] + PROVENANCE + ("cmdline",),
    "cond": ("key", "value", "detail"),
    "bench": ("name", "expected", "description"),
    "pass": ("bench", "pass", "events"),
    "result": ("bench", "event", "encoding", "counter", "pass", "unit", "reps", "unroll",
               "min", "median", "mean", "max", "trimmed_mean"),
    "skip": ("bench", "reason"),
    "fault": ("bench", "vector", "mnemonic", "error_code", "eip"),
    "error": ("where", "message"),
    "samples": ("bench", "event", "period", "samples", "counted"),
    "hist": ("bench", "where", "count"),
    "unmodelled": ("bench", "event", "reason"),
    "raw": ("bench", "event", "first", "values"),
    "erratum": ("bench", "event", "name"),
    "disturbed": ("bench", "pass", "redone", "kept", "why"),
    "end": ("count", "status"),
}
STATS = ("min", "median", "mean", "max", "trimmed_mean")

# Escape sequences (CSI, OSC, two-byte) and other control bytes a terminal
# program may leave in a capture; they are never part of a record.
_CONTROL = r"[\x00-\x08\x0b-\x1f\x7f]"
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|"
                      + _CONTROL)
_TAIL = re.compile(r"\*([0-9a-f]{8})")
_FIXED2 = re.compile(r"-?[0-9]+\.[0-9]{2}\Z")
_UINT = re.compile(r"[0-9]+\Z")
_HEX = re.compile(r"(0x)?[0-9a-fA-F]+\Z")
_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
_DECIMAL = re.compile(r"[0-9]+\.[0-9]+\Z")
# The environment a hosted run (the program run as a Linux process, PLATFORM=linux)
# names in its boot record.
HOSTED = "hosted"
# A hosted run's calibration: TSC ticks per cycle of a dependent ADD chain,
# before and after the suite ("-": not measured, as on NetBurst, where ADD's
# latency is not 1).
TICKS_PER_CYCLE = ("ticks_per_cycle_before", "ticks_per_cycle_after")
# A histogram bucket: a body offset (the last one, "+", takes the rest), the
# window's counter reads, or outside the window.
_BUCKET = re.compile(r"0x[0-9a-f]+\+?\Z|reads\Z|outside\Z")
# A record whose "@BB," was hit by a flipped byte: say so rather than
# report only the gap it leaves in the sequence.
_NEAR = re.compile(r"(.{4})[0-9]+,(%s),.*\*[0-9a-f]{8}\Z" % "|".join(FIELD_NAMES))
# A terminal that wraps long lines splits a record; rejoin at most this many.
_MAX_WRAP_LINES = 16


class LogError(Exception):
    """A log that must not be used: `problems` holds "file:line: what" strings."""

    def __init__(self, problems):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Record:
    """One verified record: `fields` maps FIELD_NAMES[type] to their text."""

    seq: int
    type: str
    fields: dict
    text: str
    line: int


@dataclass
class Run:
    """The records of one boot, from its `boot` record to its `end` record."""

    records: list
    first_line: int
    last_line: int

    def of_type(self, kind):
        return [r for r in self.records if r.type == kind]

    @property
    def sequenced(self):
        """How many records took a sequence number (all but the attached ones)."""
        return sum(1 for r in self.records if r.type not in ATTACHED)

    @property
    def boot(self):
        return self.records[0].fields

    @property
    def status(self):
        return self.records[-1].fields["status"]


def crc_of(body):
    """The record CRC: CRC-32 (IEEE) of the bytes from '@' up to '*'."""
    return "%08x" % (zlib.crc32(body.encode("latin-1")) & 0xFFFFFFFF)


def make_record(seq, kind, *fields):
    """Formats a record as the kernel does (used by tests and examples)."""
    body = ",".join([PREFIX + str(seq), kind] + [str(f) for f in fields])
    return "%s*%s" % (body, crc_of(body))


def _clean(line):
    return _ESCAPES.sub("", line.rstrip("\r\n"))


class Problems:
    """What is wrong with a log, kept with line numbers so it reads in order."""

    def __init__(self, name):
        self.name, self.found = name, []

    def add(self, line, what):
        """A problem at a 1-based line, or about the whole log for line 0."""
        where = "%s:%d" % (self.name, line) if line else self.name
        self.found.append((line, "%s: %s" % (where, what)))

    def lines(self):
        return [line for line, _ in self.found]

    def texts(self):
        # Stable: at one line, a damaged record comes before the gap it leaves.
        return [text for _, text in sorted(self.found, key=lambda p: p[0])]


def _split_fields(body, line, problems):
    """Parses the verified text between '@' and '*' into a Record."""
    parts = body[len(PREFIX):].split(",")
    if len(parts) < 2 or not _UINT.match(parts[0]):
        problems.add(line, "bad sequence number %r" % parts[0][:20])
        return None
    kind, values = parts[1], parts[2:]
    names = FIELD_NAMES.get(kind)
    if kind == "boot" and values and values[0] in FORMAT_VERSIONS and int(values[0]) < 6:
        names = BOOT_BEFORE_6
    if names is None:
        problems.add(line, "unknown record type %r" % kind[:20])
        return None
    if len(values) != len(names):
        problems.add(line, "%s record has %d fields, expected %d (%s)"
                     % (kind, len(values), len(names), ",".join(names)))
        return None
    fields = dict(zip(names, values))
    bad = _bad_field(kind, fields)
    if bad:
        problems.add(line, "%s record: %s" % (kind, bad))
        return None
    return Record(int(parts[0]), kind, fields, body, line)


def _bad_field(kind, f):
    """Names the first malformed field of a CRC-valid record, or returns None."""
    if kind == "boot":
        if f["version"] not in FORMAT_VERSIONS:
            return "format version %r, this tool reads versions %s" % (
                f["version"], " and ".join(FORMAT_VERSIONS))
        if f["counting"] not in ("0", "1"):
            return "counting is %r, expected 0 or 1" % f["counting"]
    elif kind == "cond":
        if not _KEY.match(f["key"]):
            return "condition name %r is not a word" % f["key"][:20]
        if f["key"].startswith("cycles_per_tsc") and not (
                f["value"] == "-" or _FIXED2.match(f["value"])):
            return "%s %r is neither a two-decimal number nor '-'" % (f["key"], f["value"])
        if f["key"] in TICKS_PER_CYCLE and not (
                f["value"] == "-" or (_DECIMAL.match(f["value"]) and float(f["value"]) > 0)):
            return "%s %r is neither a positive decimal number nor '-'" % (f["key"], f["value"])
        if f["key"] == "redone" and not _UINT.match(f["value"]):
            return "redone %r is not a number" % f["value"]
    elif kind == "bench":
        exp = f["expected"]
        if exp != "-" and not (_UINT.match(exp) or _FIXED2.match(exp)):
            return "expected instructions %r is neither a number nor '-'" % f["expected"]
    elif kind == "pass":
        if not _UINT.match(f["pass"]):
            return "pass number %r is not a number" % f["pass"]
    elif kind == "result":
        for name in ("pass", "reps", "unroll"):
            if not _UINT.match(f[name]):
                return "%s %r is not a number" % (name, f[name])
        for name in STATS:
            if not _FIXED2.match(f[name]):
                return "%s %r is not a fixed-point number with two decimals" % (name, f[name])
    elif kind == "fault":
        if not _UINT.match(f["vector"]):
            return "vector %r is not a number" % f["vector"]
        for name in ("error_code", "eip"):
            if not _HEX.match(f[name]):
                return "%s %r is not a hex number" % (name, f[name])
    elif kind == "samples":
        for name in ("period", "samples"):
            if not _UINT.match(f[name]):
                return "%s %r is not a number" % (name, f[name])
        if f["counted"] != "-" and not _UINT.match(f["counted"]):
            return "counted %r is neither a number nor '-'" % f["counted"]
    elif kind == "hist":
        if not _BUCKET.match(f["where"]):
            return "bucket %r is not a body offset (0x..), reads or outside" % f["where"][:20]
        if not _UINT.match(f["count"]):
            return "count %r is not a number" % f["count"]
    elif kind == "disturbed":
        for name in ("pass", "redone", "kept"):
            if not _UINT.match(f[name]):
                return "%s %r is not a number" % (name, f[name])
    elif kind == "raw":
        if not _UINT.match(f["first"]):
            return "first %r is not a number" % f["first"]
        bad = [v for v in f["values"].split(" ") if not _FIXED2.match(v)]
        if bad:
            return "value %r is not a fixed-point number with two decimals" % bad[0][:24]
    elif kind == "end":
        if not _UINT.match(f["count"]):
            return "record count %r is not a number" % f["count"]
        if f["status"] not in ("pass", "fail"):
            return "status %r, expected pass or fail" % f["status"]
    return None


def _candidates(text):
    """Yields (line number, record text) for every "@BB," in the log, rejoining
    records a terminal wrapped when the rejoined text carries a matching CRC.
    A capture with no LF at all had CR line ends (classic Mac, some loggers)."""
    lines = text.split("\n" if "\n" in text else "\r")
    skip_to = 0
    for index, raw in enumerate(lines):
        if index < skip_to:
            continue
        line = _clean(raw)
        starts = [m.start() for m in re.finditer(re.escape(PREFIX), line)]
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(line)
            piece = line[start:end]
            if n + 1 == len(starts) and not _TAIL.search(piece):
                joined, used = _rejoin(piece, lines, index)
                if used:
                    skip_to = index + 1 + used
                    piece = joined
            yield index + 1, piece.rstrip(" \t")
        if not starts:
            # Keep the place of a byte flipped into a control code: "@\x02B," is
            # a damaged prefix, not noise. Only a line ending in "*crc" can hold
            # one (searching any other is quadratic in its length).
            kept = re.sub(_CONTROL, "?", raw.rstrip("\r\n")).rstrip(" \t")
            near = _TAIL.fullmatch(kept[-9:]) and _NEAR.search(kept)
            if near and sum(a != b for a, b in zip(near.group(1), PREFIX)) == 1:
                yield index + 1, near.group(0)


def _rejoin(piece, lines, index):
    joined = piece
    for used in range(1, _MAX_WRAP_LINES + 1):
        if index + used >= len(lines):
            break
        nxt = _clean(lines[index + used])
        if PREFIX in nxt:
            break
        joined += nxt
        tail = _TAIL.search(joined)
        ends = tail and tail.end() == len(joined.rstrip(" \t"))
        if ends and crc_of(joined[:tail.start()]) == tail.group(1):
            return joined, used
    return piece, 0


def parse_records(text, problems):
    """Every sound record in file order; what is wrong with the others
    (prefix, CRC, fields) goes to problems."""
    records = []
    for line, piece in _candidates(text):
        if not piece.startswith(PREFIX):
            problems.add(line, "damaged record prefix %r (expected %r)" % (piece[:4], PREFIX))
            continue
        tails = list(_TAIL.finditer(piece))
        if not tails:
            problems.add(line, "record has no '*crc' ending (cut short or damaged): %r"
                         % piece[-40:])
            continue
        tail = tails[-1]
        if tail.end() != len(piece):
            problems.add(line, "unexpected text after the record's CRC: %r"
                         % piece[tail.end():][:40])
            continue
        body = piece[:tail.start()]
        if crc_of(body) != tail.group(1):
            problems.add(line, "CRC mismatch: record says %s, its text gives %s (damaged record)"
                         % (tail.group(1), crc_of(body)))
            continue
        rec = _split_fields(body, line, problems)
        if rec:
            records.append(rec)
    return records


def _later(records, start, seq):
    """The record with seq after position start, before the run's end, or None."""
    for r in records[start:]:
        if r.seq == seq:
            return r
        if r.type == "end":
            return None
    return None


def group_runs(records, problems):
    """Checks sequence numbers and end records; returns the runs.

    A log may hold several boots (a terminal left capturing across reboots):
    each run starts with seq 0 `boot` and ends with one `end` record. A gap
    left by a record already refused is not reported twice."""
    runs = []
    damaged = problems.lines()

    def refused_between(first, last):
        return any(first < line < last for line in damaged)

    current, expected, seen, previous = None, 0, {}, {}
    for pos, rec in enumerate(records):
        if rec.type in ATTACHED:
            owner = seen.get(rec.seq) if current is not None else None
            if owner is None or rec.seq != expected - 1 or owner.type != "result":
                problems.add(rec.line, "%s record with seq %d is not right after a result "
                             "record (it repeats the sequence number of the result it "
                             "belongs to)" % (rec.type, rec.seq))
            else:
                current.append(rec)
            continue
        if rec.seq == 0 and rec.type == "boot":
            if current is not None:
                hint = (" (or the boot record duplicated)"
                        if len(current) == 1 and current[0].text == rec.text else "")
                problems.add(rec.line, "run cut short: a new boot starts before the end record "
                             "of the run that began at line %d (last seq %d)%s"
                             % (current[0].line, expected - 1, hint))
            current, expected, seen = [rec], 1, {0: rec}
            continue
        if current is None:
            dup = previous.get(rec.seq)
            if dup and dup.text == rec.text:
                problems.add(rec.line, "duplicated record: seq %d already at line %d"
                             % (rec.seq, dup.line))
            elif not runs and not refused_between(0, rec.line):
                problems.add(rec.line, "log starts at seq %d (%s record): records before it are "
                             "missing, expected seq 0 boot record" % (rec.seq, rec.type))
            elif runs:
                problems.add(rec.line, "seq %d %s record after the end record at line %d"
                             % (rec.seq, rec.type, runs[-1].last_line))
            current, expected, seen = [rec], rec.seq + 1, {rec.seq: rec}
        elif rec.seq != expected:
            dup = seen.get(rec.seq)
            if dup is not None:
                what = ("duplicated record" if dup.text == rec.text
                        else "repeated sequence number (different record)")
                problems.add(rec.line, "%s: seq %d already at line %d" % (what, rec.seq, dup.line))
                continue
            missing = _later(records, pos + 1, expected)
            if rec.seq < expected:
                problems.add(rec.line, "records out of order: seq %d comes after seq %d"
                             % (rec.seq, expected - 1))
            elif missing:
                problems.add(rec.line, "records out of order: seq %d comes before seq %d (line %d)"
                             % (rec.seq, expected, missing.line))
            elif not refused_between(current[-1].line, rec.line):
                gap = rec.seq - expected
                problems.add(rec.line, "%s missing: expected seq %d, found %d"
                             % ("record" if gap == 1 else "%d records" % gap, expected, rec.seq))
            current.append(rec)
            seen[rec.seq] = rec
            expected = max(expected, rec.seq + 1)
        else:
            current.append(rec)
            seen[rec.seq] = rec
            expected += 1
        if rec.type == "end":
            if int(rec.fields["count"]) != rec.seq:
                problems.add(rec.line, "end record counts %s records but %d precede it"
                             % (rec.fields["count"], rec.seq))
            runs.append(Run(current, current[0].line, rec.line))
            previous, current = seen, None
    if current is not None:
        # Named at the log's last record line, damaged or not: where it stops.
        problems.add(max([current[-1].line] + damaged),
                     "log cut short: no end record (last complete record: seq %d at line %d; "
                     "run began at line %d)" % (current[-1].seq, current[-1].line, current[0].line))
    return runs


class _RawCheck:
    """A result's raw records carry its repetitions in order, all of them:
    none (a log rebuilt from QR pages) or exactly `reps` values."""

    def __init__(self, problems):
        self.problems, self.result, self.got = problems, None, 0

    def see(self, rec):
        if rec.type != "raw":
            self._close()
            self.result, self.got = (rec, 0) if rec.type == "result" else (None, 0)
            return
        f, r = rec.fields, self.result
        if r is None:
            return  # group_runs refused it already
        if (f["bench"], f["event"]) != (r.fields["bench"], r.fields["event"]):
            self.problems.add(rec.line, "raw record of %s, %s after the result of %s, %s"
                              % (f["bench"], f["event"], r.fields["bench"], r.fields["event"]))
        elif int(f["first"]) != self.got:
            self.problems.add(rec.line, "raw record of %s, %s starts at repetition %s, expected "
                              "%d (a raw record lost or repeated)"
                              % (f["bench"], f["event"], f["first"], self.got))
        self.got += len(f["values"].split(" "))

    def _close(self):
        r = self.result
        if r is not None and self.got and self.got != int(r.fields["reps"]):
            self.problems.add(r.line, "result of %s, %s has %d raw values for %s repetitions"
                              % (r.fields["bench"], r.fields["event"], self.got, r.fields["reps"]))
        self.result = None


def check_log(text, name="log"):
    """Returns the runs of a log, or raises LogError listing every problem."""
    problems = Problems(name)
    records = parse_records(text, problems)
    runs = group_runs(records, problems)
    for run in runs:
        if run.records[0].type != "boot":
            continue
        sampled, measured = set(), set()
        raw = _RawCheck(problems)
        for rec in run.records:
            raw.see(rec)
            since = SINCE_VERSION.get(rec.type)
            if since and int(run.boot["version"]) < int(since):
                problems.add(rec.line, "%s record in a format version %s run (version %s "
                             "introduced them)" % (rec.type, run.boot["version"], since))
            elif rec.type == "samples":
                sampled.add(rec.fields["bench"])
            elif rec.type == "result":
                measured.add((rec.fields["bench"], rec.fields["event"]))
            elif rec.type in ("unmodelled", "erratum") and (
                    rec.fields["bench"], rec.fields["event"]) not in measured:
                problems.add(rec.line, "%s record of %s, %s before its result record"
                             % (rec.type, rec.fields["bench"], rec.fields["event"]))
            elif rec.type == "hist" and rec.fields["bench"] not in sampled:
                problems.add(rec.line, "hist record of %s before its samples record"
                             % rec.fields["bench"])
    if not records and not problems.found:
        problems.add(0, "no machine records (lines with %r) in the log" % PREFIX)
    if problems.found:
        raise LogError(problems.texts())
    return runs


def read_log(path):
    """Reads a log as bytes-preserving text (Latin-1) and checks it."""
    with open(path, "rb") as f:
        return check_log(f.read().decode("latin-1"), path)
