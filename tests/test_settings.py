"""Settings read from the environment: yes/no words only, a SECRET_KEY whenever DEBUG is off,
persistent PostgreSQL connections, the site's address for printed links (SITE_URL), the cache
(CACHE_URL). Errors are
one line from manage.py, never a traceback."""

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import envbool, envcache

REPO = Path(__file__).resolve().parent.parent
SETTING_NAMES = ("DEBUG", "SECRET_KEY", "DATABASE_URL", "CONN_MAX_AGE", "SITE_URL")


# The tests that read the settings in a Python started afresh (``run``, ``read``) are marked
# `process`: left to `make test`, the start-up being most of their cost.
def run(*args: str, input: str | None = None, **env: str) -> subprocess.CompletedProcess:
    """Run python in the repository with only the settings given here (none inherited)."""
    inherited = {k: v for k, v in os.environ.items() if k not in SETTING_NAMES}
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env={**inherited, **env},
        input=input,
        capture_output=True,
        text=True,
        timeout=60,
    )


# Reads config/settings.py afresh (a new import of the module, as in a new process) under each
# environment given on stdin, all in one process: one Python start-up for every read instead of
# one each (the start-up is the slow part). Each read's environment is the process's own (run's,
# none of the settings inherited) with its variables added; it answers each read's stdout and stderr.
READER = """
import io, json, os, sys, traceback
from contextlib import redirect_stderr, redirect_stdout
inherited = dict(os.environ)
answers = []
for code, env in json.load(sys.stdin):
    os.environ.clear()
    os.environ.update({**inherited, **env})
    sys.modules.pop("config.settings", None)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            exec(code, {})
        except BaseException:
            traceback.print_exc()
    answers.append([out.getvalue(), err.getvalue()])
json.dump(answers, sys.__stdout__)
"""

READ_DATABASE = (
    "from config.settings import DATABASES; "
    "print(DATABASES['default']['CONN_MAX_AGE'], DATABASES['default']['CONN_HEALTH_CHECKS'])"
)
READ_OPTIONS = "from config.settings import DATABASES; print(DATABASES['default'].get('OPTIONS', {}))"
READ_SITE_URL = "from config.settings import SITE_URL; print(repr(SITE_URL))"
POSTGRES = "postgres://u:p@127.0.0.1:1/nothing"  # only the settings are read: no connection is made to it
SITE_URLS = [
    (None, "''"),  # unset: each link takes the address of its request
    ("", "''"),
    ("http://192.168.1.20:8000", "'http://192.168.1.20:8000'"),
    (" https://scores.example.org/ ", "'https://scores.example.org'"),  # no trailing slash: paths start with /
]
READS = {
    "postgresql": (READ_DATABASE, {"DATABASE_URL": POSTGRES}),
    "postgresql, CONN_MAX_AGE=0": (READ_DATABASE, {"DATABASE_URL": POSTGRES, "CONN_MAX_AGE": "0"}),
    "sqlite": (READ_DATABASE, {}),
    "postgresql options": (READ_OPTIONS, {"DATABASE_URL": POSTGRES}),
    **{f"SITE_URL={value!r}": (READ_SITE_URL, {} if value is None else {"SITE_URL": value}) for value, _ in SITE_URLS},
}


@pytest.fixture(scope="module")
def read() -> dict[str, SimpleNamespace]:
    """Each of READS: its code's stdout and stderr, run under its environment (all in one process)."""
    process = run("-c", READER, input=json.dumps(list(READS.values())))
    assert process.returncode == 0, process.stderr
    answers = json.loads(process.stdout)
    return {name: SimpleNamespace(stdout=out, stderr=err) for name, (out, err) in zip(READS, answers, strict=True)}


@pytest.mark.parametrize("word", ["1", "true", "True", "YES", "on", " on "])
def test_envbool_reads_the_usual_words_for_yes(monkeypatch, word):
    monkeypatch.setenv("BOOKKEEPER_FLAG", word)
    assert envbool("BOOKKEEPER_FLAG", "0") is True


@pytest.mark.parametrize("word", ["0", "false", "FALSE", "no", "Off"])
def test_envbool_reads_the_usual_words_for_no(monkeypatch, word):
    monkeypatch.setenv("BOOKKEEPER_FLAG", word)
    assert envbool("BOOKKEEPER_FLAG", "1") is False


@pytest.mark.parametrize("value", ["", None])
def test_envbool_takes_the_default_when_unset_or_empty(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("BOOKKEEPER_FLAG", raising=False)
    else:
        monkeypatch.setenv("BOOKKEEPER_FLAG", value)
    assert envbool("BOOKKEEPER_FLAG", "1") is True
    assert envbool("BOOKKEEPER_FLAG", "0") is False


@pytest.mark.parametrize("word", ["maybe", "2", "flase", "y", "onn", "tru e", "１"])
def test_envbool_refuses_any_other_word_naming_the_variable_and_value(monkeypatch, word):
    monkeypatch.setenv("BOOKKEEPER_FLAG", word)
    with pytest.raises(ImproperlyConfigured) as refused:
        envbool("BOOKKEEPER_FLAG", "0")
    assert f"BOOKKEEPER_FLAG={word!r}" in str(refused.value)


@pytest.mark.process
def test_a_bad_debug_value_stops_manage_py_with_one_line():
    result = run("manage.py", "check", DEBUG="maybe")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "Bookkeeper settings: DEBUG='maybe' is not a yes/no value: use one of 1, true, yes, on, 0, false, no, off"
    ]


