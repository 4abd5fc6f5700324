"""What a seating costs (plain Python, no database): pairs kept apart above all, then repeat
partners and opponents within the night, then the same two for earlier nights.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from league.nights.seating.sittings import History, Pair, Player

WEIGHT = 10**9  # the cost is lexicographic: one night repeat outweighs any number of season repeats


class _Weights(dict):
    """A pair's weight by the ordered pair ``(a, b)``, worked out by ``weigh`` the first time it is
    asked for and kept."""

    def __init__(self, weigh: Callable[[Pair], int]):
        super().__init__()
        self.weigh = weigh

    def __missing__(self, key: tuple[Player, Player]) -> int:
        weight = self[key] = self.weigh(Pair(key))
        return weight


class Cost:
    """The cost of a table: pairs kept apart above all, then partner and opponent pairs weighted by
    how often they met.

    The search asks it of the same pairs again and again (hundreds of thousands of times for a long
    night), so each pair's weight as partners and as opponents is worked out once and kept
    (``_Weights``; the histories never change: ``History.after`` makes a new one)."""

    def __init__(self, history: History, past: History, apart: set[Pair] = frozenset()):
        self.history, self.past, self.apart = history, past, apart
        self.kept = {p for pair in apart for p in pair}
        self._apart = {(a, b) for pair in apart if len(pair) == 2 for a, b in itertools.permutations(pair)}
        h, p = history, past
        self._partners = _Weights(lambda pair: h.partners[pair] * WEIGHT**3 + p.partners[pair] * WEIGHT)
        self._opponents = _Weights(lambda pair: h.opponents[pair] * WEIGHT**2 + p.opponents[pair])

    def table(self, teams: list[list[Player]]) -> int:
        total = 0
        if self.kept:
            here = [p for team in teams for p in team if p in self.kept]
            total += sum(pair in self._apart for pair in itertools.combinations(here, 2)) * WEIGHT**4
        partners, opponents = self._partners, self._opponents
        for team in teams:
            for pair in itertools.combinations(team, 2):
                total += partners[pair]
        for one, other in itertools.combinations(teams, 2):
            for a in one:
                for b in other:
                    total += opponents[a, b]
        return total
