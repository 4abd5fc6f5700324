"""Traps of the round form on a phone: what a scorekeeper in a hurry runs into.

Each test reproduces one trap of issue 7 as it was met at the table: Enter on the number
keypad, a double tap on Save, a blank form that saves, and the two teams' totals that a
phone never showed together.
"""

import re

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Round, TeamRound, Variant
from tests.e2e.test_layout import play_rounds

PHONE = {"width": 390, "height": 844}

# The README's example round of Hand and Foot: Us 4,345, Them 1,115.
US = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "red_threes": "1", "melded_points": "1045"}
THEM = {
    "book_clean": "1",
    "book_dirty": "1",
    "red_threes_held": "1",
    "black_threes_held": "2",
    "melded_points": "610",
    "hand_points": "185",
}


def new_game():
    return services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )


def open_round(page, live_server, game, number=1):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/g/{game.token}/rounds/{number}/", wait_until="domcontentloaded")


def fill_round(page, us=US, them=THEM, went_out="Us"):
    for i, values in enumerate((us, them)):
        for name, value in values.items():
            page.locator(f"#id_t{i}-{name}").fill(value)
    if went_out:
        page.locator(".went-out label").filter(has_text=re.compile(rf"^{went_out}$")).click()


def save_button(page, number=1):
    return page.get_by_role("button", name=f"Save round {number}")


def save_and_wait(page, number=1):
    """Press Save and wait for the server's answer: a refused round comes back as a fresh form
    that replaces the one on the page, so the next tap must wait for it."""
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith(f"/rounds/{number}/")):
        save_button(page, number).click()
    # The answer is in; the fresh form is in place once Save is ready again (the form sent says "Saving…").
    expect(save_button(page, number)).to_be_enabled()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_blank_round_enter_on_the_keypad_and_a_save_on_its_way_never_save_by_mistake(live_server, page, presets):
    """Three traps on one form: a blank round is refused with nobody chosen for the scorekeeper,
    Enter on the keypad moves to the next field and never saves, and Save is disabled while the
    save is on its way."""
    game = new_game()
    open_round(page, live_server, game)

    # A blank round is refused, and nobody is chosen for the scorekeeper.
    radios = page.locator(".went-out input[type=radio]")
    expect(radios).to_have_count(3)
    for i in range(3):
        expect(radios.nth(i)).not_to_be_checked()
    save_and_wait(page)
    errors = page.locator(".form-errors")
    expect(errors).to_contain_text("Round 1 was not saved")
    expect(errors).to_contain_text("Nothing was entered for round 1")
    expect(page.locator(".went-out .field-error")).to_have_text("Choose who went out, or Nobody (the pile ran out).")
    # the bar counts the problems listed, not each again where it is told at its box
    expect(errors.locator("li")).to_have_count(2)
    expect(page.locator(".bar-status")).to_have_text("2 problems: see above.")
    assert Round.objects.filter(game=game).count() == 0

    # Enter on the keypad. The trap: the first number and Enter saved the round with everything else 0.
    page.locator("#id_t0-book_clean").click()
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    expect(page.locator("#id_t0-book_dirty")).to_be_focused()
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    expect(page.locator("#id_t0-book_wild")).to_be_focused()
    # At the end of a team's column Enter goes on to the next team's first field.
    page.locator("#id_t0-hand_points").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#id_t0-extra_perfect_cut")).to_be_focused()  # the last of Us's column
    page.keyboard.press("Enter")
    expect(page.locator("#id_t1-book_clean")).to_be_focused()
    # The last field of the form: Enter leaves it (the keypad closes), and still saves nothing.
    page.locator("#id_t1-extra_perfect_cut").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#id_t1-extra_perfect_cut")).not_to_be_focused()
    expect(page).to_have_url(re.compile(rf"/g/{game.token}/rounds/1/$"))
    assert Round.objects.filter(game=game).count() == 0
    for field in page.locator("#round-form input[type=number]").all():
        expect(field).to_have_attribute("enterkeyhint", "next")  # the keypad shows "Next", not "Go"

    # Everything typed is kept when only the choice is missing.
    fill_round(page, went_out=None)
    save_and_wait(page)
    expect(page.locator(".went-out .field-error")).to_have_text("Choose who went out, or Nobody (the pile ran out).")
    expect(page.locator("#id_t0-melded_points")).to_have_value("1045")
    expect(page.locator("#id_t1-hand_points")).to_have_value("185")
    assert Round.objects.filter(game=game).count() == 0

    # Only Save saves, with everything typed, and it is disabled while the save is on its way.
    page.locator(".went-out label").filter(has_text=re.compile(r"^Us$")).click()
    held = []  # the save request, held back until the button has been looked at

    def hold(route):
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/g/{game.token}/rounds/1/", hold)
    save_button(page).click()
    saving = page.locator("#round-form button[type=submit]")
    expect(saving).to_be_disabled()
    expect(saving).to_have_text("Saving…")
    saving.dispatch_event("click")  # a second tap on the disabled button
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".message")).to_contain_text("Round 1 saved.")
    # The tap came before the first save was let through: a second save it sent would have been
    # held too before the first one's answer came back and the page showed it.
    assert len(held) == 1
    expect(page.locator(".sheet-total td").first).to_have_text("4,345")
    assert Round.objects.filter(game=game).count() == 1
    assert TeamRound.objects.get(round__game=game, team__position=0).books == {"clean": 2, "dirty": 2, "wild": 1}


