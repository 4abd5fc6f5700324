"""A whole club night in the browser, at phone width: an organiser with a club of 12 players
(made through the services: signing up, making a club and adding players in a browser is
tests/e2e/test_clubs.py's) makes a season, ticks 9 in, draws sitting 1, a tenth arrives late, downloads the table
pack and reads its QR codes; two tables open their links in browsers of their own (no account),
each enters round 1, and the organiser's night page shows both results without a reload."""

from __future__ import annotations

import re
import subprocess
from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from league.models import Night, Table
from tests.e2e.live import the_page_asks_again
from tests.e2e.test_layout import _session_cookie
from tests.qr_codes import qr_codes

PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bob", "Cléo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivy", "Jon", "Kai", "Lea"]
LATE = "Jon"  # ticked in after sitting 1 is drawn: plays from sitting 2


def phone(browser, live_server):
    return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, base_url=live_server.url)


def an_organiser_with_a_club(context, live_server):
    """Olga, signed in on ``context`` by its session cookie, organises Tuesday Club of 12 players."""
    from league.clubs import services as clubs

    olga = clubs.user_create(username="olga", password="tables of four")
    club = clubs.club_create(name="Tuesday Club", by=olga)
    for name in NAMES:
        clubs.player_create(club=club, name=name)
    context.add_cookies([_session_cookie(olga, live_server)])
    return club


def make_a_season(page) -> None:
    today = timezone.localdate()
    page.get_by_role("link", name="The seasons").click()
    page.get_by_role("link", name="New season").click()
    page.get_by_label("Name").fill("Winter")
    page.get_by_label("First day").fill(str(today - timedelta(days=30)))
    page.get_by_label("Last day").fill(str(today + timedelta(days=60)))
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Winter")).to_be_visible()


def tick(page, name: str, present: int) -> None:
    """Find the player by typing, tick them in, and wait for the count the server answers."""
    page.get_by_label("Find a player").fill(name[:3].lower())
    page.get_by_role("button", name=re.compile(rf"^{name}")).click()
    expect(page.get_by_role("button", name=re.compile(rf"^{name}"))).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-present-count]")).to_have_text(str(present))


def qr_links(pdf: bytes, folder) -> list[str]:
    (folder / "pack.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(folder / "pack.pdf"), str(folder / "page")], check=True)
    return [code.text for png in sorted(folder.glob("page-*.png")) for code in qr_codes(png)]


def enter_round_one(page, teams: int) -> None:
    """Round 1 at a table: the first team goes out with 4,345 (2 clean, 2 dirty, 1 wild, a red three,
    1,045 on the table: tests/scoresheet/test_services.py's US_R1); every other team 500 + 300 + 610
    = 1,410 (HF-1: clean 500, dirty 300)."""
    page.get_by_role("link", name="Enter round 1").click()
    for field, value in {
        "book_clean": 2,
        "book_dirty": 2,
        "book_wild": 1,
        "red_threes": 1,
        "melded_points": 1045,
    }.items():
        page.locator(f"#id_t0-{field}").fill(str(value))
    page.locator(".went-out label").first.click()
    for team in range(1, teams):
        for field, value in {"book_clean": 1, "book_dirty": 1, "melded_points": 610}.items():
            page.locator(f"#id_t{team}-{field}").fill(str(value))
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("4,345")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".sheet-total td").first).to_have_text("4,345")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_an_organiser_runs_a_club_night_from_a_phone(live_server, browser, presets, tmp_path):
    organiser = phone(browser, live_server)
    page = organiser.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    club = an_organiser_with_a_club(organiser, live_server)
    page.goto(f"/clubs/{club.slug}/", wait_until="domcontentloaded")
    make_a_season(page)

    page.get_by_role("link", name="Tuesday Club").first.click()
    page.get_by_role("link", name="New night").first.click()  # the main button (the list of nights has one too)
    page.get_by_role("button", name="Make the night").click()  # today, the season, its rules, rotating, 3
    expect(page.get_by_role("heading", name="Who is here")).to_be_visible()
    for count, name in enumerate([n for n in NAMES if n != LATE][:9], start=1):
        tick(page, name, count)

    page.get_by_role("link", name="To the night page").click()
    page.get_by_role("button", name="Draw sitting 1").click()
    expect(page.locator("#sitting-1 .night-table")).to_have_count(2)  # 9 = a table of 6 and one of 3

    page.get_by_role("link", name="Who is here").click()
    tick(page, LATE, 10)
    expect(page.get_by_role("button", name=re.compile(rf"^{LATE}"))).to_contain_text("plays from sitting 2")
    # The night page's clock stands still: it refreshes when the test moves the clock on, after
    # the tables have saved, not every 5 s of a machine that may be too busy to answer in time.
    page.clock.install()
    page.clock.pause_at(datetime.now() + timedelta(minutes=1))
    page.get_by_role("link", name="To the night page").click()

    with page.expect_download() as download:
        page.get_by_role("link", name="Table pack (PDF)").click()
    links = qr_links(download.value.path().read_bytes(), tmp_path)
    night = Night.objects.get()
    tables = list(Table.objects.filter(sitting__night=night).order_by("number"))
    assert links == [f"{live_server.url}/t/{table.token}/" for table in tables]

    page.evaluate("window.notReloaded = true")
    for table, link in zip(tables, links):
        at_the_table = phone(browser, live_server)  # a player's own phone: no account, no session
        player = at_the_table.new_page()
        player.goto(link, wait_until="domcontentloaded")
        expect(player.get_by_role("heading", name=f"Table {table.number} · Sitting 1")).to_be_visible()
        enter_round_one(player, teams=table.game.teams.count())
        at_the_table.close()

    the_page_asks_again(page)  # the night page has asked again, after every table saved
    for table in tables:
        row = page.locator(".night-table").filter(has=page.get_by_role("heading", name=f"Table {table.number}"))
        expect(row).to_contain_text("Round 1 of 4 entered")
        expect(row.locator(".night-team-total").first).to_have_text("4,345")
    assert page.evaluate("window.notReloaded") is True
    organiser.close()
