"""Words that were built in English (issue 36): a club night's game names, the presets' names, the
seating's flags, a substitute's words, counted words and "de" before a name, in the reader's
language. Each is read on a page (or in a command's output), in French and in English.
"""

from __future__ import annotations

import html
import io
import re
from datetime import date
from io import BytesIO

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from league.clubs.services import LeagueError
from league.exchange import imports
from league.models import Bye, Club, KeptApart, Player, Role, Seat, Sitting
from league.nights import services as night_services
from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import club, member, night, season
from tests.league.test_house_rules_pages import as_the_browser_sends

pytestmark = pytest.mark.django_db

HEADER = ["Date", "Table", "Game", "Team", "Players", "Score", "Variant"]


def results_workbook(rows) -> bytes:
    book = openpyxl.Workbook()
    book.active.title = "Results"
    for row in [HEADER, *rows]:
        book.active.append(row)
    out = BytesIO()
    book.save(out)
    return out.getvalue()


# One night of two sittings at one table, as a club's own spreadsheet kept it.
RESULTS = [
    [date(2026, 10, 6), 1, 1, "Anne & Bruno", "Anne & Bruno", 3200, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 1, 1, "Chloé & Denis", "Chloé & Denis", 1100, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 1, 2, "Anne & Chloé", "Anne & Chloé", 2500, "hand-and-foot-6-deck"],
    [date(2026, 10, 6), 1, 2, "Bruno & Denis", "Bruno & Denis", 2600, "hand-and-foot-6-deck"],
]


@pytest.fixture
def imported():
    """Les Atouts with an imported season (one night, two sittings) and its organiser."""
    atouts = club("atouts", "Les Atouts")
    organiser = member(atouts, "olga", Role.ORGANISER)
    imports.results_import(data=results_workbook(RESULTS), club_slug="atouts", season_name="Automne 2026")
    return {"club": atouts, "organiser": organiser}


def page(language: str, who, url: str) -> str:
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    visitor.force_login(who)
    response = visitor.get(url)
    assert response.status_code == 200, url
    return text(response.content.decode())


def text(page: str) -> str:
    """The words a person reads in ``page``, names and all."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_an_imported_game_is_named_in_the_reader_s_language(imported):
    game = Game.objects.get(table__sitting__number=2)
    assert game.name == "Table 1, sitting 2"  # kept as every game made so far keeps it
    french = page("fr", imported["organiser"], "/clubs/atouts/")
    assert "Table 1, tour 2" in french and "sitting" not in french
    assert "Table 1, sitting 2" in page("en", imported["organiser"], "/clubs/atouts/")


def test_a_game_with_no_name_is_called_game_and_its_number_in_french(imported):
    game = Game.objects.get(table__sitting__number=1)
    Game.objects.filter(pk=game.pk).update(name="")
    assert f"Partie {game.pk}" in page("fr", imported["organiser"], "/clubs/atouts/")


def test_a_preset_s_name_is_shown_in_french_and_a_club_s_own_as_typed(imported):
    """The imported night played "Hand and Foot, six decks": its name is said in French where the
    night and the game show it and among the rules; a house copy keeps the name the club gave it."""
    organiser = imported["organiser"]
    for url in ("/clubs/atouts/nights/", "/clubs/atouts/", "/games/new/", "/variants/"):
        french = page("fr", organiser, url)
        assert "Hand and Foot, six jeux" in french and "six decks" not in french, url
        assert "Hand and Foot, six decks" in page("en", organiser, url), url
    assert "Hand and Foot, de base (canastas rouges et noires)" in page("fr", organiser, "/games/new/")
    assert "Canasta (classique)" in page("fr", organiser, "/print/")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(organiser)
    for name in ("Six decks at home", ""):  # a club's own name; none: the preset's, as the organiser reads it
        visitor.post("/clubs/atouts/rules/copy/", {"source": "hand-and-foot-6-deck", "name": name})
    house_rules = page("fr", organiser, "/clubs/atouts/rules/")
    assert "Six decks at home" in house_rules and "Hand and Foot, six jeux (Les Atouts)" in house_rules
    assert "Six decks at home" in page("en", organiser, "/clubs/atouts/rules/")  # as typed in any language


def test_the_game_sheet_command_counts_one_round_in_the_singular(imported, tmp_path):
    game = Game.objects.get(table__sitting__number=1)
    out = io.StringIO()
    call_command("game_sheet", str(game.pk), "--out", str(tmp_path / "sheet.pdf"), stdout=out)
    assert ", 1 round, " in out.getvalue()
    assert Club.objects.get(slug="atouts").name == "Les Atouts"


@pytest.fixture
def drawn():
    """Les Atouts' night of 9 players, sitting 1 drawn: two tables and one player sitting out."""
    atouts = club("atouts", "Les Atouts")
    organiser = member(atouts, "olga", Role.ORGANISER)
    the_night = night(atouts, players=9, season=season(atouts, name="Automne 2026"))
    night_services.sitting_draw(night=the_night)
    sitting = Sitting.objects.get(night=the_night, number=1)
    return {"organiser": organiser, "night": the_night, "sitting": sitting, "bye": Bye.objects.get(sitting=sitting)}


