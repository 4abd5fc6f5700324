"""The standings pages: the hand-computed season of test_standings.py as a viewer sees it, each
ranking view, sorting and paging, the workbook of the same tables, the public page and its switch."""

from __future__ import annotations

import io
import re
from datetime import date
from html.parser import HTMLParser

import pytest
from openpyxl import load_workbook

from league.models import SeatingMode
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from tests.league.factories import club, member, night, season

pytestmark = pytest.mark.django_db


class Tables(HTMLParser):
    """Every <table class="standings-table"> of a page as rows of cell texts (header row first)."""

    def __init__(self):
        super().__init__()
        self.tables, self.row, self.cell, self.depth = [], None, None, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "standings-table" in (attrs.get("class") or "").split():
            self.tables.append([])
        elif self.tables and tag == "tr":
            self.row = []
        elif self.row is not None and tag in ("td", "th"):
            self.cell = []
        elif self.cell is not None and tag == "small":
            self.cell.append(" ")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[-1].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def tables_of(response) -> list[list[list[str]]]:
    assert response.status_code == 200, response.content.decode()[:2000]
    parser = Tables()
    parser.feed(response.content.decode())
    return parser.tables


def names(table) -> list[str]:
    return [row[1].split(" ")[0] for row in table[1:]]


@pytest.fixture
def viewer(client, autumn):
    client.force_login(member(autumn.club, "vic"))
    return client


def url(season, **query) -> str:
    from urllib.parse import urlencode

    base = f"/clubs/{season.club.slug}/seasons/{season.pk}/standings/"
    return base + ("?" + urlencode(query) if query else "")


def test_the_season_page_shows_the_hand_computed_numbers(viewer, autumn):
    [table] = tables_of(viewer.get(url(autumn)))
    # the columns the rows are ranked by (VP/G, then Pts) come next to the name, then the rest
    assert table[0] == ["Rank", "Player", "VP/G", "Pts", "N", "G", "Bye", "W", "Avg", "VP", "Best"]
    assert names(table) == ["Ann", "Cleo", "Bob", "Hana", "Finn", "Gus", "Dan", "Eve", "Ivy", "Jon", "Kai"]
    rows = {row[1].split(" ")[0]: row for row in table[1:]}
    assert rows["Ann"] == ["1", "Ann", "17.00", "9,000", "2", "2", "0", "2", "4,500", "34.00", "6,000"]
    assert rows["Bob"][2:4] + rows["Bob"][7:10] == ["12.25", "4,234", "2", "2,117", "24.50"]
    assert rows["Finn"][0] == rows["Gus"][0] == "5"  # level on VP average and points: a shared rank
    assert rows["Kai"][6] == "1"  # his bye, in a column of its own


def test_headers_say_what_they_abbreviate_and_numbers_are_right_aligned(viewer, autumn):
    page = viewer.get(url(autumn)).content.decode()
    assert '<abbr title="Victory points">VP</abbr>' in page
    assert '<abbr title="VP average">VP/G</abbr>' in page
    assert len(re.findall(r'<td class="[^"]*\bnum\b', page)) >= 11 * 9


def test_a_game_not_yet_agreed_is_marked_on_its_players_rows(viewer, autumn):
    [table] = tables_of(viewer.get(url(autumn)))
    rows = {row[1].split(" ")[0]: row[1] for row in table[1:]}
    assert rows["Bob"] == "Bob 1 game not yet agreed"
    assert rows["Ann"] == "Ann"


def test_the_player_names_link_to_their_pages(viewer, autumn):
    bob = autumn.club.players.get(name="Bob")
    page = viewer.get(url(autumn)).content.decode()
    assert f'href="/clubs/tuesday/players/{bob.pk}/record/?season={autumn.pk}"' in page


@pytest.mark.parametrize(
    "by, expected",
    [
        ("vp", ["Ann", "Cleo", "Bob", "Hana", "Finn", "Gus", "Dan", "Eve", "Ivy", "Jon", "Kai"]),
        ("wins", ["Ann", "Bob", "Cleo", "Dan", "Finn", "Gus", "Eve", "Hana", "Ivy", "Jon", "Kai"]),
        ("points", ["Ann", "Cleo", "Bob", "Finn", "Gus", "Eve", "Hana", "Dan", "Ivy", "Jon", "Kai"]),
        ("average", ["Ann", "Cleo", "Hana", "Bob", "Finn", "Gus", "Eve", "Dan", "Ivy", "Jon", "Kai"]),
        ("nonsense", ["Ann", "Cleo", "Bob", "Hana", "Finn", "Gus", "Dan", "Eve", "Ivy", "Jon", "Kai"]),  # the season's
    ],
)
def test_the_ranking_switch(viewer, autumn, by, expected):
    response = viewer.get(url(autumn, by=by))
    [table] = tables_of(response)
    assert names(table) == expected
    current = "VP" if by == "nonsense" else {"vp": "VP", "wins": "Wins", "points": "Points", "average": "Average"}[by]
    assert f'aria-current="page">{current}</a>' in response.content.decode()


