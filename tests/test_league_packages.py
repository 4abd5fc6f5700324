"""No two packages of the league import each other, and none imports in a ring.

A package is a folder of ``league`` (``league.nights``, ``league.results`` …) with every module
in it; a module at the top (``league.models``, ``league.rankings`` …) stands for itself. The graph
is the modules' (``tests/test_import_cycles.py``: every import, at module level or inside a
function), read package by package: a package that imports another is read by it, never the other
way round. ``league.results`` owns what a night's results are and reads none of the packages that
read it.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_import_cycles import cycles, import_graph

ROOT = Path(__file__).resolve().parent.parent


def package_of(module: str, app: str = "league") -> str:
    """``league.nights.views`` → ``league.nights``; ``league.models`` → itself."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == app and len(parts) > 1 else module


def package_imports(graph: dict[str, set[str]], app: str = "league") -> dict[tuple[str, str], list[str]]:
    """(package, package it imports) → the module imports that make the edge, each "a imports b"."""
    edges: dict[tuple[str, str], list[str]] = {}
    for module, imported in graph.items():
        for other in imported:
            edge = (package_of(module, app), package_of(other, app))
            if edge[0] != edge[1]:
                edges.setdefault(edge, []).append(f"{module} imports {other}")
    return edges


def two_way(edges: dict[tuple[str, str], list[str]]) -> list[str]:
    """Each pair of packages that import each other, with the imports of both ways."""
    pairs = sorted({tuple(sorted(edge)) for edge in edges if edge[::-1] in edges})
    return [f"{a} <-> {b}: " + "; ".join(sorted(edges[(a, b)]) + sorted(edges[(b, a)])) for a, b in pairs]


def _league() -> dict[tuple[str, str], list[str]]:
    graph = import_graph(ROOT, ("league",))
    assert "league.results.querysets" in graph and "league.nights.views" in graph  # the graph reads the real app
    return package_imports(graph)


def test_no_two_packages_of_the_league_import_each_other():
    assert two_way(_league()) == []


def test_the_packages_of_the_league_import_in_no_ring():
    edges = _league()
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    assert cycles(graph) == []


def test_the_results_read_nothing_of_the_packages_that_read_them():
    """What a night's results are stands on the models and the ranking rules alone: nights,
    standings, ratings, exchange and the rest only read it."""
    read_by_results = sorted({b for a, b in _league() if a == "league.results"})
    assert read_by_results == ["league.models", "league.rankings"]


def test_it_finds_two_packages_importing_each_other_even_inside_a_function(tmp_path):
    app = tmp_path / "league"
    for package in ("a", "b", "c"):
        (app / package).mkdir(parents=True)
        (app / package / "__init__.py").write_text("")
    (app / "__init__.py").write_text("")
    (app / "models.py").write_text("")
    (app / "a" / "pages.py").write_text("from league.b import rows\nfrom league import models\n")
    (app / "b" / "rows.py").write_text("from league.models import *\n")
    (app / "b" / "printing.py").write_text("def f():\n    from league.a import pages\n")
    (app / "c" / "one.py").write_text("from league.a import pages\n")
    edges = package_imports(import_graph(tmp_path, ("league",)))
    assert two_way(edges) == [
        "league.a <-> league.b: league.a.pages imports league.b.rows; league.b.printing imports league.a.pages"
    ]
    assert ("league.a", "league.models") in edges and ("league.c", "league.a") in edges