def test_the_draw_s_flags_are_kept_without_words_and_told_in_the_reader_s_language(drawn):
    sitting, sits_out = drawn["sitting"], drawn["bye"].player
    assert sitting.flags == [{"kind": "bye", "who": sits_out.name, "id": sits_out.pk, "tonight": 0, "season": 0}]
    url = f"/clubs/atouts/nights/{drawn['night'].pk}/"
    french = page("fr", drawn["organiser"], url)
    assert f"{sits_out.name} est au repos à ce tour : la première fois ce soir" in french
    assert "sits out" not in french and "not yet" not in french
    assert f"{sits_out.name} sits out this sitting: the first time tonight" in page("en", drawn["organiser"], url)


def test_every_kind_of_flag_is_said_in_french(drawn):
    Sitting.objects.filter(pk=drawn["sitting"].pk).update(
        flags=[
            {"kind": "alone", "names": ["Anne", "Bruno", "Chloé"], "table": 3},
            {"kind": "partners", "a": "Anne", "b": "Bruno", "time": 2},
            {"kind": "opponents", "a": "Anne", "b": "Chloé", "time": 3},
            {"kind": "bye", "who": "Denis", "id": None, "tonight": 1, "season": 0},
            {"kind": "bye", "who": "Émile", "id": None, "tonight": 0, "season": 2},
            {"kind": "apart", "team": ["Anne", "Bruno"], "away": ["Bruno"]},
            {"kind": "apart", "team": ["Chloé", "Denis"], "away": []},
            {"kind": "new", "team": ["Anne", "Denis"]},
        ]
    )
    french = page("fr", drawn["organiser"], f"/clubs/atouts/nights/{drawn['night'].pk}/")
    for said in (
        "Anne, Bruno et Chloé jouent sans partenaire à la table 3",
        "De nouveau partenaires : Anne & Bruno (2e fois)",
        "De nouveau adversaires : Anne & Chloé (3e fois)",
        "Denis est au repos à ce tour, pour la 2e fois ce soir",
        "Émile est au repos à ce tour : la première fois ce soir, après 2 fois plus tôt dans la saison",
        "Paire séparée : Anne & Bruno (Bruno ne joue pas)",
        "Paire séparée : Chloé & Denis (aucune table pour cette paire)",
        "Nouvelle paire : Anne & Denis",
    ):
        assert said in french, said


def test_a_substitute_s_words_are_in_french_and_their_sitting_out_is_forgotten(drawn):
    sitting, sits_out = drawn["sitting"], drawn["bye"].player
    game = Game.objects.get(table__sitting=sitting, table__number=1)
    entries = [Entry(adjustments=[Adjustment("x", 100)]), Entry(adjustments=[])]
    services.round_record(game=game, number=1, entries=entries)
    seat = Seat.objects.filter(team__game=game).order_by("team__position", "position").first()
    left = seat.player
    night_services.seat_substitute(seat=seat, player=sits_out)
    sitting.refresh_from_db()
    assert sitting.flags == []  # they play now: the note that they sit out is gone
    french = page("fr", drawn["organiser"], f"/games/{game.pk}/")
    assert f"({sits_out.name} à partir de la manche 2, pour {left.name})" in french
    assert "from round" not in french
    assert f"({sits_out.name} from round 2, for {left.name})" in page("en", drawn["organiser"], f"/games/{game.pk}/")


def test_de_is_elided_before_a_name_that_starts_with_a_vowel(imported):
    """ "chaque lien d’Anne", "à la place d’Anne"; "de Bruno" and "de Hugo" (an h taken as said)."""
    atouts = imported["club"]
    bruno, anne = (Player.objects.get(club=atouts, name=name) for name in ("Bruno", "Anne"))
    hugo = Player.objects.create(club=atouts, name="Hugo")
    for other, said in ((anne, "chaque lien d’Anne passe à Bruno"), (hugo, "chaque lien de Hugo passe à Bruno")):
        url = f"/clubs/atouts/players/{bruno.pk}/merge/?other={other.pk}"
        assert said in page("fr", imported["organiser"], url)
    merged = page("fr", imported["organiser"], f"/clubs/atouts/players/{anne.pk}/merge/?other={bruno.pk}")
    assert "chaque lien de Bruno passe à Anne" in merged
    english = page("en", imported["organiser"], f"/clubs/atouts/players/{bruno.pk}/merge/?other={anne.pk}")
    assert "every game and link of Anne moves to Bruno" in english


