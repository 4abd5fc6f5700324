"""``manage.py blank_sheet`` and ``manage.py game_sheet`` (issue 3).

Bad arguments give a one-line error with exit status 2 (``CommandError.returncode``) and
write no file. Arguments are given as on the command line ("--teams", "0") where their
text matters.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Entry
from tests.pdf_reading import read

pytestmark = pytest.mark.django_db


def pdf_text(path) -> str:
    return read(path.read_bytes()).text


def page_count(path) -> int:
    return len(read(path.read_bytes()))


def refused(tmp_path, command: str, *args, **options) -> CommandError:
    """Run a command that must fail; check the error and that nothing was written."""
    before = set(tmp_path.rglob("*"))
    out = Path(options.pop("out", tmp_path / "sheet.pdf"))
    existed = out.exists()  # /dev/full, or a folder given as --out
    stdout = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command(command, *args, "--out", str(out), stdout=stdout, **options)
    error = caught.value
    assert error.returncode == 2
    message = str(error)
    assert message.strip() and "\n" not in message
    assert out.exists() == existed
    assert set(tmp_path.rglob("*")) == before  # no file, no folder
    assert stdout.getvalue() == ""
    return error


# --- blank_sheet ------------------------------------------------------------------------------


def test_blank_sheet_writes_a_pdf_with_the_names(tmp_path, presets):
    out = tmp_path / "sheet.pdf"
    stdout = io.StringIO()
    call_command("blank_sheet", variant="hand-knee-and-foot", names="Zoë & Søren,Дмитрий", out=str(out), stdout=stdout)
    assert out.read_bytes().startswith(b"%PDF-")
    text = pdf_text(out)
    assert "Hand Knee and Foot · score sheet" in text
    assert "Zoë & Søren" in text and "Дмитрий" in text
    assert page_count(out) == 1
    assert f"Wrote {out}" in stdout.getvalue()


def test_blank_sheet_options(tmp_path, presets):
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    args = [
        "--variant",
        "hand-and-foot",
        "--teams",
        "3",
        "--names",
        "Ann, Bob ,Cleo",
        "--paper",
        "a4",
        "--large-print",
        "--rules-card",
        "back",
    ]
    call_command("blank_sheet", *args, "--out", str(one), stdout=io.StringIO())
    call_command("blank_sheet", *args, "--copies", "2", "--out", str(two), stdout=io.StringIO())
    first = read(one.read_bytes()).pages[0]
    assert first.height == pytest.approx(841.89, abs=0.5)  # A4, large print upright
    assert page_count(two) == 2 * page_count(one)  # copies of several pages (three copies: test_pdf.py)
    text = pdf_text(one)
    assert "Ann" in text and "Bob" in text and "Cleo" in text
    assert "Rules: Hand and Foot" not in first.text
    assert "Rules: Hand and Foot" in text


def test_blank_sheet_without_names_has_lines_to_write_on(tmp_path, presets):
    out = tmp_path / "blank.pdf"
    call_command("blank_sheet", "--variant", "canasta", "--out", str(out), stdout=io.StringIO())
    text = pdf_text(out)
    assert "Canasta (classic) · score sheet" in text
    assert "Team 1" in text and "Team 2" in text


@pytest.mark.parametrize(
    ("args", "in_message"),
    [
        (["--variant", "no-such-game"], "--variant"),
        (["--variant", "hand-and-foot", "--teams", "0"], "--teams"),
        (["--variant", "hand-and-foot", "--teams", "9"], "--teams"),
        (["--variant", "hand-and-foot", "--teams", "x"], "--teams"),
        (["--variant", "hand-and-foot-6-deck", "--teams", "3"], "--teams"),
        (["--variant", "hand-and-foot", "--copies", "1000"], "--copies"),
        (["--variant", "hand-and-foot", "--copies", "0"], "--copies"),
        (["--variant", "hand-and-foot", "--names", "Ann," + "x" * 500], "--names"),
        (["--variant", "hand-and-foot", "--paper", "b5"], "--paper"),
        (["--variant", "hand-and-foot", "--names", "A,B,C,D,E"], "--names"),
        (["--variant", "hand-and-foot", "--teams", "2", "--names", "A,B,C"], "--names"),
        (["--variant", "hand-and-foot", "--rules-card", "front"], "--rules-card"),
        # numbers are the digits 0-9 only: not fullwidth, mathematical or Arabic-Indic digits
        (["--variant", "hand-and-foot", "--copies", "１２"], "--copies"),
        (["--variant", "hand-and-foot", "--copies", "𝟓"], "--copies"),
        (["--variant", "hand-and-foot", "--copies", "١٢٣"], "--copies"),
        (["--variant", "hand-and-foot", "--copies", "2.0"], "--copies"),
        (["--variant", "hand-and-foot", "--copies", "9" * 5000], "--copies"),
        (["--variant", "hand-and-foot", "--teams", "３"], "--teams"),
        (["--variant", "hand-and-foot", "--teams", "٣"], "--teams"),
        # bytes that are not UTF-8 on the command line reach Python as lone surrogates
        (["--variant", "hand-and-foot", "--names", "Ann,B\udcffb"], "--names"),
    ],
    ids=[
        "unknown-variant",
        "teams-0",
        "teams-9",
        "teams-x",
        "forbidden-teams",
        "copies-1000",
        "copies-0",
        "name-500",
        "paper-b5",
        "five-names",
        "names-beyond-teams",
        "rules-card",
        "copies-fullwidth",
        "copies-math-bold",
        "copies-arabic-indic",
        "copies-decimal",
        "copies-5000-digits",
        "teams-fullwidth",
        "teams-arabic-indic",
        "names-not-utf8",
    ],
)
def test_blank_sheet_refuses_bad_arguments(tmp_path, presets, args, in_message):
    error = refused(tmp_path, "blank_sheet", *args)
    assert str(error).startswith(in_message), str(error)


def test_blank_sheet_names_the_problem_plainly(tmp_path, presets):
    assert (
        str(refused(tmp_path, "blank_sheet", "--variant", "hand-and-foot", "--copies", "1000"))
        == "--copies: At most 50 copies at a time."
    )
    assert (
        str(refused(tmp_path, "blank_sheet", "--variant", "hand-and-foot", "--names", "A,B,C,D,E"))
        == "--names: at most 4 names, not 5."
    )
    message = str(refused(tmp_path, "blank_sheet", "--variant", "hand-and-foot", "--names", "x" * 500))
    assert "at most 60 characters" in message and "x" * 100 not in message


def test_blank_sheet_refuses_an_out_folder_that_does_not_exist(tmp_path, presets):
    missing = tmp_path / "no" / "such" / "folder" / "sheet.pdf"
    error = refused(tmp_path, "blank_sheet", "--variant", "hand-and-foot", out=missing)
    assert str(error).startswith("--out")
    assert not (tmp_path / "no").exists()


def test_blank_sheet_out_naming_a_folder_is_refused(tmp_path, presets):
    (tmp_path / "sheets").mkdir()
    error = refused(tmp_path, "blank_sheet", "--variant", "hand-and-foot", out=tmp_path / "sheets")
    assert str(error) == f"--out: {tmp_path / 'sheets'} is a folder; give the name of the PDF file to write."


def test_blank_sheet_out_that_cannot_be_written_is_refused(tmp_path, presets):
    # /dev/full refuses every write (ENOSPC), even for root, who may write anywhere else
    error = refused(tmp_path, "blank_sheet", "--variant", "hand-and-foot", out="/dev/full")
    assert str(error) == "--out: cannot write /dev/full: No space left on device."


def test_blank_sheet_rules_card_option(tmp_path, presets):
    same, none = tmp_path / "same.pdf", tmp_path / "none.pdf"
    for where, out in (("same", same), ("none", none)):
        call_command(
            "blank_sheet", "--variant", "canasta", "--rules-card", where, "--out", str(out), stdout=io.StringIO()
        )
    assert "Rules: Canasta (classic)" in pdf_text(same)
    assert "Rules:" not in pdf_text(none)


def test_blank_sheet_teams_given_from_python_are_checked_too(tmp_path, presets):
    """call_command(teams=0) passes the number itself, not the text "0"."""
    error = refused(tmp_path, "blank_sheet", variant="hand-and-foot", teams=0)
    assert str(error).startswith("--teams")


# --- game_sheet -------------------------------------------------------------------------------


@pytest.fixture
def game(presets):
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode=Game.Mode.TEAMS,
        teams=[services.TeamData("Zoë & Søren"), services.TeamData("Łucja & Αλέξης")],
    )
    # Zoë & Søren: 2 × 500 + 2 × 300 + 1,500 + 100 red three + 1,045 laid + 100 going out = 4,345
    # Łucja & Αλέξης: 500 + 300 + 610 − 100 red three held − 2 × 5 − 185 = 1,115
    services.round_record(
        game=game,
        number=1,
        entries=[
            Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True),
            Entry(
                books={"clean": 1, "dirty": 1},
                red_threes_held=1,
                black_threes_held=2,
                melded_points=610,
                hand_points=185,
            ),
        ],
    )
    return game


def test_game_sheet_writes_the_filled_sheet(tmp_path, game):
    out = tmp_path / "game.pdf"
    stdout = io.StringIO()
    call_command("game_sheet", str(game.id), out=str(out), stdout=stdout)
    text = pdf_text(out)
    assert "Zoë & Søren" in text and "Łucja & Αλέξης" in text
    assert "4,345" in text and "1,115" in text
    assert "In progress after round 1" in text
    assert f"Wrote {out}: {game}, 1 round, " in stdout.getvalue()  # one round, not "1 rounds"


def test_game_sheet_of_a_finished_game_names_the_winner(tmp_path, game):
    services.game_finish(game=game)
    out = tmp_path / "game.pdf"
    call_command("game_sheet", str(game.id), "--paper", "a4", "--large-print", out=str(out), stdout=io.StringIO())
    assert read(out.read_bytes()).sizes[0][1] == pytest.approx(841.89, abs=0.5)  # A4, large print upright
    assert "Winner: Zoë & Søren" in pdf_text(out)


@pytest.mark.parametrize(
    ("game_id", "options", "starts"),
    [
        ("99999", {}, "There is no game 99999"),
        ("abc", {}, "GAME_ID must be a number"),
        ("-1", {}, "GAME_ID must be a number"),
        ("١", {}, "GAME_ID must be a number"),  # Arabic-Indic 1: only the digits 0-9 make a number
        ("１", {}, "GAME_ID must be a number"),
        ("9" * 5000, {}, "There is no game 999"),  # beyond Python's 4,300 digits and any database id
        ("99999999999999999999", {}, "There is no game 99999999999999999999"),  # beyond a 64-bit id
        (None, {"paper": "b5"}, "--paper"),
    ],
    ids=[
        "unknown-game",
        "not-a-number",
        "negative",
        "arabic-indic",
        "fullwidth",
        "5000-digits",
        "past-64-bits",
        "paper-b5",
    ],
)
def test_game_sheet_refuses_bad_arguments(tmp_path, game, game_id, options, starts):
    error = refused(tmp_path, "game_sheet", game_id or str(game.id), **options)
    assert str(error).startswith(starts), str(error)


def test_game_sheet_refuses_an_out_folder_that_does_not_exist(tmp_path, game):
    error = refused(tmp_path, "game_sheet", str(game.id), out=tmp_path / "missing" / "game.pdf")
    assert str(error).startswith("--out")


def test_game_sheet_out_naming_a_folder_or_an_unwritable_file_is_refused(tmp_path, game):
    assert str(refused(tmp_path, "game_sheet", str(game.id), out=tmp_path)).endswith(
        "is a folder; give the name of the PDF file to write."
    )
    assert (
        str(refused(tmp_path, "game_sheet", str(game.id), out="/dev/full"))
        == "--out: cannot write /dev/full: No space left on device."
    )


# --- house rules from the database ------------------------------------------------------------


def test_house_rules_in_the_database_are_listed_and_printed(tmp_path, presets):
    from scoresheet.rules.preset_rules import PRESET_SLUGS, preset_document

    document = {**preset_document("hand-and-foot"), "slug": "our-house", "name": "Our house"}
    Variant.objects.create(slug="our-house", name="Our house", family="hand-and-foot", document=document)
    listed = io.StringIO()
    call_command("variants", "--json", stdout=listed)
    assert [row["slug"] for row in json.loads(listed.getvalue())] == [*PRESET_SLUGS, "our-house"]
    out = tmp_path / "house.pdf"
    call_command("blank_sheet", "--variant", "our-house", "--out", str(out), stdout=io.StringIO())
    assert "Our house · score sheet" in pdf_text(out)
