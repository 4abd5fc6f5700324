"""Accessibility in a browser: axe-core (tests/e2e/axe.py) finds nothing serious or critical on
any page, at phone and desktop widths (one load each, the viewport resized between the two runs);
the live night page keeps keyboard focus and does not announce its clock; the round form ties a
live error to its box; a skip link comes first."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from league.clubs import services as league
from league.nights import services as night_services
from scoresheet import services
from scoresheet.models import Variant
from tests.e2e.axe import problems
from tests.e2e.test_layout import WIDTHS, _session_cookie, game_page_games
from tests.e2e.test_nights_layout import record_round
from tests.league.factories import night, player, user
from tests.league.test_import_results import GOOD, workbook

PHONE, DESKTOP = (dict(zip(("width", "height"), WIDTHS[w])) for w in ("phone", "desktop"))


@pytest.fixture
def browser_context_args(browser_context_args):
    """The pages' Content-Security-Policy allows no inline script: axe goes in as one, so these
    tests' browser lets it (the app's own scripts are files, allowed either way)."""
    return {**browser_context_args, "bypass_csp": True}


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
    """axe at phone width, then at desktop width on the same load; what it finds goes in ``failures``."""
    for width, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        found = problems(page)
        if found:
            failures[f"{name} ({width})"] = found
    page.set_viewport_size(PHONE)


def visit(page, failures: dict, name: str, url: str) -> None:
    response = page.goto(url)
    assert response.status == 200, f"{name}: {url} answered {response.status}"
    if page.locator("#round-form").count():  # its script has set up the form (and asked for the breakdown)
        expect(page.locator("#round-form")).to_have_attribute("data-ready", "1")
    check(page, failures, name)


def report(failures: dict) -> str:
    return "\n".join(f"{name}:\n  " + "\n  ".join(found) for name, found in failures.items())


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_no_page_has_a_serious_accessibility_problem(live_server, page, presets, tmp_path, settings):
    settings.VAR_DIR = tmp_path
    games = game_page_games()
    olga, club, the_night, table, house = a_club_night()
    autumn = the_night.season
    deleted = services.game_create(
        variant=Variant.objects.get(slug="canasta"),
        mode="teams",
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )
    services.game_delete(game=deleted)
    under_way, finished = games["under-way"], games["finished"]
    url = live_server.url
    failures: dict[str, list[str]] = {}
    page.set_viewport_size(PHONE)

    for name, path in {
        "sign in": "/accounts/login/",
        "sign up": "/accounts/signup/",
        "home": "/",
        "new game": "/games/new/",
        "variants": "/variants/",
        "rules card": "/variants/hand-knee-and-foot/",
        "game under way": f"/g/{under_way.token}/",
        "game finished": f"/g/{finished.token}/",
        "new round": f"/g/{under_way.token}/rounds/3/",
        "print sheets": "/print/",
        "share link": f"/s/{under_way.share_token}/",
        "table link": f"/t/{table.token}/",
        "recently deleted games": "/games/deleted/",
    }.items():
        visit(page, failures, name, url + path)

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
        "roster": f"{base}/players/",
        "seasons": f"{base}/seasons/",
        "season": f"{base}/seasons/{autumn.pk}/",
        "standings": f"{base}/seasons/{autumn.pk}/standings/",
        "night": f"{base}/nights/{the_night.pk}/",
        "check-in": f"{base}/nights/{the_night.pk}/checkin/",
        "house rules editor": f"{base}/rules/{house.slug}/edit/",
        "recently deleted": f"{base}/deleted/",
    }.items():
        visit(page, failures, name, path)

    good = tmp_path / "good.xlsx"
    good.write_bytes(workbook(GOOD))
    visit(page, failures, "import", f"{base}/import/results/")
    page.set_input_files("input[type=file]", str(good))
    page.get_by_role("button", name="Check the file").click()
    expect(page.get_by_role("heading", name="What the file will add")).to_be_visible()
    check(page, failures, "import preview")

    assert not failures, "serious or critical accessibility problems:\n" + report(failures)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_live_night_page_keeps_the_focus_and_does_not_announce_its_clock(live_server, page, presets):
    olga, club, the_night, table, _ = a_club_night()
    page.context.add_cookies([_session_cookie(olga, live_server)])
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/clubs/{club.slug}/nights/{the_night.pk}/")
    page.evaluate("window.notReloaded = true")
    stamp = page.locator("[data-live-stamp]")
    expect(stamp).to_contain_text("Updated")
    assert (
        page.evaluate(
            "el => el.closest('[aria-live], [role=status], [role=alert], [role=log], [role=timer]')",
            stamp.element_handle(),
        )
        is None
    )

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


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_live_error_on_the_round_form_is_tied_to_its_box(live_server, page, presets):
    game = game_page_games()["under-way"]
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/g/{game.token}/rounds/3/")
    expect(page.locator("#round-form")).to_have_attribute("data-ready", "1")
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


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_skip_link_comes_first_and_jumps_to_the_content(live_server, page):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/variants/")
    skip = page.get_by_role("link", name="Skip to content")
    assert skip.bounding_box()["y"] < 0  # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    assert skip.bounding_box()["y"] >= 0
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
