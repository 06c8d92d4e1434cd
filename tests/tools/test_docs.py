"""The front page and the docs say only what exists: every relative link in
README.md, docs/*.md and emu/README.md reaches a file (and, with #anchor, a
heading of that file by GitHub's anchor rule), every `make TARGET` in their
code is a target of the Makefile, and every `tools/barebench SUB` a
subcommand of the tool. The targets and subcommands come from make and the
tool themselves, not from a list kept here."""

import functools
import glob
import os
import re
import shlex
import subprocess
import sys

from common import BAREBENCH, ROOT
from bblib import outputs

FRONT_PAGE_LINES = 400


def doc_files():
    files = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "emu", "README.md")]
    return files + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def rel(path):
    return os.path.relpath(path, ROOT)


def split_code(text, keep_spans=False):
    """(prose, code): prose is the text with fenced and indented code blocks
    blanked and code spans replaced by a space (kept with keep_spans); code
    is a list of (line number, command text) from the blocks, one per line,
    and from the spans, a span that runs over a line break joined into one
    line."""
    lines = text.split("\n")
    prose, code = [], []
    fence = None
    prev_blank = True
    indented = False
    for n, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if indented:
            if not line.strip() or line.startswith("    "):
                if line.strip():
                    code.append((n, line))
                prose.append("")
                prev_blank = not line.strip()
                continue
            indented = False
        if fence:
            if stripped.startswith(fence):
                fence = None
            else:
                code.append((n, line))
            prose.append("")
            continue
        # A fence opens at any indent (a list item's fence is indented).
        m = re.match(r"(```+|~~~+)", stripped)
        if m:
            fence = m.group(1)
            prose.append("")
            prev_blank = False
            continue
        # An indented block starts after a blank line, outside a list item, and
        # runs while lines stay indented by four spaces (or blank).
        if line.startswith("    ") and prev_blank and not in_list(lines, n - 1):
            indented = True
            code.append((n, line))
            prose.append("")
            continue
        prose.append(line)
        prev_blank = not line.strip()
    joined = "\n".join(prose)
    if keep_spans:
        return joined, code
    out = []
    start = 0
    # Code spans: a run of backticks up to the same run, inside one paragraph;
    # what replaces a span keeps its line breaks, so line numbers stay right.
    for m in re.finditer(r"(`+)((?:(?!\n[ \t]*\n).)+?)\1", joined, re.S):
        span = m.group(2)
        line_no = joined.count("\n", 0, m.start()) + 1
        code.append((line_no, span.replace("\n", " ").strip()))
        out.append(joined[start:m.start()])
        out.append(" " + "\n" * span.count("\n"))
        start = m.end()
    out.append(joined[start:])
    return "".join(out), code


