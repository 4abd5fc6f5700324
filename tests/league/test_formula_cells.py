"""Names that look like formulas (``=HYPERLINK(...)``, ``+1``, ``-2``, ``@x``) are written to every
workbook as text: no cell of the results, game log, roster or standings workbooks is a formula,
and the results workbook imports back with the same names (ISSUE18, item 2)."""

from __future__ import annotations

import io
import json
from datetime import date
from io import BytesIO, StringIO

import openpyxl
import pytest
from django.core.management import call_command
from django.urls import reverse

from league.models import Player, Role
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Entry
from tests.league.factories import club, member, night

pytestmark = pytest.mark.django_db

LINK = '=HYPERLINK("http://x.example/","y")'
HOSTILE = ["=1+2", "+1", "-2", "@x", "=A1", "=NOW()", "=B2*3", "=C3"]  # no comma or "&": a Players cell splits at them


def formulas(content: bytes) -> list[str]:
    """Every formula cell of the workbook, as sheet!cell."""
    book = openpyxl.load_workbook(BytesIO(content))
    return [
        f"{sheet.title}!{cell.coordinate}"
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if cell.data_type == "f"
    ]


def texts(content: bytes) -> set[str]:
    book = openpyxl.load_workbook(BytesIO(content))
    return {
        cell.value
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if isinstance(cell.value, str)
    }


def export_results(slug: str, season: str, path) -> bytes:
    call_command("export_results", "--club", slug, "--season", season, "--out", str(path), stdout=StringIO())
    return path.read_bytes()


def import_results(path, slug: str, season: str) -> None:
    out = StringIO()
    try:
        call_command("import_results", str(path), "--club", slug, "--season", season, stdout=out)
    except SystemExit as exc:  # a refusal: its JSON says why
        raise AssertionError(out.getvalue()) from exc


def games(slug: str) -> list:
    """Each finished game of the club: its teams' names, players and totals."""
    return sorted(
        (
            g.table.sitting.night.date,
            g.table.number,
            tuple(
                (
                    t.name,
                    tuple(s.player.name for s in t.seats.order_by("position")),
                    sum(e.total for e in t.entries.all()),
                )
                for t in g.teams.order_by("position")
            ),
        )
        for g in Game.objects.filter(club__slug=slug, status="finished")
    )


def night_of_hostile_names(the_club):
    """A night played round by round whose players are named like formulas (five start with "=", so
    at least one partnership's name does too)."""
    the_night = night(the_club, players=8, date=date(2026, 11, 24))
    for name, one in zip(HOSTILE, Player.objects.filter(club=the_club).order_by("name")):
        one.name = name
        one.save()
    night_services.sitting_draw(night=the_night)
    for game in Game.objects.filter(table__sitting__night=the_night):
        entries = [
            Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=600, went_out=True),  # what going out needs
            Entry(books={"clean": 1}, hand_points=5),
        ]
        scoresheet_services.round_record(game=game, number=1, entries=entries)
        scoresheet_services.game_finish(game=game)
    return the_night


def test_a_played_nights_results_and_game_log_hold_no_formula_and_import_back_the_same(tmp_path):
    the_night = night_of_hostile_names(club())
    content = export_results("tuesday", the_night.season.name, tmp_path / "out.xlsx")
    assert formulas(content) == []
    assert any(text.startswith("=") for text in texts(content))
    book = openpyxl.load_workbook(BytesIO(content))
    log_players = " & ".join(str(row[4]) for row in book["Game log"].iter_rows(min_row=2, values_only=True))
    assert all(name in log_players for name in HOSTILE)
    import_results(tmp_path / "out.xlsx", "friday", "Copy")
    assert games("friday") == games("tuesday")
    assert set(HOSTILE) <= set(Player.objects.filter(club__slug="friday").values_list("name", flat=True))


def test_imported_teams_named_like_formulas_go_out_and_come_back_as_text(tmp_path):
    """A team named ``=HYPERLINK(...)`` (one player, so the Players cell is blank) and players +1, -2."""
    rows = [
        ["Date", "Table", "Game", "Team", "Players", "Score", "Variant"],
        [date(2026, 9, 1), 1, 1, LINK, None, 900, "hand-and-foot"],
        [date(2026, 9, 1), 1, 1, "@x", None, 700, "hand-and-foot"],
        [date(2026, 9, 1), 2, 1, "+1 & -2", "+1 & -2", 500, "hand-and-foot"],
        [date(2026, 9, 1), 2, 1, "=1+2 & @y", "=1+2 & @y", 400, "hand-and-foot"],
    ]
    book = openpyxl.Workbook()
    book.active.title = "Results"
    for row in rows:
        book.active.append(row)
        for cell in book.active[book.active.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text as a spreadsheet program types it in
    given = tmp_path / "given.xlsx"
    book.save(given)
    import_results(given, "tuesday", "Autumn")
    assert Player.objects.filter(club__slug="tuesday", name=LINK).exists()

    first = export_results("tuesday", "Autumn", tmp_path / "first.xlsx")
    assert formulas(first) == []
    assert {LINK, "@x", "+1 & -2", "=1+2 & @y"} <= texts(first)
    import_results(tmp_path / "first.xlsx", "friday", "Autumn")
    assert games("friday") == games("tuesday")
    again = export_results("friday", "Autumn", tmp_path / "again.xlsx")
    sheet = lambda content: list(openpyxl.load_workbook(BytesIO(content))["Results"].iter_rows(values_only=True))  # noqa: E731
    assert sheet(again) == sheet(first)


def test_the_standings_workbook_holds_no_formula(tmp_path):
    the_club = club(name=LINK)
    the_night = night_of_hostile_names(the_club)
    path = tmp_path / "standings.xlsx"
    call_command(
        "standings", "--club", "tuesday", "--season", the_night.season.name, "--xlsx", str(path), stdout=StringIO()
    )
    content = path.read_bytes()
    assert formulas(content) == []
    sheet = openpyxl.load_workbook(BytesIO(content)).worksheets[0]
    assert sheet["A1"].value.startswith(LINK)
    out = io.StringIO()
    call_command("standings", "--club", "tuesday", "--season", the_night.season.name, "--json", stdout=out)
    names = {row["player"] for row in json.loads(out.getvalue())["rows"]}
    assert set(HOSTILE) <= names
    assert set(HOSTILE) <= texts(content)


def test_the_roster_workbook_holds_no_formula(client):
    the_club = club()
    for name in [LINK, *HOSTILE]:
        Player.objects.create(club=the_club, name=name, phone="+1 555 0100")
    client.force_login(member(the_club, "olga", Role.ORGANISER))
    content = client.get(reverse("league:export-roster", args=["tuesday"])).content
    assert formulas(content) == []
    names = [
        row[0] for row in openpyxl.load_workbook(BytesIO(content))["Roster"].iter_rows(min_row=2, values_only=True)
    ]
    assert sorted(names) == sorted([LINK, *HOSTILE])
