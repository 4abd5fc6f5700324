"""The browser tests' setup: Playwright on Debian's chromium (no `playwright install`), every test
here marked `e2e`. Only this folder loads Playwright's pytest plugin's fixtures; `make test-quick`
runs without the plugin (`-p no:playwright`) and leaves these tests out by their marker.

Which chromium: Debian's `chromium-headless-shell` when it is installed (`.ci/run` installs it),
else `chromium`. Both are the one Debian build of Chromium (one source package, one version): the
shell is its headless-only program, which Playwright itself runs for headless tests. It draws the
same pages with the same engine, starting no browser window machinery: the browser tests take about
a third less CPU. `BROWSER=chromium make test` runs them in the full browser instead.
"""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

# Browser checks wait up to 15 s, not Playwright's 5: the live breakdown is a server round
# trip, and with tests in parallel on a busy CI machine it can take longer than 5 s.
expect.set_options(timeout=15_000)


def _chromium() -> str | None:
    """The real binary, skipping Debian's /usr/bin wrapper scripts (and their shell warning)."""
    names = ["chromium"] if os.environ.get("BROWSER") == "chromium" else ["chromium-headless-shell", "chromium"]
    for name in names:
        binary = Path("/usr/lib/chromium") / name
        if binary.exists():
            return str(binary)
    return next(filter(None, map(shutil.which, names)), None)


CHROMIUM = _chromium()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Override pytest-playwright's launch args to use the system chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """The browser tests run without the app's service worker (installing it fetches and keeps the
    static files and the next round's form on every game page: time spent on what they do not
    test); tests/e2e/test_offline.py, which tests it, lets it run."""
    return {**browser_context_args, "service_workers": "block"}
