"""No module of the two apps over 600 lines, no function over 80 (issue 33): a newcomer reads a
module in one sitting and a function on one screen. Migrations are left out (Django writes them).
A function's lines run from its ``def`` to its last line, its docstring and nested functions in."""

import ast
from pathlib import Path

from tests.syntax_trees import syntax_tree

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scoresheet", "league")
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def _sources():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                yield path.relative_to(ROOT), path.read_text(encoding="utf-8")


SOURCES = dict(_sources())


def test_no_module_is_over_600_lines():
    long = sorted(
        f"{path}: {len(text.splitlines())} lines"
        for path, text in SOURCES.items()
        if len(text.splitlines()) > MAX_MODULE_LINES
    )
    assert long == []


def test_no_function_is_over_80_lines():
    long = sorted(
        f"{path}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
        for path in SOURCES
        for node in ast.walk(syntax_tree(ROOT / path))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    )
    assert long == []


def test_the_checks_read_both_apps():
    """The walk finds the modules (a wrong root would find none and pass anything)."""
    assert {str(path).split("/")[0] for path in SOURCES} == set(APPS)
    assert not any("migrations" in path.parts for path in SOURCES)
