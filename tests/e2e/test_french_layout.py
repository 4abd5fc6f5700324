"""French words are longer than English ones: at phone width, in French, the pages still fit the
screen, the top bar's links included (its menu once ran past the screen's edge: "Nouvelle partie")."""

import pytest

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
    context.close()
