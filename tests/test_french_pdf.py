"""Every PDF in French (issue 25): a blank Hand and Foot sheet, a canasta pad, a filled game, a
sitting's table pack and seating chart, the standings and a night's results, each rendered once
for the module and read back as text, with no English left; numbers grouped as each language
writes them; a club's printouts in the club's language whatever the page's; the commands'
``--language``.

A PDF is checked by all its words, the rules card's included, less the data on it (the club's,
players' and teams' names, made up in French here; the presets' names, proper names of rule
sets; "Bookkeeper").
"""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation

from league.models import Club, Role
from league.nights import services as night_services
from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.built_once import built_once
from tests.league.factories import club, member, night, season, table_result
from tests.pdf_reading import read

pytestmark = pytest.mark.django_db


# English words these PDFs print that French does not (not "table", "date", "total", "points",
# "page", "score", "canasta", "club": the same in both).
ENGLISH = {
    "the", "and", "of", "by", "in", "no", "not", "yet", "to", "up", "see", "this", "your", "every", "after",
    "round", "rounds", "hand", "hands", "foot", "knee", "team", "teams", "player", "players", "game", "games",
    "sheet", "meld", "opening", "needed", "count", "then", "running", "winner", "final", "totals", "tie",
    "between", "progress", "finished", "early", "optional", "special", "penalties", "wild", "book", "books",
    "rules", "card", "sitting", "sittings", "sat", "out", "scan", "enter", "find", "name", "where",
    "sit", "vs", "night", "nights", "standings", "results", "ranked", "rank", "printed", "agreed", "tied",
    "first", "left", "includes", "fewer", "than", "best", "partnership", "result", "red", "black", "threes",
    "going", "concealed", "cards", "other", "adjustments", "laid", "caught", "below", "wins", "average",
}  # fmt: skip
DATA = ["Les Atouts", "Automne 2026", "Équipe Nord", "Équipe Sud", "Anne", "Bruno", "Chloé", "Denis", "Bookkeeper"]
NUMBER_FR = re.compile(r"\b1[\u00a0\u202f ]500\b")  # French groups with a no-break space


def _world(tmp: Path) -> dict:
    """A French club (its language French) with a night: sitting 1 drawn, sitting 2 played at one
    table; a club game won 1,500 to −100. Then every PDF, each rendered once."""
    atouts = club("atouts", "Les Atouts")
    Club.objects.filter(pk=atouts.pk).update(language="fr")
    atouts.refresh_from_db()
    organiser = member(atouts, "olga", Role.ORGANISER)
    the_season = season(atouts, name="Automne 2026")
    the_night = night(atouts, players=8, season=the_season, date=date(2026, 11, 24))
    night_services.sitting_draw(night=the_night)
    table_result(the_night, 2, 1, [("Anne & Bruno", 1500), ("Chloé & Denis", -100)], agreed=True)
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Équipe Nord", "Anne & Bruno"), services.TeamData("Équipe Sud", "Chloé & Denis")],
        club=atouts,
    )
    entries = [Entry(adjustments=[Adjustment("x", 1500)]), Entry(adjustments=[Adjustment("x", -100)])]
    services.round_record(game=game, number=1, entries=entries)
    services.game_finish(game=game)

    english_page = Client()  # no Accept-Language: the pages are English, the club's printouts French
    english_page.force_login(organiser)
    french_page = Client(HTTP_ACCEPT_LANGUAGE="fr")
    tuesday = club("tuesday", "Tuesday Club")  # an English club (the default language)
    french_member = Client(HTTP_ACCEPT_LANGUAGE="fr")
    french_member.force_login(member(tuesday, "tess", Role.ORGANISER))
    english_game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us", "Anne & Bruno"), services.TeamData("Them", "Chloé & Denis")],
        club=tuesday,
    )
    night_url = f"/clubs/atouts/nights/{the_night.pk}"

    def get(client: Client, url: str, params: dict | None = None) -> bytes:
        response = client.get(url, params or {})
        assert response.status_code == 200, (url, response.content[:300])
        assert response["Content-Type"] == "application/pdf"
        return response.content

    def command(name: str, *args, file: str = "out", **options) -> bytes:
        out = tmp / f"{name}-{len(list(tmp.iterdir()))}.pdf"
        call_command(name, *args, stdout=io.StringIO(), **{file: str(out)}, **options)
        return out.read_bytes()

    blank = {"variant": "hand-and-foot", "teams": "2", "paper": "letter", "copies": "1", "rules_card": "same"}
    return {
        "game": game,
        "pdfs": {
            # A page in French, no club: the page's language.
            "blank Hand and Foot sheet": get(french_page, "/print/", blank),
            "canasta pad": command("blank_sheet", variant="canasta", language="fr"),
            # The club's printouts from an English page: the club's language.
            "filled game": get(english_page, f"/games/{game.pk}/sheet.pdf"),
            "table pack": get(english_page, f"{night_url}/sittings/1/pack.pdf"),
            "seating chart": get(english_page, f"{night_url}/sittings/1/chart.pdf"),
            "night results": get(english_page, f"{night_url}/results.pdf"),
            "standings": command("standings", club="atouts", season="Automne 2026", file="pdf", language="fr"),
        },
        "filled game in English": command("game_sheet", str(game.pk)),  # --language en, the default
        "English club's game from a French page": get(french_member, f"/games/{english_game.pk}/sheet.pdf"),
    }


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pdfs")
    yield from built_once(django_db_blocker, lambda: _world(tmp))
    translation.deactivate()


