"""Fixed mode (plain Python, no database): the partnerships of sitting 1 stay together; whole
partnerships swap tables, so the opponents change.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from league.nights.seating.apart import refuse_together
from league.nights.seating.costs import Cost
from league.nights.seating.flags import APART, NEW_PARTNERSHIP, Flag, sitting_flags
from league.nights.seating.search import search, seats, sitting_of
from league.nights.seating.shapes import Shape
from league.nights.seating.sittings import Pair, Player, Sitting


def seat(*, number, players, seated, byes, tables, fixed, history, past, apart, rng) -> Sitting:
    """Sitting ``number`` (after the first) with the partnerships of sitting 1 (``fixed``) kept
    together where all their players are seated; ``byes`` are already picked."""
    cost = Cost(history, past, apart)
    best = search(lambda: _fixed_start(seated, tables, fixed, rng), _fixed_moves(fixed), cost, rng)
    refuse_together(best, apart, len(players))
    sitting = sitting_of(number, best, byes)
    # a fixed partnership meeting again is the plan, not a compromise
    flags = sitting_flags(
        sitting, history, past, planned={Pair(pair) for team in fixed for pair in itertools.combinations(team, 2)}
    )
    flags += _fixed_flags(sitting, fixed, players)
    return Sitting(sitting.number, sitting.tables, sitting.byes, tuple(flags))


def _fixed_moves(fixed: list[tuple[Player, ...]]):
    """Fixed mode: whole partnerships swap tables; players outside one swap seats among themselves."""
    partnerships = set(fixed)

    def moves(seating):
        kept = [
            (t, g)
            for t, table in enumerate(seating)
            for g, team in enumerate(table)
            if len(team) > 1 and tuple(team) in partnerships
        ]
        swaps = [
            (a, b)
            for a, b in itertools.combinations(kept, 2)
            if a[0] != b[0] and len(seating[a[0]][a[1]]) == len(seating[b[0]][b[1]])
        ]
        loose = [(t, g, s) for t, g, s in seats(seating) if (t, g) not in set(kept)]
        swaps += [(a, b) for a, b in itertools.combinations(loose, 2) if a[:2] != b[:2]]
        return swaps

    return moves


def _fixed_start(seated: list[Player], tables: list[Shape], fixed: list[tuple[Player, ...]], rng: random.Random):
    """Intact partnerships into team places of their size, at random; everyone else in the seats left."""
    here = set(seated)
    intact = [list(team) for team in fixed if all(p in here for p in team)]
    rng.shuffle(intact)
    slots = [(t, g, shape.players_per_team) for t, shape in enumerate(tables) for g in range(shape.teams)]
    rng.shuffle(slots)
    seating = [[None] * shape.teams for shape in tables]
    for t, g, size in slots:
        if size > 1:
            team = next((team for team in intact if len(team) == size), None)
            if team is not None:
                intact.remove(team)
                seating[t][g] = team
    placed = {p for table in seating for team in table if team for p in team}
    loose = [p for p in seated if p not in placed]
    rng.shuffle(loose)
    for t, g, size in slots:
        if seating[t][g] is None:
            seating[t][g], loose = loose[:size], loose[size:]
    return seating


def _fixed_flags(sitting: Sitting, fixed: list[tuple[Player, ...]], players: Sequence[Player]) -> list[Flag]:
    """Fixed mode: the partnerships of sitting 1 that could not sit together, and why."""
    together = {frozenset(team) for team in sitting.partnerships()}
    off = set(sitting.byes) | {p for team in fixed for p in team if p not in set(players)}
    flags = []
    for team in fixed:
        if frozenset(team) in together:
            continue
        away = [str(p) for p in team if p in off]
        flags.append(Flag(APART, team=[str(p) for p in team], away=away))
    fixed_sets = {frozenset(team) for team in fixed}
    for team in sitting.partnerships():
        if frozenset(team) not in fixed_sets:
            flags.append(Flag(NEW_PARTNERSHIP, team=[str(p) for p in team]))
    return flags
