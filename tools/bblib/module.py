"""Payload modules (.bbp): NASM payload sources assembled outside the kernel.

`barebench payload FILE.asm -o FILE.bbp` assembles FILE.asm exactly as
`make PAYLOAD=FILE.asm` does (nasm -f elf32 -I bench/x86/), reads the
payload descriptors that bench/x86/payload.mac put in the object's
`.payloads` section, and writes them with their names, descriptions and
bodies in the module format bench/module.h defines (version 1), which the
kernel reads from a multiboot module.

A module carries no relocations: a body is copied by the harness and must
be position-independent anyway, and a body that names an absolute address
(a label, a data item) is refused here with the payload's name. A module
payload has no prepare function (its registers start at 0): one that
names a prepare function is refused; build it in with `make PAYLOAD=`.
"""

import os
import struct
import subprocess
import tempfile
import zlib

from . import files

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(ROOT, "bench", "x86") + os.sep

MAGIC = files.MODULE_MAGIC
VERSION = 1
HEADER_LEN = 32
DESC_LEN = 32
MAX_BYTES = 64 << 10
MAX_PAYLOADS = 32
MAX_BODY = 4096
MAX_NAME = 31
MAX_DESC = 160

# bench/x86/payload.mac's descriptor: name, description, body, body length,
# instructions, branches, flags, prepare, fn (the struct payload layout).
ENTRY = struct.Struct("<9I")
R_386_32 = 1
SHT_SYMTAB, SHT_REL, SHT_RELA = 2, 9, 4


class ModuleError(Exception):
    """A source that cannot become a module; the message names the payload."""


def assemble(source, work):
    """Assembles source into an ELF32 object in work; returns its bytes."""
    obj = os.path.join(work, os.path.basename(source) + ".o")
    proc = subprocess.run(["nasm", "-f", "elf32", "-I", INCLUDE, "-o", obj, source],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise ModuleError("nasm failed on %s:\n%s" % (source, proc.stderr.strip()))
    with open(obj, "rb") as f:
        return f.read()


class Elf:
    """The sections, symbols and REL relocations of an ELF32 object."""

    def __init__(self, data):
        if data[:4] != b"\x7fELF" or data[4] != 1:
            raise ModuleError("not an ELF32 object")
        shoff, = struct.unpack_from("<I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
        self.data = data
        self.sections = [struct.unpack_from("<10I", data, shoff + i * shentsize)
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
        for s in self.sections:
            if s[1] == SHT_SYMTAB:
                raw = self.data[s[4]:s[4] + s[5]]
                return [struct.unpack_from("<IIIBBH", raw, o) for o in range(0, len(raw), 16)]
        return []

    def relocations(self):
        """(section index it applies to, offset, type, symbol index) for every REL entry."""
        out = []
        for s in self.sections:
            if s[1] == SHT_RELA:
                raise ModuleError("RELA relocations are not expected from nasm -f elf32")
            if s[1] == SHT_REL:
                raw = self.data[s[4]:s[4] + s[5]]
                for o in range(0, len(raw), 8):
                    off, info = struct.unpack_from("<II", raw, o)
                    out.append((s[7], off, info & 0xFF, info >> 8))
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
    in_table = {off: (typ, sym) for sec, off, typ, sym in rels if sec == table}
    raw = elf.content(table)
    out = []
    for at in range(0, len(raw) - ENTRY.size + 1, ENTRY.size):
        fields = list(ENTRY.unpack_from(raw, at))
        where = []
        for k in range(ENTRY.size // 4):
            rel = in_table.get(at + 4 * k)
            if rel is None:
                where.append(None)
                continue
            typ, sym = rel
            value, shndx = syms[sym][1], syms[sym][5]
            if typ != R_386_32 or shndx == 0:
                where.append(("extern", sym))
            else:
                where.append((shndx, value + fields[k]))
        name = _string(elf, where[0][0], where[0][1], "name", "#%d" % len(out)) \
            if where[0] and where[0][0] != "extern" else "#%d" % len(out)
        if where[7] is not None or fields[7] != 0:
            raise ModuleError("payload %s has a prepare function: a module cannot carry one "
                              "(its registers start at 0); build it in with make PAYLOAD=" % name)
        if not (where[0] and where[1] and where[2]) or where[8] is not None or fields[8]:
            raise ModuleError("payload %s: not a PAYLOAD descriptor from payload.mac" % name)
        out.append({
            "name": name,
            "description": _string(elf, where[1][0], where[1][1], "description", name),
            "section": where[2][0], "body_at": where[2][1], "body_len": fields[3],
            "insns": struct.unpack("<i", struct.pack("<I", fields[4]))[0],
            "branches": struct.unpack("<i", struct.pack("<I", fields[5]))[0],
            "flags": fields[6],
        })
    for sec, off, _, _ in rels:
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


def _check(payloads):
    if not 1 <= len(payloads) <= MAX_PAYLOADS:
        raise ModuleError("%d payloads; a module holds 1 to %d" % (len(payloads), MAX_PAYLOADS))
    for p in payloads:
        if not 1 <= len(p["name"]) <= MAX_NAME:
            raise ModuleError("payload %s: a name has 1 to %d characters" % (p["name"], MAX_NAME))
        if len(p["description"]) > MAX_DESC:
            raise ModuleError("payload %s: the description is longer than %d characters"
                              % (p["name"], MAX_DESC))
        if not 1 <= p["body_len"] <= MAX_BODY:
            raise ModuleError("payload %s: the body has %d bytes; a module body has 1 to %d"
                              % (p["name"], p["body_len"], MAX_BODY))


def seal(module):
    """Writes the length and the CRC-32 into a module's header; returns it."""
    module = bytearray(module)
    struct.pack_into("<I", module, 8, len(module))
    struct.pack_into("<I", module, 12, zlib.crc32(bytes(module[16:])))
    return bytes(module)


def pack(payloads):
    """The module bytes (format version 1, bench/module.h) for these payloads."""
    _check(payloads)
    table = HEADER_LEN
    strings = bytearray()
    at = table + DESC_LEN * len(payloads)
    offsets = []
    for p in payloads:
        name_at = at + len(strings)
        strings += p["name"].encode("latin-1") + b"\0"
        desc_at = at + len(strings)
        strings += p["description"].encode("latin-1") + b"\0"
        offsets.append((name_at, desc_at))
    bodies_at = (at + len(strings) + 15) & ~15
    blob = bytearray()
    descs = bytearray()
    for p, (name_at, desc_at) in zip(payloads, offsets):
        body_at = bodies_at + len(blob)
        blob += p["body"] + b"\0" * (-len(p["body"]) % 16)
        descs += struct.pack("<IIIIiiII", name_at, desc_at, body_at, len(p["body"]), p["insns"],
                             p["branches"], p["flags"], 0)
    header = MAGIC + struct.pack("<HHIIIIHHI", VERSION, HEADER_LEN, 0, 0, len(payloads), table,
                                 DESC_LEN, 0, 0)
    module = header + descs + strings + b"\0" * (bodies_at - at - len(strings)) + blob
    if len(module) > MAX_BYTES:
        raise ModuleError("the module would have %d bytes; at most %d" % (len(module), MAX_BYTES))
    return seal(module)


def build(source, output):
    """Assembles source and writes the module to output; returns the payloads."""
    with tempfile.TemporaryDirectory(prefix="bb-payload-") as work:
        payloads = payloads_of(Elf(assemble(source, work)))
    files.write(output, pack(payloads))
    return payloads
