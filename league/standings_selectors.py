"""Standings read from the database: a season's, a night's, and a season's partnerships.

The team totals are summed by the database (one query: every finished game's teams with the sum
of their round totals); the seats and byes are one query each; ``league.standings`` does the
rest in Python (win shares and victory points are per table, then per player). So a page of
standings reads the same few queries for a club of 20 players or 200, and a corrected round
changes them at once: nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum
from django.db.models.functions import Coalesce

from league import standings
from league.models import Bye, Club, Night, Season, Seat
from league.standings import METRICS, Metric, Row
from scoresheet.models import Game, Team

# The columns a standings table shows, in order (the JSON shape of PRODUCT.md has its own).
SHOWN = ("nights", "games", "byes", "wins", "points", "average", "vp", "vp_average", "best_game")
JSON_KEYS = ("nights", "games", "wins", "points", "average", "vp", "vp_average")


@dataclass
class Standings:
    club: Club
    season: Season
    night: Night | None
    ranked_by: str
    min_nights: int
    best_nights: int | None
    rows: list[Row]
    unranked: list[Row]
    teams: bool = False  # rows are partnerships, not players

    @property
    def metrics(self) -> list[Metric]:
        shown = [key for key in SHOWN if not (self.teams and key == "byes")]
        return [METRICS[key] for key in shown]

    @property
    def unconfirmed(self) -> int:
        return sum(row.unconfirmed for row in self.rows + self.unranked)

    def as_json(self) -> dict:
        """PRODUCT.md's ``standings --json`` shape."""
        return {
            "club": self.club.name,
            "season": self.season.name,
            "ranked_by": self.ranked_by,
            "min_nights": self.min_nights,
            "rows": [_json_row(row) for row in self.rows],
            "unranked": [_json_row(row) for row in self.unranked],
        }


def _json_row(row: Row) -> dict:
    out = {"rank": row.rank, "player": row.name}
    for key in JSON_KEYS:
        value = row.values[key]
        out[key] = float(value) if isinstance(value, Decimal) else value
    return out


def _team_results(**where) -> list[standings.TeamResult]:
    """The finished games' teams matching ``where`` (lookups from Team), with their totals and seats."""
    # A deleted game, or any game of a deleted night, counts for nothing until restored.
    where |= {
        "game__status": Game.Status.FINISHED,
        "game__deleted_at__isnull": True,
        "game__table__isnull": False,
        "game__table__sitting__night__deleted_at__isnull": True,
    }
    teams = (
        Team.objects.filter(**where)
        .annotate(final=Coalesce(Sum("entries__total"), 0))
        .order_by("game_id", "position")
        .values_list(
            "id",
            "game_id",
            "final",
            "game__table__sitting__night_id",
            "game__table__sitting__night__date",
            "game__table__agreed_at",
            "game__finished_at",
        )
    )
    seats: dict[int, list[tuple[int, str]]] = {}
    seat_rows = (
        Seat.objects.filter(**{f"team__{lookup}": value for lookup, value in where.items()})
        .order_by("team_id", "position")
        .values_list("team_id", "player_id", "player__name")
    )
    for team, pk, name in seat_rows:
        seats.setdefault(team, []).append((pk, name))
    return [
        standings.TeamResult(
            game=game,
            night=night,
            date=date,
            total=final,
            players=tuple(seats.get(team, ())),
            confirmed=bool(agreed_at and agreed_at >= finished_at),
        )
        for team, game, final, night, date, agreed_at, finished_at in teams
    ]


def season_standings(*, season: Season, by: str | None = None, min_nights: int | None = None) -> Standings:
    """The season's players, ranked by its rule (or ``by``), with its minimum nights and best N."""
    by = by or season.ranking
    min_nights = season.min_nights if min_nights is None else min_nights
    results = _team_results(game__table__sitting__night__season=season)
    byes = Bye.objects.filter(sitting__night__season=season, sitting__night__deleted_at__isnull=True).values_list(
        "player_id", "player__name"
    )
    records = standings.player_records(results, byes, season.blowout_margin).values()
    rows, unranked = standings.rank(records, by=by, min_nights=min_nights, best_nights=season.best_nights)
    return Standings(season.club, season, None, by, min_nights, season.best_nights, rows, unranked)


def night_standings(*, night: Night, by: str | None = None) -> Standings:
    """One night's players, ranked by the season's rule (or ``by``); everyone who played is ranked."""
    season = night.season
    by = by or season.ranking
    results = _team_results(game__table__sitting__night=night)
    byes = Bye.objects.filter(sitting__night=night).values_list("player_id", "player__name")
    records = standings.player_records(results, byes, season.blowout_margin).values()
    rows, unranked = standings.rank(records, by=by)
    return Standings(night.club, season, night, by, 0, None, rows, unranked)


def team_standings(*, season: Season, by: str | None = None) -> Standings:
    """The season's partnerships (the same players together), for fixed partnerships."""
    by = by or season.ranking
    results = _team_results(game__table__sitting__night__season=season)
    records = standings.partnership_records(results, season.blowout_margin).values()
    rows, unranked = standings.rank(records, by=by, min_nights=season.min_nights, best_nights=season.best_nights)
    return Standings(season.club, season, None, by, season.min_nights, season.best_nights, rows, unranked, teams=True)
