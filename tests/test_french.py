"""Bookkeeper in French (issue 25): every page of the web interface in French with no English left,
the catalogue complete, numbers grouped as each language writes them, the language switch remembered.

A page is checked by its visible text (tags, scripts and styles stripped): none of the English words
the interface uses may be left in it. The data on the page (the club's, players' and teams' names,
made up in French here; the preset's name) is taken out first: it is what people typed, not the
interface.
"""

from __future__ import annotations

import gettext
import html
import io
import re
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from league.clubs import player_links
from league.models import Club, Player, Preferences, Role
from league.nights import services as night_services
from scoresheet.display import fmt
from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.rules.card import rules_card
from scoresheet.rules.loading import load_rules
from scoresheet.rules.schema import RulesError
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import club, member, night, season, table_result

pytestmark = pytest.mark.django_db

CATALOGUES = [
    Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / f"{name}.po" for name in ("django", "djangojs")
]

# English words the interface uses that French does not (not "table", "date", "total", "points",
# "page", "score", "canasta", "jokers", "club": the same in both).
ENGLISH = {
    "the", "and", "of", "with", "your", "you", "round", "rounds", "game", "games", "player", "players",
    "team", "teams", "night", "nights", "sitting", "sittings", "save", "edit", "delete", "print", "rules",
    "sign", "new", "sheet", "book", "books", "meld", "hand", "foot", "knee", "threes", "winner", "season",
    "seasons", "standings", "roster", "who", "what", "here", "not", "yet", "this", "that", "from", "by",
    "is", "are", "back", "show", "start", "finish", "finished", "cancel", "enter", "members", "invite",
    "password", "email", "account", "search", "copy", "nobody", "history", "settings", "tonight",
    "won", "lost", "tie", "wins", "partners", "opponents", "most", "hello", "results", "emails", "where", "sit",
    "seat", "screen", "rating", "expected", "link", "offline", "waiting", "send", "queued", "victory", "average",
    "partnerships",
}  # fmt: skip
# The data of the pages below: names people typed; the presets' own names (proper names of rule
# sets, as "Hand and Foot (Triple Play)"); and the import workbooks' sheet and column names, which
# the file itself must hold in English (league/exchange).
DATA = ["Les Atouts", "Automne 2026", "Équipe Nord", "Équipe Sud", "Anne", "Bruno"]
# The games' own names, which French clubs keep too (the presets' French summaries say them).
GAME_NAMES = ["Hand, Knee and Foot", "Hand Knee and Foot", "Hand and Foot"]
WORKBOOK_WORDS = ["Results", "Roster", "Date", "Table", "Game", "Team", "Players", "Score", "Variant", "Name", "Email"]


def visible_text(response) -> str:
    return visible(response.content.decode())


