"""No two modules of the apps import each other, not even inside a function.

The import graph is read from the source with ``ast``: every ``import`` and ``from … import``
statement, at module level or anywhere inside a function, to a module of the apps. A cycle
(a imports b, b imports a, or a longer ring) fails the test with the modules named.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.syntax_trees import syntax_tree

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scoresheet", "league")


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module of ``packages`` under ``root`` → the modules of ``packages`` it imports."""
    paths = {module_name(root, path): path for package in packages for path in (root / package).rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        imported = set()
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package upwards
                    package = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = package[: len(package) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    imported.add(submodule if submodule in paths else base)
        graph[name] = {other for other in imported if other in paths and other != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach each other through imports (Tarjan's strongly
    connected components of more than one module), each sorted."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_two_modules_of_the_apps_import_each_other():
    graph = import_graph(ROOT, APPS)
    assert "scoresheet.scoring.engine" in graph and "league.models" in graph  # the graph reads the real apps
    assert "scoresheet.scoring.plausibility" in graph["scoresheet.scoring.engine"]
    assert cycles(graph) == []


def test_it_finds_a_cycle_made_by_an_import_inside_a_function(tmp_path):
    package = tmp_path / "app"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from app import b\n")
    (package / "b.py").write_text("def f():\n    from .sub import c\n")
    (package / "sub" / "c.py").write_text("import app.a\n")
    (package / "d.py").write_text("from app.a import something\n")
    graph = import_graph(tmp_path, ("app",))
    assert graph["app.b"] == {"app.sub.c"}
    assert graph["app.d"] == {"app.a"}
    assert cycles(graph) == [["app.a", "app.b", "app.sub.c"]]
