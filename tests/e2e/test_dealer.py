"""Who deals first, chosen on the start form as the names are typed, and the deal moving on."""

import pytest
from playwright.sync_api import expect

from scoresheet.models import Game
from scoresheet.scoring.engine import Entry
from tests.e2e.test_layout import play_rounds


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_first_dealer_is_chosen_from_the_names_typed_and_the_deal_passes_left(live_server, page, presets):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + "/games/new/")
    dealer = page.get_by_label("Who deals first? (optional)")
    expect(dealer.locator("option")).to_have_text(["Not chosen", "Us", "Them"])

    page.get_by_label("Team 1", exact=True).fill("Blue")
    page.get_by_label("Players in team 1 (optional)").fill("Ann & Bob")
    # one team's players alone: the deal still goes round the teams
    expect(dealer.locator("option")).to_have_text(["Not chosen", "Blue", "Them"])
    page.get_by_label("Players in team 2 (optional)").fill("Cléo & Søren")
    # partners sit opposite: going left, the seats alternate between the teams
    expect(dealer.locator("option")).to_have_text(
        ["Not chosen", "Ann (Blue)", "Cléo (Them)", "Bob (Blue)", "Søren (Them)"]
    )
    page.get_by_text("Options: game name, first dealer").click()  # folded, so that Start comes sooner
    dealer.select_option(label="Bob (Blue)")
    page.get_by_role("button", name="Start the game").click()

    expect(page.get_by_text("Deals round 1: Bob (Blue)")).to_be_visible()
    game = Game.objects.get()
    assert game.first_dealer == 2
    # Blue: 1 clean 500 + 200 melded + going out 100 = 800; Them: 150 melded
    # going out with one clean book only: confirmed, as the table would ("Save anyway")
    play_rounds(game, [[Entry(books={"clean": 1}, melded_points=200, went_out=True), Entry(melded_points=150)]])
    page.reload()
    expect(page.get_by_text("Deals round 2: Søren (Them)")).to_be_visible()