def visible(page: str) -> str:
    """The text a person reads in ``page`` (HTML or plain text), without the data named above."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    return without_data(html.unescape(re.sub(r"<[^>]+>", " ", page)))


def without_data(text: str) -> str:
    for name in DATA + sorted(Variant.objects.values_list("name", flat=True), key=len, reverse=True) + GAME_NAMES:
        text = text.replace(name, " ")
    return re.sub(r"[ \t\r\n]+", " ", text).strip()  # the no-break spaces of "1 500" stay


def english_left(response) -> list[str]:
    return english_in(visible_text(response))


def english_in(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z]+(?:'[a-z]+)?", re.sub(r"\S*/\S*", " ", text))  # not in links and paths
    return sorted({w for w in words if w.lower() in ENGLISH})


@pytest.fixture
def french():
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    return visitor


@pytest.fixture
def league_data():
    """A club with an organiser, a season, a night with a finished table and a game in play."""
    atouts = club("atouts", "Les Atouts")
    organiser = member(atouts, "olga", Role.ORGANISER)
    the_season = season(atouts, name="Automne 2026")
    the_night = night(atouts, players=4, season=the_season, date=date(2026, 11, 24))
    played = table_result(the_night, 1, 1, [("Anne & Bruno", 1500), ("P01 & P02", -100)], agreed=True)
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Équipe Nord", "Anne & Bruno"), services.TeamData("Équipe Sud", "P01 & P02")],
        club=atouts,
    )
    services.round_record(
        game=game, number=1, entries=[Entry(adjustments=[Adjustment("x", 1500)]), Entry(adjustments=[])]
    )
    return {
        "club": atouts,
        "organiser": organiser,
        "season": the_season,
        "night": the_night,
        "played": played,
        "game": game,
    }


@pytest.fixture
def closed_night(league_data):
    """A night of the same season, a week before, closed with Anne's results emailed (queued)."""
    atouts = league_data["club"]
    the_night = night(atouts, players=0, season=league_data["season"], date=date(2026, 11, 17))
    for name in ("Anne", "Bruno", "P01", "P02"):
        night_services.check_in(night=the_night, player=Player.objects.get(club=atouts, name=name))
    table_result(the_night, 1, 1, [("Anne & Bruno", 2400), ("P01 & P02", 1900)], agreed=True)
    Player.objects.filter(club=atouts, name="Anne").update(email="anne@example.com")
    return night_services.night_close(night=the_night)


def pages(data) -> dict[str, str]:
    """Every page of the web interface, by what it is (the URL names of scoresheet, league and accounts)."""
    c, s, n, g = data["club"].slug, data["season"].pk, data["night"].pk, data["game"]
    player = data["played"].teams.first().seats.first().player
    token = data["night"].token
    return {
        "home": "/",
        "games-deleted": "/games/deleted/",
        "print-sheets": "/print/",
        "new game": "/games/new/",
        "club-game-new": f"/clubs/{c}/games/new/",
        "game": f"/games/{g.pk}/",
        "round-edit (new)": f"/games/{g.pk}/rounds/2/?new",
        "round-edit (correct)": f"/games/{g.pk}/rounds/1/",
        "delete": f"/games/{g.pk}/delete/",
        "login": "/accounts/login/",
        "signup": "/accounts/signup/",
        "password_reset": "/accounts/password_reset/",
        "account": "/accounts/me/",
        "club-list": "/clubs/",
        "club-new": "/clubs/new/",
        "club-detail": f"/clubs/{c}/",
        "club-settings": f"/clubs/{c}/settings/",
        "member-list": f"/clubs/{c}/members/",
        "player-list": f"/clubs/{c}/players/",
        "player-new": f"/clubs/{c}/players/new/",
        "player-edit": f"/clubs/{c}/players/{player.pk}/",
        "recently-deleted": f"/clubs/{c}/deleted/",
        "season-list": f"/clubs/{c}/seasons/",
        "season-new": f"/clubs/{c}/seasons/new/",
        "season-detail": f"/clubs/{c}/seasons/{s}/",
        "night-list": f"/clubs/{c}/nights/",
        "night-new": f"/clubs/{c}/nights/new/",
        "night-detail": f"/clubs/{c}/nights/{n}/",
        "night-history": f"/clubs/{c}/nights/{n}/history/",
        "night-checkin": f"/clubs/{c}/nights/{n}/checkin/",
        "night-close": f"/clubs/{c}/nights/{n}/close/",
        "sitting-detail": f"/clubs/{c}/nights/{n}/sittings/1/",
        "import-roster": f"/clubs/{c}/import/roster/",
        "import-results": f"/clubs/{c}/import/results/",
        "house_rules:list": f"/clubs/{c}/rules/",
        "season-standings": f"/clubs/{c}/seasons/{s}/standings/",
        "night-standings": f"/clubs/{c}/nights/{n}/standings/",
        "player-record": f"/clubs/{c}/players/{player.pk}/record/",
        "player-record (rating)": f"/clubs/{c}/players/{player.pk}/record/?chart=rating",
        "seat-finder": f"/n/{token}/",
        "seat-finder (search)": f"/n/{token}/?q=anne",
        "seat-finder (nobody)": f"/n/{token}/?q=xavier",
        "seat-finder (a player)": f"/n/{token}/?p={player.pk}",
        "seat-finder-live": f"/n/{token}/live/?p={player.pk}",
        "night-screen": f"/clubs/{c}/nights/{n}/screen/",
        "night-screen-views": f"/clubs/{c}/nights/{n}/screen/views/",
        "player-own": f"/p/{player_links.page_token(player)}/",
        "player-own (bad link)": "/p/not-a-link/",
        "player-email-stop": f"/p/stop/{player_links.opt_out_token(player)}/",
        "variant-list": "/variants/",
        "variant-detail": "/variants/hand-and-foot/",
        "not found": "/no-such-page/",
    }


