"""A deleted night leaves everything that counts: the season's standings (the page, the standings
command's JSON, workbook and PDF, the page's workbook), a player's page, the results workbook and
the byes; its own standings, results, table pack and seating chart answer 404 as its page does.

The season is test_standings.py's hand-computed one; its first night (6 October: Ann & Bob v
Cleo & Dan, Eve & Finn v Gus & Hana v Ivy & Jon, Kai's bye, and Lou's bye here) is deleted, so
Hana, Ivy, Jon and Lou played nowhere else and leave, and the others keep the 13 October alone.
"""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from openpyxl import load_workbook

from league.models import Bye, Night, Player, Role, SeatingMode, Sitting
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from tests.league.factories import member
from tests.league.test_standings_pages import names, tables_of
from tests.pdf_reading import read

pytestmark = pytest.mark.django_db

DELETED = date(2026, 10, 6)
ONLY_THERE = {"Hana", "Ivy", "Jon", "Lou"}  # played (or sat out) the deleted night alone
LEFT = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Kai"}  # the 13 October's players
COMMAND = ["standings", "--club", "tuesday", "--season", "Autumn 2026"]


@pytest.fixture
def deleted(autumn):  # noqa: F811
    """The first night of the season, seated in fixed partnerships, with a bye for Lou, deleted."""
    first = autumn.nights.get(date=DELETED)
    Night.objects.filter(pk=first.pk).update(mode=SeatingMode.FIXED)  # the season's only fixed night
    lou = Player.objects.create(club=autumn.club, name="Lou")
    Bye.objects.create(sitting=Sitting.objects.get(night=first), player=lou)
    night_services.night_delete(night=first)
    return first


@pytest.fixture
def organiser(client, autumn):  # noqa: F811
    client.force_login(member(autumn.club, "olga", Role.ORGANISER))
    return client


def season_url(season, **query) -> str:
    from urllib.parse import urlencode

    return f"/clubs/tuesday/seasons/{season.pk}/standings/" + ("?" + urlencode(query) if query else "")


def workbook_names(content: bytes) -> dict[str, set[str]]:
    """Each sheet's player names (column B under the header row) of a standings workbook."""
    book = load_workbook(io.BytesIO(content))
    return {sheet.title: {row[1] for row in sheet.iter_rows(min_row=6, values_only=True)} for sheet in book}


def refuses_the_night(*args: str) -> str:
    with pytest.raises(CommandError) as raised:
        call_command(*COMMAND, "--night", DELETED.isoformat(), *args)
    assert raised.value.returncode == 2
    return str(raised.value)


def test_the_season_standings_page_leaves_a_deleted_night_out_until_it_is_restored(organiser, autumn, deleted):  # noqa: F811
    page = organiser.get(season_url(autumn))
    [table] = tables_of(page)
    assert set(names(table)) == LEFT
    # its fixed partnerships were the season's only ones: the page offers no partnerships view
    assert "by=partnerships" not in page.content.decode()
    night_services.night_restore(night=deleted)
    [table] = tables_of(organiser.get(season_url(autumn)))
    assert set(names(table)) == LEFT | ONLY_THERE  # Lou is listed for his bye
    assert "by=partnerships" in organiser.get(season_url(autumn)).content.decode()


