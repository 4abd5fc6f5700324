"""The standings in a browser at phone width: sort by a column, page through 60 players, download
the workbook; and the standings, player and season pages fit 390 and 1280 px (screenshots as
test_layout.shoot says), with nothing serious for axe on the standings and season pages."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone
from openpyxl import load_workbook
from playwright.sync_api import expect

from league.clubs import player_links
from league.models import Night
from tests.e2e import axe
from tests.e2e.test_layout import (
    _session_cookie,
    check_axe,
    check_fits,
    check_numbers_right_aligned,
    each_width,
    shoot,
    viewport,
)
from tests.league.factories import club, member, night, season, table_result

TARGETS = ", .standings-table th a, .pager .button, .view-switch .button, select, summary"


def a_season_of_60():
    """60 players over two nights, 15 tables a night, every total different; the viewer signed in.
    Player 1 has the longest name; points rise with the player's number."""
    tuesday = club("tuesday", "Tuesday Night Hand and Foot Club")
    autumn = season(tuesday, name="Autumn 2026")
    names = ["Ezra Featherstonehaugh-Wilkins"] + [f"Player {n:02d}" for n in range(2, 61)]
    for day, shift in ((6, 0), (13, 1)):
        the_night = night(tuesday, players=0, season=autumn, date=date(2026, 10, day))
        for t in range(15):
            four = [names[(4 * t + i + 2 * shift) % 60] for i in range(4)]
            teams = [(f"{four[0]} & {four[1]}", 1000 + 100 * t + 10 * day), (f"{four[2]} & {four[3]}", 995 + 120 * t)]
            table_result(the_night, 1, t + 1, teams, agreed=t % 4 != 0)
    return tuesday, autumn


def first_column(page, column: int) -> list[str]:
    return page.locator(f"table.standings-table tbody tr td:nth-child({column})").all_inner_texts()


def as_number(text: str) -> float:
    return float(text.replace(",", ""))


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_standings_in_a_browser(live_server, page, presets, tmp_path):
    """One season of 60 for all: a viewer on a phone sorts, pages and downloads the workbook and
    the PDF; then, the season public with a minimum of two nights, each standings page fits the
    screen for its organiser and axe finds nothing serious on them."""
    tuesday, autumn = a_season_of_60()
    page.context.add_cookies([_session_cookie(member(tuesday, "vic"), live_server)])
    page.set_viewport_size(viewport("phone"))
    sort_page_and_download_on_a_phone(page, live_server, autumn, tmp_path)
    download_the_pdf(page, tmp_path)

    autumn.min_nights = 2
    autumn.public = True
    autumn.save()
    page.context.clear_cookies()
    page.context.add_cookies([_session_cookie(member(tuesday, "olga", "organiser"), live_server)])
    check_the_pages_fit_the_screen(page, live_server, tuesday, autumn)


def sort_page_and_download_on_a_phone(page, live_server, autumn, tmp_path) -> None:
    page.goto(f"{live_server.url}/clubs/tuesday/seasons/{autumn.pk}/")
    page.get_by_role("link", name="Standings", exact=True).click()
    expect(page.locator("table.standings-table tbody tr")).to_have_count(50)
    expect(page.locator(".pager-where")).to_have_text("Page 1 of 2 · rows 1–50 of 60")
    check_fits(page, "standings", "phone", TARGETS)

    # Sort by points: the header's link, best first; the table scrolls inside its box to reach it.
    page.locator("table.standings-table th", has_text="Pts").get_by_role("link").click()
    expect(page.locator("table.standings-table th.desc")).to_have_text("Pts")
    points = [as_number(text) for text in first_column(page, 4)]  # Rank, Player, VP/G, Pts
    assert points == sorted(points, reverse=True) and len(points) == 50
    page.get_by_role("link", name="Next").click()
    expect(page.locator(".pager-where")).to_have_text("Page 2 of 2 · rows 51–60 of 60")
    rest = [as_number(text) for text in first_column(page, 4)]
    assert len(rest) == 10 and max(rest) <= min(points)
    assert "sort=points" in page.url and "page=2" in page.url
    shoot(page, "standings-sorted-phone")
    # The sort and the page stay when the ranking view changes? No: a new view starts at its top.
    page.get_by_role("link", name="Wins").click()
    expect(page.locator(".pager-where")).to_have_text("Page 1 of 2 · rows 1–50 of 60")

    with page.expect_download() as info:
        page.get_by_role("link", name="Spreadsheet (xlsx)").click()
    download = info.value
    assert download.suggested_filename == "tuesday-night-hand-and-foot-club-autumn-2026-standings.xlsx"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    book = load_workbook(path)
    assert book.sheetnames == ["VP", "Wins", "Points", "Average"]
    assert book["Points"].max_row == 5 + 60
    assert isinstance(book["Points"]["G6"].value, int)


