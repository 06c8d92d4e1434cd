"""Payload modules (.bbp): NASM payload sources assembled outside the kernel.

`barebench payload FILE.asm -o FILE.bbp [--mode 32|64]` assembles FILE.asm
exactly as `make PAYLOAD=FILE.asm` does for that mode's kernel (nasm -f
elf32 or elf64 -I bench/x86/, with the payload_layout.mac that layout.py
writes from bench/payload.def), reads the payload descriptors that
bench/x86/payload.mac put in the object's `.payloads` section (struct
payload: a pointer field a word of the mode's size, an integer field 32
bits), and writes them with their names, descriptions and bodies in the
module format bench/module.h defines (version 2; the header says the mode),
which the kernel of that mode reads from a multiboot module, or a hosted
program from module=PATH.

A module carries no relocations: a body is copied by the harness and must
be position-independent anyway, and a body that names an absolute address
(a label, a data item) is refused here with the payload's name. A module
payload has no prepare function of its own (its registers start at 0),
but it may name one of the kernel's set-ups (bench/x86/module_setups.c)
as its prepare, which the descriptor carries by number; any other prepare
is refused: build that payload in with `make PAYLOAD=`. FEATURE "name"
(payload.mac) travels as a string.
What the kernel would refuse (bench/module.c, app/modules.c) is refused
here, before a boot: a name not of [A-Za-z0-9_] or used twice (case aside)
or by a built-in payload, a description not printable ASCII or holding '@'
(the start of a record), counts out of range, unknown flags.
"""

import glob
import os
import re
import struct
import subprocess
import tempfile
import zlib

from . import files, layout

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(ROOT, "bench", "x86") + os.sep

MAGIC = files.MODULE_MAGIC
VERSION = 2
HEADER_LEN = 32
DESC_LEN = 40
MAX_BYTES = 1024 << 10
MAX_PAYLOADS = 4096
MAX_FEATURE = 23
MAX_BODY = 4096
MAX_NAME = 31
MAX_DESC = 160
MAX_COUNT = 100000  # instructions or branches per iteration
VARIABLE = -1
_NAME = re.compile(r"[A-Za-z0-9_]{1,%d}\Z" % MAX_NAME)
_DESC = re.compile(r"[ -?A-~]{0,%d}\Z" % MAX_DESC)  # printable ASCII but '@'
_FEATURE = re.compile(r"[a-z0-9._]{1,%d}\Z" % MAX_FEATURE)

# The kernel's set-ups for module payloads, numbered from 1 in the order
# bench/x86/module_setups.c lists them.
with open(os.path.join(ROOT, "bench", "x86", "module_setups.c"), encoding="ascii") as _f:
    SETUPS = re.search(r"setups\[\] = \{([^}]*)\}", _f.read()).group(1).replace(" ", "").split(",")


