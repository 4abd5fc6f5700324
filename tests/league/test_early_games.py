"""A game finished early (fewer rounds than its rules play): marked, and counted as the season says.

The night (hand-and-foot: 4 rounds; blowout margin B = 5,000), worked out by hand:

  Table 1, all 4 rounds: Ann & Bob 3,000 v Cleo & Dan 1,000. m = 2,000: x = 10 × 2,000 / 5,000 = 4
           → 14 v 6 VP; Ann & Bob win.
  Table 2, finished early after 1 round of 4: Eve & Finn 1,000 v Gus & Hana 500.
    - as played: m = 500: x = 1.0 → 11 v 9 VP; 1,000 and 500 points; Eve & Finn win.
    - scaled up to a full game (× 4 ÷ 1): 4,000 v 2,000; m = 2,000: x = 4 → 14 v 6 VP.
    - left out: Eve, Finn, Gus and Hana have no game that counts.
"""

from __future__ import annotations

import io
import json
from datetime import date
from decimal import Decimal

import pytest
from django.core.management import call_command

from league.models import EarlyGames
from league.standings.selectors import night_standings, season_standings
from scoresheet.games import services as scoresheet_services
from scoresheet.games.early import Shortfall, early_games, shortfall
from scoresheet.scoring.engine import Entry
from tests.league.factories import club, night, season, table_result

pytestmark = pytest.mark.django_db


def full_game(the_night, sitting: int, table: int, teams):
    """A table whose game ran all 4 rounds of hand-and-foot: the totals in round 1, then 3 empty rounds."""
    game = table_result(the_night, sitting, table, teams, finished=False)
    for number in (2, 3, 4):
        scoresheet_services.round_record(game=game, number=number, entries=[Entry() for _ in teams])
    return scoresheet_services.game_finish(game=game)


@pytest.fixture
def short_night():
    tuesday = club("tuesday", "Tuesday Club")
    the_season = season(tuesday, name="Autumn 2026")
    the_night = night(tuesday, players=0, season=the_season, date=date(2026, 10, 6))
    full = full_game(the_night, 1, 1, [("Ann & Bob", 3000), ("Cleo & Dan", 1000)])
    early = table_result(the_night, 1, 2, [("Eve & Finn", 1000), ("Gus & Hana", 500)])  # finished after round 1
    return the_season, full, early


def test_a_game_short_of_its_rules_end_is_finished_early():
    assert shortfall({"rounds": 4}, played=2, totals=[100, 50]) == Shortfall(2, 4)
    assert shortfall({"rounds": 4}, played=2, totals=[100, 50]).text == "2 of 4 rounds"
    assert shortfall({"rounds": 4}, played=4, totals=[100, 50]) is None
    assert shortfall({"rounds": 4, "books_to_win": {"books": 7}}, played=2, totals=[0, 0], books_won=True) is None
    assert shortfall({"target_score": 5000}, played=3, totals=[4000, 3000]).text == "3 rounds, nobody reached 5,000"
    assert shortfall({"target_score": 5000}, played=3, totals=[5000, 3000]) is None
    assert shortfall({"rounds": 4}, played=0, totals=[0, 0]) is None  # no round: nothing to count anyway


def test_the_early_games_of_a_night(short_night):
    _, full, early = short_night
    assert early_games([full.id, early.id]) == {early.id: Shortfall(1, 4)}


def by_name(result) -> dict:
    return {row.name: row.values for row in result.rows}


def test_counted_as_played_by_default(short_night):
    the_season, _, _ = short_night
    assert the_season.early_games == EarlyGames.PLAYED
    result = season_standings(season=the_season)
    rows = by_name(result)
    assert (rows["Eve"]["points"], rows["Eve"]["vp"], rows["Eve"]["wins"]) == (1000, 11, 1)
    assert (rows["Gus"]["points"], rows["Gus"]["vp"]) == (500, 9)
    assert (rows["Ann"]["points"], rows["Ann"]["vp"]) == (3000, 14)
    assert result.early == 1


