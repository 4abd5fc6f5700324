"""The apps' Python files as syntax trees, each parsed once a test process: four modules of
checks walk them (layers, import cycles, the league's packages, sizes), and parsing every file
again for each check had cost 1.8 CPU-s of the quick tier. The trees are only read."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
