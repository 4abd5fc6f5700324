"""The commands on a fresh clone, before any ``migrate`` (issue 6, section 5).

The presets are files: ``score_game``, ``variants`` and ``blank_sheet`` work with a database
that has no tables, or with none reachable at all. The commands that need the database
(``game_sheet``, ``load_presets``) answer in one line what to do, with exit status 2.
Each command runs as a real ``python manage.py`` process, as a newcomer would run it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from scoresheet.rules import PRESET_SLUGS

ROOT = Path(__file__).resolve().parents[2]

# PRODUCT.md's example game: Us 4,345, Them 1,115 (worked out in test_score_game_command.py)
EXAMPLE = {
    "variant": "hand-and-foot",
    "teams": ["Us", "Them"],
    "rounds": [
        [
            {"books": {"clean": 2, "dirty": 2, "wild": 1}, "red_threes": 1, "melded_points": 1045, "went_out": True},
            {
                "books": {"clean": 1, "dirty": 1},
                "red_threes_held": 1,
                "black_threes_held": 2,
                "melded_points": 610,
                "hand_points": 185,
            },
        ]
    ],
}


def manage(database_url: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": database_url}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, input=stdin, text=True, capture_output=True, timeout=60
    )


def assert_one_line_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]


@pytest.fixture
def empty_sqlite(tmp_path) -> tuple[str, Path]:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    return f"sqlite:///{path}", path


def test_presets_only_commands_work_before_migrate(tmp_path, empty_sqlite):
    url, path = empty_sqlite

    scored = manage(url, "score_game", stdin=json.dumps(EXAMPLE))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == [4345, 1115]

    listed = manage(url, "variants", "--json")
    assert listed.returncode == 0, listed.stderr
    assert [row["slug"] for row in json.loads(listed.stdout)] == list(PRESET_SLUGS)

    out = tmp_path / "sheet.pdf"
    printed = manage(url, "blank_sheet", "--variant", "canasta", "--rules-card", "back", "--out", str(out))
    assert printed.returncode == 0, printed.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    assert printed.stdout.startswith(f"Wrote {out}: Canasta (classic), 2 teams, 1 copy")

    # Nothing was created in the database on the way: no table (opening the file only switched
    # it to the write-ahead log, which config/settings.py asks of every SQLite connection).
    with closing(sqlite3.connect(path)) as database:
        assert database.execute("SELECT type, name FROM sqlite_master").fetchall() == []


def test_commands_that_need_the_database_say_to_migrate(tmp_path, empty_sqlite):
    url, _ = empty_sqlite
    out = tmp_path / "game.pdf"
    assert_one_line_refusal(manage(url, "game_sheet", "1", "--out", str(out)), "make run", "manage.py migrate")
    assert not out.exists()
    assert_one_line_refusal(manage(url, "load_presets"), "make run", "manage.py migrate")


def test_purge_deleted_games_before_migrate_says_to_migrate(empty_sqlite):
    url, path = empty_sqlite
    assert_one_line_refusal(manage(url, "purge_deleted_games"), "make run", "manage.py migrate")
    with closing(sqlite3.connect(path)) as database:  # no table was created on the way
        assert database.execute("SELECT type, name FROM sqlite_master").fetchall() == []


def test_an_unreachable_database_is_no_obstacle_to_scoring_and_is_named_where_needed(tmp_path):
    # nothing listens on port 1: the connection is refused at once, as with a PostgreSQL that is down
    url = "postgres://bookkeeper:bookkeeper@127.0.0.1:1/nowhere"
    scored = manage(url, "score_game", "--variant", "canasta", stdin='{"teams": ["A", "B"], "rounds": []}')
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == [0, 0]
    assert_one_line_refusal(
        manage(url, "game_sheet", "1", "--out", str(tmp_path / "game.pdf")), "Cannot reach the database", "DATABASE_URL"
    )
