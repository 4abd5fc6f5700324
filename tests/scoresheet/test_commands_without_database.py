"""The commands on a fresh clone, before any ``migrate`` (issue 6, section 5).

The presets are files: ``score_game``, ``variants``, ``blank_sheet`` and ``seating`` work with a database
that has no tables, or with none reachable at all. The commands that need the database
(``game_sheet``, ``load_presets``) answer in one line what to do, with exit status 2.
Each command runs through manage.py's ``main()`` in a fresh process, as a newcomer would run it
(the commands on one database share that process).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace

import pytest

from scoresheet.rules.preset_rules import PRESET_SLUGS

# Each command runs in a Python started afresh on a database of its own: left to `make test`.
pytestmark = pytest.mark.process

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


# Runs manage.py's main() once per command in one fresh process, each with its own argv, stdin,
# stdout and stderr, and its exit status as the process would have had it: one process start for
# every command on a database instead of one each (the process start is the slow part).
DRIVER = """
import io, json, sys, traceback
from contextlib import redirect_stderr, redirect_stdout
import manage
answers = []
for args, stdin in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["manage.py", *args]
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    with redirect_stdout(out), redirect_stderr(err):
        try:
            manage.main()
            code = 0
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) or exit.code is None else 1
            if not isinstance(exit.code, int) and exit.code is not None:
                print(exit.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
    answers.append([code or 0, out.getvalue(), err.getvalue()])
json.dump(answers, sys.__stdout__)
"""


def manage(database_url: str, *commands: tuple[list[str], str]) -> list[subprocess.CompletedProcess]:
    """Run each (arguments, stdin) as `python manage.py arguments`, all in one fresh process on
    database_url, in order; answer each one's exit status, stdout and stderr."""
    env = {**os.environ, "DATABASE_URL": database_url}
    process = subprocess.run(
        [sys.executable, "-c", DRIVER],
        cwd=ROOT,
        env=env,
        input=json.dumps([[list(args), stdin] for args, stdin in commands]),
        text=True,
        capture_output=True,
        timeout=120,
    )
    assert process.returncode == 0, process.stderr
    return [
        subprocess.CompletedProcess(args, code, out, err)
        for (args, _), (code, out, err) in zip(commands, json.loads(process.stdout), strict=True)
    ]


def assert_one_line_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]


@pytest.fixture(scope="module")
def before_migrate(tmp_path_factory) -> SimpleNamespace:
    """Every command on a fresh clone's empty SQLite file, in one process: the presets-only
    commands first, then those that need the database."""
    folder = tmp_path_factory.mktemp("before_migrate")
    path = folder / "empty.sqlite3"
    path.touch()
    sheet, game = folder / "sheet.pdf", folder / "game.pdf"
    seating = ["seating", "--variant", "hand-and-foot", "--mode", "rotating", "--sittings", "4", "--players", "22"]
    scored, listed, printed, seated, game_sheet, load_presets, purge, seating_refused = manage(
        f"sqlite:///{path}",
        (["score_game"], json.dumps(EXAMPLE)),
        (["variants", "--json"], ""),
        (["blank_sheet", "--variant", "canasta", "--rules-card", "back", "--out", str(sheet)], ""),
        ([*seating, "--seed", "1", "--json"], ""),
        (["game_sheet", "1", "--out", str(game)], ""),
        (["load_presets"], ""),
        (["purge_deleted_games"], ""),
        (["seating", "--variant", "canasta", "--mode", "x"], ""),
    )
    return SimpleNamespace(**locals())


def test_presets_only_commands_work_before_migrate(before_migrate):
    scored, listed, printed, out = (
        before_migrate.scored,
        before_migrate.listed,
        before_migrate.printed,
        before_migrate.sheet,
    )
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == [4345, 1115]

    assert listed.returncode == 0, listed.stderr
    assert [row["slug"] for row in json.loads(listed.stdout)] == list(PRESET_SLUGS)

    assert printed.returncode == 0, printed.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    assert printed.stdout.startswith(f"Wrote {out}: Canasta (classic), 2 teams, 1 copy")


def test_seating_runs_without_a_database(before_migrate):
    seated, refused = before_migrate.seated, before_migrate.seating_refused
    assert seated.returncode == 0, seated.stderr
    # 22 = four tables of 2 teams of 2 and one of 3 teams of 2, whose seats go round (an odd seat):
    # that can cost one repeat opponent; the bound says none is forced
    repeats = json.loads(seated.stdout)["repeats"]
    assert repeats["partners"] == 0 and repeats["opponents"] <= 1
    assert repeats["bound"] == {"partners": 0, "opponents": 0}
    assert refused.returncode == 2 and refused.stdout == ""
    assert "Traceback" not in refused.stderr and "--mode: 'x' is not a mode" in refused.stderr


def test_commands_that_need_the_database_say_to_migrate(before_migrate):
    assert_one_line_refusal(before_migrate.game_sheet, "make run", "manage.py migrate")
    assert not before_migrate.game.exists()
    assert_one_line_refusal(before_migrate.load_presets, "make run", "manage.py migrate")


def test_purge_deleted_games_before_migrate_says_to_migrate(before_migrate):
    assert_one_line_refusal(before_migrate.purge, "make run", "manage.py migrate")


def test_no_command_creates_anything_in_the_database_before_migrate(before_migrate):
    # No table (opening the file only switched it to the write-ahead log, which
    # config/settings.py asks of every SQLite connection).
    with closing(sqlite3.connect(before_migrate.path)) as database:
        assert database.execute("SELECT type, name FROM sqlite_master").fetchall() == []


def test_an_unreachable_database_is_no_obstacle_to_scoring_and_is_named_where_needed(tmp_path):
    # nothing listens on port 1: the connection is refused at once, as with a PostgreSQL that is down
    scored, game_sheet = manage(
        "postgres://bookkeeper:bookkeeper@127.0.0.1:1/nowhere",
        (["score_game", "--variant", "canasta"], '{"teams": ["A", "B"], "rounds": []}'),
        (["game_sheet", "1", "--out", str(tmp_path / "game.pdf")], ""),
    )
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == [0, 0]
    assert_one_line_refusal(game_sheet, "Cannot reach the database", "DATABASE_URL")
