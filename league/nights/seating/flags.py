"""The compromises of a drawn sitting, in words (plain Python, no database): players on their own,
repeat partners and opponents, byes.
"""

from __future__ import annotations

import itertools
from functools import cache

from league.nights.seating.sittings import History, Pair, Sitting


@cache
def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def sitting_flags(sitting: Sitting, history: History, past: History, planned: set[Pair] = frozenset()) -> list[str]:
    """Every compromise of a drawn sitting, in seating order; ``planned`` partner pairs are none."""
    flags = []
    for table in sitting.tables:
        if table.shape.individual:
            names = _and([str(p) for p in table.players])
            flags.append(
                f"{names} play on their own at table {table.number} (the night allows tables without partners)"
            )
    for table in sitting.tables:
        for team in table.teams:
            for a, b in itertools.combinations(team, 2):
                met = history.partners[Pair((a, b))]
                if met and Pair((a, b)) not in planned:
                    flags.append(f"repeat partners: {a} & {b} ({ordinal(met + 1)} time)")
    for table in sitting.tables:
        for one, other in itertools.combinations(table.teams, 2):
            for a in one:
                for b in other:
                    met = history.opponents[Pair((a, b))]
                    if met:
                        flags.append(f"repeat opponents: {a} & {b} ({ordinal(met + 1)} time)")
    for p in sitting.byes:
        tonight, season = history.byes[p], past.byes[p]
        if tonight:
            flags.append(f"{p} sits out this sitting, for the {ordinal(tonight + 1)} time tonight")
        elif season:
            flags.append(f"{p} sits out this sitting: not yet tonight, {season} before this season")
        else:
            flags.append(f"{p} sits out this sitting: not yet tonight")
    return flags


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
