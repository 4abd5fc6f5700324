"""Starting and finding games in a browser: the variant picker, names typed before, the game
list's paging, search and filter, and deleting a game and restoring it."""

import pytest
from playwright.sync_api import expect

from scoresheet.games import services
from scoresheet.models import Game, Variant
from tests.device import hold_in_browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def covered_cards(page) -> list[str]:
    """The variant cards some of which the sticky Start button hides when the card is scrolled
    just into view from below (as a thumb scrolls): a tap there would start the game instead."""
    return page.evaluate("""() => {
        const covered = [];
        for (const card of document.querySelectorAll('.choice-card')) {
            card.scrollIntoView({block: 'end'});
            const r = card.getBoundingClientRect();
            for (const y of [r.top + r.height / 2, r.bottom - 4]) {
                const hit = document.elementFromPoint(r.left + r.width / 2, y);
                if (!card.contains(hit)) { covered.push(card.textContent.trim().slice(0, 40)); break; }
            }
        }
        return covered;
    }""")


def new_game(*teams, name="", slug="hand-and-foot") -> Game:
    return services.game_create(
        variant=Variant.objects.get(slug=slug),
        mode="teams",
        teams=[services.TeamData(*team) for team in teams],
        name=name,
    )


def options(page, list_id: str) -> list[str]:
    return page.locator(f"#{list_id} option").evaluate_all("options => options.map(o => o.value)")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_start_form_shows_each_variant_never_covers_one_and_offers_this_devices_names(live_server, page, presets):
    """One load of the start form, at phone width then at desktop width (the layout is CSS only)."""
    game = new_game(("Ann & Bob", "Ann, Bob"), ("Cléo & Søren", "Cléo, Søren"))
    hold_in_browser(page.context, live_server.url, game)  # started on this phone
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/games/new/", wait_until="domcontentloaded")

    # Issue 35 item 4 (the page was 7,400 px tall, 22 cards before the names): the rules this device
    # or the club used last are chosen (none yet: Hand and Foot), the others folded under "Other
    # rules"; the team names and Start within the first two screens.
    expect(page.get_by_label("Hand and Foot", exact=True)).to_be_checked()
    expect(page.get_by_label("Canasta (classic)", exact=True)).to_be_hidden()
    assert not page.locator("details.other-rules").evaluate("el => el.open")
    form_end = page.locator(".start-form").evaluate("el => el.getBoundingClientRect().bottom + window.scrollY")
    assert form_end <= 2 * PHONE["height"], f"Start ends at {form_end}px"
    page.locator("details.other-rules > summary").click()

    # Each variant shows its summary and key numbers.
    card = page.locator(".choice-card").filter(has=page.get_by_label("Canasta (classic)", exact=True))
    expect(card).to_contain_text("Classic Canasta for two partnerships")
    expect(card).to_contain_text("to 5,000")
    expect(card).to_contain_text("natural 500 · mixed 300")
    expect(card).to_contain_text("meld 15/50/90/120 by score")
    card = page.locator(".choice-card").filter(has=page.get_by_label("Hand and Foot", exact=True))
    expect(card).to_contain_text("4 rounds")
    expect(card).to_contain_text("clean 500 · dirty 300 · wild 1,500")
    expect(card).to_contain_text("meld 50/90/120/150 by round")

    # The Start button never covers a variant of the picker, and is at hand once the picker is passed.
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        assert covered_cards(page) == [], name
        page.get_by_label("Team 1", exact=True).scroll_into_view_if_needed()
        expect(page.get_by_role("button", name="Start the game"), name).to_be_in_viewport()

    # The names of this device's games are offered with their players.
    team_1 = page.get_by_label("Team 1", exact=True)
    expect(team_1).to_have_attribute("list", "team-names")
    assert options(page, "team-names") == ["Cléo & Søren", "Ann & Bob"]  # the latest first
    assert options(page, "player-names") == ["Cléo, Søren", "Ann, Bob"]
    # Choosing a name known with its players fills them in; a hand-typed one is left alone.
    team_1.fill("Ann & Bob")
    expect(page.get_by_label("Players in team 1 (optional)")).to_have_value("Ann, Bob")
    page.get_by_label("Players in team 2 (optional)").fill("Cleo, Soren")
    page.get_by_label("Team 2", exact=True).fill("Cléo & Søren")
    expect(page.get_by_label("Players in team 2 (optional)")).to_have_value("Cleo, Soren")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_names_typed_on_this_device_are_offered_again_even_when_the_server_has_none(live_server, page, presets):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/games/new/")
    page.evaluate("localStorage.setItem('bookkeeper.lineups', '{spoilt')")  # whatever is there, nothing breaks
    page.reload()
    page.get_by_label("Team 1", exact=True).fill("Zoë & Yann")
    page.get_by_label("Players in team 1 (optional)").fill("Zoë, Yann")
    page.get_by_label("Team 2", exact=True).fill("The Neighbours")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Zoë & Yann vs The Neighbours")).to_be_visible()
    Game.objects.all().delete()  # the server forgets: what is offered now comes from this device

    page.goto(live_server.url + "/games/new/")
    assert options(page, "team-names") == ["Zoë & Yann", "The Neighbours"]
    assert options(page, "player-names") == ["Zoë, Yann"]
    page.get_by_label("Team 1", exact=True).fill("Zoë & Yann")
    expect(page.get_by_label("Players in team 1 (optional)")).to_have_value("Zoë, Yann")
    assert errors == []


