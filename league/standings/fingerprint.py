"""The fingerprint a season's standings are kept in the cache under (``league.kept``): one query.

What a season's standings are worked out from, as ``league.standings.selectors`` reads it:

- the seats of its counted games (``league.kept.seat_summary``: which games count, their totals
  through ``Game.updated_at``, who is credited with them, the season's rules), the teams'
  agreements (a game not yet agreed at the table is marked) and the nights closed (a closed
  night's games are settled);
- the byes of its live nights (a night deleted or restored, a sitting taken back);
- the club's players' names: the latest change of any of them in their history (every change to
  a player is saved with its history row, by ``league.clubs.services``);
- the season's settings as the caller read them (ranking rule, minimum and best nights, blowout
  margin, games finished early), the ratings given if any, and the code that works them out.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.db.models import Count, F, Max, OuterRef, Sum

from league.kept import code_version, fingerprint, seat_summary, summary
from league.models import Bye, Player, Season, Seat
from league.nights import selectors as night_selectors
from league.nights import substitutes
from league.querysets import counted
from league.standings import metrics, rankings
from scoresheet import early
from scoresheet.querysets import not_deleted

NIGHT = "team__game__table__sitting__night__"

_CODE = code_version(
    [
        __file__,
        metrics.__file__,
        rankings.__file__,
        Path(__file__).with_name("selectors.py"),  # which imports this module
        night_selectors.__file__,
        substitutes.__file__,
        early.__file__,
    ]
)


def season_fingerprint(*, season: Season, by: str, min_nights: int, ratings: dict[int, float] | None = None) -> str:
    """What ``season``'s standings ranked ``by`` (with ``min_nights`` and ``ratings``) are worked out
    from, as one short text (one query)."""
    seats = Seat.objects.filter(counted("team__game__"), **{f"{NIGHT}season": OuterRef("pk")})
    games = {
        **seat_summary(),
        "agreements": Count("team__agreement"),
        "agreement_ids": Sum("team__agreement__id"),
        "agreed": Max("team__agreement__at"),
        "closed": Count(f"{NIGHT}closed_at"),
        "closed_at": Max(f"{NIGHT}closed_at"),
    }
    byes = Bye.objects.filter(not_deleted("sitting__night__"), sitting__night__season=OuterRef("pk"))
    names = Player.history.filter(club=OuterRef("club_id"))
    row = (
        Season.objects.filter(pk=season.pk)
        .values(
            games=summary(seats, f"{NIGHT}season", games),
            byes=summary(
                byes,
                "sitting__night__season",
                {"byes": Count("id"), "ids": Sum("id"), "players": Sum(F("player_id") * F("id"))},
            ),
            names=summary(names, "club", {"changed": Max("history_id")}),
        )
        .get()
    )
    settings = {
        "by": by,
        "min_nights": min_nights,
        "best_nights": season.best_nights,
        "blowout": season.blowout_margin,
        "early_games": season.early_games,
        "ratings": _digest(ratings),
    }
    return fingerprint(_CODE, row | settings)


def _digest(ratings: dict[int, float] | None) -> str:
    if ratings is None:
        return "-"
    return hashlib.sha256(repr(sorted(ratings.items())).encode()).hexdigest()
