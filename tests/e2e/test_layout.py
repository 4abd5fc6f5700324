"""Every page at phone and desktop widths: nothing wider than the screen, touch targets
big enough, and (where the pages are loaded anyway) nothing serious for axe. Screenshots land in
var/screenshots/ to be looked at when SCREENSHOTS is set (see ``shoot``)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Entry
from tests.device import hold_in_browser
from tests.e2e import axe

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


def viewport(width: str) -> dict[str, int]:
    return dict(zip(("width", "height"), WIDTHS[width]))


def each_width(page):
    """The page as loaded, at phone width and then at desktop width, back at phone width after.

    One load serves both: the layout follows the window's size (CSS only, no script measures
    the window), so a page resized is laid out as one loaded at that size.
    """
    for width in WIDTHS:
        page.set_viewport_size(viewport(width))
        yield width
    page.set_viewport_size(viewport("phone"))


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
def test_every_page_fits_the_screen(live_server, page, presets):
    """Each page once, looked at at phone and then desktop width: it fits the screen with touch
    targets a finger can hit, its numbers line up on the right, and axe finds nothing serious
    (tests/e2e/axe.py); the game page in each state a table sees shows the totals first; the
    round form's entry bar stays on the screen as a round is typed."""
    game = make_game()
    games = game_page_games()
    page.set_viewport_size(viewport("phone"))
    failures: dict[str, list[str]] = {}
    pages = {
        "home": "/",
        # the start form (/games/new/): test_starting_and_finding_games_fit_the_screen's "game-new-picker"
        "variants": "/variants/",
        "variant-hkf": "/variants/hand-knee-and-foot/",
        "game": f"/g/{game.token}/",
        "round-edit": f"/g/{game.token}/rounds/1/",
        "print": "/print/",
    }
    for name, path in pages.items():
        load(page, live_server.url + path)
        for width in each_width(page):
            shoot(page, f"{name}-{width}")
            check_fits(page, path, width)  # buttons and fields at least 44px tall: fingers, not mouse pointers
            check_numbers_right_aligned(page, path, width)
            check_axe(page, failures, f"{name} ({width})")

    for name, state in games.items():
        load(page, f"{live_server.url}/g/{state.token}/")
        for width in each_width(page):
            shoot(page, f"game-{name}-{width}")
            check_totals_first(page, name, state, width)
            check_axe(page, failures, f"game {name} ({width})")
        next_line = {
            "under-way": page.get_by_text("Deals round 3: Bob (Ann & Bob)"),  # Cléo, Bob: one seat a round
            "canasta": page.get_by_text("Needs 2,170 more"),  # 5,000 − 2,830
            "at-the-end": page.get_by_role("heading", name="Us won by 14,420"),  # 4 × (4,245 − 640)
        }.get(name)
        if next_line:
            expect(next_line).to_be_visible()

    path = f"/g/{game.token}/rounds/2/"
    load(page, live_server.url + path)
    for width in each_width(page):
        shoot(page, f"round-new-{width}")
        check_fits(page, path, width)
        check_numbers_right_aligned(page, path, width)
        check_axe(page, failures, f"round-new ({width})")
    check_round_entry_bar(page)

    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)


def load(page, url: str, status: int = 200) -> None:
    """``url`` in the page, the round form's script ready if the page has the form (it has wired
    the taps and asked for the breakdown)."""
    response = page.goto(url)
    assert response.status == status, f"{url} answered {response.status}"
    if page.locator("#round-form").count():
        expect(page.locator("#round-form")).to_have_attribute("data-ready", "1")