def download_the_pdf(page, tmp_path) -> None:
    """The PDF link of the standings page (as it is: the Wins view) downloads a PDF."""
    expect(page.locator("table.standings-table tbody tr")).to_have_count(50)
    with page.expect_download() as info:
        page.get_by_role("link", name="PDF", exact=True).click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.read_bytes().startswith(b"%PDF")


def check_the_pages_fit_the_screen(page, live_server, tuesday, autumn) -> None:
    ezra = tuesday.players.get(name__startswith="Ezra")
    first = autumn.nights.get(date=date(2026, 10, 6))
    pages = {
        "standings": f"/clubs/tuesday/seasons/{autumn.pk}/standings/",
        "standings-night": f"/clubs/tuesday/nights/{first.pk}/standings/",
        "player-record": f"/clubs/tuesday/players/{ezra.pk}/record/",
        "player-own": f"/p/{player_links.page_token(ezra)}/",  # from the results email, no account
        "season": f"/clubs/tuesday/seasons/{autumn.pk}/",
        "standings-public": f"/standings/tuesday/{autumn.pk}/",
        # its tables finished early at one round of four: the badge wraps, not 20 px past the screen
        "night": f"/clubs/tuesday/nights/{first.pk}/",
        # "Where do I sit?" once the night is closed: Ezra's games and place, then the night's results
        # (557 px wide in 390 before: the games and wins now go under each name)
        "seat-finder-closed": f"/n/{first.token}/?p={ezra.pk}",
    }
    Night.objects.filter(pk=first.pk).update(closed_at=timezone.now())
    failures: dict[str, list[str]] = {}
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        for width in each_width(page):
            shoot(page, f"{name}-{width}")
            check_fits(page, path, width, TARGETS)
            check_numbers_right_aligned(page, path, width, ".num")
            if name in ("standings", "season", "player-record", "player-own", "seat-finder-closed"):
                check_axe(page, failures, f"{name} ({width})")
            if name == "standings":
                ranked_by_beside_the_name(page, width)
            if name in ("player-record", "player-own", "standings", "standings-night", "seat-finder-closed"):
                # Every table fits the screen: a game is a card on a phone, the standings show the
                # numbers they are ranked by (issue 35 item 1: the games table was 960 px in 321).
                widest = page.evaluate(
                    "Math.max(...[...document.querySelectorAll('table')].map(t => t.getBoundingClientRect().right))"
                )
                assert widest <= page.viewport_size["width"], f"{name} at {width}: a table ends at {widest}px"
            if name in ("player-record", "player-own") and width == "phone":
                card = page.locator("table.record-games tbody tr").first
                card.scroll_into_view_if_needed()
                for label in ("Opponents", "Score", "VP", "Result"):
                    expect(card.locator(f'td[data-label="{label}"]')).to_be_in_viewport()
        if name == "standings":
            # "All columns" shows the rest; the table then scrolls inside its box with Rank and Player kept in view.
            page.locator("label.all-columns").first.click()
            expect(page.locator("table.standings-table").first.locator("thead th.col-more").first).to_be_visible()
            box = page.locator(".standings-scroll").first
            box.evaluate("el => el.scrollLeft = el.scrollWidth")
            player = page.locator("table.standings-table tbody tr:first-child td.col-name").first.bounding_box()
            scroller = box.bounding_box()
            assert player["x"] >= scroller["x"] - 1  # still inside the box, not scrolled off to the left
    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)


def ranked_by_beside_the_name(page, width: str) -> None:
    """The column the rows are ranked by (VP/G) is next to Player and on screen; a phone shows only
    the ranking's numbers (VP/G, Pts), the rest behind "All columns"; a desktop shows every column."""
    headers = page.locator("table.standings-table").first.locator("thead th")
    shown = [text.strip() for text in headers.all_inner_texts() if text.strip()]
    assert shown[:3] == ["Rank", "Player", "VP/G"], shown
    vp = page.locator("table.standings-table thead th", has_text="VP/G").first.bounding_box()
    assert vp["x"] + vp["width"] <= page.viewport_size["width"], f"VP/G off-screen at {width}"
    minor = page.locator("table.standings-table").first.locator("thead th.col-more")
    if width == "phone":
        expect(minor.first).to_be_hidden()
    else:
        expect(minor.first).to_be_visible()
