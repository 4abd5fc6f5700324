"""Junk given to every command of ours: random options and values (numbers, words, digits of
other scripts, paths that are a folder, missing or full of random bytes). A command either does
its work or stops with one line and status 2 (CommandError), never a traceback.

Our commands are found in the apps' management folders, and their options are read from their
own parsers, so a command added later is tried too. Examples per run: the hypothesis profile's
(25 locally, 200 in CI), each one command call.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command, get_commands, load_command_class
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.league.factories import club, night, season

pytestmark = pytest.mark.django_db

# Not bench: any options it accepts build a club in a fresh database of its own (CI runs it: .ci/run).
OURS = sorted(name for name, app in get_commands().items() if app in ("scoresheet", "league") and name != "bench")
WORDS = st.sampled_from(
    ["", "0", "-1", "3", "99999999999999999999", "１２", "hand-and-foot", "tuesday", "Autumn", "vp", "x" * 300]
)


def options_of(name: str) -> list[str]:
    parser = load_command_class(get_commands()[name], name).create_parser("manage.py", name)
    flags = [flag for action in parser._actions for flag in action.option_strings if flag.startswith("--")]
    return [flag for flag in flags if flag not in ("--help", "--version", "--settings", "--pythonpath", "--traceback")]


@pytest.fixture
def paths(tmp_path, presets) -> list[str]:
    tuesday = club("tuesday", "Tuesday Club")
    night(tuesday, players=8, season=season(tuesday, name="Autumn"))
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    text = tmp_path / "junk.json"
    text.write_text('{"format": "bookkeeper-club-backup", "version": 1, "club": "x", "tables": {"x": 1}}')
    too_long = str(tmp_path / ("y" * 300))  # longer than a file name may be
    return [str(tmp_path), str(junk), str(text), str(tmp_path / "new.out"), str(tmp_path / "missing" / "x"), too_long]


def test_the_commands_are_found():
    assert {"score_game", "seating", "standings", "export_club", "import_club"} <= set(OURS)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(data=st.data())
def test_junk_given_to_any_command_ends_in_its_work_or_one_line(paths, data):
    name = data.draw(st.sampled_from(OURS), label="command")
    flags = options_of(name)
    value = st.one_of(WORDS, st.sampled_from(paths))
    args = data.draw(st.lists(st.one_of(value, st.sampled_from(flags) if flags else value), max_size=6), label="args")
    if name == "score_game" and not any(a in paths[1:3] for a in args):
        args.append(paths[1])  # without a file it would wait for standard input
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except CommandError as exc:
        assert exc.returncode in (1, 2) and str(exc).strip(), f"{name} {args}: {exc!r}"
    except SystemExit as exc:  # score_game's contract: its JSON errors, then status 2
        assert exc.code == 2, f"{name} {args}: exit {exc.code}"