def shoot(page, name: str, full_page: bool = True) -> None:
    """A screenshot in var/screenshots/<name>.png to be looked at, when SCREENSHOTS is set
    (`SCREENSHOTS=1 .venv/bin/python -m pytest tests/e2e`): no test reads them, and taking them
    was a fifth of the layout tests' time."""
    if os.environ.get("SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def check_axe(page, failures: dict, name: str) -> None:
    """axe on the page as it is now, at phone width only; what it finds goes in ``failures`` under ``name``.

    Called inside ``each_width`` loops, it checks the phone pass and lets the desktop pass go: the
    markup and colours are the same at every width (CSS changes only the layout, which the layout
    checks measure at both), and axe is the slowest step of a browser test.
    """
    if page.viewport_size["width"] != WIDTHS["phone"][0]:
        return
    found = axe.problems(page)
    if found:
        failures[name] = found


NUMBERS = "td.num, th.num, input[type=number]:not(.stepper input)"


def check_numbers_right_aligned(page, path: str, width: str, numbers: str = NUMBERS) -> None:
    """Numbers (the elements ``numbers`` selects) line up on the right, as on a paper score sheet
    (a stepper centres its one number)."""
    left = page.evaluate(
        """numbers => [...document.querySelectorAll(numbers)]
          .filter(el => el.offsetParent !== null)
          .filter(el => !['right', 'end'].includes(getComputedStyle(el).textAlign))
          .map(el => el.outerHTML.slice(0, 80))""",
        numbers,
    )
    assert left == [], f"{path}: numbers not right-aligned at {width} width: {left}"


def check_totals_first(page, name: str, game, width: str) -> None:
    """The totals, big, above the round list; the next step on the first screen; Edit a real button."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: {overflow}px wider than a {width} screen"

    # Each team's total comes before the round list, in big type.
    sheet_top = page.locator("table.sheet").bounding_box()["y"]
    for team in game.teams.all():
        total = f"{sum(team.entries.values_list('total', flat=True)):,}"
        first = page.get_by_text(total, exact=True).first
        assert first.bounding_box()["y"] < sheet_top, f"{name}: {team.name}'s {total} is not above the rounds"
        size = float(first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
        assert size >= 32, f"{name}: {team.name}'s total is {size}px, not big"

    # "Edit" on each round is a button a finger can hit: 44 × 44 px at least.
    edits = page.get_by_text("Edit", exact=True)
    assert edits.count() == game.rounds.count()
    for box in (edits.nth(i).bounding_box() for i in range(edits.count())):
        assert box["width"] >= 44 and box["height"] >= 44, f"{name}: Edit is {box['width']}×{box['height']}px"

    # The next step is on the first screen: Enter the next round, or Finish the game.
    next_step = {"at-the-end": "Finish the game", "finished": None}.get(name, "Enter round")
    if next_step:
        button = page.get_by_role("button", name=next_step).or_(page.get_by_role("link", name=next_step)).first
        box = button.bounding_box()
        assert box["y"] + box["height"] <= WIDTHS[width][1], f"{name}: {next_step} is below the first screen"


def play_rounds(game, rounds):
    """Record the rounds; a big round the plausibility check asks about is confirmed, as the table would."""
    for number, entries in enumerate(rounds, start=1):
        try:
            services.round_record(game=game, number=number, entries=entries)
        except services.RoundNeedsConfirmation as asked:
            services.round_record(game=game, number=number, entries=entries, confirmed=asked.codes)


GAME_STATES = ("under-way", "canasta", "at-the-end", "finished")


def game_page_games(states=GAME_STATES):
    """The game page in each state a table sees (or those of ``states``): under way (with a
    dealer), a target-score game, at its end and not yet finished, and finished."""
    hand_and_foot = Variant.objects.get(slug="hand-and-foot")
    # Ann & Bob (Us): clean 2 × 500 + dirty 2 × 300 + wild 1,500 + 1,045 melded + going out 100 = 4,245;
    # Cléo & Søren (Them): dirty 300 + 420 melded − 80 in hand = 640; the third: clean 500 + 310 − 25 = 785
    hf_round = [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=1045, went_out=True),
        Entry(books={"dirty": 1}, melded_points=420, hand_points=80),
        Entry(books={"clean": 1}, melded_points=310, hand_points=25),
    ]

    def under_way():
        game = services.game_create(
            variant=hand_and_foot,
            mode="teams",
            teams=[
                services.TeamData("Ann & Bob", "Ann & Bob"),
                services.TeamData("Cléo & Søren", "Cléo & Søren"),
                services.TeamData("Grandmother Wilhelmina's table", "Wilhelmina & Fritz"),
            ],
            first_dealer=1,  # Cléo deals round 1; round 3 is two seats on: Bob
        )
        play_rounds(game, [hf_round, hf_round])
        return game

    def canasta():
        game = services.game_create(
            variant=Variant.objects.get(slug="canasta"),
            mode="teams",
            teams=[services.TeamData("Us", ""), services.TeamData("Them", "")],
            first_dealer=0,
        )
        # Us: natural 500 + mixed 300 + 1,930 melded + going out 100 = 2,830 a round; Them: mixed 300 + 450 − 60 = 690
        play_rounds(
            game,
            [
                [
                    Entry(books={"clean": 1, "dirty": 1}, melded_points=1930, went_out=True),
                    Entry(books={"dirty": 1}, melded_points=450, hand_points=60),
                ]
            ],
        )
        return game

    def at_the_end():
        game = services.game_create(
            variant=hand_and_foot, mode="teams", teams=[services.TeamData("Us"), services.TeamData("Them")]
        )
        play_rounds(game, [hf_round[:2]] * 4)  # the fourth round finished it
        services.game_reopen(game=game)  # reopened at its end: "Finish the game" is the next step
        return game

    def finished():
        game = services.game_create(
            variant=hand_and_foot, mode="teams", teams=[services.TeamData("Us"), services.TeamData("Them")]
        )
        play_rounds(game, [hf_round[:2]] * 4)
        services.game_finish(game=game)
        return game

    made = {"under-way": under_way, "canasta": canasta, "at-the-end": at_the_end, "finished": finished}
    return {state: made[state]() for state in states}


def check_fits(page, path: str, width: str, extra_targets: str = "") -> None:
    """Nothing wider than the screen; buttons, fields and the links given are at least 44px tall.
    Measured once the page, its style sheet and its fonts are in (after a click, the rows can be
    there before the style sheet is)."""
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => true)")
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


# The round page asking to confirm 22 clean books, and the game page noting the check, fit both
# widths: tests/e2e/test_plausibility.py, on the loads of its own that show them.


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_starting_and_finding_games_fit_the_screen(live_server, page, presets):
    """The variant picker, the game list with more than a page of games (paged, searched,
    filtered), deleting a game and "Recently deleted"; axe on the picker and on "Recently deleted",
    and the picker's numbers on the right."""
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
    hold_in_browser(page.context, live_server.url, *Game.objects.all())  # this phone started them
    page.set_viewport_size(viewport("phone"))
    failures: dict[str, list[str]] = {}
    pages = {
        "home-paged": "/",
        "home-page-2": "/?page=2",
        "home-search": "/?q=ann&status=in_progress",
        "home-nothing-found": "/?q=nobody&status=finished",
        "games-deleted": "/games/deleted/",
        "game-delete": f"/g/{Game.objects.get(pk=game.id - 1).token}/delete/",
        "game-deleted": f"/g/{game.token}/",
        "game-new-picker": "/games/new/",
    }
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == (404 if name == "game-deleted" else 200), path
        for width in each_width(page):
            if name in ("games-deleted", "game-new-picker"):
                check_axe(page, failures, f"{name} ({width})")
            if name == "game-new-picker":
                check_numbers_right_aligned(page, path, width)
            # From the bottom, where a thumb has scrolled to press Start: a sticky button is in its place.
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            shoot(page, f"{name}-{width}")
            check_fits(page, path, width, ", .filter a, .pager a, .deleted-link a")
    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)


