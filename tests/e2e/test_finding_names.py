"""Names found as one types them, on a phone (issue 35 item 8): check-in, "Where do I sit?" and the
roster narrow their lists in the browser (static/js/search_key.js), and "aegir" and "doeuf" find
Ægir Þórsson and Jérôme Dœuf there as on the server (league.clubs.names)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.clubs.names import search_key
from league.models import Role
from league.nights import services as night_services
from tests.e2e.test_layout import _session_cookie, viewport
from tests.league.factories import club, member, night, player

NAMES = ("Zoé Martin", "Jérôme Dœuf", "Ægir Þórsson", "Björn Ek", "Bénédicte Roy")
# Letters each way of folding could get wrong: ligatures, a stroke, a thorn, an eth, a sharp s, a
# dotless i, a final sigma, accents above and below, a long s and full-width letters.
HARD = [
    *NAMES,
    "Søren Łukasz STRAẞE",
    "Đorđe Ðuric",
    "Ħamrun Yıldız",
    "Νίκος Παπαδόπουλος",
    "Ŀluís Çelik-Nguyễn",
    "Ångström  ſtein",
    "ＡＢＣ Œdipe",
]


def shown(page, items: str) -> list[str]:
    return [text.strip() for text in page.locator(f"{items}:visible").all_inner_texts()]


def type_in(page, box, text: str) -> None:
    box.fill(text)
    box.dispatch_event("input")


@pytest.mark.django_db(transaction=True)
def test_lists_narrow_as_one_types_ligatures_and_accents_aside(live_server, page):
    tuesday = club("tuesday", "Tuesday Club")
    the_night = night(tuesday, players=0)
    for name in NAMES:
        night_services.check_in(night=the_night, player=player(tuesday, name))
    night_services.sitting_draw(night=the_night)
    page.set_viewport_size(viewport("phone"))
    page.context.add_cookies([_session_cookie(member(tuesday, "olga", Role.ORGANISER), live_server)])

    # The browser folds a name as the server does (the keys in data-name are the server's).
    page.goto(f"{live_server.url}/clubs/tuesday/nights/{the_night.pk}/checkin/")
    assert page.evaluate("names => names.map(window.bookkeeperNames.searchKey)", HARD) == [
        search_key(name) for name in HARD
    ]

    box = page.get_by_placeholder("Find a player")
    for typed, found in (("aegir", "Ægir Þórsson"), ("doeuf", "Jérôme Dœuf"), ("Ægir", "Ægir Þórsson")):
        type_in(page, box, typed)
        assert [name.split("\n")[0] for name in shown(page, ".checkin-list li .tick-name")] == [found], typed
    type_in(page, box, "roy bened")  # each word, in any order
    assert [name.split("\n")[0] for name in shown(page, ".checkin-list li .tick-name")] == ["Bénédicte Roy"]
    type_in(page, box, "Xavier")
    expect(page.get_by_text("Nobody on the roster matches that name.")).to_be_visible()

    page.goto(f"{live_server.url}/n/{the_night.token}/")
    box = page.get_by_label("Find your name")
    type_in(page, box, "doeuf")
    assert shown(page, "#seat-names li") == ["Jérôme Dœuf"]
    type_in(page, box, "")
    assert shown(page, "#seat-names li")[:3] == ["Ægir Þórsson", "Bénédicte Roy", "Björn Ek"]  # Æ among the A's

    page.goto(f"{live_server.url}/clubs/tuesday/players/")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    names = ".player-list li .player-name a"
    assert shown(page, names) == ["Ægir Þórsson", "Bénédicte Roy", "Björn Ek", "Jérôme Dœuf", "Zoé Martin"]
    type_in(page, page.get_by_placeholder("Find a player"), "AEGIR")
    assert shown(page, names) == ["Ægir Þórsson"]