@pytest.mark.process
def test_debug_off_without_a_secret_key_stops_manage_py_with_one_line():
    result = run("manage.py", "check", DEBUG="0")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("Bookkeeper settings: SECRET_KEY is not set and DEBUG is off")


@pytest.mark.process
def test_debug_off_with_a_secret_key_passes_the_checks():
    result = run("manage.py", "check", DEBUG="0", SECRET_KEY="a-test-key-" + "x" * 50)
    assert result.returncode == 0, result.stderr


@pytest.mark.process
def test_postgresql_connections_are_kept_a_minute_and_checked_before_reuse(read):
    result = read["postgresql"]
    assert result.stdout.split() == ["60", "True"], result.stderr
    result = read["postgresql, CONN_MAX_AGE=0"]
    assert result.stdout.split() == ["0", "True"], result.stderr


@pytest.mark.process
def test_sqlite_opens_a_connection_per_request(read):
    result = read["sqlite"]
    assert result.stdout.split() == ["0", "False"], result.stderr


@pytest.mark.process
def test_a_bad_conn_max_age_is_refused_by_name():
    result = run("manage.py", "check", DATABASE_URL="postgres://u:p@127.0.0.1:1/nothing", CONN_MAX_AGE="a minute")
    assert result.returncode != 0
    assert result.stderr.strip() == "Bookkeeper settings: CONN_MAX_AGE='a minute' is not a whole number"


OPEN_SQLITE = (
    "import django; django.setup(); from django.db import connection; cursor = connection.cursor(); "
    "print(*(cursor.execute(f'PRAGMA {name}').fetchone()[0] for name in ('journal_mode', 'synchronous', "
    "'busy_timeout')), connection.transaction_mode)"
)


@pytest.mark.process
def test_sqlite_connections_take_turns_to_write(tmp_path):
    # Write-ahead log, synchronous FULL (2), a 20 s busy timeout and IMMEDIATE transactions:
    # tables saving at once wait their turn (tests/scoresheet/test_concurrent_saves.py).
    result = run(
        "-c", OPEN_SQLITE, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings"
    )
    assert result.stdout.split() == ["wal", "2", "20000", "IMMEDIATE"], result.stderr


@pytest.mark.process
def test_postgresql_gets_none_of_the_sqlite_options(read):
    result = read["postgresql options"]
    assert result.stdout.strip() == "{}", result.stderr


@pytest.mark.process
@pytest.mark.parametrize("value, expected", SITE_URLS)
def test_site_url_is_read_from_the_environment(read, value, expected):
    result = read[f"SITE_URL={value!r}"]
    assert result.stdout.strip() == expected, result.stderr


@pytest.mark.process
@pytest.mark.parametrize("value", ["192.168.1.20:8000", "ftp://host", "http://", "https://host/bookkeeper"])
def test_a_site_url_that_is_not_a_scheme_and_host_stops_manage_py_with_one_line(value):
    result = run("manage.py", "check", SITE_URL=value)
    assert result.returncode != 0
    assert result.stderr.strip() == (
        f"Bookkeeper settings: SITE_URL={value!r} is not a site address: give the scheme and host only, "
        "e.g. http://192.168.1.20:8000 or https://scores.example.org"
    )


@pytest.mark.parametrize(
    "value, backend, location",
    [
        (None, "locmem.LocMemCache", None),  # each process its own: enough for one server
        ("locmem://", "locmem.LocMemCache", None),
        ("db://bookkeeper_cache", "db.DatabaseCache", "bookkeeper_cache"),  # shared by every server
    ],
)
def test_the_cache_is_read_from_cache_url(monkeypatch, value, backend, location):
    if value is None:
        monkeypatch.delenv("CACHE_URL", raising=False)
    else:
        monkeypatch.setenv("CACHE_URL", value)
    cache = envcache("CACHE_URL")
    assert cache["BACKEND"] == f"django.core.cache.backends.{backend}" and cache.get("LOCATION") == location


@pytest.mark.parametrize("value", ["locmem://", "db://bookkeeper_cache"])
def test_the_cache_holds_every_players_share_beside_the_values(monkeypatch, value):
    """Django's default of 300 entries, full, drops a third of them: a club of 300 players, with their
    rows of the standings and their ratings kept one by one (league.kept), would drop the values too."""
    monkeypatch.setenv("CACHE_URL", value)
    monkeypatch.delenv("CACHE_MAX_ENTRIES", raising=False)
    assert envcache("CACHE_URL")["OPTIONS"]["MAX_ENTRIES"] == 20_000
    monkeypatch.setenv("CACHE_MAX_ENTRIES", "50000")
    assert envcache("CACHE_URL")["OPTIONS"]["MAX_ENTRIES"] == 50_000


@pytest.mark.parametrize("value", ["db://", "db://no-such table", "memcached://127.0.0.1:11211", "locmem://x", "x"])
def test_a_cache_url_bookkeeper_cannot_use_is_refused_by_name(monkeypatch, value):
    monkeypatch.setenv("CACHE_URL", value)
    with pytest.raises(ImproperlyConfigured) as refused:
        envcache("CACHE_URL")
    assert f"CACHE_URL={value!r} is not a cache" in str(refused.value)
