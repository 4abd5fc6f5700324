"""Each test process keeps the chunks of CPython's frame stack for reuse (tests/frame_chunks.c says
why: the kernel's share of the quick tier's CPU went from 12% to 4%, the tier from 134 to 118 CPU-s).

The C file is compiled once with the machine's C compiler (``cc``, or ``$CC``) into
tests/__pycache__ (tests/kept_builds.py: a new build when the file or the Python version changes),
and loaded by every process pytest starts (the xdist workers each install it in their own process).
Without a compiler, or on another Python, the tests run the same, only slower; the header says which.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kept_builds import kept

SOURCE = Path(__file__).with_suffix(".c")
STATUS = pytest.StashKey[str]()


def install() -> str:
    """Build the library if need be and install it in this process; what happened, for the header."""
    if sys.implementation.name != "cpython" or sys.version_info < (3, 11):
        return "not kept: only CPython 3.11 and later keep frames in chunks"
    asked = os.environ.get("CC") or "cc"
    compiler = shutil.which(asked)
    if compiler is None:
        return f"not kept: no C compiler ({asked})"

    def compile_to(path: Path) -> None:
        command = [compiler, "-O2", "-shared", "-fPIC", "-o", str(path), str(SOURCE)]
        subprocess.run(command, check=True, capture_output=True, text=True)

    key = hashlib.sha256(SOURCE.read_bytes() + sys.version.encode()).hexdigest()[:16]
    try:
        library = kept(SOURCE.parent / "__pycache__", "frame_chunks", key, ".so", compile_to)
        # A Python that does not export its C functions to a library it loads cannot take it (OSError).
        ctypes.CDLL(str(library)).frame_chunks_keep()
    except subprocess.CalledProcessError as failed:
        return f"not kept: {compiler} failed: {failed.stderr.strip()[:200]}"
    except OSError as error:
        return f"not kept: {error}"
    return "kept for reuse (tests/frame_chunks.c)"


def pytest_configure(config):
    config.stash[STATUS] = install()


def pytest_report_header(config):
    return [f"frame stack chunks: {config.stash[STATUS]}"]
