"""French words are longer than English ones: at phone width, in French, the pages still fit the
screen, the top bar's links included (its menu once ran past the screen's edge: "Nouvelle partie"),
and the round form's bottom bar shows each team's name whole beside "Enregistrer la manche 2" (the
button once took the room and cut "Nous" to "N…")."""

import pytest

from scoresheet.games import services
from scoresheet.models import Variant
from tests.e2e.test_layout import make_game, viewport

# Anything whose right edge is past the window's: the top bar's links and buttons, and the page.
PAST_THE_EDGE = """() => {
  const width = window.innerWidth;
  const past = [...document.querySelectorAll('header a, header button')]
    .filter(el => el.getBoundingClientRect().right > width + 0.5)
    .map(el => el.textContent.trim());
  const page = document.documentElement.scrollWidth;
  if (page > width) past.push('the page: ' + page + 'px');
  return past;
}"""

# The bottom bar's team names cut short (sideways, or a line clamped off the bottom).
CUT_SHORT = """() => [...document.querySelectorAll('.bar-name')]
  .filter(el => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5)
  .map(el => el.textContent.trim())"""


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_french_pages_fit_a_phone(live_server, browser):
    game = make_game()
    context = browser.new_context(
        viewport=viewport("phone"), locale="fr-FR", extra_http_headers={"Accept-Language": "fr"}
    )
    page = context.new_page()
    for path in ("/", f"/g/{game.token}/", f"/g/{game.token}/rounds/2/?new", "/variants/"):
        page.goto(live_server.url + path, wait_until="domcontentloaded")
        assert page.locator("html").get_attribute("lang") == "fr"
        assert page.evaluate(PAST_THE_EDGE) == [], path

    # A game of two started in French: its teams are "Nous" and "Eux".
    ours = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Nous"), services.TeamData("Eux")],
    )
    page.goto(f"{live_server.url}/g/{ours.token}/rounds/1/?new", wait_until="domcontentloaded")
    assert page.locator(".bar-save").text_content().strip() == "Enregistrer la manche 1"
    assert page.locator(".bar-name").all_text_contents() == ["Nous", "Eux"]
    assert page.evaluate(CUT_SHORT) == []
    assert page.evaluate(PAST_THE_EDGE) == []

    # Issue 35 item 3: two long partnerships read "Agnès Vard… 4,345 | Björn Åströ… 1,115".
    long = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Agnès Varda & Siobhán Ó Núñez"), services.TeamData("Björn Åström & Jérôme Dœuf")],
    )
    page.goto(f"{live_server.url}/g/{long.token}/rounds/1/?new", wait_until="load")
    assert page.locator(".bar-name").all_text_contents() == [
        "Agnès Varda & Siobhán Ó Núñez",
        "Björn Åström & Jérôme Dœuf",
    ]
    assert page.evaluate(CUT_SHORT) == []
    assert page.evaluate(PAST_THE_EDGE) == []
    context.close()
