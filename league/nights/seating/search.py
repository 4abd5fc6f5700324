"""The randomized local search every mode seats with (plain Python, no database).

A seating while searching: tables → teams → players, as lists so that swaps are cheap. From a
fixed number of random starts, swap players (or whole teams) while a swap lowers the cost; the
best seating wins. A seeded ``random.Random`` makes a draw the same for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from league.nights.seating.costs import Cost
from league.nights.seating.shapes import Shape, layout
from league.nights.seating.sittings import Player, Sitting, Table

TRIES = 24  # random starts of the local search per sitting; it stops early on a seating with no repeat


def seeded_rng(seed, number: int) -> random.Random:
    return random.Random(None if seed is None else f"{seed}:{number}")


def tables_for(players: Sequence[Player], shapes: Sequence[Shape]) -> tuple[list[Shape], int]:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if not shapes:
        raise ValueError("the variant allows no table shape")
    smallest = min(s.size for s in shapes)
    if len(players) < smallest:
        raise ValueError(f"{len(players)} players cannot fill a table: the smallest has {smallest}")
    return layout(len(players), shapes)


def search(start, moves, cost: Cost, rng: random.Random):
    """Best of ``TRIES`` local searches from random starts; stops at the first seating that costs 0."""
    best, best_cost = None, None
    for _ in range(TRIES):
        seating = start()
        total = _descend(seating, moves, cost, rng)
        if best_cost is None or total < best_cost:
            best, best_cost = seating, total
        if best_cost == 0:
            break
    return best


def _descend(seating, moves, cost: Cost, rng: random.Random) -> int:
    """Apply improving swaps until none is left; returns the seating's cost."""
    costs = [cost.table(table) for table in seating]
    allowed = getattr(moves, "allowed", None)
    improved = True
    while improved:
        improved = False
        candidates = list(moves(seating))
        rng.shuffle(candidates)
        for a, b in candidates:
            if allowed is not None and not allowed(seating, a, b):
                continue
            touched = {a[0], b[0]}
            before = sum(costs[t] for t in touched)
            _swap(seating, a, b)
            after = {t: cost.table(seating[t]) for t in touched}
            if sum(after.values()) < before:
                for t, c in after.items():
                    costs[t] = c
                improved = True
            else:
                _swap(seating, a, b)
    return sum(costs)


def _swap(seating, a: tuple, b: tuple) -> None:
    """Swap two seats (table, team, seat) or two whole teams (table, team)."""
    if len(a) == 3:
        (ta, ga, sa), (tb, gb, sb) = a, b
        seating[ta][ga][sa], seating[tb][gb][sb] = seating[tb][gb][sb], seating[ta][ga][sa]
    else:
        (ta, ga), (tb, gb) = a, b
        seating[ta][ga], seating[tb][gb] = seating[tb][gb], seating[ta][ga]


def seats(seating) -> list[tuple[int, int, int]]:
    return [(t, g, s) for t, table in enumerate(seating) for g, team in enumerate(table) for s in range(len(team))]


def split(players: list[Player], shape: Shape) -> list[list[Player]]:
    n = shape.players_per_team
    return [list(players[i * n : (i + 1) * n]) for i in range(shape.teams)]


def sitting_of(number: int, seating, byes: Sequence[Player]) -> Sitting:
    tables = tuple(Table(i, tuple(tuple(team) for team in table)) for i, table in enumerate(seating, start=1))
    return Sitting(number, tables, tuple(byes))
