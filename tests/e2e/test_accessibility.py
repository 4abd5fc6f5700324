"""Accessibility in a browser: axe-core (tests/e2e/axe.py) finds nothing serious or critical on
any page at phone width (the markup and colours are the same at every width; the pages other
tests load anyway are checked there, on the same load); the live night page keeps keyboard focus
and does not announce its clock; the round form ties a live error to its box; a skip link comes
first (``check_the_skip_link``, run on the share page by test_share_link.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from league.clubs import services as league
from league.nights import services as night_services
from scoresheet.games import services
from scoresheet.models import Variant
from tests.e2e import axe
from tests.e2e.test_layout import _session_cookie, check_axe, game_page_games, load, viewport
from tests.e2e.test_nights_layout import record_round
from tests.league.factories import night, player, user


def a_club_night():
    """A club with its organiser, a season, a night under way (sitting 1 drawn, a round entered at
    table 1), house rules, a deleted player and a deleted game."""
    olga = user("olga")
    club = league.club_create(name="Tuesday Night Hand and Foot Club", by=olga)
    the_night = night(club, players=8)
    sitting = night_services.sitting_draw(night=the_night)
    table = sitting.tables.get(number=1)
    record_round(table.game)
    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-and-foot"), name="Our rules")
    league.player_delete(player=player(club, "Gone Gary"))
    return olga, club, the_night, table, house


def check(page, failures: dict, name: str) -> None:
    """axe at phone width; what it finds goes in ``failures``."""
    check_axe(page, failures, name)


def visit(page, failures: dict, name: str, url: str) -> None:
    load(page, url)
    check(page, failures, name)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_no_page_has_a_serious_accessibility_problem(live_server, page, presets):
    games = game_page_games(("under-way", "finished"))  # the two whose rounds are checked here
    olga, club, the_night, table, house = a_club_night()
    under_way, finished = games["under-way"], games["finished"]
    url = live_server.url
    failures: dict[str, list[str]] = {}
    page.set_viewport_size(viewport("phone"))

    # Checked where other tests load them anyway: the pages a table sees, the game list
    # (test_layout.py), the standings and season pages (test_standings.py), the import pages
    # (test_import_layout.py), the sign-in and sign-up pages (test_clubs.py), the share page and
    # its skip link (test_share_link.py).
    visit(page, failures, "table link", f"{url}/t/{table.token}/")

    # The round form of a game under way (a dealer named): a live error is tied to its box.
    visit(page, failures, "new round", f"{url}/g/{under_way.token}/rounds/3/")
    check_a_live_error_is_tied_to_its_box(page)

    # A correction of a finished game (it asks why) sent with a number the rules refuse.
    visit(page, failures, "correction", f"{url}/g/{finished.token}/rounds/1/")
    page.locator("#id_t0-melded_points").fill("1047")
    page.get_by_label("Why is round 1 corrected?").fill("Miscounted")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".form-errors")).to_contain_text("Round 1 was not saved")
    check(page, failures, "correction refused")

    page.context.add_cookies([_session_cookie(olga, live_server)])
    base = f"{url}/clubs/{club.slug}"
    for name, path in {
        "clubs": f"{url}/clubs/",
        "club": f"{base}/",
        "seasons": f"{base}/seasons/",
        "roster": f"{base}/players/",
        "check-in": f"{base}/nights/{the_night.pk}/checkin/",
        "recently deleted": f"{base}/deleted/",
    }.items():
        visit(page, failures, name, path)

    # Last, as it enters a round at table 1: the live night page.
    visit(page, failures, "night", f"{base}/nights/{the_night.pk}/")
    check_the_live_night_page_keeps_the_focus(page, table)

    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)


def check_the_live_night_page_keeps_the_focus(page, table) -> None:
    """The live night page (as loaded) does not announce its clock; when it refreshes the part that
    holds the focused link, the new link has the focus."""
    page.evaluate("window.notReloaded = true")
    stamp = page.locator("[data-live-stamp]")
    expect(stamp).to_contain_text("Updated")
    assert (
        page.evaluate(
            "el => el.closest('[aria-live], [role=status], [role=alert], [role=log], [role=timer]')",
            stamp.element_handle(),
        )
        is None
    ), "the night page's clock is in a live region"

    # The keyboard is on table 1's link; the table enters round 2; the page refreshes (asked at
    # once, as when the tab comes back into view) and replaces the part that holds the link.
    sheet = page.get_by_role("link", name="Table 1’s score sheet")
    sheet.focus()
    page.evaluate("document.activeElement.dataset.before = 'yes'")  # the old element, to tell it from its copy
    refreshes = int(page.locator("[data-live]").get_attribute("data-refreshes") or 0)
    record_round(table.game)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("[data-live]")).not_to_have_attribute("data-refreshes", str(refreshes))
    expect(page.locator(".night-table").filter(has_text="Table 1")).to_contain_text("Round 2 of 4 entered")
    focused = page.evaluate("({id: document.activeElement.id, before: document.activeElement.dataset.before || ''})")
    assert focused == {"id": sheet.get_attribute("id"), "before": ""}  # the new link, focused again
    assert page.evaluate("window.notReloaded") is True


def check_a_live_error_is_tied_to_its_box(page) -> None:
    """On the round form as loaded (team 1's melded points empty), a live error names its box."""
    box = page.locator("#id_t0-melded_points")
    box.fill("1047")  # not a multiple of 5: the live check says so in the team's breakdown
    message = page.locator("#breakdown-0 [data-for='id_t0-melded_points']")
    expect(message).to_contain_text("multiple of 5")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_attribute("aria-describedby", message.get_attribute("id"))
    box.fill("1045")
    expect(page.locator("#breakdown-0 .breakdown-total")).to_be_visible()
    expect(box).not_to_have_attribute("aria-invalid", "true")
    expect(box).not_to_have_attribute("aria-describedby", re.compile("live-error"))


def check_the_skip_link(page) -> None:
    """A skip link comes first (out of sight until the keyboard reaches it) and jumps to the content."""
    page.evaluate("window.scrollTo(0, 0)")
    skip = page.get_by_role("link", name="Skip to content")
    assert skip.bounding_box()["y"] < 0  # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    assert skip.bounding_box()["y"] >= 0
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