def test_a_seat_taken_twice_is_refused_eliding_de_before_the_name(drawn):
    sitting = drawn["sitting"]
    game = Game.objects.get(table__sitting=sitting, table__number=1)
    services.round_record(game=game, number=1, entries=[Entry(adjustments=[Adjustment("x", 100)]), Entry()])
    seat = Seat.objects.filter(team__game=game).order_by("team__position", "position").first()
    Player.objects.filter(pk=seat.player_id).update(name="Anne")
    night_services.seat_substitute(seat=seat, player=drawn["bye"].player)
    services.round_record(game=game, number=2, entries=[Entry(adjustments=[Adjustment("x", 100)]), Entry()])
    seat.refresh_from_db()
    other = Player.objects.create(club=drawn["night"].club, name="Zoé")
    with translation.override("fr"), pytest.raises(LeagueError) as refused:
        night_services.seat_substitute(seat=seat, player=other)
    assert "a joué des manches à la place d’Anne" in str(refused.value)


def test_a_pair_kept_apart_at_one_table_is_refused_in_french():
    atouts = club("atouts", "Les Atouts")
    organiser = member(atouts, "olga", Role.ORGANISER)
    the_night = night(atouts, players=4)
    first, second = atouts.players.order_by("name")[:2]
    KeptApart.objects.create(club=atouts, first=first, second=second)
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(organiser)
    said = text(
        visitor.post(f"/clubs/atouts/nights/{the_night.pk}/draw/", {"number": "1"}, follow=True).content.decode()
    )
    assert (
        f"{first.name} & {second.name} doivent rester séparés, mais les 4 joueurs placés à ce tour remplissent "
        "1 table : aucun placement ne les sépare."
    ) in said


def test_an_import_s_summary_is_said_in_french_counting_one_in_the_singular():
    """The results import's and the roster import's summaries, after the confirm, in French."""
    atouts = club("atouts", "Les Atouts")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(member(atouts, "olga", Role.ORGANISER))
    autumn = season(atouts, name="Automne 2026")
    Player.objects.create(club=atouts, name="Anne")
    file = SimpleUploadedFile("r.xlsx", results_workbook(RESULTS[:2]), content_type="application/octet-stream")
    preview = visitor.post("/clubs/atouts/import/results/", {"season": autumn.pk, "file": file})
    upload = preview.context["confirm"].initial["upload"]
    done = visitor.post("/clubs/atouts/import/results/", {"upload": upload, "season": autumn.pk}, follow=True)
    said = text(done.content.decode())
    assert "Importé : 1 partie sur 1 soirée, 3 nouveaux joueurs : Bruno, Chloé, Denis." in said.replace("\xa0", " ")
    roster = openpyxl.Workbook()
    roster.active.title = "Roster"
    for row in (["Name", "Email"], ["Anne", "anne@example.com"], ["Émile", ""], ["Bruno", ""]):
        roster.active.append(row)
    out = BytesIO()
    roster.save(out)
    file = SimpleUploadedFile("roster.xlsx", out.getvalue(), content_type="application/octet-stream")
    preview = visitor.post("/clubs/atouts/import/roster/", {"file": file})
    done = visitor.post("/clubs/atouts/import/roster/", {"upload": preview.context["confirm"].initial["upload"]})
    said = text(visitor.get(done["Location"]).content.decode())
    assert "1 nouveau joueur, 1 modifié, 1 inchangé." in said


def test_a_workbook_s_problems_are_told_in_french():
    atouts = club("atouts", "Les Atouts")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(member(atouts, "olga", Role.ORGANISER))
    autumn = season(atouts, name="Automne 2026")

    def problems(rows) -> str:
        book = openpyxl.Workbook()
        book.active.title = "Results"
        for row in rows:
            book.active.append(row)
        out = BytesIO()
        book.save(out)
        file = SimpleUploadedFile("r.xlsx", out.getvalue(), content_type="application/octet-stream")
        response = visitor.post("/clubs/atouts/import/results/", {"season": autumn.pk, "file": file})
        assert response.status_code == 400
        page = response.content.decode()
        return text(page[page.index('class="problem-table"') :])

    assert "La colonne Score manque." in problems([HEADER[:5], [date(2026, 10, 6), 1, 1, "Anne", "Anne"]])
    said = problems([HEADER, ["hier", 1, 1, "", "", 10, ""], [date(2026, 10, 6), 1, 1, "Anne", "", 10, ""]])
    assert "« hier » n’est pas une date : donnez une cellule de date ou un texte AAAA-MM-JJ." in said
    assert "Indiquez le nom de l’équipe." in said
    assert "La table 1, partie 1 du 2026-10-06, a 1 équipe : une partie a 2 à 4 équipes." in said
    assert not re.search(r"\b(is|the|not|Give|has|team|game)\b", said), said


