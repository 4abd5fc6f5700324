"""The league's doors into a game (scoresheet.addresses.doors) and its answers to what the score sheet
asks about clubs (scoresheet.addresses.clubs), registered at start (league/apps.py):

- "games": /games/<id>/… — a club's game for the club's members, each as their role allows
  (a casual game is never reached by its id: 404, as for a game that does not exist);
- "tables": /t/<token>/… — a night table's game for the players at the table
  (league.nights.table_links).
"""

from __future__ import annotations

from league import time_zones
from league.access import club_member
from league.models import Membership, Role
from league.nights import selectors as night_selectors
from league.nights import table_links as table_link_views
from league.results.version import results_changed
from scoresheet.addresses import clubs, doors
from scoresheet.models import Game

# What each role may do with its club's games, each including the one below it. Deleting, restoring
# and new addresses are the organiser's at every door (scoresheet/addresses/access.py, doors.ORGANISERS_ONLY).
_VIEWER = frozenset({doors.READ, doors.PRINT})
_SCOREKEEPER = _VIEWER | {doors.ENTER, doors.FINISH, doors.REOPEN, doors.UNDO}
OFFERS = {Role.VIEWER: _VIEWER, Role.SCOREKEEPER: _SCOREKEEPER, Role.ORGANISER: _SCOREKEEPER | doors.ORGANISERS_ONLY}


def open_club_game(request, game_id) -> doors.Opened | None:
    """A club's game by its id, for a member of its club (else Http404, from club_member)."""
    game = (
        Game.objects.select_related("club", "table__sitting__night__club")
        .filter(pk=game_id, club__isnull=False)
        .first()
    )
    if game is None:
        return None
    membership = club_member(request, game.club.slug, Role.VIEWER)
    return doors.Opened(game=game, offers=OFFERS[membership.role])


def organises(request, game) -> bool:
    """Is the signed-in visitor an organiser of the club of the night the game was played at
    (else of the game's club)?"""
    if not request.user.is_authenticated:
        return False
    club_id = game.table.sitting.night.club_id if game.table is not None else game.club_id
    return Membership.objects.filter(club_id=club_id, user=request.user, role=Role.ORGANISER).exists()


def club_ids(user, role: str):
    """The clubs where ``user``'s role includes ``role`` (a query of their ids)."""
    roles = [r for r in Role.values if Role.rank(r) >= Role.rank(role)]
    return Membership.objects.filter(user=user, role__in=roles).values("club_id")


def page_extras(game) -> dict:
    return {"table_header": night_selectors.table_header(game=game)}


def time_zone(game) -> str | None:
    """The zone of the club of the night the game was played at (else of the game's club; None for
    a casual game)."""
    club = game.table.sitting.night.club if game.table_id is not None else game.club
    return time_zones.usable(club.time_zone) if club is not None else None


def game_changed(game) -> None:
    """A club game's result changed: its club's kept standings and ratings are worked out again."""
    results_changed(game.club_id)


def register() -> None:
    doors.register(
        doors.Door(
            name="games",
            route="games/<int:key>/",
            visitor=doors.MEMBER,
            offers=OFFERS[Role.ORGANISER],
            open=open_club_game,
        )
    )
    doors.register(
        doors.Door(
            name="tables",
            route="t/<str:key>/",
            visitor=doors.TABLE_LINK,
            offers=table_link_views.OFFERS,
            open=table_link_views.open_table,
            hold=table_link_views.hold,
            closed_page=table_link_views.closed_page,
            pages=table_link_views.pages,
        )
    )
    clubs.register(
        clubs.Clubs(
            organises=organises,
            club_ids=club_ids,
            page_extras=page_extras,
            time_zone=time_zone,
            game_changed=game_changed,
        )
    )
