"""The layers of the code, read from its import statements (module level and inside functions).

The score sheet (``scoresheet``) is the lower app and knows nothing of the league, which builds on
it (the league registers its doors into a game and its answers about clubs: ``league/doors.py``).
One dependency is allowed, and stated here: its models point at the league's rows by string
reference, never by import (``Variant.club`` and ``Game.club`` at ``"league.Club"``, ``Game.table``
at ``"league.Table"``), with the migrations that made those columns; and two pages link to the
league's club pages. Moving those columns to the league would move data between tables for no
reader's gain, so the dependency stays, named and held by the tests below.
Inside each app, from the bottom:

0. plain Python: the rules, scoring, seating, standings arithmetic — no database, no Django models;
1. the models and their querysets;
2. what reads and writes them: selectors, services, history, printouts, the access layer;
3. forms;
4. pages and wiring: views, URLs, the admin, commands, the doors' registration.

No module imports one from a layer above its own. (tests/test_import_cycles.py: no cycles.)
"""

import ast
import functools
import re
from pathlib import Path

import pytest

from tests.syntax_trees import syntax_tree

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scoresheet", "league")

# Plain Python (layer 0), named: each module's docstring says it needs no database.
PLAIN = {
    "scoresheet.scoring.dealing",
    "scoresheet.display",
    "scoresheet.scoring.engine_tables",
    "scoresheet.scoring.entries",
    "scoresheet.rules.fields",
    "scoresheet.scoring.plausibility",
    "scoresheet.problems",
    "scoresheet.rules.schema",
    "scoresheet.rules.checking",
    "scoresheet.rules.loading",
    "scoresheet.rules.preset_rules",
    "scoresheet.rules.card",
    "scoresheet.rules.diff",
    "scoresheet.scoring.engine",
    "scoresheet.scoring.round_problems",
    "scoresheet.paper.sheet_rows",
    "scoresheet.scoring.team_entry",
    "scoresheet.addresses.tokens",
    "league.nights.seating.apart",
    "league.nights.seating.byes",
    "league.nights.seating.costs",
    "league.nights.seating.drawing",
    "league.nights.seating.fixed",
    "league.nights.seating.flags",
    "league.nights.seating.manual",
    "league.nights.seating.progressive",
    "league.nights.seating.rotating",
    "league.nights.seating.search",
    "league.nights.seating.shapes",
    "league.nights.seating.sittings",
    "league.nights.seating.whist",
    "league.results.substitutes",
    "league.nights.whist_designs",
    "league.results.metrics",
    "league.rankings",
    "league.time_zones",
}
# Forms (layer 3) not named so: the house-rules editor is one long form.
FORMS = {"scoresheet.rules.house_rules", "scoresheet.rules.house_rules_table"}
# Wiring (layer 4) that is not named like a page: it registers pages.
WIRING = {"league.doors", "scoresheet.addresses.token_doors", "scoresheet.addresses.game_urls"}


def _modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path.name == "__init__.py":
                continue
            yield ".".join(path.relative_to(ROOT).with_suffix("").parts), path


MODULES = dict(_modules())


def imports_of(path: Path) -> set[str]:
    """Our modules ``path`` imports (``from a import b`` counts a.b when b is a module)."""
    found = set()
    for node in ast.walk(syntax_tree(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & MODULES.keys()


@functools.cache
def imports() -> dict[str, set[str]]:
    """Each module → our modules it imports (read when a test first asks, not when pytest collects:
    each test process collects this module, and only one runs its tests)."""
    return {name: imports_of(path) for name, path in MODULES.items()}


def layer(module: str) -> int:
    last = module.rsplit(".", 1)[-1]
    if module in PLAIN:
        return 0
    if last in ("models", "querysets"):
        return 1
    if module in WIRING or ".management." in module or last in ("views", "urls", "admin", "apps"):
        return 4
    if last.endswith(("_views", "_urls")) or last in ("table_links", "recently_deleted"):
        return 4
    if module in FORMS or last == "forms" or last.endswith(("_forms", "formfields")):
        return 3
    return 2


def test_the_score_sheet_imports_nothing_of_the_league():
    upward = [f"{m} imports {i}" for m, found in imports().items() if m.startswith("scoresheet.") for i in found]
    assert [line for line in upward if " imports league." in line] == []


def _strings(path: Path) -> list[str]:
    """The string constants of a module's code: its docstrings left out (comments are not read)."""
    tree = syntax_tree(path)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_file_of_the_score_sheet_imports_the_league():
    """Every file, its packages' ``__init__`` and its migrations included: not even ``import league``."""
    found = []
    for path in sorted((ROOT / "scoresheet").rglob("*.py")):
        for node in ast.walk(syntax_tree(path)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            found += [f"{path.relative_to(ROOT)} imports {n}" for n in names if n.split(".")[0] == "league"]
    assert found == []


def test_the_score_sheet_names_the_league_only_in_its_models_foreign_keys():
    """The code's only mention of the league (outside docstrings, comments and migrations): the
    models' string references to the league's clubs and tables."""
    mentions = sorted(
        (name, text)
        for name, path in MODULES.items()
        if name.startswith("scoresheet.")
        for text in _strings(path)
        if "league" in text.lower()
    )
    assert mentions == [
        ("scoresheet.models", "league.Club"),
        ("scoresheet.models", "league.Club"),
        ("scoresheet.models", "league.Table"),
    ]


def test_the_score_sheets_pages_link_to_the_league_only_from_two_places():
    """The home page's "Your clubs" and a club game's start page link to the league's club pages."""
    links = sorted(
        (str(path.relative_to(ROOT / "templates")), name)
        for path in (ROOT / "templates" / "scoresheet").rglob("*")
        if path.is_file()
        for name in re.findall(r"league:[\w-]+", path.read_text())
    )
    assert links == [("scoresheet/game_new.html", "league:club-detail"), ("scoresheet/home.html", "league:club-list")]


def test_no_module_imports_one_from_a_higher_layer():
    upward = sorted(
        f"{m} (layer {layer(m)}) imports {i} (layer {layer(i)})"
        for m, found in imports().items()
        for i in found
        if layer(i) > layer(m)
    )
    assert upward == []


def test_plain_modules_need_no_database():
    uses_django_db = sorted(
        name for name in PLAIN if "django.db" in MODULES[name].read_text() or "objects." in MODULES[name].read_text()
    )
    assert uses_django_db == []


@pytest.mark.parametrize(
    ("module", "expected"),
    [
        ("scoresheet.scoring.engine", 0),
        ("league.models", 1),
        ("scoresheet.games.services", 2),
        ("league.nights.forms", 3),
        ("league.nights.urls", 4),
        ("league.doors", 4),
    ],
)
def test_each_module_has_the_layer_its_name_says(module, expected):
    assert module in MODULES
    assert layer(module) == expected
