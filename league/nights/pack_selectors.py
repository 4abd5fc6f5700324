"""Reads for a sitting's printouts: the table pack and the wall seating chart.

``sitting_pack`` reads four queries however many tables: the tables with their games, the
teams, the seats with their players, the byes.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from league.clubs.names import sort_key
from league.models import Bye, Club, Night, Seat, Sitting, Table
from scoresheet.models import Team


@dataclass(frozen=True)
class PackTable:
    number: int
    token: str  # the table link's secret
    teams: list[list[str]]  # each team's players' names, in seat order
    rules_document: dict  # the table's game's rules


@dataclass(frozen=True)
class SittingPack:
    club: Club
    night: Night
    sitting: Sitting
    tables: list[PackTable]
    byes: list[str]  # the players sitting out


def sitting_pack(*, sitting: Sitting) -> SittingPack:
    """Every table of the sitting in table order, with who sits where, and the byes."""
    tables = list(Table.objects.filter(sitting=sitting).select_related("game").order_by("number"))
    names: dict[tuple[int, int], list[str]] = defaultdict(list)
    seats = (
        Seat.objects.filter(team__game__table__sitting=sitting)
        .order_by("position")
        .values_list("team__game__table_id", "team__position", "player__name")
    )
    for table_id, position, name in seats:
        names[table_id, position].append(name)
    # A team's name stands in for its players only if it has no seats (not made by a draw).
    teams: dict[int, list[list[str]]] = defaultdict(list)
    rows = Team.objects.filter(game__table__sitting=sitting).order_by("position")
    for table_id, position, name in rows.values_list("game__table_id", "position", "name"):
        teams[table_id].append(names.get((table_id, position)) or [name])
    byes = sorted(Bye.objects.filter(sitting=sitting).values_list("player__name", flat=True), key=sort_key)
    return SittingPack(
        club=sitting.night.club,
        night=sitting.night,
        sitting=sitting,
        tables=[PackTable(t.number, t.token, teams[t.pk], t.game.rules_document) for t in tables],
        byes=byes,
    )