def _from_sources(pattern, sources):
    """Every match of pattern in the files `sources` (a glob under ROOT)."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, sources))):
        with open(path, encoding="latin-1") as f:
            found += re.findall(pattern, f.read(), re.M)
    return found


MODES = (32, 64)
# The stock kernel's payloads (NASM's PAYLOAD and C's PAYLOAD_C) in each
# mode: the ISA's and those of the mode.
BUILTIN_NAMES = {mode: {n.lower()
                        for folder in ("bench/x86/payloads", "bench/x86/%d/payloads" % mode)
                        for n in _from_sources(r"^\s*PAYLOAD\s+(\w+)", folder + "/*.asm")
                        + _from_sources(r"^PAYLOAD_C\(\s*(\w+)", folder + "/*.c")}
                 for mode in MODES}

# The descriptor payload.mac emits, one word a field of struct payload (a
# pointer the mode's size, an integer 32 bits, the whole aligned to a
# pointer), and the flags it may hold.
_TYPED, _FLAGS = layout.read_typed()
FIELDS = [name for name, _ in _TYPED]
KNOWN_FLAGS = sum(value for _, value in _FLAGS)


def descriptor_layout(mode):
    """struct.Struct of one descriptor in this mode, and each field's offset."""
    codes = "".join("Q" if mode == 64 and "*" in ctype else "I" for _, ctype in _TYPED)
    align = struct.calcsize("<" + codes) % (mode // 8)
    entry = struct.Struct("<" + codes + ("%dx" % (mode // 8 - align) if align else ""))
    offsets, at = [], 0
    for code in codes:
        offsets.append(at)
        at += struct.calcsize("<" + code)
    return entry, offsets
# The fields a module carries; any other must be 0, a prepare function above all.
CARRIED = ("name", "description", "body", "body_len", "insns", "branches", "flags", "prepare",
           "feature")
# The relocation of a pointer-sized absolute address: R_386_32 and
# R_X86_64_64 are both type 1.
R_ABSOLUTE = 1
SHT_SYMTAB, SHT_REL, SHT_RELA = 2, 9, 4


class ModuleError(Exception):
    """A source that cannot become a module; the message names the payload."""


class NasmErrors(ModuleError):
    """NASM refused the source; lines: every error line it wrote."""

    def __init__(self, message, lines):
        super().__init__(message)
        self.lines = lines


def assemble(source, work, mode=32, all_errors=False):
    """Assembles source into an ELF object of the mode in work; returns its
    bytes. A refusal raises ModuleError with the first error, or with
    all_errors NasmErrors carrying them all."""
    obj = os.path.join(work, os.path.basename(source) + ".o")
    files.write(os.path.join(work, layout.NASM_NAME), layout.nasm().encode("ascii"))
    proc = subprocess.run(["nasm", "-f", "elf%d" % mode, "-I", INCLUDE, "-I", work + os.sep,
                           "-o", obj, source],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        # One line: the first error (a binary file gives hundreds).
        said = proc.stderr.strip().splitlines() or ["no message"]
        errors = [line for line in said if ": error: " in line] or said
        more = " (and %d more errors)" % (len(errors) - 1) if len(errors) > 1 else ""
        if all_errors:
            raise NasmErrors("nasm failed: %s%s" % (errors[0], more), errors)
        raise ModuleError("nasm failed: %s%s" % (errors[0], more))
    with open(obj, "rb") as f:
        return f.read()


class Elf:
    """The sections, symbols and relocations of an ELF32 object (REL, as nasm
    -f elf32 writes them) or an ELF64 one (RELA)."""

    def __init__(self, data):
        if data[:4] != b"\x7fELF" or data[4] not in (1, 2):
            raise ModuleError("not an ELF object")
        self.mode = 32 if data[4] == 1 else 64
        if self.mode == 32:
            shoff, = struct.unpack_from("<I", data, 0x20)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
            header = "<10I"
        else:
            shoff, = struct.unpack_from("<Q", data, 0x28)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
            header = "<IIQQQQIIQQ"
        self.data = data
        # name, type, flags, addr, offset, size, link, info, addralign, entsize
        self.sections = [struct.unpack_from(header, data, shoff + i * shentsize)
                         for i in range(shnum)]
        names = self.sections[shstrndx]
        self.names = [self._cstr(names[4] + s[0]) for s in self.sections]

    def _cstr(self, at):
        return self.data[at:self.data.index(b"\0", at)].decode("latin-1")

    def index(self, name):
        return self.names.index(name) if name in self.names else None

    def content(self, i):
        s = self.sections[i]
        return self.data[s[4]:s[4] + s[5]]

    def symbols(self):
        """(name, value, size, info, other, section index) for every symbol."""
        if not hasattr(self, "_symbols"):
            self._symbols = self._read_symbols()
        return self._symbols

    def _read_symbols(self):
        for s in self.sections:
            if s[1] == SHT_SYMTAB:
                raw = self.data[s[4]:s[4] + s[5]]
                if self.mode == 32:
                    return [struct.unpack_from("<IIIBBH", raw, o) for o in range(0, len(raw), 16)]
                return [(n, v, z, i, t, x) for n, i, t, x, v, z in
                        (struct.unpack_from("<IBBHQQ", raw, o) for o in range(0, len(raw), 24))]
        return []

    def symbol_name(self, index):
        """The name of symbol number index, from the symbol table's strings."""
        table = next(s for s in self.sections if s[1] == SHT_SYMTAB)
        strings = self.sections[table[6]]
        return self._cstr(strings[4] + self.symbols()[index][0])

    def relocations(self):
        """(section index it applies to, offset, type, symbol index, addend) for
        every relocation; the addend is None for REL, whose addend is the word
        it applies to."""
        out = []
        for s in self.sections:
            if s[1] == SHT_REL and self.mode == 32:
                raw = self.data[s[4]:s[4] + s[5]]
                for o in range(0, len(raw), 8):
                    off, info = struct.unpack_from("<II", raw, o)
                    out.append((s[7], off, info & 0xFF, info >> 8, None))
            elif s[1] == SHT_RELA and self.mode == 64:
                raw = self.data[s[4]:s[4] + s[5]]
                for o in range(0, len(raw), 24):
                    off, info, addend = struct.unpack_from("<QQq", raw, o)
                    out.append((s[7], off, info & 0xFFFFFFFF, info >> 32, addend))
            elif s[1] in (SHT_REL, SHT_RELA):
                raise ModuleError("%s relocations are not expected from nasm -f elf%d"
                                  % ("REL" if s[1] == SHT_REL else "RELA", self.mode))
        return out


def _string(elf, section, offset, what, name):
    data = elf.content(section)
    end = data.find(b"\0", offset)
    if end < 0:
        raise ModuleError("payload %s: %s is not terminated" % (name, what))
    return data[offset:end].decode("latin-1")


def payloads_of(elf):
    """The payload descriptors of an assembled source, as dicts."""
    table = elf.index(".payloads")
    if table is None:
        raise ModuleError("no payloads: the source has no PAYLOAD ... ENDPAYLOAD")
    syms = elf.symbols()
    rels = elf.relocations()
    in_table = {off: (typ, sym, addend) for sec, off, typ, sym, addend in rels if sec == table}
    raw = elf.content(table)
    entry, offsets = descriptor_layout(elf.mode)
    out = []
    for at in range(0, len(raw) - entry.size + 1, entry.size):
        fields = dict(zip(FIELDS, entry.unpack_from(raw, at)))
        where = {}
        for field, offset in zip(FIELDS, offsets):
            rel = in_table.get(at + offset)
            if rel is None:
                where[field] = None
                continue
            typ, sym, addend = rel
            value, shndx = syms[sym][1], syms[sym][5]
            if typ != R_ABSOLUTE or shndx == 0:
                where[field] = ("extern", sym)
            else:
                where[field] = (shndx, value + (fields[field] if addend is None else addend))
        named = where["name"] and where["name"][0] != "extern"
        name = _string(elf, where["name"][0], where["name"][1], "name", "#%d" % len(out)) \
            if named else "#%d" % len(out)
        setup = 0
        if where["prepare"] is not None or fields["prepare"] != 0:
            symbol = elf.symbol_name(where["prepare"][1]) if where["prepare"] and \
                where["prepare"][0] == "extern" else None
            if symbol not in SETUPS:
                raise ModuleError("payload %s has a prepare function: a module cannot carry one "
                                  "(its registers start at 0) and may name only the kernel's "
                                  "set-ups (%s); build it in with make PAYLOAD="
                                  % (name, ", ".join(SETUPS)))
            setup = SETUPS.index(symbol) + 1
        feature = None
        if where["feature"] is not None:
            feature = _string(elf, where["feature"][0], where["feature"][1], "feature", name)
        if not (where["name"] and where["description"] and where["body"]):
            raise ModuleError("payload %s: not a PAYLOAD descriptor from payload.mac" % name)
        for field in FIELDS:
            if field not in CARRIED and (where[field] is not None or fields[field]):
                raise ModuleError("payload %s: its %s is not 0, and a module cannot carry one"
                                  % (name, field))
        out.append({
            "name": name,
            "description": _string(elf, where["description"][0], where["description"][1],
                                   "description", name),
            "section": where["body"][0], "body_at": where["body"][1],
            "body_len": fields["body_len"],
            "insns": struct.unpack("<i", struct.pack("<I", fields["insns"]))[0],
            "branches": struct.unpack("<i", struct.pack("<I", fields["branches"]))[0],
            "flags": fields["flags"],
            "setup": setup,
            "feature": feature,
        })
    for sec, off, _, _, _ in rels:
        if sec == table:
            continue
        for p in out:
            if sec == p["section"] and p["body_at"] <= off < p["body_at"] + p["body_len"]:
                raise ModuleError("payload %s uses an absolute address (a relocation at body "
                                  "offset %d): a module body must be position-independent"
                                  % (p["name"], off - p["body_at"]))
    for p in out:
        p["body"] = elf.content(p["section"])[p["body_at"]:p["body_at"] + p["body_len"]]
    return out


def _problem(p, names, mode):
    """What the kernel of the mode would refuse in payload p, or None; names:
    those before it."""
    if not _NAME.match(p["name"]):
        return "a name has 1 to %d characters of A-Z, a-z, 0-9 and _" % MAX_NAME
    if p["name"].lower() in BUILTIN_NAMES[mode]:
        return "a built-in payload has this name"
    if p["name"].lower() in names:
        return "the name is used twice (upper and lower case are the same)"
    if not _DESC.match(p["description"]):
        return ("the description has more than %d characters, or one that is not printable "
                "ASCII or is '@'" % MAX_DESC)
    if not 1 <= p["body_len"] <= MAX_BODY:
        return "the body has %d bytes; a module body has 1 to %d" % (p["body_len"], MAX_BODY)
    for what in ("insns", "branches"):
        if not VARIABLE <= p[what] <= MAX_COUNT:
            return "%s per iteration is %d: VARIABLE or 0 to %d" % (
                "instructions" if what == "insns" else "branches", p[what], MAX_COUNT)
    if p["insns"] != VARIABLE and p["branches"] > p["insns"]:
        return "more branches (%d) than instructions (%d)" % (p["branches"], p["insns"])
    if p["flags"] & ~KNOWN_FLAGS:
        return "unknown flags 0x%x" % (p["flags"] & ~KNOWN_FLAGS)
    if p.get("feature") is not None and not _FEATURE.match(p["feature"]):
        return "the feature name has 1 to %d characters of a-z, 0-9, '.' and _" % MAX_FEATURE
    return None


def _check(payloads, mode):
    if not 1 <= len(payloads) <= MAX_PAYLOADS:
        raise ModuleError("%d payloads; a module holds 1 to %d" % (len(payloads), MAX_PAYLOADS))
    names = set()
    for p in payloads:
        problem = _problem(p, names, mode)
        if problem:
            raise ModuleError("payload %s: %s" % (p["name"], problem))
        names.add(p["name"].lower())


def seal(module):
    """Writes the length and the CRC-32 into a module's header; returns it."""
    module = bytearray(module)
    struct.pack_into("<I", module, 8, len(module))
    struct.pack_into("<I", module, 12, zlib.crc32(bytes(module[16:])))
    return bytes(module)


def pack(payloads, mode=32):
    """The module bytes (format version 2, bench/module.h) for these payloads
    of the mode: the header's mode field is 0 for 32-bit bodies (as every
    module before the field), 64 for 64-bit ones."""
    _check(payloads, mode)
    table = HEADER_LEN
    strings = bytearray()
    at = table + DESC_LEN * len(payloads)
    offsets = []
    for p in payloads:
        name_at = at + len(strings)
        strings += p["name"].encode("latin-1") + b"\0"
        desc_at = at + len(strings)
        strings += p["description"].encode("latin-1") + b"\0"
        feature_at = 0
        if p.get("feature"):
            feature_at = at + len(strings)
            strings += p["feature"].encode("ascii") + b"\0"
        offsets.append((name_at, desc_at, feature_at))
    bodies_at = (at + len(strings) + 15) & ~15
    blob = bytearray()
    descs = bytearray()
    for p, (name_at, desc_at, feature_at) in zip(payloads, offsets):
        body_at = bodies_at + len(blob)
        blob += p["body"] + b"\0" * (-len(p["body"]) % 16)
        descs += struct.pack("<IIIIiiIIII", name_at, desc_at, body_at, len(p["body"]), p["insns"],
                             p["branches"], p["flags"], p.get("setup", 0), feature_at, 0)
    header = MAGIC + struct.pack("<HHIIIIHHI", VERSION, HEADER_LEN, 0, 0, len(payloads), table,
                                 DESC_LEN, 64 if mode == 64 else 0, 0)
    module = header + descs + strings + b"\0" * (bodies_at - at - len(strings)) + blob
    if len(module) > MAX_BYTES:
        raise ModuleError("the module would have %d bytes; at most %d" % (len(module), MAX_BYTES))
    return seal(module)


def build(source, output, mode=32):
    """Assembles source for the mode's kernel and writes the module to
    output; returns the payloads."""
    if os.path.exists(output) and os.path.samefile(source, output):
        raise ModuleError("the output is the source itself")
    with tempfile.TemporaryDirectory(prefix="bb-payload-") as work:
        payloads = payloads_of(Elf(assemble(source, work, mode)))
    files.write(output, pack(payloads, mode))
    return payloads
