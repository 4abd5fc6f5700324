"""A substitute on the night's pages (issue 34, item 2): shown playing from the round they took over,
never under "Sitting out"; the player who left shown as leaving."""

from __future__ import annotations

import pytest

from league.models import Role
from league.nights import services as night_services
from scoresheet.models import Game
from tests.league.factories import club, member, night, player
from tests.league.test_substitutes import play, seats

pytestmark = pytest.mark.django_db


def sitting_out(html: str) -> str:
    """The text of the page's "Sitting out" part (the night page's line or the sitting page's list); "" if none."""
    start = html.find("Sitting out")
    return (
        "" if start == -1 else html[start : html.find("</p>" if "<p" in html[start - 40 : start] else "</ul>", start)]
    )


def test_a_player_sitting_out_who_takes_a_seat_plays_from_that_round(client):
    tuesday = club()
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    the_night = night(tuesday, players=0)
    for name in ("Ann", "Bob", "Cleo", "Dan", "Siobhán"):
        night_services.check_in(night=the_night, player=player(tuesday, name))
    sitting = night_services.sitting_draw(night=the_night)
    sat_out = sorted(sitting.byes.values_list("player__name", flat=True))
    assert len(sat_out) == 1
    game = Game.objects.get(table__sitting=sitting)
    play(game, [100] + [50] * (game.teams.count() - 1))
    seat = seats(game)[0]
    left = seat.player
    substitute = tuesday.players.get(name=sat_out[0])

    before = client.get(f"/clubs/tuesday/nights/{the_night.pk}/").content.decode()
    assert substitute.name in sitting_out(before)  # the page's part this test reads, found
    night_services.seat_substitute(seat=seat, player=substitute)

    night_page = client.get(f"/clubs/tuesday/nights/{the_night.pk}/").content.decode()
    sitting_page = client.get(f"/clubs/tuesday/nights/{the_night.pk}/sittings/{sitting.number}/").content.decode()
    for page in (night_page, sitting_page):
        assert substitute.name not in sitting_out(page)
        assert f"{substitute.name} sits out" not in page  # nor in the draw's notes to the organiser
        assert f"{substitute.name} (for {left.name} from round 2)" in page  # playing, in the seat of who left
    assert f"{substitute.name} sits out this sitting" in before  # the note the draw wrote, before