def check_round_entry_bar(page) -> None:
    """The round form (round 2 of make_game's game, as loaded) with the bar at the bottom of the
    screen: each team's round total and game total beside Save, as typed. Screenshots of the
    screen (not the whole page) with the form scrolled to the top and to the last team, and of
    the whole page."""
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
    for width in each_width(page):
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"round-bar-top-{width}", full_page=False)
        page.locator("#id_t2-melded_points").scroll_into_view_if_needed()
        shoot(page, f"round-bar-typing-{width}", full_page=False)
        shoot(page, f"round-bar-{width}")

        box = bar.bounding_box()
        assert box["y"] + box["height"] <= WIDTHS[width][1] + 1, width  # on the screen
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, width
        save = bar.get_by_role("button", name="Save round 2").bounding_box()
        assert save["height"] >= 48 and save["width"] >= 120, (width, save)  # a thumb, not a fingernail
        small = page.evaluate("""
            [...document.querySelectorAll('.entry-bar button, .entry-bar .button')]
              .filter(el => el.getBoundingClientRect().height < 44).map(el => el.outerHTML.slice(0, 80))
        """)
        assert small == [], width


def signed_in_organiser(page, live_server):
    """A club whose organiser's session is in the browser (the sign-in page is another helper's)."""
    from django.contrib.auth.models import User
    from django.test import Client

    from league.models import Club, Membership, Role

    club = Club.objects.create(slug="tuesday", name="Tuesday Club")
    user = User.objects.create_user("olga", password="a long enough password")
    Membership.objects.create(club=club, user=user, role=Role.ORGANISER)
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return club


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_house_rules_editor_fits_the_screen(live_server, page, presets):
    """The long editor at phone and desktop widths, before and after a save with bad boxes."""
    club = signed_in_organiser(page, live_server)
    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-and-foot"), name="Our rules")
    page.set_viewport_size(viewport("phone"))
    path = f"/clubs/{club.slug}/rules/{house.slug}/edit/"
    response = page.goto(live_server.url + path)
    assert response.status == 200
    failures: dict[str, list[str]] = {}
    for width in each_width(page):
        shoot(page, f"house-rules-edit-{width}")
        check_fits(page, path, width)
        check_axe(page, failures, f"house rules editor ({width})")
    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)

    page.get_by_label("Going out", exact=True).fill("")
    page.get_by_label("Rounds", exact=True).fill("99")
    page.get_by_role("button", name="Save house rules").click()
    expect(page.get_by_text("Nothing was saved")).to_be_visible()
    expect(page.locator(".has-error")).to_have_count(2)
    for width in each_width(page):
        shoot(page, f"house-rules-edit-errors-{width}")
        check_fits(page, path, width)

    page.get_by_label("Going out", exact=True).fill("250")
    page.get_by_label("Rounds", exact=True).fill("4")
    page.get_by_role("button", name="Save house rules").click()
    expect(page.get_by_text("was +100 in Hand and Foot")).to_be_visible()
    for width in each_width(page):
        shoot(page, f"house-rules-card-{width}")
        check_fits(page, f"/clubs/{club.slug}/rules/{house.slug}/", width)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_club_pages_fit_the_screen(live_server, page, presets):
    from league.clubs import services as league
    from tests.league.factories import member, player, user

    olga = user("olga")
    club = league.club_create(name="Tuesday Night Hand and Foot Club", by=olga)
    member(club, "sam_the_scorekeeper", "scorekeeper")
    for name in ("Dora", "Ezra Featherstonehaugh-Wilkins", "Cléo", "Søren"):
        player(club, name, email=f"{name[:4].lower()}@example.com")
    player(club, "Old Fritz", active=False)
    game = make_game()
    game.club = club
    game.save()
    page.context.add_cookies([_session_cookie(olga, live_server)])
    page.set_viewport_size(viewport("phone"))
    base = f"/clubs/{club.slug}/"
    failures: dict[str, list[str]] = {}
    for name, path in {"club": base, "roster": base + "players/", "members": base + "members/"}.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        for width in each_width(page):
            shoot(page, f"{name}-{width}")
            check_fits(page, path, width, ", select, input[type=email]")
            if name != "club":  # the club page with a night under way: test_accessibility.py
                check_axe(page, failures, f"{name} ({width})")
    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)


def _session_cookie(user, live_server):
    """Signed in without the sign-in form: a session for ``user`` as the browser's cookie."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }
