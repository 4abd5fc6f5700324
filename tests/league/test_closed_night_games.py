"""A club's games are deleted, restored and given new addresses by the club's organisers only,
whichever the address (the club's /games/<id>/, the play link /g/<token>/, the table link): a
night's results count in the standings, and a play token may have been handed to someone who has
since left the club. A night's table game shows no play token: its table's link is its address."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from league.models import Membership, Role
from league.nights import services as night_services
from scoresheet.models import Game
from tests.league.factories import close_night, club, member, night
from tests.scoresheet.test_access import start_data
from tests.scoresheet.test_views_game import FOUR_ROUNDS

pytestmark = pytest.mark.django_db

ORGANISERS_ONLY = [("get", "delete/"), ("post", "delete/"), ("post", "restore/"), ("post", "renew/")]


def text(response) -> str:
    return html.unescape(response.content.decode())


def signed_in(the_club, name: str, role: str) -> Client:
    visitor = Client()
    visitor.force_login(member(the_club, name, role))
    return visitor


def addresses(game: Game) -> tuple:
    game = Game.objects.get(pk=game.pk)
    return game.deleted_at, game.token, game.share_token


@pytest.fixture
def table_game(presets):
    """Table 1's game of an open night of the Tuesday Club, with round 1 entered."""
    the_night = night(club("tuesday", "Tuesday Club"), players=8)
    table = night_services.sitting_draw(night=the_night).tables.get(number=1)
    assert Client().post(f"/t/{table.token}/rounds/1/", FOUR_ROUNDS[0]).status_code == 302
    return Game.objects.get(pk=table.game.pk)


def refused_everywhere(visitor: Client, game: Game, prefixes: list[str]) -> None:
    before = addresses(game)
    for prefix in prefixes:
        for method, rest in ORGANISERS_ONLY:
            assert getattr(visitor, method)(f"{prefix}{rest}").status_code == 404, (prefix, method, rest)
    assert addresses(game) == before


@pytest.mark.parametrize("closed", [False, True], ids=["open night", "closed night"])
def test_only_an_organiser_deletes_restores_or_renews_a_nights_game_at_any_address(table_game, closed):
    the_night = table_game.table.sitting.night
    if closed:
        close_night(the_night)
    tuesday = the_night.club
    scorekeeper = signed_in(tuesday, "sam", Role.SCOREKEEPER)
    play, club_door, table = f"/g/{table_game.token}/", f"/games/{table_game.pk}/", f"/t/{table_game.table.token}/"
    # A scorekeeper, at the club's address or the play link; anyone else holding the play link.
    refused_everywhere(scorekeeper, table_game, [club_door, play, table])
    refused_everywhere(Client(), table_game, [play, table])
    assert "Delete the game" not in text(scorekeeper.get(club_door))
    # The club's organiser may, at the club's address and at the play link alike.
    organiser = signed_in(tuesday, "olga", Role.ORGANISER)
    assert "Delete the game" in text(organiser.get(club_door))
    assert organiser.post(f"{play}delete/").status_code == 302
    assert Game.objects.get(pk=table_game.pk).deleted_at is not None
    # Deleted, it is not there for the scorekeeper at all, nor for whoever holds the play link.
    assert "was deleted" not in text(scorekeeper.get(club_door)) + text(Client().get(play))
    assert scorekeeper.post(f"{club_door}restore/").status_code == 404
    assert Client().post(f"{play}restore/").status_code == 404
    assert Game.objects.get(pk=table_game.pk).deleted_at is not None
    assert organiser.post(f"{club_door}restore/").status_code == 302
    assert Game.objects.get(pk=table_game.pk).deleted_at is None
    assert organiser.post(f"{club_door}renew/").status_code == 302
    assert Game.objects.get(pk=table_game.pk).token != table_game.token


def test_a_member_who_left_keeps_no_power_over_the_game_whose_play_link_they_kept(table_game):
    """An organiser copies the play link, then leaves the club: the link deletes nothing."""
    tuesday = table_game.table.sitting.night.club
    former = signed_in(tuesday, "fred", Role.ORGANISER)
    Membership.objects.filter(user__username="fred").delete()
    close_night(table_game.table.sitting.night)
    refused_everywhere(former, table_game, [f"/g/{table_game.token}/"])


def test_a_nights_table_game_shows_no_play_token_on_its_page(table_game):
    tuesday = table_game.table.sitting.night.club
    for role in (Role.SCOREKEEPER, Role.ORGANISER):
        page = text(signed_in(tuesday, f"m-{role}", role).get(f"/games/{table_game.pk}/"))
        assert "Round 1" in page or "4,345" in page
        assert table_game.token not in page and table_game.share_token not in page, role
        assert "Hand this game to another phone" not in page


def test_a_club_game_started_by_a_scorekeeper_is_deleted_by_an_organiser_only(presets):
    """A game started inside the club (no night) counts as the club's too: the scorekeeper who
    started it plays it at its play link, but deleting it is the organiser's."""
    tuesday = club()
    scorekeeper = signed_in(tuesday, "sam", Role.SCOREKEEPER)
    assert scorekeeper.post("/clubs/tuesday/games/new/", start_data()).status_code == 302
    game = Game.objects.get()
    page = text(scorekeeper.get(f"/g/{game.token}/"))
    assert "Hand this game to another phone" in page and "Delete the game" not in page
    refused_everywhere(scorekeeper, game, [f"/g/{game.token}/", f"/games/{game.pk}/"])
    organiser = signed_in(tuesday, "olga", Role.ORGANISER)
    assert organiser.post(f"/games/{game.pk}/delete/").status_code == 302
    # "Recently deleted" lists only what its visitor may restore.
    assert "Recently deleted" not in text(scorekeeper.get("/"))
    assert str(game) not in text(scorekeeper.get("/games/deleted/"))
    assert "Recently deleted (1)" in text(organiser.get("/"))
    assert str(game) in text(organiser.get("/games/deleted/"))


def test_a_casual_game_is_still_deleted_by_whoever_holds_its_play_link(client, presets):
    assert client.post("/games/new/", start_data()).status_code == 302
    game = Game.objects.get()
    assert client.post(f"/g/{game.token}/delete/").status_code == 302
    assert "Recently deleted (1)" in text(client.get("/"))
    assert client.post(f"/g/{game.token}/restore/").status_code == 302
    assert client.post(f"/g/{game.token}/renew/").status_code == 302
