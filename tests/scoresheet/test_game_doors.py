"""The one access layer of a game (scoresheet.addresses.access) through its four doors, where the other
tests do not already cover a decision: a closed night's game at its play address, the pages a
share or table link does not offer (though mounted under every door), a deleted game's
address offering only its "deleted" page and "Restore", the reason asked up front for a late
correction; and the score sheet importing nothing of the league (the lower app)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from django.test import Client

from league.models import Role
from league.nights import services as night_services
from scoresheet.models import Game, Round
from tests.league.factories import close_night, club, member, night
from tests.scoresheet.test_access import every_action, snapshot, start_data
from tests.scoresheet.test_views_game import FOUR_ROUNDS, play, start_game

pytestmark = pytest.mark.django_db

SCORESHEET = Path(__file__).resolve().parents[2] / "scoresheet"


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def closed_game(presets):
    """Table 1's game of a closed night of the Tuesday Club, with round 1 entered."""
    the_night = night(club("tuesday", "Tuesday Club"), players=8)
    table = night_services.sitting_draw(night=the_night).tables.get(number=1)
    assert Client().post(f"/t/{table.token}/rounds/1/", FOUR_ROUNDS[0]).status_code == 302
    close_night(the_night)
    return Game.objects.get(pk=table.game.pk)


def test_a_closed_nights_game_at_its_play_address_is_read_but_not_changed(closed_game):
    holder = Client()  # whoever holds the play link: no account, so no organiser
    before = snapshot(closed_game)
    page = holder.get(f"/g/{closed_game.token}/")
    assert page.status_code == 200 and "4,345" in text(page)
    assert "Undo the last change" not in text(page)
    assert holder.get(f"/g/{closed_game.token}/sheet.pdf").status_code == 200
    for method, url in [
        ("get", "rounds/1/"),
        ("post", "rounds/2/"),
        ("post", "rounds/1/preview/"),
        ("post", "finish/"),
        ("post", "reopen/"),
        ("post", "undo/"),
        ("post", "redo/"),
        ("post", "delete/"),
    ]:
        assert getattr(holder, method)(f"/g/{closed_game.token}/{url}", FOUR_ROUNDS[1]).status_code == 404, url
    assert snapshot(closed_game) == before
    # The club's organiser holding the same link may change it, with a reason (asked up front).
    holder.force_login(member(closed_game.table.sitting.night.club, "olga", Role.ORGANISER))
    form = holder.get(f"/g/{closed_game.token}/rounds/1/")
    assert form.status_code == 200 and "Why is round 1 corrected?" in text(form)


def test_a_round_form_asks_for_a_reason_only_for_a_late_correction(client, presets):
    game = start_game(client, team_1="Us", team_2="Them")
    play(client, game, FOUR_ROUNDS[:1])
    assert "Why is round 1 corrected?" not in text(client.get(f"/g/{game.token}/rounds/1/"))
    assert "Why is round" not in text(client.get(f"/g/{game.token}/rounds/2/"))  # a new round: never
    client.post(f"/g/{game.token}/finish/")
    assert "Why is round 1 corrected?" in text(client.get(f"/g/{game.token}/rounds/1/"))


def test_a_share_link_offers_the_sheet_and_nothing_else(client, presets):
    game = start_game(client, team_1="Ann", team_2="Bob")
    play(client, game, FOUR_ROUNDS[:2])
    before = snapshot(game)
    reader = Client()
    actions = every_action(game, f"/s/{game.share_token}/")
    assert actions[0] == ("get", f"/s/{game.share_token}/", {})
    assert reader.get(f"/s/{game.share_token}/").status_code == 200
    for method, url, data in actions[1:]:
        assert getattr(reader, method)(url, data).status_code == 404, (method, url)
    assert snapshot(game) == before and Game.objects.get(pk=game.pk).token == game.token


def test_a_table_link_offers_no_delete_restore_or_new_addresses(client, presets):
    the_night = night(club("tuesday", "Tuesday Club"), players=8)
    table = night_services.sitting_draw(night=the_night).tables.get(number=1)
    game = table.game
    tokens = (game.token, game.share_token)
    for method, rest in [("get", "delete/"), ("post", "delete/"), ("post", "restore/"), ("post", "renew/")]:
        assert getattr(client, method)(f"/t/{table.token}/{rest}").status_code == 404, rest
    game = Game.objects.get(pk=game.pk)
    assert game.deleted_at is None and (game.token, game.share_token) == tokens


def test_a_deleted_game_offers_only_its_deleted_page_and_restore(client, presets):
    tuesday = club()
    organiser = Client()
    organiser.force_login(member(tuesday, "ann", Role.ORGANISER))
    organiser.post("/clubs/tuesday/games/new/", start_data())
    game = Game.objects.get()
    play(organiser, game, FOUR_ROUNDS[:1])
    assert organiser.post(f"/games/{game.pk}/delete/").status_code == 302
    game = Game.objects.get(pk=game.pk)
    before = snapshot(game)
    for prefix in (f"/g/{game.token}/", f"/games/{game.pk}/"):
        page = organiser.get(prefix)
        assert page.status_code == 404 and "was deleted" in text(page), prefix
        assert f'action="{prefix}restore/"' in text(page)
        for method, url, data in every_action(game, prefix)[1:]:
            if not url.endswith("/restore/"):
                assert getattr(organiser, method)(url, data).status_code == 404, (method, url)
        assert snapshot(game) == before and Game.objects.get(pk=game.pk).token == game.token
    # A viewer of the club may not restore it: the deleted game is not there for them at all.
    viewer = Client()
    viewer.force_login(member(tuesday, "val", Role.VIEWER))
    assert "was deleted" not in text(viewer.get(f"/games/{game.pk}/"))
    assert viewer.post(f"/games/{game.pk}/restore/").status_code == 404
    assert organiser.post(f"/games/{game.pk}/restore/").status_code == 302
    assert Game.objects.get(pk=game.pk).deleted_at is None and Round.objects.filter(game=game).count() == 1


def test_a_closed_nights_game_is_deleted_by_an_organiser_only(closed_game):
    """Deleting takes the game out of the night's results: once the night is closed, the club's
    scorekeepers may no longer, its organisers still may (and restore it)."""
    club_ = closed_game.table.sitting.night.club
    scorekeeper, organiser = Client(), Client()
    scorekeeper.force_login(member(club_, "sam", Role.SCOREKEEPER))
    organiser.force_login(member(club_, "olga", Role.ORGANISER))
    assert scorekeeper.get(f"/games/{closed_game.pk}/delete/").status_code == 404
    assert scorekeeper.post(f"/games/{closed_game.pk}/delete/").status_code == 404
    assert Game.objects.get(pk=closed_game.pk).deleted_at is None
    assert organiser.get(f"/games/{closed_game.pk}/delete/").status_code == 200
    assert organiser.post(f"/games/{closed_game.pk}/delete/").status_code == 302
    assert Game.objects.get(pk=closed_game.pk).deleted_at is not None
    assert scorekeeper.post(f"/games/{closed_game.pk}/restore/").status_code == 404
    assert organiser.post(f"/games/{closed_game.pk}/restore/").status_code == 302
    assert Game.objects.get(pk=closed_game.pk).deleted_at is None
