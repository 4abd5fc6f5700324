"""The fingerprint a season's standings are kept in the cache under (``league.kept``): one query
(the club's results version, by its key), the same for a season of 20 games or 2,000.

What a season's standings are worked out from, as ``league.standings.selectors`` reads it, and what
says when it changes:

- its games, who is credited with them, its nights' byes, whether each night is live or closed,
  the agreements at its tables and the club's players' names: the club's results version
  (``league.results.version``), moved on by every write that changes any of them;
- the season's settings as the caller read them (ranking rule, minimum and best nights, blowout
  margin, games finished early), the ratings' own fingerprint if they are shown
  (``league.ratings.selectors.ratings_fingerprint``), and the code that works them out.

A night's date and season, and its sittings' and tables' numbers, never change once made.
"""

from __future__ import annotations

from pathlib import Path

from league import rankings
from league.kept import code_version, fingerprint
from league.models import Season
from league.results import credited, metrics, querysets, substitutes
from league.results.version import results_version
from scoresheet.games import early

_CODE = code_version(
    [
        __file__,
        Path(__file__).with_name("selectors.py"),  # which imports this module
        metrics.__file__,
        rankings.__file__,
        querysets.__file__,
        credited.__file__,
        substitutes.__file__,
        early.__file__,
    ]
)


def season_fingerprint(*, season: Season, by: str, min_nights: int, ratings: str | None = None) -> str:
    """What ``season``'s standings ranked ``by`` (with ``min_nights``, and the club's ratings if
    they show them: ``ratings`` is then the ratings' own fingerprint, which says what they are
    learned from without reading them) are worked out from, as one short text."""
    settings = {
        "season": season.pk,
        "results": results_version(season.club_id),
        "by": by,
        "min_nights": min_nights,
        "best_nights": season.best_nights,
        "blowout": season.blowout_margin,
        "early_games": season.early_games,
        "ratings": ratings or "-",
    }
    return fingerprint(_CODE, settings)
