"""What counts in the league, said once: which games count and which are agreed.

- A game **counts** (standings, a player's page, the results workbook) when it is finished and
  not deleted, and the night it was played at, if any, is not deleted either: deleting a night
  takes every one of its games out until it is restored.
- A game is **agreed** when a player of another team agreed to the result at the table after the
  game was last finished: a game reopened and finished again is unconfirmed until agreed again.

Each rule is a filter from a Game, or along a path to one (``counted("game__")`` from a Team),
and ``is_agreed`` decides the same for a table and its game already read. Nights and players
are live or deleted as ``scoresheet.querysets`` says (``Night.objects.live()``).
"""

from __future__ import annotations

from django.db.models import BooleanField, Case, F, Q, QuerySet, Value, When

from scoresheet.models import Game
from scoresheet.querysets import not_deleted


def counted(path: str = "") -> Q:
    """The games that count, from a Game or along ``path`` to one ("game__" from a Team)."""
    finished = Q(**{f"{path}status": Game.Status.FINISHED})
    return finished & not_deleted(path) & not_deleted(f"{path}table__sitting__night__")


def counted_games() -> QuerySet[Game]:
    return Game.objects.filter(counted())


def agreed(path: str = "") -> Q:
    """The games agreed at their table since they were last finished (from a Game, or along ``path``)."""
    return Q(**{f"{path}status": Game.Status.FINISHED, f"{path}table__agreed_at__gte": F(f"{path}finished_at")})


def agreed_value(path: str = "") -> Case:
    """``agreed`` as a True or False column of each row (``.annotate(confirmed=agreed_value("game__"))``)."""
    return Case(When(agreed(path), then=Value(True)), default=Value(False), output_field=BooleanField())


def is_agreed(table, game: Game) -> bool:
    """``agreed`` for a night's table and its game already read."""
    return bool(game.is_finished and table.agreed_at and table.agreed_at >= game.finished_at)
