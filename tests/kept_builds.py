"""Files the test runs build once and keep for the next runs: the migrated template database
(tests/database_template.py) and the frame-chunk library (tests/frame_chunks.py).

Each is named ``<stem>-<key><suffix>``, the key a hash of what it is built from, so a change builds a
new one and the old ones are removed. The pytest-xdist workers start at once, and two runs may too:
the first to take the lock builds, the others wait for it and find the file there.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path


def kept(folder: Path, stem: str, key: str, suffix: str, build: Callable[[Path], None]) -> Path:
    """``folder/<stem>-<key><suffix>``, made by ``build(path)`` into a path of its own (then moved into
    place, so no run finds half of it) unless it is there already. An error of ``build`` is raised
    and leaves nothing behind."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{stem}-{key}{suffix}"
    with open(folder / f"{stem}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            building = target.with_suffix(".building")
            building.unlink(missing_ok=True)
            try:
                build(building)
            except BaseException:
                building.unlink(missing_ok=True)
                raise
            for old in folder.glob(f"{stem}-*{suffix}"):
                old.unlink()
            os.replace(building, target)
    return target