def in_list(lines, index):
    """Whether the line at `index` continues a list item: the nearest
    non-blank line above it at a smaller indent is a list item."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    for line in reversed(lines[:index]):
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) < indent:
            return re.match(r"\s*([-*+]|\d+[.)])\s", line) is not None
    return False


def slug(heading):
    """GitHub's anchor for a heading: the text as shown (code marks, links and
    emphasis gone), lowercase, every character but letters, digits, '-', '_'
    and spaces dropped, spaces turned into '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "").replace("*", "")
    text = "".join(c for c in text.lower() if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


@functools.lru_cache(maxsize=None)
def anchors(path):
    """Every anchor a Markdown file offers: its headings' slugs (a repeated
    one gets -1, -2, ... as on GitHub) and explicit name/id attributes."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    prose, _ = split_code(text, keep_spans=True)
    lines = prose.split("\n")
    seen = {}
    out = set(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
    for i, line in enumerate(lines):
        m = re.match(r" {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m:
            heading = m.group(2)
        elif (i > 0 and re.match(r" {0,3}(=+|-+)\s*$", line) and lines[i - 1].strip()
              and "|" not in lines[i - 1] and not re.match(r"\s*([-*+]|\d+[.)])\s", lines[i - 1])):
            heading = lines[i - 1].strip()
        else:
            continue
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else "%s-%d" % (base, n))
    return frozenset(out)


def links(path):
    """(line, target) of every inline link, image and reference definition
    outside code."""
    with open(path, encoding="utf-8") as f:
        prose, _ = split_code(f.read())
    found = []
    for m in re.finditer(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)",
                         prose):
        found.append((prose.count("\n", 0, m.start()) + 1, m.group(1)))
    for m in re.finditer(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", prose, re.M):
        found.append((prose.count("\n", 0, m.start()) + 1, m.group(1)))
    return found


def broken_links():
    bad = []
    for path in doc_files():
        for line, target in links(path):
            where = "%s:%d: (%s)" % (rel(path), line, target)
            if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
                continue  # absolute: http:, https:, mailto:
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) \
                if file_part else path
            if not os.path.exists(dest):
                bad.append("%s: no file %s" % (where, rel(dest)))
            elif not (dest + os.sep).startswith(ROOT + os.sep):
                bad.append("%s: leaves the tree" % where)
            elif anchor and not dest.endswith(".md"):
                bad.append("%s: an anchor into a file that is not Markdown" % where)
            elif anchor and anchor not in anchors(dest):
                bad.append("%s: %s has no heading with anchor #%s" % (where, rel(dest), anchor))
    return bad


SEPARATORS = {"&&", "||", ";", "|", "&", "(", ")", "$", "sudo", "then", "do", "!", "time"}
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\+?=")
# make's options that take the next word as their argument.
MAKE_ARG_OPTIONS = {"-C", "-f", "-I", "-o", "-W", "--file", "--directory"}


def words(command):
    try:
        lex = shlex.shlex(command, posix=True, punctuation_chars=True)
        lex.commenters = "#"
        lex.whitespace_split = True
        return list(lex)
    except ValueError:  # unbalanced quotes: not a shell line (C, NASM, Python)
        return command.split()


def invocations(program_names):
    """(file, line, command words after the program) for every call of one
    of program_names in the docs' code, at a command's start (after shell
    separators and VAR=value words)."""
    for path in doc_files():
        with open(path, encoding="utf-8") as f:
            _, code = split_code(f.read())
        for line, text in code:
            ws = words(text)
            at_start = True
            for i, w in enumerate(ws):
                if at_start and w in program_names:
                    rest = []
                    for x in ws[i + 1:]:
                        if x in SEPARATORS and x not in ("$", "time", "sudo", "!"):
                            break
                        rest.append(x)
                    yield rel(path), line, rest
                    at_start = False
                    continue
                if w in SEPARATORS:
                    at_start = True
                elif not ASSIGNMENT.match(w):
                    at_start = False


# A target as written: a name or a path ("..." and <placeholders> are not).
TARGET_WORD = re.compile(r"^[A-Za-z0-9_/][A-Za-z0-9_./%+-]*$")
# The settings that change which targets the Makefile has.
TARGET_VARIABLES = ("ARCH", "BUILD")


def make_call(rest):
    """(targets, assignments) of one make command line."""
    targets, assign = [], {}
    skip = False
    for i, w in enumerate(rest):
        if skip:
            skip = False
        elif w in MAKE_ARG_OPTIONS or (w in ("-j", "-l") and rest[i + 1:i + 2] != []
                                       and rest[i + 1].isdigit()):
            skip = True
        elif w.startswith("-"):
            continue
        elif ASSIGNMENT.match(w):
            k, _, v = w.partition("=")
            assign[k.rstrip("+")] = v
        elif TARGET_WORD.match(w):
            targets.append(w)
    return targets, assign


@functools.lru_cache(maxsize=None)
def make_targets(settings):
    """The Makefile's targets and pattern rules as make reads them (its rule
    database, `make -pRrq`), with those settings (("ARCH", "ppc"), ...)."""
    args = ["make", "-pRrq", "-f", "Makefile"] + ["%s=%s" % kv for kv in settings] + [":"]
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True).stdout
    if "# Files" not in out:
        raise AssertionError("make -pRrq printed no rule database (%s)" % " ".join(args))
    names, patterns = set(), []
    not_a_target = False
    for line in out.split("\n"):
        if line.startswith("# Not a target"):
            not_a_target = True
            continue
        m = re.match(r"^([^#\s:=][^:=]*?)::?(?!=)(\s|$)", line)
        if m and not line.startswith("\t"):
            if not not_a_target:
                for name in m.group(1).split():
                    if "%" in name:
                        patterns.append(re.compile(
                            "^" + re.escape(name).replace("%", ".+") + "$"))
                    else:
                        names.add(name)
            not_a_target = False
        elif line.strip() and not line.startswith("#"):
            not_a_target = False
    return frozenset(names), tuple(patterns)


def is_make_target(name, assign):
    names, patterns = make_targets(tuple((k, assign[k]) for k in TARGET_VARIABLES if k in assign))
    return name in names or any(p.match(name) for p in patterns)


@functools.lru_cache(maxsize=None)
def barebench_subcommands():
    out = subprocess.run([sys.executable, BAREBENCH, "--help"], cwd=ROOT, capture_output=True,
                         text=True)
    m = re.search(r"\{([\w,-]+)\}", out.stdout)
    if not m:
        raise AssertionError("tools/barebench --help names no subcommands: %s"
                             % (out.stdout + out.stderr)[:300])
    return frozenset(m.group(1).split(","))


def unknown_make_targets():
    bad, seen = [], 0
    for path, line, rest in invocations({"make"}):
        targets, assign = make_call(rest)
        for t in targets:
            seen += 1
            if not is_make_target(t, assign):
                bad.append("%s:%d: make %s" % (path, line, t))
    return bad, seen


def unknown_subcommands():
    bad, seen = [], 0
    for path, line, rest in invocations({"barebench", "tools/barebench", "./tools/barebench"}):
        sub = next((w for w in rest if not w.startswith("-")), None)
        if sub is None or not re.match(r"^[A-Za-z][\w-]*$", sub):
            continue  # the tool's name alone, or its output ("barebench 0.1: ...")
        seen += 1
        if sub not in barebench_subcommands():
            bad.append("%s:%d: barebench %s" % (path, line, sub))
    return bad, seen


def test_every_relative_link_resolves():
    bad = broken_links()
    assert not bad, "broken links: %s" % "; ".join(bad)


def test_every_make_target_named_exists():
    bad, seen = unknown_make_targets()
    assert seen > 10, "found only %d make targets in the docs: is the parser blind?" % seen
    assert not bad, "not targets of the Makefile: %s" % "; ".join(bad)


def test_every_barebench_subcommand_named_exists():
    bad, seen = unknown_subcommands()
    assert seen > 10, "found only %d barebench subcommands in the docs: is the parser blind?" % seen
    assert not bad, "not subcommands of tools/barebench: %s" % "; ".join(bad)


def test_every_report_format_is_documented():
    """The formats come from bblib/outputs.py; the report section of
    docs/tools.md names each one's option in its synopsis and its list."""
    with open(os.path.join(ROOT, "docs", "tools.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("## `report`"):]
    section = section[:section.index("\n## ", 1)]
    missing = [f.kind for f in outputs.FORMATS if section.count("--%s " % f.kind) < 2]
    assert not missing, "docs/tools.md's report section does not name --%s twice (synopsis and " \
        "list)" % ", --".join(missing)


def test_readme_is_a_front_page():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        n = len(f.read().splitlines())
    assert n <= FRONT_PAGE_LINES, "README.md has %d lines, more than %d: move reference into docs/" \
        % (n, FRONT_PAGE_LINES)


def test_docs_index_lists_every_page():
    index = os.path.join(ROOT, "docs", "README.md")
    listed = {os.path.normpath(os.path.join(os.path.dirname(index), t.partition("#")[0]))
              for _, t in links(index)}
    missing = [rel(p) for p in doc_files() if p not in listed and p != index]
    assert not missing, "docs/README.md does not list: %s" % ", ".join(missing)


def self_check():
    """Prints what the parsers found, for a person checking them."""
    for path, line, rest in invocations({"make"}):
        print("make", path, line, make_call(rest))
    for path, line, rest in invocations({"barebench", "tools/barebench"}):
        print("barebench", path, line, rest[:2])


if __name__ == "__main__":
    self_check()
