"""The score sheet without the network (PRODUCT.md, "Offline at the table"): the game page opens
again offline, rounds saved offline wait on the phone and are sent when the network returns,
each once, in order, with the version check. The live server is http://localhost, where the
browser runs the service worker.

Playwright's offline switch does not stop every request (tests/e2e/hall.py): ``offline`` below
also cuts the hall's network between the browser and the server.
"""

import pytest
from playwright.sync_api import expect

from scoresheet.games import selectors, services
from scoresheet.models import Round, RoundSave, Variant
from scoresheet.scoring.engine import Entry
from tests.e2e.hall import Hall
from tests.e2e.test_layout import viewport


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Here the service worker runs, as on a phone (tests/conftest.py blocks it elsewhere)."""
    return {**browser_context_args, "service_workers": "allow"}


# Hand and Foot, round 1 saved before the network drops (test_views_game's US_R1 and THEM_R1,
# worked out there): Us 4,345, Them 1,115.
ROUND_1 = [
    Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True),
    Entry(books={"clean": 1, "dirty": 1}, red_threes_held=1, black_threes_held=2, melded_points=610, hand_points=185),
]


def start_game():
    variant = Variant.objects.get(slug="hand-and-foot")
    game = services.game_create(
        variant=variant, mode="teams", teams=[services.TeamData("Us"), services.TeamData("Them")]
    )
    services.round_record(game=game, number=1, entries=ROUND_1)
    return game


@pytest.fixture
def hall(live_server):
    """The hall's network between this test's browser and the live server (tests/e2e/hall.py)."""
    host, port = live_server.thread.host, live_server.thread.port
    network = Hall(host, port)
    yield network
    network.close()


def offline(context, hall: Hall, on: bool):
    """The hall's network drops (or returns), and the phone knows it: nothing reaches the server
    while it is down. The switch comes after the network on the way back, as a phone sees its
    Wi-Fi again only once it works (and then fires "online")."""
    if on:
        hall.set_up(False)
        context.set_offline(True)
    else:
        hall.set_up(True)
        context.set_offline(False)


def open_ready(page, url: str):
    """The page, once the service worker keeps it (and the game's next round form) for offline."""
    page.goto(url, wait_until="domcontentloaded")
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)


# Two rounds where nobody went out (the pile ran out): Us a clean book (500), Them a dirty one (300),
# each with points melded and left in hand (as test_views_game's round 4: 810 and 425).
ROUND_2 = {
    "#id_t0-book_clean": "1",
    "#id_t0-melded_points": "350",
    "#id_t0-hand_points": "40",
    "#id_t1-book_dirty": "1",
    "#id_t1-melded_points": "200",
    "#id_t1-hand_points": "75",
}
ROUND_3 = {**ROUND_2, "#id_t0-melded_points": "400", "#id_t0-hand_points": "60"}  # Us 500 + 400 − 60 = 840


