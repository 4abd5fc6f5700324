"""A scorekeeper on a phone: start a game, enter two rounds, correct the first.

Hand Knee and Foot (seed 004) is used because its opening meld follows the team's
score (004 L59-67): a correction that moves a team across 15,000 must change the
requirement shown for the next round.
"""

import re

import pytest
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


def round_form_ready(page):
    """The round form's script has wired its one-tap picks (under load a tap can come first)."""
    expect(page.locator("#round-form")).to_have_attribute("data-ready", "1")


def fill_count(page, field_id, value):
    page.locator(f"#{field_id}").fill(str(value))


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_scorekeeper_runs_and_corrects_a_game_on_a_phone(live_server, page, presets):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/", wait_until="domcontentloaded")
    expect(page).to_have_title("Bookkeeper")
    page.get_by_role("link", name="Start a new game").click()

    page.get_by_text("Other rules").click()  # Hand and Foot is chosen; the others are folded
    page.get_by_label("Hand Knee and Foot", exact=True).check()
    page.get_by_label("Team 1", exact=True).fill("Ann & Bob")
    page.get_by_label("Team 2", exact=True).fill("Cléo & Søren")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Ann & Bob vs Cléo & Søren")).to_be_visible()

    # Round 1. Ann & Bob: 1 sevens book 5,000 + 3 clean 3 × 500 = 1,500 + 1,230 melded
    # + 2 red threes 2 × 100 + going out 200 (004 L87-99) = 8,130.
    # Cléo & Søren: 2 dirty 2 × 300 = 600 + 415 melded − 230 in hand = 785.
    page.get_by_role("link", name="Enter round 1").click()
    round_form_ready(page)
    page.get_by_role("button", name="Sevens books × 5,000: 1").first.click()  # a one-tap pick
    fill_count(page, "id_t0-book_clean", 3)
    fill_count(page, "id_t0-red_threes", 2)
    page.locator("#id_t0-melded_points").fill("1230")
    page.locator("label").filter(has_text=re.compile(r"^Ann & Bob$")).click()
    fill_count(page, "id_t1-book_dirty", 2)
    page.locator("#id_t1-melded_points").fill("415")
    page.locator("#id_t1-hand_points").fill("230")
    # The live breakdown (computed by the server) shows the round total as typed.
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("8,130")
    expect(page.locator("#breakdown-1 .breakdown-total")).to_contain_text("785")
    page.get_by_role(
        "button", name="Save anyway"
    ).click()  # going out without every book HKF-1 asks (004 L87-95) is asked before Save: confirmed at once
    expect(page.locator(".sheet-total")).to_contain_text("8,130")

    # Round 2. Ann & Bob: 1 fives book 3,000 + 1 wild book 2,500 + 1,500 melded
    # + 200 going out = 7,200, running 8,130 + 7,200 = 15,330 → 90 next (15,000 band).
    page.get_by_role("link", name="Enter round 2").click()
    round_form_ready(page)
    fill_count(page, "id_t0-book_fives", 1)
    fill_count(page, "id_t0-book_wild", 1)
    page.locator("#id_t0-melded_points").fill("1500")
    page.locator("label").filter(has_text=re.compile(r"^Ann & Bob$")).click()
    page.locator("#id_t1-melded_points").fill("300")
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("7,200")
    page.get_by_role("button", name="Save anyway").click()  # out without sevens, clean, dirty

    totals = page.locator(".sheet-total td")
    expect(totals.nth(0)).to_have_text("15,330")
    expect(totals.nth(1)).to_have_text("1,085")  # 785 + 300
    meld = page.locator(".meld-card").first
    expect(meld.locator(".meld-value")).to_have_text("90")

    # Correct round 1: the sevens book was a fives book (−2,000): 6,130; running 13,330,
    # below 15,000 → the next requirement falls back to 50.
    page.get_by_role("link", name="Edit round 1").click()
    round_form_ready(page)
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    expect(page.locator("#id_t0-book_clean")).to_have_value("3")
    fill_count(page, "id_t0-book_sevens", 0)
    fill_count(page, "id_t0-book_fives", 1)
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("6,130")
    page.get_by_role("button", name="Save anyway").click()  # out without sevens, wild, dirty now

    expect(totals.nth(0)).to_have_text("13,330")
    expect(meld.locator(".meld-value")).to_have_text("50")
    expect(page.get_by_role("link", name="Enter round 3")).to_be_visible()