def test_the_standings_command_json_leaves_a_deleted_night_out(autumn, deleted):  # noqa: F811
    out = io.StringIO()
    call_command(*COMMAND, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert {row["player"] for row in data["rows"] + data["unranked"]} == LEFT
    bob = next(row for row in data["rows"] if row["player"] == "Bob")
    assert (bob["nights"], bob["games"], bob["points"]) == (1, 1, 1234)
    assert "No night on 2026-10-06" in refuses_the_night("--json")


def test_the_standings_command_workbook_leaves_a_deleted_night_out(autumn, deleted, tmp_path):  # noqa: F811
    out = tmp_path / "standings.xlsx"
    call_command(*COMMAND, "--xlsx", str(out))
    assert workbook_names(out.read_bytes()) == {"VP": LEFT}
    assert "No night" in refuses_the_night("--xlsx", str(tmp_path / "night.xlsx"))
    assert not (tmp_path / "night.xlsx").exists()


def test_the_standings_command_pdf_leaves_a_deleted_night_out(autumn, deleted, tmp_path):  # noqa: F811
    out = tmp_path / "standings.pdf"
    call_command(*COMMAND, "--pdf", str(out))
    words = set(read(out.read_bytes()).text.split())
    assert LEFT <= words and not ONLY_THERE & words
    assert "No night" in refuses_the_night("--pdf", str(tmp_path / "night.pdf"))
    assert not (tmp_path / "night.pdf").exists()


def test_a_players_page_leaves_a_deleted_night_out(organiser, autumn, deleted):  # noqa: F811
    bob = autumn.club.players.get(name="Bob")
    page = organiser.get(f"/clubs/tuesday/players/{bob.pk}/record/?season={autumn.pk}").content.decode()
    assert "13 Oct" in page
    assert "6 Oct" not in page  # neither his game of that night nor its line of nights
    assert "Cleo &amp; Dan" not in page  # his opponents of that night alone


def test_the_results_workbook_leaves_a_deleted_night_out(autumn, deleted, tmp_path):  # noqa: F811
    out = tmp_path / "results.xlsx"
    call_command(
        "export_results", "--club", "tuesday", "--season", "Autumn 2026", "--out", str(out), stdout=io.StringIO()
    )
    book = load_workbook(out)
    for sheet in ("Results", "Game log"):
        days = {row[0].date() for row in book[sheet].iter_rows(min_row=2, values_only=True)}
        assert days == {date(2026, 10, 13)}, sheet


def test_the_byes_of_a_deleted_night_no_longer_count(organiser, autumn, deleted):  # noqa: F811
    """The page's workbook has a sheet for every ranking, read in one go: Kai's bye and Lou (who
    only sat out the deleted night) are gone from each, and so is the partnerships sheet."""
    response = organiser.get(season_url(autumn, export="xlsx"))
    assert response.status_code == 200
    assert workbook_names(response.content) == {"VP": LEFT, "Wins": LEFT, "Points": LEFT, "Average": LEFT}
    book = load_workbook(io.BytesIO(response.content))
    header = [cell.value for cell in book["VP"][5]]
    kai = next(row for row in book["VP"].iter_rows(min_row=6, values_only=True) if row[1] == "Kai")
    assert kai[header.index("Byes")] == 0


NIGHT_PAGES = [
    "standings/",
    "standings/?export=xlsx",
    "standings/?export=pdf",
    "results.pdf",
    "sittings/1/pack.pdf",
    "sittings/1/chart.pdf",
]


@pytest.mark.parametrize("page", NIGHT_PAGES)
def test_a_deleted_nights_standings_results_pack_and_chart_answer_404(organiser, autumn, page):  # noqa: F811
    first = autumn.nights.get(date=DELETED)
    url = f"/clubs/tuesday/nights/{first.pk}/{page}"
    assert organiser.get(url).status_code == 200
    night_services.night_delete(night=first)
    assert organiser.get(f"/clubs/tuesday/nights/{first.pk}/").status_code == 404
    assert organiser.get(url).status_code == 404
    night_services.night_restore(night=first)
    assert organiser.get(url).status_code == 200


def test_an_agreed_game_reopened_and_finished_again_waits_to_be_agreed_again(organiser, autumn):  # noqa: F811
    """The standings and a player's page read "agreed" as the night page does: agreed at the
    table since the game was last finished."""
    game = autumn.nights.get(date=DELETED).sittings.get().tables.get(number=1).game  # Ann & Bob v Cleo & Dan
    [table] = tables_of(organiser.get(season_url(autumn)))
    assert "not yet agreed" not in next(row[1] for row in table if row[1].startswith("Ann"))
    scoresheet_services.game_reopen(game=game)
    scoresheet_services.game_finish(game=game)
    [table] = tables_of(organiser.get(season_url(autumn)))
    assert next(row[1] for row in table if row[1].startswith("Ann")) == "Ann 1 game not yet agreed"
    ann = autumn.club.players.get(name="Ann")
    page = organiser.get(f"/clubs/tuesday/players/{ann.pk}/record/?season={autumn.pk}").content.decode()
    assert page.count("not yet agreed") == 1


def test_a_deleted_nights_table_links_answer_404_until_it_is_restored(client, autumn):  # noqa: F811
    first = autumn.nights.get(date=DELETED)
    table = first.sittings.get().tables.get(number=1)
    assert client.get(f"/t/{table.token}/").status_code == 200
    night_services.night_delete(night=first)
    assert client.get(f"/t/{table.token}/").status_code == 404
    assert client.post(f"/t/{table.token}/undo/").status_code == 404
    night_services.night_restore(night=first)
    assert client.get(f"/t/{table.token}/").status_code == 200


def test_a_deleted_night_no_longer_steers_the_next_draw(autumn):  # noqa: F811
    """The season's history a draw avoids repeats from leaves a deleted night's partners and byes out."""
    from league.nights import selectors as night_selectors

    later = autumn.nights.get(date=date(2026, 10, 13))
    ann, bob, kai = (autumn.club.players.get(name=name).pk for name in ("Ann", "Bob", "Kai"))
    before = night_selectors.season_history(night=later)
    assert before.partners[frozenset({ann, bob})] == 1  # partners on the 6 October only
    assert before.byes[kai] == 1
    night_services.night_delete(night=autumn.nights.get(date=DELETED))
    after = night_selectors.season_history(night=later)
    assert after.partners[frozenset({ann, bob})] == 0
    assert after.byes[kai] == 0
