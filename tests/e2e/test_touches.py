"""How many touches a scorekeeper needs to enter a round on a phone.

The README's example round of Hand and Foot (2 teams) is entered from the game page to
the saved round the way a scorekeeper would, with the fewest touches the form offers:
every tap on the screen and every key of the phone's keypad counts as one touch, and a
field that is off the screen (or under a bar) costs finger swipes to reach.
"""

import math

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Round, Variant

PHONE = {"width": 390, "height": 844}
SWIPE = 0.6  # one swipe moves the page by about 60% of the screen


class Scorekeeper:
    """A finger on a phone: taps, keypad keys and the swipes needed to reach a field."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.keys = 0
        self.swipes = 0
        self.swiped_up = 0

    @property
    def touches(self) -> int:
        return self.taps + self.keys

    def reach(self, locator):
        """Swipe until ``locator`` is on the screen and not under anything fixed to it."""
        locator.wait_for()
        distance = locator.evaluate(
            """el => {
                const r = el.getBoundingClientRect();
                // what covers the bottom of the screen (a fixed bar), if anything
                let bottom = innerHeight;
                for (const other of document.querySelectorAll('body *')) {
                    const s = getComputedStyle(other);
                    if (s.position !== 'fixed' && s.position !== 'sticky') continue;
                    if (other.contains(el)) return 0;  // on the bar itself: always in view
                    const b = other.getBoundingClientRect();
                    const atBottom = b.height && b.bottom >= innerHeight - 1 && b.top > innerHeight / 2;
                    if (atBottom) bottom = Math.min(bottom, b.top);
                }
                if (r.top < 0) return r.top - 16;
                if (r.bottom > bottom) return r.bottom - bottom + 16;
                return 0;
            }"""
        )
        if distance:
            height = self.page.viewport_size["height"]
            swipes = math.ceil(abs(distance) / (height * SWIPE))
            self.swipes += swipes
            if distance < 0:
                self.swiped_up += swipes
            self.page.evaluate("dy => window.scrollBy(0, dy)", distance)

    def tap(self, locator):
        self.reach(locator)
        locator.tap()
        self.taps += 1

    def next(self):
        self.page.keyboard.press("Enter")
        self.keys += 1

    def type(self, text: str):
        for key in text:
            self.page.keyboard.press(key)
            self.keys += 1

    def figure(self) -> str:
        return (
            f"{self.touches} touches ({self.taps} taps, {self.keys} keys) and {self.swipes} swipes "
            f"({self.swiped_up} back up)"
        )


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, base_url=live_server.url)
    yield context.new_page()
    context.close()


def col(page, team: int):
    return page.locator(f"section.team-col[data-team='{team}']")


def pick(page, team: int, title: str, count: int):
    """The one-tap pick that sets a count."""
    return col(page, team).get_by_role("button", name=f"{title}: {count}", exact=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_readme_round_in_few_touches(phone, presets):
    # Before issue 7: 27 touches (17 taps, 10 keys) and 8 swipes over a form 3.5 screens tall,
    # each book and three counted out on − / + steppers (2 clean books: 2 taps).
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )
    page = phone
    page.goto(f"/g/{game.token}/", wait_until="domcontentloaded")
    hand = Scorekeeper(page)

    hand.tap(page.get_by_role("link", name="Enter round 1"))
    page.locator("#round-form").wait_for()
    expect(page.locator(".breakdown-live .breakdown-total")).to_have_count(2)  # the live breakdown filled in
    form_height = page.evaluate("document.documentElement.scrollHeight / innerHeight")
    hand.tap(page.locator(".went-out label").filter(has_text="Us"))
    # Us: clean 2, dirty 2, wild 1, red threes laid 1, cards on the table 1045, went out.
    for title, count in [
        ("Clean books × 500", 2),
        ("Dirty books × 300", 2),
        ("Wild books × 1,500", 1),
        ("Red threes laid × 100", 1),
    ]:
        hand.tap(pick(page, 0, title, count))
    hand.tap(page.locator("#id_t0-melded_points"))
    hand.type("1045")
    # Them: clean 1, dirty 1, red threes caught 1, black threes caught 2, 610 on the table, 185 left.
    for title, count in [
        ("Clean books × 500", 1),
        ("Dirty books × 300", 1),
        ("Red threes caught × −100", 1),
        ("Black threes caught × −5", 2),
    ]:
        hand.tap(pick(page, 1, title, count))
    hand.tap(page.locator("#id_t1-melded_points"))
    hand.type("610")
    hand.next()  # the keypad's Next: on to "Cards left in hand and foot"
    expect(page.locator("#id_t1-hand_points")).to_be_focused()
    hand.type("185")
    bar = page.locator(".entry-bar")
    expect(bar.locator(".bar-round").nth(0)).to_have_text("4,345")  # both totals in view while typing
    expect(bar.locator(".bar-round").nth(1)).to_have_text("1,115")
    hand.tap(bar.get_by_role("button", name="Save round 1"))

    expect(page.locator(".sheet-total td").first).to_have_text("4,345")
    expect(page.locator(".sheet-total td").nth(1)).to_have_text("1,115")
    assert Round.objects.filter(game=game).count() == 1
    print(f"\nThe README round: {hand.figure()}, over a form {form_height:.1f} screens tall")
    # 24 is the least any form with a control per field allows: the 10 digits of 1045, 610 and
    # 185, a touch to reach each of the 3 fields they go in, a touch for each of the 8 counts
    # that are not 0, and "Enter round 1", who went out and Save.
    assert hand.touches <= 24, hand.figure()
    assert hand.swiped_up == 0, hand.figure()
