"""Every C file is as `make format` leaves it: `make format-check` runs
clang-format 19 over the tree with .clang-format and names what it would
change (clang-format's own diagnostics: file, line, what differs)."""

import subprocess

from common import ROOT


def test_every_c_file_is_formatted():
    proc = subprocess.run(["make", "--no-print-directory", "format-check"], cwd=ROOT,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, "not as make format leaves them (run make format):\n%s" \
        % (proc.stdout + proc.stderr)[-3000:]
