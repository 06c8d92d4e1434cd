"""An initramfs for a Linux guest: the kernel's "newc" cpio format
(Linux's Documentation/driver-api/early-userspace/buffer-format.rst), written
here so that no cpio tool is needed. Each entry is a path, a mode and its
bytes; a character device also has its major and minor numbers."""

import stat

TRAILER = "TRAILER!!!"


def _pad(n):
    return b"\0" * (-n % 4)


def write(path, entries):
    """Writes entries [(name, mode, data[, (major, minor)])] as a cpio
    archive at path; directories must come before what they hold."""
    with open(path, "wb") as f:
        for ino, entry in enumerate(list(entries) + [(TRAILER, 0, b"")], 1):
            name, mode, data = entry[:3]
            rdev = entry[3] if len(entry) > 3 else (0, 0)
            encoded = name.encode() + b"\0"
            fields = (ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(encoded), 0)
            header = b"070701" + b"".join(b"%08x" % v for v in fields)
            f.write(header + encoded + _pad(len(header) + len(encoded)))
            f.write(data + _pad(len(data)))


def directory(name):
    return (name, stat.S_IFDIR | 0o755, b"")


def program(name, data):
    return (name, stat.S_IFREG | 0o755, data)


def console():
    """/dev/console, which the kernel opens for init's standard streams."""
    return ("dev/console", stat.S_IFCHR | 0o600, b"", (5, 1))
