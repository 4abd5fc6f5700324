"""Issue 7, trap 4: typos pass silently. 22 clean books and 10,450 table points (for 2 and
1,045) were saved without a word. Now the round page warns as they are typed, Save asks
for one confirmation tap, and the game page notes that the round was checked; both pages fit a
phone and a desktop (screenshots as test_layout.shoot says)."""

import re

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Round, Variant
from tests.e2e.test_layout import each_width, shoot

PHONE = {"width": 390, "height": 844}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_22_clean_books_and_10450_table_points_ask_for_one_confirmation_tap(live_server, page, presets):
    """Warned as typed, confirmed by one tap on "Save anyway", and never by Enter in a field."""
    variant = Variant.objects.get(slug="hand-and-foot")
    game = services.game_create(
        variant=variant, mode="teams", teams=[services.TeamData("Us"), services.TeamData("Them")]
    )
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/g/{game.token}/rounds/1/", wait_until="domcontentloaded")

    # The typos of the issue: 22 clean books for 2, 10,450 table points for 1,045.
    page.locator("label").filter(has_text=re.compile(r"^Us$")).click()  # Us went out
    page.locator("#id_t0-book_clean").fill("22")
    # The "Save anyway" button comes before "Save round" in the form: the key that submits a
    # form (Enter, the keypad's Go) must not press it.
    expect(page.get_by_role("button", name="Save anyway")).to_be_visible()
    page.locator("#id_t1-hand_points").fill("185")
    saves = []  # the saves the page sends (the live preview posts to .../rounds/1/preview/)
    page.on("request", lambda r: saves.append(r.url) if r.method == "POST" and r.url.endswith("/rounds/1/") else None)
    page.locator("#id_t1-hand_points").press("Enter")
    expect(page.locator("#id_t1-hand_points")).not_to_be_focused()  # the form's Enter ran: it moves on
    expect(page.get_by_role("button", name="Save anyway")).to_be_visible()

    page.locator("#id_t0-melded_points").fill("10450")
    page.locator("#id_t1-book_dirty").fill("1")
    page.locator("#id_t1-melded_points").fill("610")

    # The live preview warns as they are typed: warnings, not errors.
    warnings = page.locator("#round-warnings")
    expect(warnings).to_contain_text("22 clean books")
    expect(warnings).to_contain_text("10,450")
    expect(page.locator(".field-error")).to_have_count(0)
    # The page the Enter was pressed on answered a preview sent after it: whatever Enter sent
    # was sent before, and there was none (a save sent would have taken the page away).
    assert saves == []
    assert Round.objects.filter(game=game).count() == 0

    # The answer replaces the form (the live preview already shows "Save anyway"): wait for it.
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/rounds/1/")):
        page.get_by_role("button", name=re.compile(r"^Save round 1")).click()
    # The fresh form is in place once Save is ready again: till then "Save anyway" is the sent
    # form's, which ignores a tap while its save is on its way (a machine under load showed it).
    expect(page.get_by_role("button", name=re.compile(r"^Save round 1"))).to_be_enabled()

    # Not saved yet: the page comes back with everything typed, the warnings and one button.
    expect(page.get_by_role("button", name="Save anyway")).to_be_visible()
    expect(warnings).to_contain_text("22 clean books")
    expect(warnings).to_contain_text("Cards on the table")
    expect(page.locator("#id_t0-book_clean")).to_have_value("22")
    expect(page.locator("#id_t0-melded_points")).to_have_value("10450")
    expect(page.locator("#id_t1-hand_points")).to_have_value("185")
    assert Round.objects.filter(game=game).count() == 0
    for width in each_width(page):  # the page asking to confirm fits a phone and a desktop
        page.locator("#round-warnings").scroll_into_view_if_needed()
        shoot(page, f"round-checks-{width}", full_page=False)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the round page is {overflow}px wider than a {width} screen"

    page.get_by_role("button", name="Save anyway").click()

    # Saved as typed: Us 22 × 500 + 10,450 + 100 going out = 11,000 + 10,450 + 100 = 21,550;
    # Them 1 × 300 + 610 − 185 = 725. The sheet notes the round was checked.
    totals = page.locator(".sheet-total td")
    expect(totals.nth(0)).to_have_text("21,550")
    expect(totals.nth(1)).to_have_text("725")
    expect(page.locator(".checked-note")).to_contain_text("22 clean books")
    for width in each_width(page):  # the game page noting the check fits a phone and a desktop
        shoot(page, f"game-checked-{width}")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the game page is {overflow}px wider than a {width} screen"
    rnd = Round.objects.get(game=game, number=1)
    # going out with clean books only (HF-1 asks 2 clean, 2 dirty and 1 wild, 002 L39) is confirmed too
    assert {(w["team"], w["field"]) for w in rnd.confirmed_warnings} == {
        (0, "books"),
        (0, "melded_points"),
        (0, "went_out"),
    }
