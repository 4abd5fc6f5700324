"""Words that were built in English (issue 36): a club night's game names, the presets' names, the
seating's flags, a substitute's words, counted words and "de" before a name, in the reader's
language. Each is read on a page (or in a command's output), in French and in English.
"""

from __future__ import annotations

import html
import io
import re
from datetime import date
from io import BytesIO

import openpyxl
import pytest
from django.core.management import call_command
from django.test import Client

from league.exchange import imports
from league.models import Club, Role
from scoresheet.models import Game
from tests.league.factories import club, member

pytestmark = pytest.mark.django_db

HEADER = ["Date", "Table", "Game", "Team", "Players", "Score", "Variant"]


def results_workbook(rows) -> bytes:
    book = openpyxl.Workbook()
    book.active.title = "Results"
    for row in [HEADER, *rows]:
        book.active.append(row)
    out = BytesIO()
    book.save(out)
    return out.getvalue()


# One night of two sittings at one table, as a club's own spreadsheet kept it.
RESULTS = [
    [date(2026, 10, 6), 1, 1, "Anne & Bruno", "Anne & Bruno", 3200, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 1, 1, "Chloé & Denis", "Chloé & Denis", 1100, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 1, 2, "Anne & Chloé", "Anne & Chloé", 2500, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 1, 2, "Bruno & Denis", "Bruno & Denis", 2600, "hand-and-foot-6-deck"],
]


@pytest.fixture
def imported():
    """Les Atouts with an imported season (one night, two sittings) and its organiser."""
    atouts = club("atouts", "Les Atouts")
    organiser = member(atouts, "olga", Role.ORGANISER)
    imports.results_import(data=results_workbook(RESULTS), club_slug="atouts", season_name="Automne 2026")
    return {"club": atouts, "organiser": organiser}


def page(language: str, who, url: str) -> str:
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    visitor.force_login(who)
    response = visitor.get(url)
    assert response.status_code == 200, url
    return text(response.content.decode())


def text(page: str) -> str:
    """The words a person reads in ``page``, names and all."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_an_imported_game_is_named_in_the_reader_s_language(imported):
    game = Game.objects.get(table__sitting__number=2)
    assert game.name == "Table 1, sitting 2"  # kept as every game made so far keeps it
    french = page("fr", imported["organiser"], "/clubs/atouts/")
    assert "Table 1, tour 2" in french and "sitting" not in french
    assert "Table 1, sitting 2" in page("en", imported["organiser"], "/clubs/atouts/")


def test_a_game_with_no_name_is_called_game_and_its_number_in_french(imported):
    game = Game.objects.get(table__sitting__number=1)
    Game.objects.filter(pk=game.pk).update(name="")
    assert f"Partie {game.pk}" in page("fr", imported["organiser"], "/clubs/atouts/")


def test_a_preset_s_name_is_shown_in_french_and_a_club_s_own_as_typed(imported):
    """The imported night played "Hand and Foot, six decks": its name is said in French where the
    night and the game show it and among the rules; a house copy keeps the name the club gave it."""
    organiser = imported["organiser"]
    for url in ("/clubs/atouts/nights/", "/clubs/atouts/", "/games/new/", "/variants/"):
        french = page("fr", organiser, url)
        assert "Hand and Foot, six jeux" in french and "six decks" not in french, url
        assert "Hand and Foot, six decks" in page("en", organiser, url), url
    assert "Hand and Foot, de base (canastas rouges et noires)" in page("fr", organiser, "/games/new/")
    assert "Canasta (classique)" in page("fr", organiser, "/print/")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(organiser)
    for name in ("Six decks at home", ""):  # a club's own name; none: the preset's, as the organiser reads it
        visitor.post("/clubs/atouts/rules/copy/", {"source": "hand-and-foot-6-deck", "name": name})
    house_rules = page("fr", organiser, "/clubs/atouts/rules/")
    assert "Six decks at home" in house_rules and "Hand and Foot, six jeux (Les Atouts)" in house_rules
    assert "Six decks at home" in page("en", organiser, "/clubs/atouts/rules/")  # as typed in any language


def test_the_game_sheet_command_counts_one_round_in_the_singular(imported, tmp_path):
    game = Game.objects.get(table__sitting__number=1)
    out = io.StringIO()
    call_command("game_sheet", str(game.pk), "--out", str(tmp_path / "sheet.pdf"), stdout=out)
    assert ", 1 round, " in out.getvalue()
    assert Club.objects.get(slug="atouts").name == "Les Atouts"
