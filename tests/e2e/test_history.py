"""In a browser: a finished game's round is corrected with a reason, the game's history says so
(with the totals before and after, and the reason); Undo asks about that very change and puts the
round back, and Redo puts the correction back again."""

import re

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.games.services import TeamData
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Entry
from tests.e2e.test_layout import check_fits, shoot

PHONE = {"width": 390, "height": 844}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_late_correction_with_a_reason_shows_in_the_history_and_undo_takes_it_back(live_server, browser, presets):
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode=Game.Mode.TEAMS,
        teams=[TeamData("Us"), TeamData("Them")],
    )
    us = Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True)  # 4,345
    them = Entry(
        books={"clean": 1, "dirty": 1}, red_threes_held=1, black_threes_held=2, melded_points=610, hand_points=185
    )
    services.round_record(game=game, number=1, entries=[us, them])  # Them 1,115
    services.game_finish(game=game)

    page = browser.new_context(viewport=PHONE).new_page()
    asked = []  # "Undo: round 1 corrected at 21:14?"

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    page.goto(f"{live_server.url}/g/{game.token}/", wait_until="domcontentloaded")
    page.get_by_role("link", name="Edit round 1").click()
    page.locator("#id_t1-hand_points").fill("85")  # 100 fewer left in hand: 1,215
    reason = page.get_by_label("Why is round 1 corrected?")
    expect(reason).to_be_visible()
    page.get_by_role("button", name="Save round 1").click()  # in the bottom bar
    expect(page.get_by_text("Say why you correct this round")).to_be_visible()  # nothing saved without it
    # Issue 35 item 2: the refusal looked like nothing happened, the reason box 2,000 px further down.
    # Now the screen moves to it, it takes the focus, and the bar says how many problems there are.
    reason = page.get_by_label("Why is round 1 corrected?")
    expect(reason).to_be_focused()
    expect(reason).to_be_in_viewport()
    expect(page.locator(".bar-status")).to_have_text("1 problem: see above.")
    reason.fill("Them had 85 in hand")
    page.get_by_role("button", name="Save round 1").click()

    expect(page).to_have_url(re.compile(rf"/g/{game.token}/$"))
    newest = page.locator(".history-entry").first
    expect(newest).to_contain_text("Round 1 corrected at")
    expect(newest).to_contain_text("Them 1,115 → 1,215")
    expect(newest).to_contain_text("Them had 85 in hand")
    expect(page.locator(".sheet-total")).to_contain_text("1,215")

    page.get_by_role("button", name="Undo the last change").click()
    expect(page.get_by_text("Undone. Round 1 is back as it was.")).to_be_visible()
    expect(page.locator(".history-entry").first).to_contain_text("Undo at")
    expect(page.locator(".history-entry").first).to_contain_text("Them 1,215 → 1,115")
    expect(page.locator(".sheet-total")).to_contain_text("1,115")
    assert re.fullmatch(r"Undo: round 1 corrected at \d\d:\d\d\?", asked[-1]), asked
    page.locator("#history-title").scroll_into_view_if_needed()
    shoot(page, "game-history-390", full_page=False)
    check_fits(page, page.url, "phone", "")

    page.get_by_role("button", name="Redo").click()
    expect(page.get_by_text(re.compile(r"Redone. Put back: round 1 corrected at \d\d:\d\d."))).to_be_visible()
    expect(page.locator(".sheet-total")).to_contain_text("1,215")
    expect(page.locator(".history-entry").first).to_contain_text("Redo at")
    assert asked[-1].startswith("Redo: round 1 corrected at "), asked
