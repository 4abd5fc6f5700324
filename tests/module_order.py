"""The order `make test` hands out its modules (pytest-xdist's --dist loadfile with
--no-loadscope-reorder gives whole modules to the workers in the order collected).

The browser modules (tests/e2e) are spread among the others, one every few, rather than all first
(xdist's default reordering put them all last, one or two tests a module). A browser test waits on
the browser and the live server about half its time; with a module of plain tests running on the
other worker meanwhile, both cores stay busy throughout.
"""

import pytest


@pytest.hookimpl(trylast=True)  # after every other plugin's changes, -m's deselection among them
def pytest_collection_modifyitems(items):
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)  # the module xdist hands out
    browser = [m for m in modules if m.startswith("tests/e2e/")]
    plain = [m for m in modules if not m.startswith("tests/e2e/")]
    if not browser or not plain:
        return
    every = -(-len(plain) // len(browser))  # plain modules between two browser ones, rounded up
    order = []
    for i, module in enumerate(browser):
        order += [module, *plain[i * every : (i + 1) * every]]
    items[:] = [item for module in order for item in modules[module]]
