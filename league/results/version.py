"""The club's results version (``Club.results_version``): what its kept standings and ratings are
kept under (``league.kept``), moved on by every write that changes what they are worked out from.

The standings and ratings of a club are worked out from many rows (a big club's ratings from every
game of ten years) and kept in Django's cache. A page must never show what the database no longer
says, and must not read the club's history to find out whether it changed: so every service that
changes a result calls ``results_changed`` in its own transaction, and a page reads the version
(``results_version``: one row by its key, the same whatever the club's history). What moves it on:

- a game's result (``scoresheet.games.services``, through ``scoresheet.addresses.clubs.game_changed``): a round
  entered, corrected, taken back or put back, a game finished, reopened, deleted or restored;
- a night (``league.nights.services``): drawn or cancelled (its byes), deleted, restored or closed,
  a table agreed, confirmed or left out, seats swapped, a substitute;
- the roster (``league.clubs.services``): a player renamed, deleted, restored or merged, and a
  season's rules (how its games count);
- an import of results or of a roster (``league.exchange.imports``, through the services above).

The version is a counter moved on in the database (``F() + 1``): two writes at once never lose
one. Read before the data it is kept with, it can only be older than what was read, never newer,
so a value is never kept under a version its rows had not reached (the worst is one more miss).
It is read from the database each time, not from a ``Club`` the caller holds: a club read before
a write (by a command, a background job) would find what was kept before it.
"""

from __future__ import annotations

from django.db.models import F

from league.models import Club


def results_changed(club_id: int | None) -> None:
    """Move the club's results version on (nothing for a game of no club): call it inside the
    write's transaction, last, so that the club's row is locked only until the write commits."""
    if club_id is not None:
        Club.objects.filter(pk=club_id).update(results_version=F("results_version") + 1)


def results_version(club_id: int) -> int:
    """The club's results version as it stands (one query, by the club's key)."""
    return Club.objects.filter(pk=club_id).values_list("results_version", flat=True).first() or 0
