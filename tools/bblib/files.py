"""The host tools' files: what a file to boot is, by its first bytes, and
writing outputs so that any failure names the file (the tool then ends with
that one line, never a traceback)."""

import errno
import os

ELF_MAGIC = b"\x7fELF"
# The ELF header's e_machine (offset 18, in the byte order EI_DATA names):
# the x86 kernel is EM_386, the PowerPC one EM_PPC (System V ABI, "ELF Header").
ELF_MACHINES = {3: "ELF", 20: "PowerPC ELF"}
# ISO 9660: the primary volume descriptor's "CD001" at byte 0x8001.
ISO_MAGIC_AT, ISO_MAGIC = 0x8001, b"CD001"
MODULE_MAGIC = b"BBPM"  # bench/module.h


def kind_of(path):
    """"ELF" (x86), "PowerPC ELF", "other ELF", "ISO", "module", "empty" or
    "other", from the first bytes of path (OSError when it cannot be read, a
    folder included)."""
    with open(path, "rb") as f:
        head = f.read(ISO_MAGIC_AT + len(ISO_MAGIC))
    if not head:
        return "empty"
    if head.startswith(ELF_MAGIC):
        order = "big" if head[5:6] == b"\x02" else "little"
        return ELF_MACHINES.get(int.from_bytes(head[18:20], order), "other ELF")
    if head.startswith(MODULE_MAGIC):
        return "module"
    return "ISO" if head[ISO_MAGIC_AT:] == ISO_MAGIC else "other"


KIND_NAMES = {"ELF": "an x86 ELF file", "PowerPC ELF": "a PowerPC ELF file",
              "other ELF": "an ELF file for another machine", "ISO": "an ISO image",
              "module": "a payload module (.bbp)",
              "empty": "empty", "other": "neither an ELF file nor an ISO image"}


def type_problem(path, kind, use):
    """Why path cannot serve as a `kind` file ("ELF", "PowerPC ELF" or "ISO")
    for `use`, or None."""
    found = kind_of(path)
    if found == kind:
        return None
    return "%s is %s, but %s needs %s" % (path, KIND_NAMES[found], use, KIND_NAMES[kind])


def _named(e, path):
    """e as an OSError naming path; a file where a folder must be is ENOTDIR."""
    if isinstance(e, FileExistsError):  # os.makedirs(exist_ok=True) met a file
        return NotADirectoryError(errno.ENOTDIR, "a file stands where a folder must be", path)
    return OSError(e.errno, e.strerror, path)


def make_folder(path):
    """Creates the folder path and its parents; an OSError names path."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise _named(e, path) from None


def write(path, data):
    """Writes data (bytes) to path, creating its folder; an OSError names path."""
    try:
        if os.path.dirname(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise _named(e, path) from None
