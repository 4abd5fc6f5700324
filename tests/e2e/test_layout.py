"""Every page at phone and desktop widths: nothing wider than the screen, touch targets
big enough. Screenshots land in var/screenshots/ to be looked at."""

from pathlib import Path

import pytest

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


def check_fits(page, path: str, width: str, extra_targets: str = "") -> None:
    """Nothing wider than the screen; buttons, fields and the links given are at least 44px tall."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{path} is {overflow}px wider than a {width} screen"
    targets = "button, .button, input[type=number], input[type=text], input[type=search], input[type=radio]"
    small = page.evaluate(
        """selector => [...document.querySelectorAll(selector)]
              .filter(el => el.offsetParent !== null)
              .map(el => el.type === 'radio' ? el.closest('label') : el)
              .filter(el => el.getBoundingClientRect().height < 44)
              .map(el => el.outerHTML.slice(0, 80))""",
        targets + extra_targets,
    )
    assert small == [], f"{path}: touch targets under 44px: {small}"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", WIDTHS)
def test_starting_and_finding_games_fit_the_screen(live_server, page, presets, width):
    """The variant picker, the game list with more than a page of games (paged, searched,
    filtered), deleting a game and "Recently deleted"."""
    variant = Variant.objects.get(slug="hand-and-foot")
    names = ["Ann & Bob", "Cléo & Søren", "Grandmother Wilhelmina's table", "The Neighbours", "Zoë & Yann"]
    for i in range(23):
        game = services.game_create(
            variant=variant,
            mode="teams",
            teams=[services.TeamData(names[i % 5], ""), services.TeamData(names[(i + 1) % 5], "")],
            name="Club night, table 3" if i == 4 else "",
        )
        if i % 4 == 0:
            services.game_finish(game=game)
    services.game_delete(game=make_game())
    services.game_delete(game=game)
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width])))
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = {
        "home-paged": "/",
        "home-page-2": "/?page=2",
        "home-search": "/?q=ann&status=in_progress",
        "home-nothing-found": "/?q=nobody&status=finished",
        "games-deleted": "/games/deleted/",
        "game-delete": f"/games/{game.id - 1}/delete/",
        "game-deleted": f"/games/{game.id}/",
        "game-new-picker": "/games/new/",
    }
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == (404 if name == "game-deleted" else 200), path
        page.wait_for_load_state("networkidle")
        # From the bottom, where a thumb has scrolled to press Start: a sticky button is in its place.
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        check_fits(page, path, width, ", .filter a, .pager a, .deleted-link a")
