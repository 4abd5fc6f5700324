"""A casual game handed round a table: a phone starts it, a second browser reads it through the
share link (read only; a reload shows the rounds entered since), a third opens the play address
from the QR code on the first phone's screen (decoded from a screenshot with zxing-cpp) and
enters a round; the play and share pages fit both widths, and the share page has nothing serious
for axe and a working skip link. Screenshots of the hand-over as
test_layout.shoot says."""

import io
import re

import pytest
from playwright.sync_api import expect

from scoresheet.models import Game
from tests.e2e import axe
from tests.e2e.test_accessibility import check_the_skip_link
from tests.e2e.test_layout import check_fits, each_width, shoot
from tests.qr_codes import qr_codes

PHONE = {"width": 390, "height": 844}


def fill(page, field_id, value):
    page.locator(f"#{field_id}").fill(str(value))


def enter_round(page, number: int, first: str) -> None:
    """The PRODUCT.md example round (4,345 and 1,115); ``first`` (team 1) goes out."""
    page.get_by_role("link", name=f"Enter round {number}").click()
    fill(page, "id_t0-book_clean", 2)
    fill(page, "id_t0-book_dirty", 2)
    fill(page, "id_t0-book_wild", 1)
    fill(page, "id_t0-red_threes", 1)
    fill(page, "id_t0-melded_points", 1045)
    page.locator("label").filter(has_text=re.compile(rf"^{re.escape(first)}$")).click()
    fill(page, "id_t1-book_clean", 1)
    fill(page, "id_t1-book_dirty", 1)
    fill(page, "id_t1-red_threes_held", 1)
    fill(page, "id_t1-black_threes_held", 2)
    fill(page, "id_t1-melded_points", 610)
    fill(page, "id_t1-hand_points", 185)
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("4,345")
    page.get_by_role("button", name=f"Save round {number}").click()


def qr_text(page) -> str:
    """The QR code on the page, as a phone's camera would read it (a screenshot, decoded)."""
    png = page.locator(".qr-code svg").screenshot()
    (code,) = qr_codes(io.BytesIO(png))
    return code.text


US = "Grandmother Wilhelmina's table"  # long names: the hand-over box and the share page must fit them
THEM = "Maximilian-Alexander & Jo"
TITLE = f"{US} vs {THEM}"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_game_is_handed_to_a_reader_and_to_another_phone(live_server, browser, presets):
    """The play page as the new game opens (the hand-over box, its QR code big and square enough
    to scan) and the share page fit both widths, on the loads the hand-over makes anyway; after
    the first phone's session is gone, its list still has the game."""
    phone = browser.new_context(viewport=PHONE)
    first = phone.new_page()
    first.goto(live_server.url + "/", wait_until="domcontentloaded")
    first.get_by_role("link", name="Start a new game").click()
    first.get_by_label("Team 1", exact=True).fill(US)
    first.get_by_label("Team 2", exact=True).fill(THEM)
    first.get_by_role("button", name="Start the game").click()
    expect(first.get_by_role("heading", name=TITLE)).to_be_visible()
    game = Game.objects.get()
    assert first.url == f"{live_server.url}/g/{game.token}/"  # its address: the play token, no id

    expect(first.get_by_role("heading", name="Hand this game to another phone")).to_be_visible()
    play_address = qr_text(first)
    assert play_address == f"{live_server.url}/g/{game.token}/"
    share_link = first.locator("#share-link").input_value()
    assert share_link == f"{live_server.url}/s/{game.share_token}/"
    for width in each_width(first):
        shoot(first, f"game-play-{width}")
        check_fits(first, first.url, width)
        box = first.locator(".qr-code svg").bounding_box()
        assert box["width"] >= 200 and abs(box["width"] - box["height"]) < 1, width  # big and square enough to scan

    # Someone who only follows the score: a fresh browser, the share link.
    reader_context = browser.new_context(viewport=PHONE)
    reader = reader_context.new_page()
    reader.goto(share_link)
    expect(reader.get_by_role("heading", name=TITLE)).to_be_visible()
    expect(reader.get_by_text("No rounds yet.")).to_be_visible()
    # Nothing to act on in the page (the language switch at its foot changes only the reader's language).
    expect(reader.locator("main").locator("form, button, input")).to_have_count(0)
    expect(reader.get_by_role("link", name=re.compile("Enter round|Edit"))).to_have_count(0)
    for width in each_width(reader):
        shoot(reader, f"game-share-{width}")
        check_fits(reader, reader.url, width)

    # The first phone enters round 1; the reader sees it after a reload.
    enter_round(first, 1, US)
    expect(first.locator(".sheet-total td").nth(0)).to_have_text("4,345")
    reader.reload()
    expect(reader.locator(".sheet-total td").nth(0)).to_have_text("4,345")
    expect(reader.locator(".sheet-total td").nth(1)).to_have_text("1,115")
    # Nothing to act on in the page (the language switch at its foot changes only the reader's language).
    expect(reader.locator("main").locator("form, button, input")).to_have_count(0)

    # Another phone at the table scans the QR code and enters round 2 there.
    other_context = browser.new_context(viewport=PHONE)
    other = other_context.new_page()
    other.goto(play_address, wait_until="domcontentloaded")
    expect(other.get_by_role("heading", name=TITLE)).to_be_visible()
    enter_round(other, 2, US)  # the same round again
    expect(other.locator(".sheet-total td").nth(0)).to_have_text("8,690")  # 4,345 + 4,345
    expect(other.locator(".sheet-total td").nth(1)).to_have_text("2,230")  # 1,115 + 1,115
    reader.reload()
    expect(reader.locator(".sheet-total td").nth(0)).to_have_text("8,690")
    # The share page with two rounds, as loaded: nothing serious for axe, and its skip link works.
    assert axe.problems(reader) == []
    check_the_skip_link(reader)
    first.reload()
    expect(first.locator(".sheet-total td").nth(1)).to_have_text("2,230")

    # The other phone keeps the game in its list, at its play address; the reader's list has none.
    other.goto(live_server.url + "/", wait_until="domcontentloaded")
    expect(other.get_by_role("link", name=re.compile(re.escape(TITLE)))).to_have_attribute("href", f"/g/{game.token}/")
    reader.goto(live_server.url + "/", wait_until="domcontentloaded")
    expect(reader.locator(".game-item")).to_have_count(0)

    # The first phone's session is gone (expired, or cleared): its list still has the game.
    phone.clear_cookies()
    first.goto(live_server.url + "/", wait_until="domcontentloaded")
    expect(first.locator(".games .game-item")).to_have_count(1)
    also = first.locator("[data-my-games]")
    expect(also).to_be_visible()
    expect(also.get_by_role("link", name=TITLE)).to_have_attribute("href", f"/g/{game.token}/")
    for context in (phone, reader_context, other_context):
        context.close()