def test_sorting_by_a_column_puts_the_best_first_then_reverses(viewer, autumn):
    [table] = tables_of(viewer.get(url(autumn, sort="points")))
    assert [row[3] for row in table[1:4]] == ["9,000", "7,000", "4,234"]
    assert table[1][0] == "1"  # the rank stays the ranking rule's
    [table] = tables_of(viewer.get(url(autumn, sort="-points")))
    assert [row[3] for row in table[1:]][:3] == ["0", "500", "500"]
    [table] = tables_of(viewer.get(url(autumn, sort="name")))
    assert names(table)[:3] == ["Ann", "Bob", "Cleo"]
    [table] = tables_of(viewer.get(url(autumn, sort="rank")))
    assert names(table)[:3] == ["Ann", "Cleo", "Bob"]
    # a column that does not exist, a page that does not: the standings as they are
    [table] = tables_of(viewer.get(url(autumn, sort="nope", page="x")))
    assert names(table)[:3] == ["Ann", "Cleo", "Bob"]


def test_players_below_the_minimum_nights_are_listed_after_without_a_rank(viewer, autumn):
    autumn.min_nights = 2
    autumn.save()
    response = viewer.get(url(autumn))
    ranked, unranked = tables_of(response)
    assert names(ranked) == ["Ann", "Cleo", "Bob", "Finn", "Gus", "Dan", "Eve"]
    assert names(unranked) == ["Hana", "Ivy", "Jon", "Kai"]
    assert {row[0] for row in unranked[1:]} == {""}
    assert "Not yet ranked: fewer than 2 nights" in response.content.decode()


def test_the_page_explains_victory_points(viewer, autumn):
    page = viewer.get(url(autumn)).content.decode()
    assert "What are victory points?" in page
    assert "20–0 for a win by 5,000 points or more" in page
    assert "a win by 1,000 is 12–8" in page


def a_big_season(players: int):
    """A season with one night of ``players`` players, every table's game finished."""
    big = club(f"club-{players}", f"Club {players}")
    the_season = season(big)
    the_night = night(big, players=players, season=the_season)
    night_services.sitting_draw(night=the_night)
    for table in the_night.sittings.get().tables.all():
        scoresheet_services.game_finish(game=table.game)
    return the_season


def test_over_50_players_are_paged(client):
    the_season = a_big_season(60)
    client.force_login(member(the_season.club, "vic"))
    response = client.get(url(the_season))
    [table] = tables_of(response)
    assert len(table) == 1 + 50
    page = response.content.decode()
    assert "Page 1 of 2 · rows 1–50 of 60" in page and 'rel="next" href="?page=2"' in page
    [second] = tables_of(client.get(url(the_season, page=2)))
    assert len(second) == 1 + 10
    assert not set(names(table)) & set(names(second))
    [last] = tables_of(client.get(url(the_season, page=99)))  # past the end: the last page
    assert names(last) == names(second)


def test_the_query_count_is_the_same_for_20_and_60_players(client, django_assert_max_num_queries):
    # 20 rows on one page, and 50 rows of 60 players on two pages: the rows and the paging add no query
    counts = {}
    for players in (20, 60):
        the_season = a_big_season(players)
        client.force_login(member(the_season.club, f"vic{players}"))
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            response = client.get(url(the_season))
        assert response.status_code == 200
        counts[players] = len(queries)
        with django_assert_max_num_queries(counts[20]):
            assert client.get(url(the_season, by="points", sort="points")).status_code == 200
    assert counts[20] == counts[60]