def enter_round(page, number: int, typed: dict):
    """Round ``number`` as typed at the table, where nobody went out."""
    expect(page.locator("h1")).to_have_text(f"Round {number}")
    expect(page.locator("#round-form[data-ready]")).to_have_count(1)
    for selector, value in typed.items():
        page.locator(selector).fill(value)
    page.locator(".went-out label").filter(has_text="Nobody").click()
    page.get_by_role("button", name=f"Save round {number}").click()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_two_rounds_entered_offline_are_sent_once_in_order_when_the_network_returns(hall, page, context):
    game = start_game()
    sheet_url = f"{hall.url}/g/{game.token}/"
    page.set_viewport_size(viewport("phone"))
    open_ready(page, sheet_url)

    offline(context, hall, True)
    page.reload(wait_until="domcontentloaded")  # the game page opens again, as last known
    expect(page.locator("[data-offline-banner]")).to_contain_text("Offline — showing the sheet as last known")
    expect(page.locator(".sheet-total td").first).to_have_text("4,345")

    page.get_by_role("link", name="Enter round 2").click()
    expect(page.locator("#round-form[data-ready]")).to_have_count(1)
    assert page.evaluate("typeof window.django?.gettext") == "function"  # its strings, kept with the page
    # Issue 35 item 10: a round the server would refuse waited as "waiting to send" and then
    # blocked every later one. The phone checks each box's limits (the page's own, from the
    # server's field table) before it keeps the round: 120 red threes are refused here, now.
    enter_round(page, 2, {**ROUND_2, "#id_t0-red_threes": "120"})
    red = page.locator("#id_t0-red_threes")
    expect(page.locator("#id_t0-red_threes-offline-error")).to_have_text("At most 99 here.")
    expect(red).to_be_focused()
    expect(page.locator(".bar-status")).to_have_text("1 problem: see above.")
    assert page.evaluate(QUEUE_EMPTY)
    red.fill("")
    enter_round(page, 2, ROUND_2)
    expect(page.locator("[data-waiting-title]")).to_have_text("1 round waiting to send")
    # Issue 35 item 12: under the totals (which leave it out), what waits; then the next round.
    expect(page.locator("[data-scoreboard-waiting]")).to_have_text("Round 2 waiting to send")
    expect(page.locator("a[data-enter-round]").first).to_have_text("Enter round 3")
    page.get_by_role("link", name="Enter round 3").click()  # never opened online: the next round form
    enter_round(page, 3, ROUND_3)
    expect(page.locator("[data-waiting-title]")).to_have_text("2 rounds waiting to send")
    expect(page.locator("[data-waiting-list] li")).to_have_text(
        ["Round 2: waiting to send", "Round 3: waiting to send"]
    )
    expect(page.locator(".sheet-total td").first).to_have_text("4,345")  # counted when sent
    expect(page.locator("[data-scoreboard-waiting]")).to_have_text("Rounds 2–3 waiting to send")
    assert Round.objects.filter(game=game).count() == 1

    offline(context, hall, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # as the phone's Wi-Fi coming back says
    # Sent, then the sheet as the server counts it: the engine's totals, round by round.
    expect(page.locator("[data-waiting]")).to_be_hidden()
    expect(page.locator("[data-scoreboard-waiting]")).to_be_hidden()
    expect(page.locator(".sheet tbody .round-number")).to_have_text(["1", "2", "3"])
    sheet = selectors.game_sheet(game=game)
    expected = [f"{total:,}" for total in sheet.result.totals]
    expect(page.locator(".sheet-total td")).to_have_text(expected)
    assert [r.number for r in Round.objects.filter(game=game).order_by("created_at")] == [1, 2, 3]
    assert [[score.total for score in rnd.result.scores] for rnd in sheet.rounds[1:]] == [[810, 425], [840, 425]]
    assert RoundSave.objects.filter(game=game).count() == 2
    expect(page.locator("[data-offline-banner]")).to_be_hidden()


QUEUE_EMPTY = "() => JSON.parse(localStorage.getItem('bookkeeper:queue') || '[]').length === 0"


def lose_the_first_answer(saves: list):
    """A route handler: the first save reaches the server, which saves it, and its answer is
    lost on the way back (the phone hears a broken connection). ``saves`` counts the saves sent."""

    def handle(route):
        if route.request.method != "POST" or route.request.url.endswith("/preview/"):
            return route.continue_()
        saves.append(route.request.url)
        if len(saves) == 1:
            route.fetch()  # the server has it
            return route.abort("connectionreset")
        route.continue_()

    return handle


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_correction_changed_meanwhile_is_shown_side_by_side_and_a_save_resent_is_stored_once(hall, page, context):
    game = start_game()
    sheet_url = f"{hall.url}/g/{game.token}/"
    page.set_viewport_size(viewport("phone"))
    open_ready(page, sheet_url)
    page.get_by_role("link", name="Edit round 1").click()
    expect(page.locator("#round-form[data-ready]")).to_have_count(1)

    # Offline, this phone corrects round 1: Us melded 1,095, not 1,045 (Us 4,395).
    offline(context, hall, True)
    page.locator("#id_t0-melded_points").fill("1095")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("[data-waiting-list] li")).to_have_text(["Round 1: waiting to send"])
    # Meanwhile another phone corrects it too: Them had 85 in hand, not 185 (Them 1,215).
    them = ROUND_1[1]
    theirs = [ROUND_1[0], Entry(**{**them.__dict__, "hand_points": 85})]
    version = selectors.round_version(Round.objects.get(game=game, number=1))
    services.round_record(game=game, number=1, entries=theirs, version=version)

    offline(context, hall, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".waiting-held")).to_contain_text("Round 1 was not sent")
    page.get_by_role("link", name="Open round 1").click()
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("Someone else saved round 1")
    expect(conflict.locator("tbody th")).to_have_text(["Us", "Them"])
    expect(conflict.locator("tbody td")).to_have_text(["4,345", "4,395", "1,215", "1,115"])  # saved, yours
    assert [t.total for t in Round.objects.get(game=game, number=1).entries.order_by("team__position")] == [4345, 1215]
    page.get_by_role("link", name="Keep theirs").click()
    expect(page.locator("[data-waiting]")).to_be_hidden()

    # Round 2: the server saves it, the phone does not hear back; it sends it again by itself.
    saves = []
    page.route("**/rounds/2/", lose_the_first_answer(saves))
    page.get_by_role("link", name="Enter round 2").click()
    enter_round(page, 2, ROUND_2)
    page.wait_for_url(sheet_url)  # kept to send, and the game page opened
    page.wait_for_function(QUEUE_EMPTY)
    expect(page.locator(".sheet tbody .round-number")).to_have_text(["1", "2"])
    assert len(saves) == 2  # sent twice, stored once
    assert Round.objects.filter(game=game, number=2).count() == 1
    assert RoundSave.objects.filter(game=game, number=2).count() == 1
    assert [t.total for t in Round.objects.get(game=game, number=2).entries.order_by("team__position")] == [810, 425]


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_without_a_service_worker_the_open_page_keeps_the_rounds_and_sends_them(hall, browser):
    """Plain http on a club's Wi-Fi runs no service worker (blocked here): the round form stays
    open, takes the next round, and sends what waits when the network returns."""
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )
    context = browser.new_context(service_workers="block", viewport=viewport("phone"))
    page = context.new_page()
    page.goto(f"{hall.url}/g/{game.token}/rounds/1/?new", wait_until="domcontentloaded")

    offline(context, hall, True)
    enter_round(page, 1, ROUND_2)
    expect(page.locator(".bar-status")).to_contain_text("Round 1 is kept on this phone, waiting to send")
    expect(page.locator("[data-no-worker]")).to_be_hidden()  # the browser has service workers, blocked here
    enter_round(page, 2, ROUND_3)  # the same page, now round 2's form
    expect(page.locator("[data-waiting-list] li")).to_have_text(
        ["Round 1: waiting to send", "Round 2: waiting to send"]
    )
    assert not Round.objects.filter(game=game).exists()

    offline(context, hall, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function(QUEUE_EMPTY)
    sheet = selectors.game_sheet(game=game)
    assert [[score.total for score in rnd.result.scores] for rnd in sheet.rounds] == [[810, 425], [840, 425]]
    context.close()
