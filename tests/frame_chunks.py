"""Each test process keeps the chunks of CPython's frame stack for reuse (tests/frame_chunks.c says
why: the kernel's share of the quick tier's CPU went from 12% to 4%, the tier from 134 to 118 CPU-s).

The C file is compiled once with the machine's C compiler (``cc``, or ``$CC``) into
tests/__pycache__, under a name that changes with the file and the Python version, and loaded by
every process pytest starts (the xdist workers each install it in their own process). Without a
compiler, or on another Python, the tests run the same, only slower; the header says which.
"""

from __future__ import annotations

import ctypes
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).with_suffix(".c")
BUILT_IN = Path(__file__).parent / "__pycache__"

_state: list[str] = []  # what happened, for the header


def built() -> Path | None:
    """The compiled library, built if it is not there yet (None with no compiler, or if it fails)."""
    asked = os.environ.get("CC") or "cc"
    compiler = shutil.which(asked)
    if compiler is None:
        _state.append(f"not kept: no C compiler ({asked})")
        return None
    key = hashlib.sha256(SOURCE.read_bytes() + sys.version.encode()).hexdigest()[:16]
    library = BUILT_IN / f"frame_chunks-{key}.so"
    BUILT_IN.mkdir(exist_ok=True)
    with open(BUILT_IN / "frame_chunks.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the xdist workers start at once
        if not library.exists():
            building = library.with_suffix(".building")
            result = subprocess.run(
                [compiler, "-O2", "-shared", "-fPIC", "-o", str(building), str(SOURCE)],
                capture_output=True,
                text=True,
            )
            if result.returncode:
                _state.append(f"not kept: {compiler} failed: {result.stderr.strip()[:200]}")
                return None
            for old in BUILT_IN.glob("frame_chunks-*.so"):
                old.unlink()
            os.replace(building, library)
    return library


def pytest_configure(config):
    if sys.implementation.name != "cpython" or sys.version_info < (3, 11):
        _state.append("not kept: only CPython 3.11 and later keep frames in chunks")
        return
    library = built()
    if library is None:
        return
    try:  # a Python that does not export its C functions to a library it loads cannot take it
        keep = ctypes.CDLL(str(library)).frame_chunks_keep
    except OSError as error:
        _state.append(f"not kept: {error}")
        return
    keep()
    _state.append("kept for reuse (tests/frame_chunks.c)")


def pytest_report_header(config):
    return [f"frame stack chunks: {'; '.join(_state)}"]
