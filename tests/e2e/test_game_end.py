"""The end of a game and a stale "Enter round", on a phone (390 px).

(a) The last round of a four-round game is saved: the game page shows the winner, and there is no
"Finish the game" left to tap (Reopen stays).
(b) "Enter round 2" is opened on one phone; another saves round 2 first; the first phone's save
lands on the game page saying round 2 was already entered, and nothing is overwritten.

Hand and Foot (HF-1, seed 002): clean 500, dirty 300, wild 1,500 (002 L57-59), going out 100 (L60).
"""

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Game, TeamRound, Variant
from scoresheet.scoring.engine import Entry
from tests.e2e.test_layout import viewport

# Us go out with the books going out needs (2 clean, 2 dirty, 1 wild: 002 L39):
# 1,000 + 600 + 1,500 + 300 melded + 100 = 3,500. Them: 1 clean 500 + 100 melded = 600.
ROUND = [
    Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True),
    Entry(books={"clean": 1}, melded_points=100),
]


def new_game(rounds: int) -> Game:
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode=Game.Mode.TEAMS,
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )
    for number in range(1, rounds + 1):
        services.round_record(game=game, number=number, entries=ROUND)
    return game


def phone(browser):
    return browser.new_context(viewport=viewport("phone"), has_touch=True, is_mobile=True).new_page()


def totals(game) -> list[int]:
    rows = TeamRound.objects.filter(round__game=game).order_by("round__number", "team__position")
    return list(rows.values_list("total", flat=True))


def enter_round(page, number: int, us_melded: str) -> None:
    """On the round form: Us melded points, Them 100 melded, nobody went out; Save."""
    expect(page.locator("#round-form[data-ready='1']")).to_have_count(1)
    page.locator("#id_t0-melded_points").fill(us_melded)
    page.locator("#id_t1-melded_points").fill("100")
    page.locator("label").filter(has_text="Nobody").click()
    page.get_by_role("button", name=f"Save round {number}").click()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_last_round_ends_the_game_and_a_stale_enter_round_replaces_nothing(live_server, browser, presets):
    # (a) rounds 1-3 saved; round 4 entered on the phone: Us 250, Them 100 (nobody went out)
    game = new_game(3)
    page = phone(browser)
    page.goto(f"{live_server.url}/g/{game.token}/", wait_until="domcontentloaded")
    page.get_by_role("link", name="Enter round 4").click()
    enter_round(page, 4, "250")
    expect(page).to_have_url(f"{live_server.url}/g/{game.token}/")
    # Us 3 × 3,500 + 250 = 10,750; Them 3 × 600 + 100 = 1,900: Us won by 8,850
    winner = page.locator("section.winner")
    expect(winner).to_contain_text("Us")
    expect(winner).to_contain_text("won by 8,850")
    expect(page.get_by_role("button", name="Finish the game")).to_have_count(0)
    expect(page.get_by_role("button", name="Reopen the game")).to_be_visible()
    game.refresh_from_db()
    assert game.is_finished

    # (b) a game after round 1: this phone opens "Enter round 2"; round 2 is saved elsewhere meanwhile
    other = new_game(1)
    page.goto(f"{live_server.url}/g/{other.token}/", wait_until="domcontentloaded")
    page.get_by_role("link", name="Enter round 2").click()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    services.round_record(game=other, number=2, entries=ROUND, version="new")
    enter_round(page, 2, "700")
    expect(page).to_have_url(f"{live_server.url}/g/{other.token}/")
    message = page.locator(".messages")
    expect(message).to_contain_text("Round 2 was already entered at ")
    # what this phone typed: Us 700, Them 100 (nobody went out)
    expect(message).to_contain_text("What you typed was not saved (Us 700, Them 100)")
    assert totals(other) == [3500, 600, 3500, 600]  # round 2 as the other phone saved it
