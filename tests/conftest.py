"""Shared pytest setup: Playwright runs Debian's chromium (no `playwright install`)."""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; without this Django
# refuses the database work pytest-django does around each test.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# The real binary skips the /usr/bin/chromium wrapper script (and its shell warning).
CHROMIUM = "/usr/lib/chromium/chromium" if Path("/usr/lib/chromium/chromium").exists() else "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Override pytest-playwright's launch args to use the system chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# App fixtures


@pytest.fixture
def presets(django_db_blocker, request):
    """The preset variants in the database, also after a transactional test flushed it."""
    from scoresheet import services

    marker = request.node.get_closest_marker("django_db")
    if marker and marker.kwargs.get("transaction"):
        request.getfixturevalue("transactional_db")
    else:
        request.getfixturevalue("db")
    services.presets_load()
