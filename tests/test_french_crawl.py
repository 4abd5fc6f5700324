"""A French club's every page in French, every word (issue 36): with French asked (the browser's
Accept-Language and the club's language), the pages of a club with an imported season and a night
being played, read as its organiser, through a player's link and through a table's link, hold no
English word; and a refusal of each app (the score sheet's, the league's) is told in French.

The players' names are French here (the data, not the interface): a page's visible text is read
with the names, the club's and the season's taken out, and the games' own names ("Hand and Foot"),
which French clubs say in English too.
"""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.test import Client

from league.clubs import player_links
from league.exchange import imports
from league.models import Bye, Night, Player, Role, Seat, Table
from league.nights import services as night_services
from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import club, member
from tests.test_french import ENGLISH, GAME_NAMES, WORKBOOK_WORDS, closed_pages, pages
from tests.test_french_words import results_workbook

pytestmark = pytest.mark.django_db

NAMES = ["Les Atouts", "Automne 2026", "Anne", "Bruno", "Chloé", "Denis", "Émile", "Françoise", "Gaspard", "Hélène"]
NAMES += ["Inès", "Jules", "Équipe Nord", "Équipe Sud"]
# The house rules editor's example of what to type: the book kinds' names as the rules hold them.
NAMES += ["Clean book: 1, Dirty book: 2"]
# The English the issue found on French pages, and the words of the draw's flags, the presets'
# names and the imported games; English months and days as whole words (French writes "oct.").
MORE_ENGLISH = {
    "sits", "out", "repeat", "apart", "partnership", "decks", "basic", "classic", "imported", "time",
    "alternates", "no", "lower", "higher", "scoring", "cards", "against", "modern", "american", "british",
    "cuban", "brazilian", "bolivian", "red", "black", "three", "four", "meld", "first", "for", "at",
}  # fmt: skip
MONTHS = (
    "January February March April May June July August September October November December "
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Monday Tuesday Wednesday Thursday Friday Saturday Sunday "
    "Mon Tue Tues Wed Thu Fri Sat Sun"
).split()
PHRASES = ["Table 8, sitting", "not yet", "from round", " the "]
# A counted French noun in the plural after 1 ("1 manches sur 4", "1 tours tirés sur 3").
ONE_PLURAL = re.compile(r"(?<![\d,.\u202f\xa0 ])1\s+(manches|tours|parties|soirées|tables|joueurs|places|rangs|fois)\b")
# "de" before a name beginning with a vowel ("Classement de Automne 2026").
NOT_ELIDED = re.compile(r"\b[Dd]e (?:Anne|Automne|Émile|Inès|Hélène)\b")

# The imported season: one night of two sittings, table 8 at each (the club numbers its tables so).
RESULTS = [
    [date(2026, 10, 6), 8, 1, "Anne & Bruno", "Anne & Bruno", 3200, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 8, 1, "Chloé & Denis", "Chloé & Denis", 1100, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 8, 2, "Anne & Chloé", "Anne & Chloé", 2500, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 8, 2, "Bruno & Denis", "Bruno & Denis", 2600, "hand-and-foot-6-deck"],
]


