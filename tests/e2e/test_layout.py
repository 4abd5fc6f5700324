"""Every page at phone and desktop widths: nothing wider than the screen, touch targets
big enough. Screenshots land in var/screenshots/ to be looked at."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoresheet import services
from scoresheet.models import Variant
from scoresheet.scoring import Entry

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


def make_game():
    variant = Variant.objects.get(slug="hand-and-foot")
    game = services.game_create(
        variant=variant,
        mode="teams",
        teams=[
            services.TeamData("Ann & Bob", "Ann, Bob"),
            services.TeamData("Cléo & Søren", "Cléo, Søren"),
            services.TeamData("Grandmother Wilhelmina's table", ""),
        ],
    )
    services.round_record(
        game=game,
        number=1,
        entries=[
            Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True),
            Entry(
                books={"clean": 1, "dirty": 1},
                red_threes_held=1,
                black_threes_held=2,
                melded_points=610,
                hand_points=185,
            ),
            Entry(books={"dirty": 1}, melded_points=330, hand_points=420),
        ],
    )
    return game


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_the_screen(live_server, page, presets, width):
    game = make_game()
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width])))
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = {
        "home": "/",
        "game-new": "/games/new/",
        "variants": "/variants/",
        "variant-hkf": "/variants/hand-knee-and-foot/",
        "game": f"/games/{game.id}/",
        "round-new": f"/games/{game.id}/rounds/2/",
        "round-edit": f"/games/{game.id}/rounds/1/",
        "print": "/print/",
    }
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} is {overflow}px wider than a {width} screen"
        # Buttons and steppers are at least 44px tall: fingers, not mouse pointers.
        small = page.evaluate("""
            [...document.querySelectorAll('button, .button, input[type=number], input[type=text]')]
              .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
              .map(el => el.outerHTML.slice(0, 80))
        """)
        assert small == [], f"{path}: touch targets under 44px: {small}"
        # Numbers line up on the right, as on a paper score sheet (a stepper centres its one number).
        left = page.evaluate("""
            [...document.querySelectorAll('td.num, th.num, input[type=number]:not(.stepper input)')]
              .filter(el => el.offsetParent !== null)
              .filter(el => !['right', 'end'].includes(getComputedStyle(el).textAlign))
              .map(el => el.outerHTML.slice(0, 80))
        """)
        assert left == [], f"{path}: numbers not right-aligned: {left}"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", WIDTHS)
def test_round_entry_bar_at_phone_and_desktop_widths(live_server, page, presets, width):
    """The round form with the bar at the bottom of the screen: each team's round total and
    game total beside Save, as typed. Screenshots of the screen (not the whole page) with the
    form scrolled to the top and to the last team, and of the whole page."""
    game = make_game()
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width])))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{live_server.url}/games/{game.id}/rounds/2/")
    page.locator(".went-out label").filter(has_text="Cléo & Søren").click()
    for team, values in enumerate(
        [
            {"book_clean": "1", "melded_points": "400", "hand_points": "60"},  # 500 + 400 − 60 = 840
            {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "melded_points": "900"},  # 4,100
            {"book_dirty": "1", "melded_points": "250", "hand_points": "35"},  # 300 + 250 − 35 = 515
        ]
    ):
        for name, value in values.items():
            page.locator(f"#id_t{team}-{name}").fill(value)
    bar = page.locator(".entry-bar")
    expect(bar.locator(".bar-round").nth(1)).to_have_text("4,100")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"round-bar-top-{width}.png"))
    page.locator("#id_t2-melded_points").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"round-bar-typing-{width}.png"))
    page.screenshot(path=str(SHOTS / f"round-bar-{width}.png"), full_page=True)

    box = bar.bounding_box()
    assert box["y"] + box["height"] <= WIDTHS[width][1] + 1  # on the screen
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    save = bar.get_by_role("button", name="Save round 2").bounding_box()
    assert save["height"] >= 48 and save["width"] >= 120, save  # a thumb, not a fingernail
    small = page.evaluate("""
        [...document.querySelectorAll('.entry-bar button, .entry-bar .button')]
          .filter(el => el.getBoundingClientRect().height < 44).map(el => el.outerHTML.slice(0, 80))
    """)
    assert small == []
