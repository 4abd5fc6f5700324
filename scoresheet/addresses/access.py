"""Who may do what with a game, whichever door (scoresheet.addresses.doors) it was opened at: the one place
that decides it. A door finds the game for its key and says the most its visitor may do; here
that is narrowed by the game's state, the same for every door:

- a club's game is deleted, restored and given new addresses by the club's organisers only,
  at every door (clubs.organises);
- a deleted game shows only its "deleted" page and "Restore", to a visitor who may restore it,
  and only while it is kept (selectors.deleted_after); to anyone else it is a 404;
- a closed night's game: a link that stops with its night (a table link) shows the final sheet
  read only and answers its own "closed" page for anything else; otherwise only the club's
  organisers may change it (clubs.organises);
- a late correction (a finished game, a closed night's) says why: corrections.needs_reason,
  which services.round_record enforces;
- a club's game shows its times in the club's zone (clubs.time_zone), at every door.

Anything a visitor may not do answers 404, as for a game that does not exist.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.http import Http404, HttpResponse
from django.utils import timezone

from scoresheet.addresses import clubs, doors
from scoresheet.addresses.links import GameLinks
from scoresheet.games import corrections, selectors

# What a link that stops with its night still shows once the night is closed.
FINAL_SHEET = frozenset({doors.READ, doors.PRINT})


@dataclass(frozen=True)
class GameAccess:
    game: Any
    door: str
    visitor: str  # doors.MEMBER, doors.TABLE_LINK, doors.SHARE_LINK or doors.PLAY_LINK
    may: frozenset[str]  # what this visitor may do with the game now (doors.READ …)
    links: GameLinks  # the door's addresses, for what it offers this visitor
    table: Any = None  # a table link's night table
    closed: HttpResponse | None = None  # a table link's answer once its night is closed

    def can(self, action: str) -> bool:
        return action in self.may

    @property
    def needs_reason(self) -> bool:
        """Does correcting a round need a reason (kept in the history)?"""
        return corrections.needs_reason(self.game)


@contextmanager
def game_access(request, door: str, key) -> Iterator[GameAccess]:
    """The game at ``door`` with ``key`` and what this visitor may do with it; Http404 for no
    such game, or one the visitor may not even see. The pages run inside (a table link holds
    its night's row while a POST saves), with the times in the zone of the game's club."""
    entrance = doors.get(door)
    opened = entrance.open(request, key)
    if opened is None:
        raise Http404("No such game")
    with entrance.hold(request, opened) as opened, timezone.override(clubs.time_zone(opened.game)):
        yield _decide(request, entrance, opened, key)


def _decide(request, entrance: doors.Door, opened: doors.Opened, key) -> GameAccess:
    game = opened.game
    offers = opened.offers
    if offers & doors.ORGANISERS_ONLY and _of_a_club(game) and not clubs.organises(request, game):
        offers = offers - doors.ORGANISERS_ONLY  # not even a link to them
    may = offers
    closed = None
    if game.deleted_at is not None:
        if doors.RESTORE not in may or game.deleted_at <= selectors.deleted_after():
            raise Http404("No such game")  # kept no longer: as good as purged
        may = may & {doors.READ, doors.RESTORE}
    else:
        may = may - {doors.RESTORE}
    if corrections.night_closed(game):
        if entrance.closed_page is not None:
            # A link that stops with its night: the final sheet, read only (and no link on to
            # anything else); any other page of it says why.
            may, closed = may & FINAL_SHEET, entrance.closed_page(request, opened)
            offers = may
        elif not clubs.organises(request, game):
            may = may - doors.CHANGES
    return GameAccess(
        game=game,
        door=entrance.name,
        visitor=entrance.visitor,
        may=may,
        links=GameLinks.at(entrance.name, key, offers),
        table=opened.table,
        closed=closed,
    )


def _of_a_club(game) -> bool:
    """Is this a club's game (started inside a club, or at a club night's table)?"""
    return game.club_id is not None or game.table_id is not None


def game_view(action: str):
    """A game page under every door: the view is called as ``view(request, access, …)`` when the
    visitor may do ``action`` (its URL gives the door and its key), else 404."""

    def decorate(view):
        @wraps(view)
        def entry(request, door, key, *args, **kwargs):
            with game_access(request, door, key) as access:
                if not access.can(action):
                    if access.closed is not None:
                        return access.closed
                    raise Http404("No such game")
                return view(request, access, *args, **kwargs)

        return entry

    return decorate
