"""The order `make test` hands out its modules (pytest-xdist's --dist loadfile with
--no-loadscope-reorder gives whole modules to the workers in the order collected).

The browser modules (tests/e2e) and those that start real servers (marker `server`: `make serve`,
two app servers; these first) are spread among the others, one every few, rather than all first
(xdist's default reordering put them all last, one or two tests a module; `make serve` came last
by name, and its 8 s of waiting ended the run). A browser test waits on the browser and the live
server about half its time; with a module of plain tests running on the other worker meanwhile,
both cores stay busy throughout.
"""

import pytest


@pytest.hookimpl(trylast=True)  # after every other plugin's changes, -m's deselection among them
def pytest_collection_modifyitems(items):
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)  # the module xdist hands out
    waiting = {m for m, its in modules.items() if any(item.get_closest_marker("server") for item in its)}
    browser = [*sorted(waiting), *(m for m in modules if m.startswith("tests/e2e/") and m not in waiting)]
    plain = [m for m in modules if m not in browser]
    if not browser or not plain:
        return
    every = -(-len(plain) // len(browser))  # plain modules between two browser ones, rounded up
    order = []
    for i, module in enumerate(browser):
        order += [module, *plain[i * every : (i + 1) * every]]
    items[:] = [item for module in order for item in modules[module]]
