"""The night pages in a browser: they fit a phone (390 px) and a desktop (1280 px) with 44 px
targets; check-in ticks and filters in place; the night page shows a round recorded at a table
without a reload (one test: the night under way is made once). Screenshots land in var/screenshots/ to be looked at."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from league.models import Sitting
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Entry
from tests.e2e.live import the_page_asks_again
from tests.e2e.test_layout import _session_cookie, check_fits, check_numbers_right_aligned, each_width, shoot, viewport
from tests.league.factories import night, player, user

TARGETS = ", select, input[type=email], input[type=tel], input[type=date], .tick"


def record_round(game: Game, winner: int = 0) -> None:
    entries = [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=1300, went_out=True)
        if i == winner
        else Entry(books={"clean": 1}, melded_points=100, hand_points=50)
        for i in range(game.teams.count())
    ]
    scoresheet_services.round_record(game=game, number=game.rounds.count() + 1, entries=entries, confirmed=["*"])


def a_night_under_way(page, live_server):
    """A club night of 12 (a long name among them), sitting 1 drawn: table 1 finished, table 2 in
    round 2, a late arrival ticked in; the organiser signed in."""
    from league.clubs import services as league

    olga = user("olga")
    club = league.club_create(name="Tuesday Night Hand and Foot Club", by=olga)
    player(club, "Ezra Featherstonehaugh-Wilkins")
    the_night = night(club, players=11)
    night_services.check_in(night=the_night, player=club.players.get(name__startswith="Ezra"))
    sitting = night_services.sitting_draw(night=the_night)
    Sitting.objects.filter(pk=sitting.pk).update(flags=["repeat partners: P01 & P02 (2nd time)"])
    games = list(Game.objects.filter(table__sitting=sitting).order_by("table__number"))
    for _ in range(4):
        record_round(games[0])
    scoresheet_services.game_finish(game=games[0])
    record_round(games[1], winner=1)
    night_services.check_in(night=the_night, player=player(club, "Late Larry"))
    player(club, "Old Fritz", active=False)
    page.context.add_cookies([_session_cookie(olga, live_server)])
    return club, the_night, games


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_night_pages_fit_the_screen_check_in_ticks_in_place_and_a_round_shows_without_a_reload(
    live_server, page, presets
):
    """One night under way for the three (made once: a third of the test's time): the pages fit,
    check-in ticks in place, the night page shows a round recorded at a table."""
    club, the_night, games = a_night_under_way(page, live_server)
    page.set_viewport_size(viewport("phone"))
    base = f"/clubs/{club.slug}/nights/"
    pages = {
        "nights": base,
        "night-new": base + "new/",
        "night": f"{base}{the_night.pk}/",
        "night-checkin": f"{base}{the_night.pk}/checkin/",
        "night-sitting": f"{base}{the_night.pk}/sittings/1/",
    }
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        for width in each_width(page):
            shoot(page, f"{name}-{width}")
            check_fits(page, path, width, TARGETS)
            check_numbers_right_aligned(page, path, width, ".num")
    page.emulate_media(media="print")
    page.goto(f"{live_server.url}{base}{the_night.pk}/sittings/1/")
    for width in each_width(page):
        shoot(page, f"night-sitting-print-{width}")
        expect(page.locator(".topbar")).to_be_hidden()
        expect(page.get_by_role("heading", name="Swap two players")).to_be_hidden()
        size = page.locator(".seating-table li").first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
        assert float(size) >= 28, width

    # Check-in filters and ticks in place, without a reload.
    page.emulate_media(media="screen")
    page.goto(f"{live_server.url}{base}{the_night.pk}/checkin/", wait_until="domcontentloaded")
    page.evaluate("window.notReloaded = true")
    expect(page.get_by_text("13 present")).to_be_visible()
    page.get_by_label("Find a player").fill("ezra feather")
    expect(page.locator(".checkin-list li:visible")).to_have_count(1)
    page.get_by_label("Find a player").fill("nobody by that name")
    expect(page.get_by_text("Nobody on the roster matches")).to_be_visible()
    page.get_by_label("Find a player").fill("")
    larry = page.get_by_role("button", name="Late Larry")
    expect(larry).to_have_attribute("aria-pressed", "true")
    expect(larry).to_contain_text("plays from sitting 2")
    larry.click()
    expect(larry).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_text("12 present")).to_be_visible()
    larry.click()
    expect(larry).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("13 present")).to_be_visible()
    assert page.evaluate("window.notReloaded") is True
    assert the_night.attendances.get(player__name="Late Larry").present

    # Another browser of the organiser's (its clock is the test's): the night page as table 2 saves.
    organiser = page.context.browser.new_context(viewport=viewport("phone"), service_workers="block")
    organiser.add_cookies(page.context.cookies())
    the_night_page_shows_a_recorded_round_without_a_reload(organiser.new_page(), live_server, club, the_night, games)
    organiser.close()


def the_night_page_shows_a_recorded_round_without_a_reload(page, live_server, club, the_night, games) -> None:
    # The page's clock stands still: it refreshes when the test moves the clock on, after the
    # round is saved, not every 5 s of a machine that may be too busy to answer in time.
    page.clock.install()
    page.clock.pause_at(datetime.now() + timedelta(minutes=1))
    page.goto(f"{live_server.url}/clubs/{club.slug}/nights/{the_night.pk}/")
    page.evaluate("window.notReloaded = true")
    table_2 = page.locator(".night-table").filter(has_text="Table 2")
    expect(table_2).to_contain_text("Round 1 of 4 entered")
    scrolled = page.evaluate("window.scrollTo(0, 300); window.scrollY")
    assert scrolled > 0
    record_round(games[1], winner=1)  # the table enters round 2 on its phone
    the_page_asks_again(page)  # the page has asked again, after the round was saved
    expect(table_2).to_contain_text("Round 2 of 4 entered")
    expect(page.locator("[data-live-stamp]")).to_contain_text("Updated")
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("window.scrollY") == scrolled
