"""The Makefile: `make serve` starts gunicorn with DEBUG off and serves pages and static files
(whitenoise); `make test` names the apt packages it lacks before running anything."""

import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import closing
from pathlib import Path

import pytest

from tests.conftest import QUICK_MARKERS

REPO = Path(__file__).resolve().parent.parent

# One `make serve` for the module's tests that read it (the `server` fixture): with --dist
# loadfile (make test) a module's tests run on one worker, which starts it once. These tests
# start real servers: `make test-quick` leaves them to `make test` (the `server` marker).
pytestmark = pytest.mark.server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> tuple[int, dict, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def same_virtualenv() -> list[str]:
    """Have make use the virtualenv these tests run in (make's own is .venv, which `make test` uses)."""
    return [f"VENV={sys.prefix}"] if sys.prefix != sys.base_prefix else []


def serve_environment(tmp_path: Path, **changes: str) -> dict:
    # Nothing from the outer `make test` (its MAKEFLAGS carry its command-line variables) or the shell's settings.
    dropped = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        SECRET_KEY="serve-test-" + "k" * 50,
        DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
        ALLOWED_HOSTS="127.0.0.1",
        HTTPS="0",  # served over plain http on this machine, as a club's laptop on its own network is
        CACHE_URL="db://bookkeeper_cache",  # the cache several app servers share
    )
    env.update(changes)
    return env


@pytest.fixture(scope="session")
def serve_folder(tmp_path_factory) -> Path:
    """The folder of the served database (club.sqlite3)."""
    return tmp_path_factory.mktemp("serve")


@pytest.fixture(scope="session")
def server(serve_folder):
    """`make serve` on a free port with a new SQLite database; its base URL while it runs."""
    tmp_path = serve_folder
    port = free_port()
    log = open(tmp_path / "serve.log", "w+")  # closed below, once the server has stopped
    process = subprocess.Popen(
        ["make", "--no-print-directory", "serve", "HOST=127.0.0.1", f"PORT={port}", "WORKERS=1", *same_virtualenv()],
        cwd=REPO,
        env=serve_environment(tmp_path, DEBUG="1"),  # make serve turns DEBUG off itself
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # collectstatic, migrate and load_presets come first
        while True:
            try:
                fetch(base + "/")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"make serve did not answer on {base}:\n{log.read()}")
                time.sleep(0.3)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def test_make_serve_serves_the_home_page_and_its_static_files(server):
    status, _, page = fetch(server + "/")
    assert status == 200
    assert "Bookkeeper" in page
    # Static files are collected under names that carry a hash of their content ...
    stylesheet = re.search(r'<link rel="stylesheet" href="(/static/css/bookkeeper\.[0-9a-f]{12}\.css)"', page)
    assert stylesheet, "the page does not link a hashed stylesheet"
    status, headers, css = fetch(server + stylesheet.group(1))
    assert status == 200
    assert headers["Content-Type"].startswith("text/css")
    assert css == (REPO / "static" / "css" / "bookkeeper.css").read_text()
    # ... and so can be cached for ever.
    assert "immutable" in headers["Cache-Control"]
    # The plain name is served too (a page cached before a deploy may still ask for it).
    status, _, _ = fetch(server + "/static/css/bookkeeper.css")
    assert status == 200


def test_make_serve_makes_the_shared_cache_table(server, serve_folder):
    with closing(sqlite3.connect(serve_folder / "club.sqlite3")) as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "bookkeeper_cache" in tables


def test_make_serve_runs_with_debug_off(server):
    status, _, page = fetch(server + "/no-such-page/")
    assert status == 404
    assert "URLconf" not in page  # Django's debug 404 page lists the URL patterns


def test_make_serve_refuses_to_start_without_a_secret_key(tmp_path):
    env = serve_environment(tmp_path, PORT=str(free_port()))
    del env["SECRET_KEY"]
    result = subprocess.run(
        ["make", "--no-print-directory", "serve", *same_virtualenv()],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "Bookkeeper settings: SECRET_KEY is not set and DEBUG is off" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("tools", "message"),
    [
        ([], "make test needs chromium poppler-utils: sudo apt-get install chromium poppler-utils.  Stop."),
        (["chromium"], "make test needs poppler-utils: sudo apt-get install poppler-utils.  Stop."),
        (["pdftoppm"], "make test needs chromium: sudo apt-get install chromium.  Stop."),
    ],
)
def test_make_test_stops_at_once_naming_the_packages_to_install(tmp_path, tools, message):
    for tool in tools:  # a PATH that has only these (stand-ins: nothing runs them)
        (tmp_path / tool).write_text("#!/bin/sh\n")
        (tmp_path / tool).chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    result = subprocess.run(
        [shutil.which("make"), "--no-print-directory", "test"],
        cwd=REPO,
        env={**env, "PATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert result.stdout == ""  # stopped before anything ran
    [line] = result.stderr.splitlines()
    assert line.endswith(message)


def test_make_test_keeps_each_module_on_one_worker():
    """`make test` and `make test-quick` hand pytest-xdist whole modules (--dist loadfile): a module's
    world (a `make serve`, two app servers, a club built once) is built by one worker, not by each;
    and in the order collected (--no-loadscope-reorder), the browser tests first. The quick tier
    selects by the marker expression tests/conftest.py names in its closing line."""
    commands = subprocess.run(
        ["make", "--dry-run", "--no-print-directory", "test", "test-quick"],
        cwd=REPO,
        env={k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    runs = [line for line in commands.splitlines() if " -m pytest " in line]
    assert len(runs) == 2
    for run in runs:
        assert "--dist loadfile --no-loadscope-reorder" in run
    assert f'-m "{QUICK_MARKERS}"' in runs[1]
