"""What a night's players see, in the browser: a phone scans the wall chart's QR code, finds "zoe"
(Zoë) and sees her table for sittings 1 and 2 (the second appearing by itself when it is drawn);
the room's screen at 1920×1080 shows its views in turn, in type readable across a hall, and
refreshes them in place. `DOCS_SCREENSHOTS=1` writes its views to docs/screenshots/ (the README's)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from league.models import Player, Role, Seat
from league.nights import services as night_services
from scoresheet.models import Game
from tests.e2e import axe
from tests.e2e.test_club_night import phone, qr_links
from tests.e2e.test_layout import _session_cookie
from tests.league.factories import club, member, night, player
from tests.league.test_night_pages import finish_sitting, record_round

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
HALL = {"width": 1920, "height": 1080}


def zoes_night(players: int):
    """Tuesday Club's night of ``players`` checked in, Zoë one of them; sitting 1 drawn and played."""
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    the_night = night(tuesday, players=players - 1)
    night_services.check_in(night=the_night, player=player(tuesday, "Zoë"))
    finish_sitting(night_services.sitting_draw(night=the_night))
    return olga, the_night


def zoes_table(the_night, number: int) -> int:
    seat = Seat.objects.select_related("team__game__table").get(
        player__name="Zoë", team__game__table__sitting__night=the_night, team__game__table__sitting__number=number
    )
    return seat.team.game.table.number


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_phone_scans_the_wall_chart_and_finds_zoes_table(live_server, browser, presets, tmp_path):
    olga, the_night = zoes_night(8)
    organiser = browser.new_context(base_url=live_server.url)
    organiser.add_cookies([_session_cookie(olga, live_server)])
    chart = organiser.request.get(f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/chart.pdf")
    assert chart.ok
    (link,) = qr_links(chart.body(), tmp_path)
    assert link == f"{live_server.url}/n/{the_night.token}/"
    organiser.close()

    zoe = phone(browser, live_server)  # her own phone: no account, no session
    page = zoe.new_page()
    page.clock.install()  # the page asks for news every 5 s: the test moves the clock on instead
    page.goto(link)
    page.get_by_label("Find your name").fill("zoe")
    expect(page.locator("#seat-names li:visible")).to_have_count(1)
    assert axe.problems(page) == []
    page.get_by_role("link", name="Zoë").click()
    expect(page.locator("#seat-sitting-1 .seat-table")).to_contain_text(f"Table {zoes_table(the_night, 1)} · seat")
    expect(page.locator("#seat-sitting-2")).to_have_count(0)

    night_services.sitting_draw(night=the_night)  # the organiser draws sitting 2
    page.clock.run_for(6_000)
    expect(page.locator("#seat-sitting-2 .seat-table")).to_contain_text(f"Table {zoes_table(the_night, 2)} · seat")
    expect(page.locator("#seat-sitting-1 .seat-table")).to_contain_text(f"Table {zoes_table(the_night, 1)} · seat")
    expect(page.locator(".seat-result")).to_contain_text("1 game finished")
    assert axe.problems(page) == []
    zoe.close()


SMALLEST_TYPE = """
() => {
  const sizes = [];
  for (const el of document.querySelectorAll(".screen *")) {
    if (!el.offsetParent) continue;  // hidden: a view not on show
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (own) sizes.push(parseFloat(getComputedStyle(el).fontSize));
  }
  return Math.min(...sizes);
}
"""


# The rows of a view whose text runs past their box (a name cut short).
CUT_ROWS = """view => [...document.querySelectorAll(view + ' li, ' + view + ' tr')]
  .filter(row => row.scrollWidth > row.clientWidth + 1).map(row => row.textContent.trim())"""

# What of a view runs past the screen's right edge (the screen cuts it: "Table 2 Not st").
PAST_THE_EDGE = """view => [...document.querySelectorAll(view + ' *')]
  .filter(el => el.getBoundingClientRect().right > window.innerWidth + 1).map(el => el.textContent.trim())"""


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_room_screen_shows_seating_progress_and_standings_in_turn(live_server, browser, presets):
    olga, the_night = zoes_night(12)
    # Issue 35 item 9: long names were cut ("Siobhán Ó N…") with two thirds of the screen empty.
    Player.objects.filter(club=the_night.club).exclude(name="Zoë").filter(
        pk=Player.objects.filter(club=the_night.club).exclude(name="Zoë").order_by("pk").values("pk")[:1]
    ).update(name="Siobhán Ó Núñez-Featherstonehaugh")
    second = night_services.sitting_draw(night=the_night)
    record_round(Game.objects.filter(table__sitting=second).order_by("table__number").first())
    hall = browser.new_context(viewport=HALL, base_url=live_server.url)
    hall.add_cookies([_session_cookie(olga, live_server)])
    page = hall.new_page()
    # The screen's two timers run on the test's clock, not the machine's: a view's turn and a
    # refresh come when the test moves the clock on (every 2 s a new view, every 5 s a refresh, so
    # the three views take their turns before the first refresh).
    page.clock.install()
    page.goto(f"/clubs/tuesday/nights/{the_night.pk}/screen/?every=2&refresh=5")
    screen = page.locator("[data-screen]")
    shots = os.environ.get("DOCS_SCREENSHOTS")
    for turn, (view, shot) in enumerate(
        (("seating", "screen-seating"), ("progress", "screen-progress"), ("standings", "screen-standings"))
    ):
        if turn:
            page.clock.run_for(2_000)  # the next view's turn
        expect(page.locator(f"#screen-{view}-1")).to_be_visible()
        expect(screen).to_have_attribute("data-showing", view)
        assert page.evaluate(SMALLEST_TYPE) >= 48
        bottom = page.evaluate(f"() => document.querySelector('#screen-{view}-1').getBoundingClientRect().bottom")
        assert bottom <= HALL["height"]  # the whole view on the screen, nothing cut off
        assert page.evaluate(CUT_ROWS, f"#screen-{view}-1") == []  # every name and line whole
        assert page.evaluate(PAST_THE_EDGE, f"#screen-{view}-1") == []
        size = page.evaluate(f"() => parseFloat(getComputedStyle(document.querySelector('#screen-{view}-1')).fontSize)")
        # 12 names in two columns, 3 tables in one: larger than the 48 px floor
        assert size >= {"seating": 60, "progress": 72}.get(view, 48), (view, size)
        if shots:
            page.screenshot(path=str(SCREENSHOTS / f"{shot}.png"))
    expect(page.locator("#screen-seating-1")).to_contain_text("Zoë")
    assert axe.problems(page) == []
    # refreshed in place, again and again, the page holds the same elements (nothing piles up)
    page.clock.run_for(1_000)  # 5 s: the first refresh
    expect(screen).to_have_attribute("data-refreshes", "1")
    elements = page.evaluate("() => document.getElementsByTagName('*').length")
    for refreshes in ("2", "3"):
        page.clock.run_for(5_000)  # one refresh at a time: each is in place before the next is asked for
        expect(screen).to_have_attribute("data-refreshes", refreshes)
    assert page.evaluate("() => document.getElementsByTagName('*').length") == elements
    hall.close()


LONG_NAMES = (
    "Siobhán Ó Núñez-Featherstonehaugh",
    "Agnès Varda-Montgomery",
    "Bartholomew Featherstonehaugh",
    "Maximiliane von Hohenzollern-Sigmaringen",
    "Jérôme Dœuf",
    "Ægir Þórsson",
)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_room_screen_fits_a_night_of_long_names(live_server, browser, presets):
    """Sixteen players, twelve of them with long names that wrap: each view (the seating takes a
    third column) is whole on the 1920×1080 screen, nothing past its edges, no type under 48 px."""
    olga, the_night = zoes_night(16)
    others = Player.objects.filter(club=the_night.club).exclude(name="Zoë").order_by("pk")[:12]
    for n, other in enumerate(others):
        other.name = LONG_NAMES[n % len(LONG_NAMES)] + ("" if n < len(LONG_NAMES) else " II")
        other.save()
    night_services.sitting_draw(night=the_night)
    hall = browser.new_context(viewport=HALL, base_url=live_server.url)
    hall.add_cookies([_session_cookie(olga, live_server)])
    page = hall.new_page()
    page.clock.install()
    page.goto(f"/clubs/tuesday/nights/{the_night.pk}/screen/?every=2&refresh=600")
    shown = "() => [...document.querySelectorAll('.screen-view')].find(view => !view.hidden).id"
    seen, seated = [], []
    while (view := page.evaluate(shown)) not in seen:  # each view in turn, back to the first
        seen.append(view)
        assert page.evaluate(SMALLEST_TYPE) >= 48, view
        bottom = page.evaluate(f"() => document.querySelector('#{view}').getBoundingClientRect().bottom")
        assert bottom <= HALL["height"], (view, bottom)
        assert page.evaluate(CUT_ROWS, f"#{view}") == [], view
        assert page.evaluate(PAST_THE_EDGE, f"#{view}") == [], view
        if view.startswith("screen-seating"):
            seated += page.locator(f"#{view} .screen-name").all_inner_texts()
        page.clock.run_for(2_000)
    assert seen[0] == "screen-seating-1" and any(view.startswith("screen-standings") for view in seen), seen
    assert len(seated) == 16  # what did not fit went on a view of its own, shown next: nobody left out
    hall.close()