def test_scaled_up_to_a_full_game(short_night):
    the_season, _, _ = short_night
    the_season.early_games = EarlyGames.SCALED
    the_season.save()
    rows = by_name(season_standings(season=the_season))
    assert (rows["Eve"]["points"], rows["Eve"]["vp"], rows["Eve"]["average"]) == (4000, 14, Decimal("4000.00"))
    assert (rows["Gus"]["points"], rows["Gus"]["vp"]) == (2000, 6)
    assert (rows["Ann"]["points"], rows["Ann"]["vp"]) == (3000, 14)  # a full game is as it was


def test_left_out_of_the_standings(short_night):
    the_season, _, early = short_night
    the_season.early_games = EarlyGames.LEFT_OUT
    the_season.save()
    result = season_standings(season=the_season)
    assert [row.name for row in result.rows] == ["Ann", "Bob", "Cleo", "Dan"]
    assert result.early == 1  # still said under the table
    assert [row.name for row in night_standings(night=early.table.sitting.night).rows] == ["Ann", "Bob", "Cleo", "Dan"]


def test_the_standings_command_counts_them_as_the_season_says(short_night):
    the_season, _, _ = short_night
    the_season.early_games = EarlyGames.SCALED
    the_season.save()
    out = io.StringIO()
    call_command("standings", "--club", "tuesday", "--season", "Autumn 2026", "--json", stdout=out)
    rows = {row["player"]: row for row in json.loads(out.getvalue())["rows"]}
    assert (rows["Finn"]["points"], rows["Finn"]["vp"], rows["Hana"]["points"]) == (4000, 14.0, 2000)


def test_the_results_workbook_marks_them_in_the_game_log(short_night, tmp_path):
    from openpyxl import load_workbook

    out = tmp_path / "results.xlsx"
    call_command(
        "export_results", "--club", "tuesday", "--season", "Autumn 2026", "--out", str(out), stdout=io.StringIO()
    )
    book = load_workbook(out)
    assert [cell.value for cell in book["Results"][1]] == [
        "Date",
        "Table",
        "Game",
        "Team",
        "Players",
        "Score",
        "Variant",
    ]
    log = book["Game log"]
    header = [cell.value for cell in log[1]]
    marks = {(row[header.index("Table")], row[-1]) for row in log.iter_rows(min_row=2, values_only=True)}
    assert header[-1] == "Finished early" and marks == {(1, None), (2, "1 of 4 rounds")}


def words(response) -> str:
    import html
    import re

    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_every_page_where_its_result_shows_marks_it(short_night, client):
    from league.models import Role
    from tests.league.factories import member
    from tests.pdf_reading import read

    the_season, full, early = short_night
    client.force_login(member(the_season.club, "vic", Role.VIEWER))
    mark = "Finished early: 1 of 4 rounds"
    assert mark in words(client.get(f"/games/{early.id}/"))
    assert "Finished early" not in words(client.get(f"/games/{full.id}/"))
    sheet = client.get(f"/games/{early.id}/sheet.pdf")
    assert mark in read(sheet.content).texts[0]
    assert words(client.get("/clubs/tuesday/")).count(mark) == 1  # the club's games: one of two
    night_page = words(client.get(f"/clubs/tuesday/nights/{early.table.sitting.night_id}/"))
    assert night_page.count(mark) == 1
    eve = the_season.club.players.get(name="Eve")
    assert "finished early: 1 of 4 rounds" in words(client.get(f"/clubs/tuesday/players/{eve.pk}/record/"))
    footnote = "1 game finished early (fewer rounds than the rules play). A game finished early counts as played."
    assert footnote in words(client.get(f"/clubs/tuesday/seasons/{the_season.pk}/standings/"))
    pdf = client.get(f"/clubs/tuesday/seasons/{the_season.pk}/standings/?export=pdf")
    assert footnote in read(pdf.content).text
