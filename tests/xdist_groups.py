"""Tests marked ``xdist_group`` run on one worker under ``--dist loadgroup`` (``make test``).

pytest-xdist 3.8 names a test's group by rewriting ``item._nodeid``, which pytest 9 no longer reads
(a node's id lives in ``item._id``): every group was silently split over the workers, and a
fixture meant to start once (``make serve``, the two app servers) started on each. This sets the
id the way pytest 9 reads it; tests/test_make.py checks its own tests carry their group.
"""

import pytest
from _pytest.nodeid import NodeId


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        if names and not item.nodeid.endswith("@" + "_".join(sorted(names))):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(sorted(names))}")
