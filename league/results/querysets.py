"""What counts in the league, said once: which games count and which are agreed.

- A game **counts** (standings, a player's page, the results workbook) when it is finished and
  not deleted, the night it was played at, if any, is not deleted either (deleting a night
  takes every one of its games out until it is restored), and the organiser did not leave its
  table out of the standings when closing the night.
- A game is **agreed** (settled) when it is finished and
  - every team at its table agreed with it since the game last changed (``Game.updated_at``:
    a round entered, corrected or taken back, the game finished or reopened, a substitute),
    each team for itself or an organiser on its behalf (``league.models.Agreement``), or
  - its night is closed (closing settles every table first; an imported night is closed), or
  - it was not played at a night's table.
  A game not agreed is counted, and marked "† not yet agreed" (``unconfirmed`` in the
  standings rows).

Each rule is a filter from a Game, or along a path to one (``counted("game__")`` from a Team),
and ``is_agreed`` decides the same for a table and its game already read. Nights and players
are live or deleted as ``scoresheet.querysets`` says (``Night.objects.live()``).
"""

from __future__ import annotations

from django.db.models import BooleanField, Case, Exists, OuterRef, Q, QuerySet, Value, When

from scoresheet.models import Game, Team
from scoresheet.querysets import not_deleted


def counted(path: str = "") -> Q:
    """The games that count, from a Game or along ``path`` to one ("game__" from a Team)."""
    finished = Q(**{f"{path}status": Game.Status.FINISHED})
    left_out = Q(**{f"{path}table__left_out": True})
    return finished & not_deleted(path) & not_deleted(f"{path}table__sitting__night__") & ~left_out


def counted_games() -> QuerySet[Game]:
    return Game.objects.filter(counted())


def agreed(path: str = "") -> Q:
    """The finished games every team agreed to since they last changed, those of closed nights and
    those played at no night's table (from a Game, or along ``path``)."""
    waiting = Team.objects.filter(game=OuterRef(f"{path}pk")).filter(
        Q(agreement__isnull=True) | Q(agreement__at__lt=OuterRef(f"{path}updated_at"))
    )
    settled = (
        Q(**{f"{path}table__isnull": True})
        | Q(**{f"{path}table__sitting__night__closed_at__isnull": False})
        | ~Exists(waiting)
    )
    return Q(**{f"{path}status": Game.Status.FINISHED}) & settled


def agreed_value(path: str = "") -> Case:
    """``agreed`` as a True or False column of each row (``.annotate(confirmed=agreed_value("game__"))``)."""
    return Case(When(agreed(path), then=Value(True)), default=Value(False), output_field=BooleanField())


def team_agrees(team, game: Game) -> bool:
    """Has ``team`` (read with its ``agreement``) agreed with ``game`` as it stands?"""
    agreement = getattr(team, "agreement", None)
    return agreement is not None and agreement.at >= game.updated_at


def is_agreed(table, game: Game, teams) -> bool:
    """``agreed`` for a night's table and its game and teams already read (each team with its
    ``agreement``: ``select_related("agreement")``)."""
    if not game.is_finished:
        return False
    if table is None or table.sitting.night.closed_at is not None:
        return True
    return all(team_agrees(team, game) for team in teams)


def settlement_columns(path: str = "") -> dict:
    """What ``league.results.settlement.settlement_of`` needs beside ``agreed_value``, as columns of
    each row (from a Game, or along ``path`` to one): whether every team has an agreement, and
    whether the organiser's is among them."""
    teams = Team.objects.filter(game=OuterRef(f"{path}pk"))
    return {
        "every_team": ~Exists(teams.filter(agreement__isnull=True)),
        "by_organiser": Exists(teams.filter(agreement__by__isnull=False)),
    }
