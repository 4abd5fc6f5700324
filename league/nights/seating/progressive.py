"""Progressive mode (plain Python, no database): each table's winners move up a table and split,
as at a progressive card party.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from league.nights.seating.apart import apart_among, refuse_together
from league.nights.seating.byes import pick_byes
from league.nights.seating.costs import Cost
from league.nights.seating.flags import sitting_flags
from league.nights.seating.search import search, seats, seeded_rng, sitting_of, split, tables_for
from league.nights.seating.shapes import Shape
from league.nights.seating.sittings import History, Player, Sitting


def progressive_next(
    previous: Sitting,
    winners: Mapping[int, int],
    players: Sequence[Player],
    shapes: Sequence[Shape],
    history: History,
    *,
    past: History | None = None,
    seed: int | str | None = None,
    apart: Iterable[Iterable[Player]] = (),
) -> Sitting:
    """The next sitting of a progressive night, as at a progressive card party.

    ``winners`` maps each table number to the index of its winning team. The winners of
    every table move up one table (table 1 is the head table); the head table's winners
    stay and its first losing team goes down to the last table; everyone else stays. Byes
    of the last sitting and late arrivals join at the last table. At every table the new
    teams split the old partnerships (the search keeps everyone at their table and avoids
    repeat partners). Where tables change size (a bye, a winner of a table of players on
    their own), the players fill the tables from the head down in that order.
    ``history`` must include ``previous``. Pairs kept apart whom the movement brings to one
    table are refused (ValueError): the organiser seats that sitting by hand.
    """
    past = past or History()
    rng = seeded_rng(seed, previous.number + 1)
    ladder = _ladder(previous, winners)
    ladder += [p for p in previous.byes if p not in ladder]
    ladder += [p for p in players if p not in ladder]
    present = set(players)
    ladder = [p for p in ladder if p in present]
    tables, bye_count = tables_for(ladder, shapes)
    byes = pick_byes(ladder, bye_count, history, past, rng)
    seated = [p for p in ladder if p not in set(byes)]
    start, at = [], 0
    for shape in tables:
        start.append(split(seated[at : at + shape.size], shape))
        at += shape.size
    apart = apart_among(apart, players)
    best = search(
        lambda: [[list(team) for team in table] for table in start],
        _within_table_moves,
        Cost(history, past, apart),
        rng,
    )
    refuse_together(best, apart, len(players), moves=True)
    sitting = sitting_of(previous.number + 1, best, byes)
    return Sitting(sitting.number, sitting.tables, sitting.byes, tuple(sitting_flags(sitting, history, past)))


def _ladder(previous: Sitting, winners: Mapping[int, int]) -> list[Player]:
    """Everyone of ``previous`` in order of the table they move to, head table first."""
    tables = sorted(previous.tables, key=lambda t: t.number)
    moving = []  # per table: the team that leaves it (winners, or the head table's demoted losers)
    staying = []
    for position, table in enumerate(tables):
        won = winners.get(table.number, 0)
        if not 0 <= won < len(table.teams):
            raise ValueError(f"table {table.number}: no team {won}")
        if position == 0:
            losers = [i for i in range(len(table.teams)) if i != won]
            leaving = losers[0] if len(tables) > 1 else None
        else:
            leaving = won
        moving.append(list(table.teams[leaving]) if leaving is not None else [])
        staying.append([p for i, team in enumerate(table.teams) if i != leaving for p in team])
    ladder = []
    for position in range(len(tables)):
        arriving = moving[position + 1] if position + 1 < len(tables) else []
        ladder += arriving + staying[position]
        if position == len(tables) - 1 and len(tables) > 1:
            ladder += moving[0]  # the head table's losers go to the foot
    return ladder


def _within_table_moves(seating):
    """Progressive mode: players stay at the table they moved to; only the teams change."""
    return [(a, b) for a, b in itertools.combinations(seats(seating), 2) if a[0] == b[0] and a[1] != b[1]]