def page_lines(content: bytes) -> list[list[str]]:
    """Each page's printed lines, in the order they are printed (whitespace as single spaces, no-break
    ones kept)."""
    return [[re.sub(r"[ \t]+", " ", line) for line in page.raw_text.splitlines()] for page in read(content).pages]


def checked_text(content: bytes) -> str:
    """The PDF's words that the check reads: all of them but the data."""
    text = " ".join(line for page in page_lines(content) for line in page)
    text = re.sub(r"https?://\S+|/[tn]/\S+", " ", text)  # the QR codes' links
    text = re.sub(r"\s+", " ", text)
    names = [*DATA, *Game.objects.values_list("name", flat=True), *Variant.objects.values_list("name", flat=True)]
    for words in sorted(names, key=len, reverse=True):
        text = text.replace(re.sub(r"\s+", " ", words), " ")
    return text


def english_left(content: bytes) -> list[str]:
    """The English words left (read backwards too: a word set on end would read so)."""
    words = re.findall(r"[A-Za-z]+", checked_text(content))
    return sorted({w for word in words for w in (word, word[::-1]) if w.lower() in ENGLISH})


KINDS = ["blank Hand and Foot sheet", "canasta pad", "filled game", "table pack", "seating chart", "night results"]


@pytest.mark.parametrize("kind", [*KINDS, "standings"])
def test_no_english_left_in_a_french_pdf(world, kind):
    assert english_left(world["pdfs"][kind]) == []


def test_the_check_finds_english(world):
    """The check can fail: the English sheet's words are found."""
    assert {"Round", "Running", "Winner"} <= set(english_left(world["filled game in English"]))


def test_french_words_and_numbers_on_a_filled_sheet(world):
    french = " ".join(line for page in page_lines(world["pdfs"]["filled game"]) for line in page)
    english = " ".join(line for page in page_lines(world["filled game in English"]) for line in page)
    assert NUMBER_FR.search(french) and "1,500" not in french
    assert "1,500" in english and not NUMBER_FR.search(english)
    assert "Manche 1" in french and "Round 1" in english
    assert "Gagnant" in french and "Winner: Équipe Nord" in english
    months = "janv|fév|mars|avr|mai|juin|juil|août|sept|oct|nov|déc"
    assert re.search(rf"Date \d{{1,2}} ({months})\.? 20\d\d", french)  # the day it was started, in French


def test_an_english_club_prints_in_english_from_a_french_page(world):
    text = " ".join(line for page in page_lines(world["English club's game from a French page"]) for line in page)
    assert "Round 1" in text and "Manche" not in text


def test_dates_in_french(world):
    chart = " ".join(line for page in page_lines(world["pdfs"]["seating chart"]) for line in page)
    assert "mardi 24 novembre 2026" in chart
    pack = " ".join(line for page in page_lines(world["pdfs"]["table pack"]) for line in page)
    assert "24 nov. 2026" in pack or "mardi 24 novembre 2026" in pack


def test_the_standings_number_points_as_french_does(world):
    text = " ".join(line for page in page_lines(world["pdfs"]["standings"]) for line in page)
    assert NUMBER_FR.search(text) and "1,500" not in text
    assert "Classés par" in text or "Classé" in text


@pytest.mark.parametrize(
    "name,args",
    [
        ("blank_sheet", ["--variant", "canasta", "--out", "/tmp/never.pdf"]),
        ("game_sheet", ["1", "--out", "/tmp/never.pdf"]),
        ("standings", ["--club", "atouts", "--season", "Automne 2026"]),
    ],
)
def test_a_language_bookkeeper_does_not_speak_is_refused(name, args):
    with pytest.raises(CommandError) as refused:
        call_command(name, *args, "--language", "de", stdout=io.StringIO())
    assert refused.value.returncode == 2
    assert str(refused.value) == "--language: en or fr, not “de”."