def visible(page: str) -> str:
    """The text a person reads in ``page``: its tags, scripts, styles and comments taken out, and what
    a box holds (a text area's words are the club's own, as an input's value)."""
    page = re.sub(r"<(script|style|template|textarea)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def english_in(text: str) -> list[str]:
    """The English words and phrases of ``text`` (the names taken out first), and its French
    counted in the plural after 1 or not elided before a name."""
    wrong = [m[0] for m in ONE_PLURAL.finditer(text)] + [m[0] for m in NOT_ELIDED.finditer(text)]
    for name in sorted(NAMES + GAME_NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    found = [phrase.strip() for phrase in PHRASES if phrase in f" {text} "]
    words = re.findall(r"[^\W\d_]+(?:'[a-z]+)?", re.sub(r"\S*/\S*", " ", text))  # whole words, not in paths
    found += sorted({w for w in words if w.lower() in ENGLISH | MORE_ENGLISH or w in MONTHS})
    return found + wrong


@pytest.fixture
def atouts():
    """Les Atouts, speaking French: an imported season (its night closed), a night of that season
    being played (sitting 1 drawn, a player sitting out, one come late, table 1's first round
    entered), a game of the club's own in play."""
    the_club = club("atouts", "Les Atouts")
    the_club.language = "fr"
    the_club.save(update_fields=["language"])
    organiser = member(the_club, "olga", Role.ORGANISER)
    imports.results_import(data=results_workbook(RESULTS), club_slug="atouts", season_name="Automne 2026")
    the_season = the_club.seasons.get()
    the_night = night_services.night_create(
        club=the_club, season=the_season, date=date(2026, 10, 13), variant=the_season.variant, mode="rotating",
        sittings_planned=3,
    )  # fmt: skip
    for name in NAMES[2:11]:  # nine: two tables and one sitting out
        player, _ = Player.objects.get_or_create(club=the_club, name=name)
        night_services.check_in(night=the_night, player=player)
    night_services.sitting_draw(night=the_night)
    late, _ = Player.objects.get_or_create(club=the_club, name=NAMES[11])
    night_services.check_in(night=the_night, player=late)  # after the draw: plays from sitting 2
    table = Table.objects.get(sitting__night=the_night, sitting__number=1, number=1)
    services.round_record(game=table.game, number=1, entries=[Entry(adjustments=[Adjustment("x", 150)]), Entry()])
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot-basic"),
        mode="teams",
        teams=[services.TeamData("Équipe Nord", "Anne & Bruno"), services.TeamData("Équipe Sud", "Chloé & Denis")],
        club=the_club,
    )
    services.round_record(game=game, number=1, entries=[Entry(adjustments=[Adjustment("x", 1500)]), Entry()])
    house = services.house_rules_copy(club=the_club, source=Variant.objects.get(slug="hand-and-foot"), name="Maison")
    return {
        "house": house,
        "club": the_club,
        "organiser": organiser,
        "season": the_season,
        "night": the_night,
        "played": table.game,
        "game": game,
        "table": table,
        "imported": Night.objects.get(club=the_club, date=date(2026, 10, 6)),
    }


def french(who=None) -> Client:
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    if who is not None:
        visitor.force_login(who)
    return visitor


def organiser_pages(data) -> dict[str, str]:
    """Every page the organiser opens: the interface's (tests/test_french.py), the imported night's
    and its games', the night being played and its sittings."""
    c, imported = data["club"].slug, data["imported"]
    imported_games = Game.objects.filter(table__sitting__night=imported).order_by("table__sitting__number")
    urls = pages(data) | closed_pages(data, imported)
    urls |= {
        "imported night": f"/clubs/{c}/nights/{imported.pk}/",
        "imported night standings": f"/clubs/{c}/nights/{imported.pk}/standings/",
        "imported sitting 2": f"/clubs/{c}/nights/{imported.pk}/sittings/2/",
        "imported history": f"/clubs/{c}/nights/{imported.pk}/history/",
        "night live": f"/clubs/{c}/nights/{data['night'].pk}/live/",
        "played game": f"/games/{data['played'].pk}/",
        "club page (second time)": f"/clubs/{c}/",
        "house rules": f"/clubs/{c}/rules/{data['house'].slug}/",
        "house rules, edit": f"/clubs/{c}/rules/{data['house'].slug}/edit/",
    }
    urls |= {f"imported game {g.table.sitting.number}": f"/games/{g.pk}/" for g in imported_games}
    return urls


def link_pages(data) -> dict[str, str]:
    """The pages a player opens from their link, and a table from its link."""
    night, table = data["night"], data["table"]
    player = Seat.objects.filter(team__game=table.game).first().player
    sits_out = Bye.objects.filter(sitting__night=night).first().player
    return {
        "player's own page": f"/p/{player_links.page_token(player)}/",
        "player's own page (sitting out)": f"/p/{player_links.page_token(sits_out)}/",
        "where do I sit": f"/n/{night.token}/?p={player.pk}",
        "where do I sit (sitting out)": f"/n/{night.token}/?p={sits_out.pk}",
        "where do I sit (live)": f"/n/{night.token}/live/?p={player.pk}",
        "imported night, where did I sit": f"/n/{data['imported'].token}/?p={player.pk}",
        "table link": f"/t/{table.token}/",
        "table link, next round": f"/t/{table.token}/rounds/2/?new",
        "table link, round 1 corrected": f"/t/{table.token}/rounds/1/",
    }


def test_every_page_of_a_french_club_is_in_french_every_word(atouts):
    left = {}
    for who, urls in ((french(atouts["organiser"]), organiser_pages(atouts)), (french(), link_pages(atouts))):
        for name, url in urls.items():
            response = who.get(url)
            assert response.status_code in (200, 404), (name, url, response.status_code)
            assert response.headers["Content-Language"] == "fr", name
            words = english_in(visible(response.content.decode()))
            if name.startswith("import-"):  # the workbook's own columns and values, which the file holds in English
                words = [w for w in words if w not in {*WORKBOOK_WORDS, "Phone", "Active", "yes", "no"}]
            if words:
                left[name] = words
    assert left == {}


def test_the_crawl_finds_english_where_there_is_some(atouts):
    """The check can fail: the same club's pages in English hold the words it looks for."""
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    visitor.force_login(atouts["organiser"])
    atouts["club"].language = "en"
    atouts["club"].save(update_fields=["language"])
    club_page = english_in(visible(visitor.get("/clubs/atouts/").content.decode()))
    assert {"Table 8, sitting", "decks"} <= set(club_page)
    night = english_in(visible(visitor.get(f"/clubs/atouts/nights/{atouts['night'].pk}/").content.decode()))
    assert {"sits", "out", "first", "tonight"} <= set(night)
    assert english_in("1 manches sur 4 · Classement de Automne 2026 · 6 Oct") == ["Oct", "1 manches", "de Automne"]


def test_a_refusal_of_each_app_is_told_in_french(atouts):
    organiser = french(atouts["organiser"])
    # The score sheet's: no round is added to a finished game (the imported one).
    game = Game.objects.filter(table__sitting__night=atouts["imported"]).first()
    refused = organiser.post(f"/games/{game.pk}/rounds/2/", {"went_out": "none", "version": "new"}, follow=True)
    said = visible(refused.content.decode())
    assert "La partie est finie : plus aucune manche ne peut être saisie." in said
    assert english_in(said) == [], said
    # The league's: sitting 2 is not drawn while sitting 1 is being played.
    refused = organiser.post(f"/clubs/atouts/nights/{atouts['night'].pk}/draw/", {"number": "2"}, follow=True)
    said = visible(refused.content.decode())
    assert "Le tour 1 est encore en cours : terminez d’abord la partie de chaque table." in said
    assert english_in(said) == [], said
