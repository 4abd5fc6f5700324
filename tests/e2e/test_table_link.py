"""A player at a club night's table, on a phone, with no account: opens the table's link (the QR
code of the printed pack), enters a round, sees the total and, once the game is finished, agrees
with it (finishing early is the organiser's: the link offers no "Finish" nor "Reopen").
And the table link's pages fit a phone and a desktop (screenshots in var/screenshots/)."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from league.models import Table
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from tests.e2e.test_layout import check_fits, each_width, shoot, viewport
from tests.league.factories import club, night, player

# Eight players with names of every length: the table's header and the agree buttons must fit.
NAMES = ["Ann", "Bob", "Cléo", "Søren", "Grandmother Wilhelmina", "Jo", "Maximilian-Alexander", "Tess"]


def night_table() -> Table:
    tuesday = club("tuesday", "Tuesday Card Club")
    the_night = night(tuesday, players=0, date=date(2026, 11, 24))
    for name in NAMES:
        night_services.check_in(night=the_night, player=player(tuesday, name))
    sitting = night_services.sitting_draw(night=the_night)
    return sitting.tables.get(number=2)


def fits(page, name: str, path: str) -> None:
    """The page fits a phone and a desktop (check_fits), with a screenshot of each."""
    for width in each_width(page):
        shoot(page, f"{name}-{width}")
        check_fits(page, path, width)


def fill(page, field_id, value):
    page.locator(f"#{field_id}").fill(str(value))


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_player_plays_and_agrees_through_the_table_link_on_a_phone_whose_pages_fit(live_server, browser, presets):
    table = night_table()
    us, them = table.game.teams.order_by("position")
    context = browser.new_context(viewport=viewport("phone"))  # a fresh browser: no account, no session
    page = context.new_page()

    page.goto(f"{live_server.url}/t/{table.token}/", wait_until="domcontentloaded")
    expect(page.get_by_role("heading", name="Table 2 · Sitting 1")).to_be_visible()
    expect(page.locator(".table-night")).to_have_text("Tuesday Card Club · Tuesday 24 November 2026")
    expect(page.get_by_role("link", name="New game")).to_have_count(0)

    # Round 1 as tests/scoresheet/test_views_game.py enters it: 4,345 and 1,115.
    page.get_by_role("link", name="Enter round 1").click()
    fill(page, "id_t0-book_clean", 2)
    fill(page, "id_t0-book_dirty", 2)
    fill(page, "id_t0-book_wild", 1)
    fill(page, "id_t0-red_threes", 1)
    fill(page, "id_t0-melded_points", 1045)
    page.locator("label").filter(has_text=re.compile(rf"^{re.escape(us.name)}$")).click()
    fill(page, "id_t1-book_clean", 1)
    fill(page, "id_t1-book_dirty", 1)
    fill(page, "id_t1-red_threes_held", 1)
    fill(page, "id_t1-black_threes_held", 2)
    fill(page, "id_t1-melded_points", 610)
    fill(page, "id_t1-hand_points", 185)
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("4,345")
    page.get_by_role("button", name="Save round 1").click()

    expect(page).to_have_url(f"{live_server.url}/t/{table.token}/")
    totals = page.locator(".sheet-total td")
    expect(totals.nth(0)).to_have_text("4,345")
    expect(totals.nth(1)).to_have_text("1,115")
    expect(page.get_by_text("Agree with this result?")).to_have_count(0)
    link = f"/t/{table.token}/"
    fits(page, "table-game", link)
    for name, path in {"table-round-new": link + "rounds/2/", "table-round-edit": link + "rounds/1/"}.items():
        assert page.goto(live_server.url + path, wait_until="domcontentloaded").status == 200, path
        expect(page.locator("#breakdown-0 .breakdown-total")).not_to_be_empty()  # the live breakdown is in
        fits(page, name, path)
    page.goto(live_server.url + link, wait_until="domcontentloaded")
    expect(page.get_by_role("button", name="Finish the game early")).to_have_count(0)
    scoresheet_services.game_finish(game=table.game)  # the organiser finishes it early
    page.reload(wait_until="domcontentloaded")

    expect(page.get_by_role("button", name="Reopen the game")).to_have_count(0)
    expect(page.get_by_role("heading", name="Agree with this result?")).to_be_visible()
    fits(page, "table-game-finished", link)  # the agree panel's buttons
    page.get_by_role("button", name=f"{them.name} agree").click()
    expect(page.locator(".agree .agreed-note")).to_have_text(
        re.compile(rf"✓ {re.escape(them.name)} agree at \d\d:\d\d")
    )
    expect(page.get_by_role("button", name=f"{them.name} agree")).to_have_count(0)
    expect(page.get_by_role("button", name=f"{us.name} agree")).to_be_visible()  # each team for itself
    context.close()