@pytest.mark.engine
@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_double_tap_on_save_is_one_save_and_reports_success(live_server, page, presets):
    game = new_game()
    open_round(page, live_server, game)
    fill_round(page)
    expect(page.locator("#breakdown-0 .breakdown-total")).to_contain_text("4,345")

    # A phone on the club's Wi-Fi: the answer takes a while, and the second tap comes before it.
    # The first save is held back until the second tap is made, however slow this machine is.
    held = []

    def hold_the_first_save(route):
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/g/{game.token}/rounds/1/", hold_the_first_save)
    save = save_button(page)
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    with page.expect_request(lambda request: request.method == "POST"):
        page.mouse.click(x, y)  # the mouse, not the locator: a finger does not wait for the page
    page.mouse.click(x, y)
    held[0].continue_()  # the first save's answer comes now

    expect(page.locator(".message")).to_contain_text("Round 1 saved.")
    expect(page.locator("body")).not_to_contain_text("someone else")
    expect(page.locator(".sheet-total td").first).to_have_text("4,345")
    assert Round.objects.filter(game=game).count() == 1


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_bottom_bar_shows_both_teams_totals_beside_save_on_a_phone(live_server, page, presets):
    game = new_game()
    # going out with one clean book only: confirmed, as the table would ("Save anyway")
    play_rounds(
        game,
        [
            [
                services.scoring.Entry(books={"clean": 1}, melded_points=300, went_out=True),
                services.scoring.Entry(melded_points=200, hand_points=50),
            ]
        ],
    )  # Us 500 + 300 + 100 = 900; Them 200 − 50 = 150
    open_round(page, live_server, game, number=2)
    bar = page.locator(".entry-bar")
    expect(bar).to_be_visible()
    expect(bar.get_by_role("button", name="Save round 2")).to_be_visible()

    page.locator("#id_t0-book_clean").fill("2")  # Us +1,000
    page.locator("#id_t1-hand_points").fill("185")  # Them −185
    scroll_to(page, "#id_t1-hand_points")  # the bottom of Them's column: Us's breakdown is long gone
    expect(bar.locator(".bar-team").nth(0)).to_contain_text("Us")
    expect(bar.locator(".bar-team").nth(0).locator(".bar-round")).to_have_text("1,000")
    expect(bar.locator(".bar-team").nth(0).locator(".bar-running")).to_have_text("1,900")
    expect(bar.locator(".bar-team").nth(1).locator(".bar-round")).to_have_text("−185")
    expect(bar.locator(".bar-team").nth(1).locator(".bar-running")).to_have_text("−35")

    # Fixed to the bottom of the screen wherever the form is scrolled to …
    for where in ("#id_t0-book_clean", "#id_t1-book_clean"):
        scroll_to(page, where)
        box = bar.bounding_box()
        assert abs(box["y"] + box["height"] - PHONE["height"]) <= 1, (where, box)
    # … and it never covers the last field.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = page.locator("#round-form .team-col").last.locator("input:visible").last.bounding_box()
    assert last["y"] + last["height"] <= bar.bounding_box()["y"]


def scroll_to(page, selector):
    page.locator(selector).evaluate("el => el.scrollIntoView({block: 'center'})")
