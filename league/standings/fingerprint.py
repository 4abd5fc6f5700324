"""The fingerprint a season's standings are kept in the cache under (``league.kept``): three small
aggregate queries, a few milliseconds for a season of 500 games.

What a season's standings are worked out from, as ``league.standings.selectors`` reads it, and what
changes when it does (every change goes through the services, which save row by row):

- its games (``league.kept.games_summary``): which count, their totals and who is credited with
  them, the nights still live (a night's byes count while it is: a sitting's byes are drawn with
  its games, and change only with a swap or a substitute, which change the games too) and the
  nights closed (a closed night's games are settled);
- the agreements at the tables of its open nights (a game not yet agreed is marked; on a closed
  night none is);
- the club's players' names and who is who (``league.kept.players_summary``: a rename, a merge);
- the season's settings as the caller read them (ranking rule, minimum and best nights, blowout
  margin, games finished early), the ratings' own fingerprint if they are shown
  (``league.ratings.selectors.ratings_fingerprint``), and the code that works them out.

A night's date and season, and its sittings' and tables' numbers, never change once made.
"""

from __future__ import annotations

from pathlib import Path

from django.db.models import Count, Max

from league.kept import NIGHT, code_version, fingerprint, games_summary, players_summary
from league.models import Agreement, Season, Table
from league.nights import selectors as night_selectors
from league.nights import substitutes
from league.standings import metrics, rankings
from scoresheet import early
from scoresheet.models import Game

_CODE = code_version(
    [
        __file__,
        Path(__file__).with_name("selectors.py"),  # which imports this module
        metrics.__file__,
        rankings.__file__,
        night_selectors.__file__,
        substitutes.__file__,
        early.__file__,
    ]
)


def season_fingerprint(*, season: Season, by: str, min_nights: int, ratings: str | None = None) -> str:
    """What ``season``'s standings ranked ``by`` (with ``min_nights``, and the club's ratings if
    they show them: ``ratings`` is then the ratings' own fingerprint, which says what they are
    learned from without reading them) are worked out from, as one short text."""
    # From the season's tables down (the games' table index): not a scan of every game of every season.
    games = games_summary(Game.objects.filter(table__in=Table.objects.filter(sitting__night__season=season)))
    open_nights = {f"team__game__{NIGHT}season": season, f"team__game__{NIGHT}closed_at__isnull": True}
    agreements = Agreement.objects.filter(**open_nights).aggregate(agreements=Count("id"), agreed=Max("at"))
    settings = {
        "by": by,
        "min_nights": min_nights,
        "best_nights": season.best_nights,
        "blowout": season.blowout_margin,
        "early_games": season.early_games,
        "ratings": ratings or "-",
    }
    return fingerprint(_CODE, games | agreements | players_summary(season.club_id) | settings)