def game_titles(page) -> list[str]:
    return page.locator(".game-item-title").all_text_contents()


def expect_titles(page, titles: list[str]) -> None:
    """The list shows exactly ``titles``, once the page asked for has loaded (expect waits for it)."""
    expect(page.locator(".game-item-title")).to_have_text(titles)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_finding_a_game_among_many_then_deleting_and_restoring_it(live_server, page, presets):
    for i in range(24):
        new_game((f"North {i}", ""), (f"South {i}", ""))
    finished = new_game(("Ann & Bob", "Ann, Bob"), ("Cléo & Søren", ""), name="Tuesday at Ann's")
    services.game_finish(game=finished)
    hold_in_browser(page.context, live_server.url, *Game.objects.all())  # this phone started them all
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/", wait_until="domcontentloaded")

    # 20 a page, in progress first, the latest first
    expect(page.locator(".game-item-title")).to_have_count(20)
    expect(page.locator(".game-item-title").first).to_have_text("North 23 vs South 23")
    expect(page.locator(".pager")).to_contain_text("Games 1–20 of 25")
    page.get_by_role("link", name="Next ›").click()
    expect_titles(page, [*(f"North {i} vs South {i}" for i in range(3, -1, -1)), "Tuesday at Ann's"])
    expect(page.get_by_role("heading", name="Finished")).to_be_visible()

    # the filter and the search are kept from page to page
    page.get_by_role("link", name="In progress").click()
    expect(page.get_by_role("link", name="In progress")).to_have_attribute("aria-current", "page")
    expect(page.locator(".game-item-title")).to_have_count(20)
    assert "Tuesday at Ann's" not in game_titles(page)
    page.get_by_role("searchbox", name="Search games").fill("south 1")
    page.get_by_role("button", name="Search").click()
    expect_titles(page, [f"North {i} vs South {i}" for i in (19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 1)])
    expect(page.get_by_role("link", name="In progress")).to_have_attribute("aria-current", "page")
    page.get_by_role("link", name="All").click()
    expect(page.get_by_role("searchbox", name="Search games")).to_have_value("south 1")
    page.get_by_role("searchbox", name="Search games").fill("cléo")  # a team's name, in any case
    page.get_by_role("button", name="Search").click()
    expect_titles(page, ["Tuesday at Ann's"])

    # delete it: a page asks first
    page.get_by_role("link", name="Tuesday at Ann's").click()
    page.get_by_role("button", name="Delete the game…").click()
    expect(page.get_by_role("heading", name="Delete this game?")).to_be_visible()
    page.get_by_role("link", name="Keep it").click()
    expect(page.get_by_role("heading", name="Tuesday at Ann's")).to_be_visible()
    page.get_by_role("button", name="Delete the game…").click()
    page.get_by_role("button", name="Delete the game").click()
    expect(page.locator(".messages")).to_contain_text("“Tuesday at Ann's” deleted")
    expect(page.locator(".pager")).to_contain_text("of 24")
    assert "Tuesday at Ann's" not in game_titles(page)

    page.get_by_role("link", name="Recently deleted (1)").click()
    expect_titles(page, ["Tuesday at Ann's"])
    page.get_by_role("button", name="Restore Tuesday at Ann's").click()
    expect(page.get_by_role("heading", name="Tuesday at Ann's")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("restored")
    page.goto(live_server.url + "/?status=finished", wait_until="domcontentloaded")
    expect_titles(page, ["Tuesday at Ann's"])


START_ENDS = "() => document.querySelector('.start-form').getBoundingClientRect().bottom + window.scrollY"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_club_scorekeeper_has_the_names_and_start_within_two_screens_in_either_language(live_server, page, presets):
    """Issue 35 item 4 where the page is longest: a club's scorekeeper (the club named in the crumb),
    its house rules offered too, in English and in French (a longer menu and longer words). The
    club's latest game's rules are chosen, then this device's last once it has one; the game name
    and the first dealer folded; Start's place in the page (it sticks to the screen's bottom once the
    names are reached) is within two screens of 390×844."""
    from league.clubs import services as league
    from tests.e2e.test_layout import _session_cookie
    from tests.league.factories import user

    olga = user("olga")
    club = league.club_create(name="Tuesday Night Hand and Foot Club", by=olga)
    services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-knee-and-foot"), name="Our rules")
    services.game_create(
        variant=Variant.objects.get(slug="canasta"),
        mode="teams",
        teams=[services.TeamData("Us"), services.TeamData("Them")],
        club=club,
    )
    page.set_viewport_size(PHONE)
    page.context.add_cookies([_session_cookie(olga, live_server)])
    for language, latest in (("en", "Canasta (classic)"), ("fr", "Canasta (classique)")):  # preset names translated
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        page.goto(f"{live_server.url}/clubs/{club.slug}/games/new/", wait_until="load")
        expect(page.locator(".choice-cards").first.locator("input:checked")).to_have_count(1)
        expect(page.locator(".choice-cards").first).to_contain_text(latest)  # the club's latest
        expect(page.locator("#id_first_dealer")).to_be_hidden()
        assert page.evaluate(START_ENDS) <= 2 * PHONE["height"], language
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), language
    page.context.add_cookies([{"name": "last_variant", "value": "hand-knee-and-foot", "url": live_server.url}])
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/new/", wait_until="load")
    expect(page.locator(".choice-cards").first).to_contain_text("Hand Knee and Foot")  # this device's last
    assert page.evaluate(START_ENDS) <= 2 * PHONE["height"]