def closed_pages(data, the_night) -> dict[str, str]:
    """The pages of a closed night: its results for its players, and its emails' log for organisers."""
    c, player = data["club"].slug, Player.objects.get(club=data["club"], name="Anne")
    return {
        "night-detail (closed, emails)": f"/clubs/{c}/nights/{the_night.pk}/",
        "seat-finder (closed)": f"/n/{the_night.token}/?p={player.pk}",
        "night-screen-views (closed)": f"/clubs/{c}/nights/{the_night.pk}/screen/views/",
    }


def test_every_page_of_the_interface_is_in_french_with_no_english_left(french, league_data, closed_night):
    french.force_login(league_data["organiser"])
    left = {}
    for name, url in (pages(league_data) | closed_pages(league_data, closed_night)).items():
        response = french.get(url)
        assert response.status_code in (200, 404), (name, response.status_code)
        assert response.headers["Content-Language"] == "fr", name
        words = english_left(response)
        if name.startswith("import-"):
            words = [w for w in words if w not in WORKBOOK_WORDS]
        if words:
            left[name] = words
    assert left == {}


def test_the_english_pages_are_unchanged_in_english(client, league_data):
    """The check can fail: the same pages in English hold the English words."""
    client.force_login(league_data["organiser"])
    response = client.get(f"/clubs/{league_data['club'].slug}/")
    assert response.headers["Content-Language"] == "en"
    assert {"Seasons", "Players", "Members"} <= set(english_left(response))


def test_numbers_are_grouped_as_each_language_writes_them(league_data):
    assert (fmt(1500), fmt(-100), fmt(-1234567)) == ("1,500", "−100", "−1,234,567")
    with translation.override("fr"):
        assert fmt(1500).replace("\u202f", " ").replace("\xa0", " ") == "1 500"
        assert fmt(-100) == "−100"
        assert fmt(1500) != "1 500"  # a no-break space: the number never splits across lines


def test_the_game_page_shows_1_500_in_french_and_1_500_in_english(client, french, league_data):
    url = f"/games/{league_data['game'].pk}/"
    client.force_login(league_data["organiser"])
    french.force_login(league_data["organiser"])
    english = visible_text(client.get(url))
    assert "1,500" in english and "1\xa0500" not in english
    text = visible_text(french.get(url))
    assert re.search(r"1[\u202f\xa0]500", text) and "1,500" not in text


def test_the_switch_on_a_page_sets_the_language_and_the_next_pages_keep_it(client):
    page = client.get("/print/").content.decode()
    assert 'action="/i18n/setlang/"' in page and 'value="fr"' in page  # on every page, here the print page
    answer = client.post("/i18n/setlang/", {"language": "fr", "next": "/print/"})
    assert answer.status_code == 302 and answer["Location"] == "/print/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    later = client.get("/")
    assert later.headers["Content-Language"] == "fr" and "Vos parties" in later.content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "Your games" in client.get("/").content.decode()


