"""Two phones on one round: both open round 1 to correct it; the first saves; the second's save
is refused with both versions side by side, and "Save mine instead" replaces the first's on purpose.
A third time round, "Keep theirs" leaves the saved round as it is and forgets what was typed."""

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.games.services import TeamData
from scoresheet.models import Game, TeamRound, Variant
from scoresheet.scoring.engine import Entry
from tests.e2e.test_layout import check_fits, shoot

PHONE = {"width": 390, "height": 844}


def totals(game) -> list[int]:
    return list(TeamRound.objects.filter(round__game=game).order_by("team__position").values_list("total", flat=True))


def open_correction(browser, live_server, game):
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{live_server.url}/g/{game.token}/rounds/1/", wait_until="domcontentloaded")
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    return page


def save(page):
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/rounds/1/")):
        page.get_by_role("button", name="Save round 1").click()


@pytest.mark.engine
@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_second_save_shows_both_rounds_and_lets_the_second_phone_choose(live_server, browser, presets):
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode=Game.Mode.TEAMS,
        teams=[TeamData("Us"), TeamData("Them")],
    )
    # Us: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1,500 (HF-1, 002 L57–59) + 300 melded + 100 out (002 L60)
    # = 3,500; Them: 500 + 100
    services.round_record(
        game=game,
        number=1,
        entries=[
            Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True),
            Entry(books={"clean": 1}, melded_points=100),
        ],
    )
    ann, bob = open_correction(browser, live_server, game), open_correction(browser, live_server, game)

    ann.locator("#id_t0-melded_points").fill("400")  # Us 3,600
    save(ann)
    expect(ann).to_have_url(f"{live_server.url}/g/{game.token}/")
    assert totals(game) == [3600, 600]

    bob.locator("#id_t0-melded_points").fill("350")  # Us 3,550
    save(bob)
    panel = bob.locator(".conflict")
    expect(panel).to_contain_text("Someone else saved round 1 while you were typing")
    expect(panel.locator("tr", has_text="Us")).to_contain_text("3,600")
    expect(panel.locator("tr", has_text="Us")).to_contain_text("3,550")
    assert totals(game) == [3600, 600]  # nothing overwritten silently
    shoot(bob, "round-conflict-phone")
    check_fits(bob, "the conflict panel", "phone")

    bob.get_by_role("button", name="Save mine instead").click()
    expect(bob).to_have_url(f"{live_server.url}/g/{game.token}/")
    assert totals(game) == [3550, 600]

    # Ann, whose page is now behind, tries again and keeps Bob's round this time.
    ann.goto(f"{live_server.url}/g/{game.token}/rounds/1/", wait_until="domcontentloaded")
    carol = open_correction(browser, live_server, game)
    ann.locator("#id_t0-melded_points").fill("500")
    save(ann)
    carol.locator("#id_t0-melded_points").fill("450")
    save(carol)
    expect(carol.locator(".conflict")).to_be_visible()
    carol.get_by_role("link", name="Keep theirs").click()
    expect(carol).to_have_url(f"{live_server.url}/g/{game.token}/")
    assert totals(game) == [3700, 600]
    carol.goto(
        f"{live_server.url}/g/{game.token}/rounds/1/", wait_until="domcontentloaded"
    )  # what Carol typed is not brought back
    expect(carol.locator("#id_t0-melded_points")).to_have_value("500")