def test_a_table_the_rules_do_not_have_is_refused_in_french():
    atouts = club("atouts", "Les Atouts")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(member(atouts, "olga", Role.ORGANISER))
    form = {"date": "2026-11-24", "season": season(atouts).pk, "mode": "rotating", "sittings_planned": "2"}
    refused = visitor.post("/clubs/atouts/nights/new/", {**form, "table_shapes": "2x2,2x3"})
    assert refused.status_code == 400
    assert "2x3 n’est pas une table de cette variante (elle a 2x2, 3x2" in text(refused.content.decode())


def test_the_house_rules_editor_speaks_french_and_refuses_in_french():
    """Its boxes' labels and choices, and a problem it puts right in plain words, in French."""
    atouts = club("atouts", "Les Atouts")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.force_login(member(atouts, "olga", Role.ORGANISER))
    house = services.house_rules_copy(club=atouts, source=Variant.objects.get(slug="hand-and-foot"), name="Maison")
    url = f"/clubs/atouts/rules/{house.slug}/edit/"
    page = visitor.get(url).content.decode()
    said = text(page)
    for label in ("Cartes d’une canasta", "Trois rouge posé, chacun", "La partie finit", "Naturelles (sans frime)"):
        assert label in said, label
    data = {**as_the_browser_sends(page), "tables-TOTAL_FORMS": "1", "tables-0-any_books": "3"}
    refused = text(visitor.post(url, data).content.decode())
    assert "Dites quelles tables : les nombres de joueurs, ou avec ou sans partenaires." in refused
    data = {**data, "tables-0-players": "9", "tables-0-any_books": "-1", "tables-0-partners": "no"}
    refused = text(visitor.post(url, data).content.decode())
    assert "doit être entre 2 et 8" in refused and "doit être un nombre entier de 0 ou plus, pas -1" in refused


def test_a_sitting_drawn_before_keeps_its_english_flags_readable_in_french(drawn):
    """Flags kept as English words (sittings drawn before flags were kept as their kind) become
    stored flags by league migration 0020 and are said in French; words of no known flag stay as
    they are, and a bye read from words is still found by the player's name."""
    import importlib

    from django.apps import apps

    from league.nights.seating.flags import is_bye_of

    Sitting.objects.filter(pk=drawn["sitting"].pk).update(
        flags=[
            "Denis sits out this sitting, for the 2nd time tonight",
            "Émile sits out this sitting: not yet tonight, 3 before this season",
            "Anne sits out this sitting: not yet tonight",
            "repeat partners: Anne & Bruno (2nd time)",
            "repeat opponents: Anne & Chloé (4th time)",
            "Anne, Bruno and Chloé play on their own at table 3 (the night allows tables without partners)",
            "partnership apart: Anne & Bruno (Bruno not playing)",
            "new partnership: Anne & Denis",
            "a note of another kind",
        ]
    )
    importlib.import_module("league.migrations.0020_flags_kept_as_kinds").flags_as_kinds(apps, None)
    stored = Sitting.objects.get(pk=drawn["sitting"].pk).flags
    assert [flag["kind"] for flag in stored[:-1]] == [
        "bye",
        "bye",
        "bye",
        "partners",
        "opponents",
        "alone",
        "apart",
        "new",
    ]
    assert stored[-1] == "a note of another kind"
    assert is_bye_of(stored[0], 999, "Denis") and not is_bye_of(stored[0], 999, "Anne")
    french = page("fr", drawn["organiser"], f"/clubs/atouts/nights/{drawn['night'].pk}/")
    for said in (
        "Denis est au repos à ce tour, pour la 2e fois ce soir",
        "Émile est au repos à ce tour : la première fois ce soir, après 3 fois plus tôt dans la saison",
        "Anne est au repos à ce tour : la première fois ce soir",
        "De nouveau partenaires : Anne & Bruno (2e fois)",
        "De nouveau adversaires : Anne & Chloé (4e fois)",
        "Anne, Bruno et Chloé jouent sans partenaire à la table 3",
        "Paire séparée : Anne & Bruno (Bruno ne joue pas)",
        "Nouvelle paire : Anne & Denis",
        "A note of another kind",
    ):
        assert said in french, said