def test_a_member_s_own_language_is_kept_on_the_account_and_comes_back_at_sign_in(client, league_data):
    organiser = league_data["organiser"]
    client.force_login(organiser)
    client.post("/i18n/setlang/", {"language": "fr", "next": "/accounts/me/"})
    assert Preferences.objects.get(user=organiser).language == "fr"
    elsewhere = Client()  # another browser, in English, signs in
    assert elsewhere.get("/").headers["Content-Language"] == "en"
    elsewhere.post("/accounts/login/", {"username": "olga", "password": "a long enough password"})
    assert elsewhere.get("/clubs/").headers["Content-Language"] == "fr"


def test_a_club_keeps_its_language_for_its_printouts(client, league_data):
    client.force_login(league_data["organiser"])
    answer = client.post(
        "/clubs/atouts/settings/", {"name": "Les Atouts", "time_zone": "Europe/Paris", "language": "fr"}
    )
    assert answer.status_code == 302
    league_data["club"].refresh_from_db()
    assert league_data["club"].language == "fr"


def po_entries(path: Path) -> list[dict]:
    """The entries of a .po file: msgid, msgstr (every plural form) and flags."""
    entries, current, field = [], None, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if current:
                entries.append(current)
            current = None
            continue
        current = current or {"flags": "", "msgid": "", "msgstr": []}
        if line.startswith("#,"):
            current["flags"] += line
        elif line.startswith("#"):
            continue
        elif line.startswith(("msgid ", "msgid_plural ", "msgctxt ")):
            field = line.split()[0]
            if field == "msgid":
                current["msgid"] = line[len("msgid ") :]
            elif field == "msgctxt":
                current["msgctxt"] = line[len("msgctxt ") :]
        elif line.startswith("msgstr"):
            field = "msgstr"
            current["msgstr"].append(line.split(" ", 1)[1])
        elif field == "msgstr":
            current["msgstr"][-1] += line
        elif field == "msgid":
            current["msgid"] += line
    return entries


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_the_french_catalogue_is_complete(path):
    entries = po_entries(path)[1:]  # after the header
    assert len(entries) > (500 if path.name == "django.po" else 10)
    assert [e["msgid"] for e in entries if "fuzzy" in e["flags"]] == []
    assert [e["msgid"] for e in entries if any(s.strip('"') == "" for s in e["msgstr"])] == []
    # The compiled catalogue holds every message of the .po, as translated there (a clone's file
    # times say nothing of which was written last): else "compile it: make messages".
    with path.with_suffix(".mo").open("rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)._catalog
    keys = [po_key(entry) for entry in entries]
    assert {key[0] if isinstance(key, tuple) else key for key in catalogue} - {""} == set(keys), "make messages"
    for key, entry in zip(keys, entries, strict=True):
        if len(entry["msgstr"]) == 1:  # a plural's forms are keyed (msgid, n)
            assert catalogue[key] == po_text(entry["msgstr"][0]), "compile it: make messages"


def po_key(entry: dict) -> str:
    """An entry's key in a compiled catalogue: its msgid, after its context and \\x04 if it has one."""
    context = po_text(entry["msgctxt"]) + "\x04" if "msgctxt" in entry else ""
    return context + po_text(entry["msgid"])


def po_text(quoted: str) -> str:
    """A .po string as its text: the quoted parts joined, their escapes undone."""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', quoted)
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(1)), "".join(parts))


def test_a_game_started_in_french_names_its_teams_in_french(french):
    french.post(
        "/games/new/",
        {"variant": Variant.objects.get(slug="hand-and-foot").pk, "mode": "teams", "team_count": "2"},
    )
    assert list(Game.objects.get().teams.values_list("name", flat=True)) == ["Nous", "Eux"]


def test_a_game_page_s_offline_words_are_in_french(french, league_data):
    """The offline banner and the rounds waiting to send: their words are in the page (the script
    only fills in the numbers), some in data attributes the visible text does not show."""
    french.force_login(league_data["organiser"])
    game = league_data["game"]
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/rounds/2/?new"):
        page = french.get(url).content.decode()
        said = re.findall(r'data-(?:waiting-one|waiting-other|round-[a-z]+|kept)="([^"]*)"', page)
        block = re.search(r"<div class=\"offline\".*?</section>\s*</div>", page, flags=re.S).group(0)
        text = " ".join([*said, visible(block)])
        assert "Hors ligne" in text and "{n} manches en attente d’envoi" in text, url
        assert english_in(text) == [], url
    assert "La manche {n} est gardée sur ce téléphone" in page  # the round form's own


