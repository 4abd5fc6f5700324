"""What the score sheet asks about clubs, answered by the app that has them: the league registers
its answers at start (league.doors), so this app never imports it. Without them (no league), a
visitor is nobody's member, lists only this device's games, and a game page has no night header.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# A club member's roles, by the names the league gives them: each includes the ones before it.
VIEWER, SCOREKEEPER, ORGANISER = "viewer", "scorekeeper", "organiser"


@dataclass(frozen=True)
class Clubs:
    # (request, game) -> is the signed-in visitor an organiser of the club the game was played in?
    organises: Callable[[Any, Any], bool] = lambda request, game: False
    # (user, role) -> the ids of the clubs where the signed-in user's role includes ``role``
    # (a list or a query of ids)
    club_ids: Callable[[Any, str], Any] = lambda user, role: []
    # (game) -> what a game page shows of the club around the game: {"table_header": …}
    page_extras: Callable[[Any], dict] = lambda game: {}
    # (game) -> the name of the time zone the game's pages show times in ("Europe/London"; None:
    # the site's, settings.TIME_ZONE)
    time_zone: Callable[[Any], str | None] = lambda game: None
    # (game) -> None: a write changed the game's result (a round, finished or not, deleted or not),
    # inside its transaction: the club keeps what it works out from results under a version it moves on
    game_changed: Callable[[Any], None] = lambda game: None


_clubs = Clubs()


def register(clubs: Clubs) -> None:
    global _clubs
    _clubs = clubs


def organises(request, game) -> bool:
    return _clubs.organises(request, game)


def club_ids(user, role: str):
    return _clubs.club_ids(user, role)


def page_extras(game) -> dict:
    return _clubs.page_extras(game)


def time_zone(game) -> str | None:
    return _clubs.time_zone(game)


def game_changed(game) -> None:
    _clubs.game_changed(game)
