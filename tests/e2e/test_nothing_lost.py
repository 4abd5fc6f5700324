"""What the scorekeeper typed survives a lost connection, a server error, a reload and a form
with errors."""

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Round, Variant

TYPED = {"#id_t0-book_clean": "2", "#id_t0-melded_points": "1045", "#id_t1-hand_points": "185"}


def failing_save(route):
    """A route handler: the save (a POST) fails on the server; everything else goes through. (A
    save that does not reach the server is kept on the phone and sent later: test_offline.py.)"""
    if route.request.method != "POST":
        route.continue_()
    else:
        route.fulfill(status=500, content_type="text/html", body="<h1>Server Error (500)</h1>")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_what_was_typed_is_kept_until_the_server_has_saved_it(live_server, page, presets):
    variant = Variant.objects.get(slug="hand-and-foot")
    game = services.game_create(
        variant=variant, mode="teams", teams=[services.TeamData("Us"), services.TeamData("Them")]
    )
    form_url = f"{live_server.url}/g/{game.token}/rounds/1/"
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(form_url, wait_until="domcontentloaded")
    for selector, value in TYPED.items():
        page.locator(selector).fill(value)
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("2,045")  # 2 × 500 + 1,045
    page.locator(".went-out label").filter(has_text="Us").click()
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("2,145")  # and 100 for going out

    # A save the server fails: said beside Save, Save can be pressed again, and the round opened
    # again has everything typed.
    page.route(f"**/g/{game.token}/rounds/1/", failing_save)
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".bar-status")).to_contain_text("Round 1 was not saved")
    expect(page.get_by_role("button", name="Save round 1")).to_be_enabled()
    page.unroute(f"**/g/{game.token}/rounds/1/")
    assert Round.objects.filter(game=game).count() == 0

    page.goto(form_url, wait_until="domcontentloaded")  # the scorekeeper opens the round again
    expect(page.locator(".draft-notice")).to_be_visible()
    for selector, value in TYPED.items():
        expect(page.locator(selector)).to_have_value(value)
    expect(page.locator(".went-out input[value='0']")).to_be_checked()

    # 1047 is not a multiple of 5 (every card value is, 002 L47-51): refused, nothing saved,
    # everything else still as typed.
    page.locator("#id_t0-melded_points").fill("1047")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".form-errors")).to_contain_text("Round 1 was not saved")
    expect(page.locator(".field-error")).to_contain_text("must be a multiple of 5")
    expect(page.locator("#id_t0-book_clean")).to_have_value("2")
    expect(page.locator("#id_t1-hand_points")).to_have_value("185")
    assert Round.objects.filter(game=game).count() == 0

    page.locator("#id_t0-melded_points").fill("1045")
    # Us go out with 2 clean books only (HF-1 asks 2 clean, 2 dirty, 1 wild, 002 L39): asked before Save
    page.get_by_role("button", name="Save anyway").click()
    expect(page.locator(".sheet-total td").first).to_have_text("2,145")
    # back to the form with the browser's back button: the saved round, not a blank one
    page.go_back()
    page.reload()
    expect(page.locator("#id_t0-book_clean")).to_have_value("2")
    expect(page.locator(".draft-notice")).to_be_hidden()