def sent_email(club_language: str, page_language: str):
    """The results email of the closed night's one player with an address (Anne), sent while
    ``page_language`` is active, from a club speaking ``club_language``."""
    Club.objects.update(language=club_language)
    with translation.override(page_language):
        call_command("send_emails", stdout=io.StringIO())
    (message,) = mail.outbox
    return message.subject, message.body, visible(message.alternatives[0][0])


def test_a_results_email_speaks_the_club_s_language_with_no_english_left(closed_night):
    subject, body, html_text = sent_email("fr", "en")
    assert subject == "Vos résultats : Les Atouts, 17 novembre 2026"
    assert "Bonjour Anne," in body and "mardi 17 novembre 2026" in body
    assert "Tour 1, table 1\xa0: avec Bruno, contre P01 & P02" in body
    assert "2\xa0400 c. 1\xa0900 · Gagnée · PV" in body and "Gagnée" in html_text
    assert "Classement de la saison Automne 2026\xa0: rang 1" in body  # no "de" before a typed name
    for text in (subject, body, html_text):
        assert english_in(visible(text)) == [], text


def test_a_results_email_of_an_english_club_is_in_english_whatever_the_page(closed_night):
    subject, body, html_text = sent_email("en", "fr")
    assert subject == "Your results: Les Atouts, 17 November 2026"
    assert "Sitting 1, table 1: with Bruno, against P01 & P02" in body
    assert "2,400 v 1,900 · Won · VP" in body and "Won" in html_text


def test_the_round_form_s_plausibility_warnings_are_in_french(french, league_data):
    """22 clean books and 10,450 points on the table (the typos of tests/scoresheet/test_round_confirmation.py):
    the warnings are built from the catalogue's templates, the rules' words and the numbers in French."""
    game = league_data["game"]
    french.force_login(league_data["organiser"])
    typed = {"went_out": "none", "version": "new", "t0-book_clean": "22", "t0-melded_points": "10450"}
    response = french.post(f"/games/{game.pk}/rounds/2/", typed)
    assert response.status_code == 400  # asked to confirm, not saved
    page = response.content.decode()
    warnings = visible(page[page.index('<div id="round-warnings">') :])
    assert "22 canastas pures contiennent au moins 154 cartes" in warnings
    assert "10\u202f450 points posés" in warnings or "10\xa0450 points posés" in warnings
    assert "Personne n’est sorti" in warnings
    assert english_in(warnings) == []


def test_a_preset_s_own_sentences_come_from_its_french_block_and_a_changed_one_as_typed(french, league_data):
    page = visible_text(french.get("/variants/hand-and-foot/"))
    assert "Bon à savoir Quand la pioche est épuisée, personne n’est sorti" in page
    assert "Prime pour le plaisir, facultative" in page and "main et pied de 13 cartes" in page  # a note, the summary
    preset = Variant.objects.get(slug="hand-and-foot")
    document = {**preset.document, "player_notes": ["Our club's own note.", *preset.document["player_notes"][1:]]}
    with translation.override("fr"):
        notes = [row.value for section in rules_card(load_rules(document)) for row in section.rows if not row.label]
    assert notes[:2] == [
        "Our club's own note.",
        "Un joueur ne sort qu’après que son partenaire a joué son pied et a donné son accord.",
    ]


def test_a_translations_block_that_is_not_text_is_refused_by_its_path():
    document = {**Variant.objects.get(slug="samba").document, "translations": {"fr": {"Samba": 7}}}
    with pytest.raises(RulesError) as refused:
        load_rules(document)
    assert [problem.field for problem in refused.value.errors] == ["translations.fr.Samba"]
