#!/usr/bin/env python3
"""Check that every preset's sources point at real lines of the source documents (the seeds).

The seeds are the rule texts the presets were read from. They are not part of the repository:
in the workspace and in CI they sit beside it, in ../shared/seeds. So this check is a script
that .ci/run runs, not a test: the test suite reads nothing outside the repository.

    python3 scripts/check_sources.py [SEEDS_DIR]       (or SEEDS_DIR=... in the environment)

Without an argument it looks in ../shared/seeds and, when that folder is absent (a clone on its
own), says so in one line and exits 0. A folder named on purpose must exist (exit 2). Every
problem is listed; the exit status is 1 if there is any.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PRESETS_DIR = REPO / "scoresheet" / "rules" / "presets"
DEFAULT_SEEDS_DIR = REPO.parent / "shared" / "seeds"


def source_problems(preset: Path, seeds_dir: Path) -> list[str]:
    """What is wrong with one preset document's sources: missing, unknown seed, lines out of range."""
    document = json.loads(preset.read_text(encoding="utf-8"))
    name = document.get("slug") or preset.stem
    sources = document.get("sources") or []
    if not sources:
        return [f"{name}: names no source"]
    problems = []
    for i, source in enumerate(sources):
        seed, lines = source.get("seed", ""), source.get("lines", "")
        where = f"{name}: sources[{i}] {seed} {lines}"
        path = seeds_dir / seed
        if not seed or not path.is_file():
            problems.append(f"{where}: no such file in {seeds_dir}")
            continue
        line_count = len(path.read_text(encoding="utf-8").splitlines())
        numbers = [int(n) for n in re.findall(r"\d+", lines)]
        if not numbers:
            problems.append(f"{where}: names no line")
        problems += [
            f"{where}: line {n} is not in the file ({line_count} lines)" for n in numbers if not 1 <= n <= line_count
        ]
    return problems


def main(argv: list[str]) -> int:
    named = argv[1] if len(argv) > 1 else os.environ.get("SEEDS_DIR")
    seeds_dir = Path(named) if named else DEFAULT_SEEDS_DIR
    if not seeds_dir.is_dir():
        if named:
            print(f"check_sources: {seeds_dir} is not a folder", file=sys.stderr)
            return 2
        print(f"check_sources: no seeds folder at {seeds_dir}; preset sources not checked (name one to check)")
        return 0
    presets = sorted(PRESETS_DIR.glob("*.json"))
    problems = [problem for preset in presets for problem in source_problems(preset, seeds_dir)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check_sources: {len(problems)} problem(s) in the sources of {len(presets)} presets", file=sys.stderr)
        return 1
    print(f"check_sources: every source of the {len(presets)} presets is a line of a file in {seeds_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