def test_the_workbook_has_a_sheet_per_view_with_numbers_as_numbers(viewer, autumn):
    response = viewer.get(url(autumn, export="xlsx"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert 'filename="tuesday-club-autumn-2026-standings.xlsx"' in response["Content-Disposition"]
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["VP", "Wins", "Points", "Average"]
    sheet = book["VP"]
    assert sheet["A1"].value == "Tuesday Club · Autumn 2026"
    assert sheet["A2"].value == "Players ranked by victory points per game (then points)"
    assert sheet["A3"].value.startswith("Made ")
    header = [cell.value for cell in sheet[5]]
    assert header[:4] == ["Rank", "Player", "Nights", "Games"] and header[-1] == "Games not agreed"
    assert all(cell.font.bold for cell in sheet[5])
    assert sheet.freeze_panes == "C6"
    bob = [cell.value for cell in sheet[8]]
    assert bob[:2] == [3, "Bob"]
    assert bob[2:11] == [2, 2, 0, 2, 4234, 2117, 24.5, 12.25, 3000]
    assert isinstance(bob[6], int) and isinstance(bob[8], float)
    assert sheet["G8"].number_format == "#,##0" and sheet["J8"].number_format == "#,##0.00"
    assert bob[-1] == 1  # one game not yet agreed
    assert sheet.column_dimensions["B"].width >= 12
    assert [book["Wins"].cell(row=r, column=2).value for r in range(6, 9)] == ["Ann", "Bob", "Cleo"]
    assert [book["Average"].cell(row=r, column=2).value for r in range(6, 9)] == ["Ann", "Cleo", "Hana"]


def test_the_workbook_lists_the_unranked_last_without_a_rank(viewer, autumn):
    autumn.min_nights = 2
    autumn.save()
    sheet = load_workbook(io.BytesIO(viewer.get(url(autumn, export="xlsx")).content))["Points"]
    assert sheet["A4"].value == "Below 2 nights: listed last, without a rank"
    last = [(sheet.cell(row=r, column=1).value, sheet.cell(row=r, column=2).value) for r in range(13, 17)]
    assert last == [(None, "Hana"), (None, "Ivy"), (None, "Jon"), (None, "Kai")]


def test_fixed_partnerships_get_a_view_and_a_sheet_of_their_own(viewer, autumn):
    assert "Partnerships" not in viewer.get(url(autumn)).content.decode()
    autumn.nights.filter(date=date(2026, 10, 13)).update(mode=SeatingMode.FIXED)
    response = viewer.get(url(autumn, by="partnerships"))
    [table] = tables_of(response)
    assert table[0][:3] == ["Rank", "Partnership", "VP/G"]
    assert "Bye" not in table[0]
    assert [row[1] for row in table[1:3]] == ["Ann & Cleo", "Ann & Bob"]  # 20 VP, then 14
    book = load_workbook(io.BytesIO(viewer.get(url(autumn, export="xlsx")).content))
    assert book.sheetnames == ["VP", "Wins", "Points", "Average", "Partnerships"]
    assert book["Partnerships"]["B5"].value == "Partnership"


def test_the_night_standings(viewer, autumn):
    first = autumn.nights.get(date=date(2026, 10, 6))
    response = viewer.get(f"/clubs/tuesday/nights/{first.pk}/standings/")
    [table] = tables_of(response)
    assert names(table)[:3] == ["Ann", "Bob", "Eve"]
    assert table[1][:2] == ["1", "Ann"] and table[2][0] == "1"  # 14 VP each
    assert "Night of Tuesday 6 October 2026: standings" in response.content.decode()
    book = load_workbook(io.BytesIO(viewer.get(f"/clubs/tuesday/nights/{first.pk}/standings/?export=xlsx").content))
    assert book.sheetnames == ["VP", "Wins", "Points", "Average"]
    assert book["VP"]["A1"].value == "Tuesday Club · Autumn 2026 · night of 6 October 2026"
    night_page = viewer.get(f"/clubs/tuesday/nights/{first.pk}/").content.decode()
    assert f'href="/clubs/tuesday/nights/{first.pk}/standings/"' in night_page


def test_the_season_and_club_pages_link_the_standings(viewer, autumn):
    link = f'href="/clubs/tuesday/seasons/{autumn.pk}/standings/"'
    assert link in viewer.get(f"/clubs/tuesday/seasons/{autumn.pk}/").content.decode()
    assert link in viewer.get("/clubs/tuesday/").content.decode()


def test_a_season_without_games(viewer, autumn):
    empty = season(autumn.club, name="Spring 2027")
    response = viewer.get(url(empty))
    assert tables_of(response) == []
    assert "No finished games yet." in response.content.decode()
    assert load_workbook(io.BytesIO(viewer.get(url(empty, export="xlsx")).content))["VP"].max_row == 5


def test_the_public_page_is_off_until_the_organiser_turns_it_on(client, autumn):
    public = f"/standings/tuesday/{autumn.pk}/"
    assert client.get(public).status_code == 404
    client.force_login(member(autumn.club, "olga", "organiser"))
    page = client.get(f"/clubs/tuesday/seasons/{autumn.pk}/").content.decode()
    assert "Show them to everyone" in page
    response = client.post(f"/clubs/tuesday/seasons/{autumn.pk}/public/", {"public": "1"})
    assert response.status_code == 302
    autumn.refresh_from_db()
    assert autumn.public
    assert public in client.get(f"/clubs/tuesday/seasons/{autumn.pk}/").content.decode()
    client.logout()
    response = client.get(public)
    [table] = tables_of(response)
    assert names(table)[:3] == ["Ann", "Cleo", "Bob"]
    page = response.content.decode()
    assert "/record/" not in page and "/clubs/" not in page  # read-only: nothing of the club's own pages
    assert load_workbook(io.BytesIO(client.get(public + "?export=xlsx").content)).sheetnames[0] == "VP"
    client.force_login(member(autumn.club, "olga2", "organiser"))
    client.post(f"/clubs/tuesday/seasons/{autumn.pk}/public/", {"public": "0"})
    client.logout()
    assert client.get(public).status_code == 404


def test_the_public_page_of_another_clubs_season_is_not_found(client, autumn):
    autumn.public = True
    autumn.save()
    club("friday", "Friday Club")
    assert client.get(f"/standings/friday/{autumn.pk}/").status_code == 404
    assert client.get(f"/standings/tuesday/{autumn.pk}/").status_code == 200


def test_the_pdf_is_offered_and_made(viewer, autumn):
    page = viewer.get(url(autumn)).content.decode()
    assert "export=pdf" in page
    response = viewer.get(url(autumn, export="pdf"))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_the_pdf_link_passes_the_view_the_paper_and_large_print(viewer, autumn, monkeypatch):
    """The PDF itself is league.standings.pdf's; the page hands it the table shown and the options."""
    from league.standings import views as standings_views

    calls = []

    def fake_pdf(result, *, paper, large_print):
        calls.append((result.ranked_by, result.teams, [row.name for row in result.rows][:2], paper, large_print))
        return b"%PDF-1.4 fake"

    monkeypatch.setattr(standings_views, "pdf_writer", lambda: fake_pdf)
    page = viewer.get(url(autumn, by="points")).content.decode()
    assert 'href="?by=points&amp;export=pdf"' in page
    assert 'href="?by=points&amp;export=pdf&amp;large_print=1"' in page
    response = viewer.get(url(autumn, by="points", export="pdf", paper="a4", large_print="1"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="tuesday-club-autumn-2026-points-large-print.pdf"' in response["Content-Disposition"]
    assert calls == [("points", False, ["Ann", "Cleo"], "a4", True)]
    assert viewer.get(url(autumn, export="pdf")).status_code == 200
    assert calls[-1] == ("vp", False, ["Ann", "Cleo"], "letter", False)
    response = viewer.get(url(autumn, export="pdf", paper="legal"))
    assert response.status_code == 400 and "letter or a4" in response.content.decode()
    first = autumn.nights.get(date=date(2026, 10, 6))
    response = viewer.get(f"/clubs/tuesday/nights/{first.pk}/standings/?export=pdf&by=wins")
    assert response.status_code == 200 and calls[-1][:3] == ("wins", False, ["Ann", "Bob"])
    assert 'filename="tuesday-club-2026-10-06-wins.pdf"' in response["Content-Disposition"]


def test_the_standings_command_writes_the_same_table_to_a_workbook(autumn, tmp_path):
    from django.core.management import call_command

    path = tmp_path / "autumn.xlsx"
    call_command("standings", "--club", "tuesday", "--season", "Autumn 2026", "--by", "wins", "--xlsx", str(path))
    book = load_workbook(path)
    assert book.sheetnames == ["Wins"]
    sheet = book["Wins"]
    assert sheet["A2"].value == "Players ranked by wins (then points)"
    assert [sheet.cell(row=r, column=2).value for r in range(6, 10)] == ["Ann", "Bob", "Cleo", "Dan"]
    assert sheet["G7"].value == 4234  # Bob's points, a number
