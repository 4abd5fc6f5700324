"""Every refusal of the league is told in the reader's language (issue 36 item 1): the services'
LeagueError messages were English on a French page."""

from __future__ import annotations

import html

import pytest
from django.utils import translation

from league.clubs import services as club_services
from league.clubs.services import LeagueError
from league.models import Role
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.scoring.engine import Entry
from tests.league.factories import club, member, night, player

pytestmark = pytest.mark.django_db

ENGLISH = ("the ", " is ", " not ", "Settle", "Choose", "Say why", "sitting", "already", "roster", "round")


def play_round(game) -> None:
    entries = [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True),
        Entry(books={"clean": 1}, melded_points=100),
    ]
    scoresheet_services.round_record(game=game, number=1, entries=entries, confirmed=["*"])


def refusal(call) -> str:
    with translation.override("fr"), pytest.raises(LeagueError) as refused:
        call()
    return str(refused.value)


def test_each_kind_of_refusal_of_the_night_and_the_roster_is_told_in_french():
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    the_night = night(tuesday, players=8, sittings_planned=2)
    first, second = night_services.sitting_draw(night=the_night).tables.order_by("number")
    play_round(first.game)
    ann = player(tuesday, "Ann")
    said = {
        "close": refusal(lambda: night_services.night_close(night=the_night)),
        "draw": refusal(lambda: night_services.sitting_draw(night=the_night)),
        "settle how": refusal(lambda: night_services.table_settle(table=first, action="x", reason="r", by=olga)),
        "settle why": refusal(lambda: night_services.table_settle(table=first, action="finish", reason="", by=olga)),
        "settle empty": refusal(
            lambda: night_services.table_settle(table=second, action="finish", reason="gone", by=olga)
        ),
        "confirm": refusal(lambda: night_services.table_settle(table=first, action="confirm", reason="r", by=olga)),
        "merge": refusal(lambda: club_services.player_merge(keep=ann, merge=ann)),
        "only organiser": refusal(
            lambda: club_services.member_role_change(membership=olga.memberships.get(), role=Role.VIEWER)
        ),
    }
    assert said["close"].startswith(
        "Réglez chaque table avant de clore la soirée : table 1 du tour 1, table 2 du tour 1"
    )
    assert said["draw"] == "Le tour 1 est encore en cours : terminez d’abord la partie de chaque table."
    assert said["settle why"] == "Dites pourquoi : le motif est gardé dans l’historique de la soirée."
    assert said["merge"] == "Choisissez deux joueurs différents à fusionner."
    assert said["only organiser"].startswith("olga est le seul organisateur du club")
    for kind, words in said.items():
        assert not any(english in words for english in ENGLISH), (kind, words)


def test_a_refusal_on_a_french_page_is_french(client):
    tuesday = club("tuesday", "Tuesday Club")
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    the_night = night(tuesday, players=8)
    table = night_services.sitting_draw(night=the_night).tables.order_by("number").first()
    response = client.post(
        f"/clubs/tuesday/nights/{the_night.pk}/close/tables/{table.pk}/",
        {"action": "finish", "reason": ""},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert "Dites pourquoi : le motif est gardé dans l’historique de la soirée." in html.unescape(
        response.content.decode()
    )


def test_the_table_links_words_and_a_substitutes_are_made_in_the_readers_language(client):
    """Issue 36 item 4: "Table 3 · Sitting 2" on a French table link; history lines "…par the
    table link of Table 1, sitting 2"."""
    tuesday = club("tuesday", "Tuesday Club")
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    the_night = night(tuesday, players=8)
    table = night_services.sitting_draw(night=the_night).tables.order_by("number").first()
    link = f"/t/{table.token}/"
    data = {"went_out": "none", "version": "new", "t0-book_clean": "1", "t1-book_clean": "1"}
    client.post(f"{link}rounds/1/", data, HTTP_ACCEPT_LANGUAGE="fr")
    page = html.unescape(client.get(link, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Table 1 · Tour 1" in page and "Sitting" not in page
    game_page = html.unescape(client.get(f"/games/{table.game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Manche 1 saisie par olga via le lien de la table 1, tour 1 à" in game_page
    assert "the table link" not in game_page
