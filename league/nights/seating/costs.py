"""What a seating costs (plain Python, no database): pairs kept apart above all, then repeat
partners and opponents within the night, then the same two for earlier nights.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from league.nights.seating.sittings import History, Pair, Player

WEIGHT = 10**9  # the cost is lexicographic: one night repeat outweighs any number of season repeats
# Players notice the pair that keeps meeting, not a total: a night's meeting costs more the more
# often the pair met already (GROWTH^times − 1: one pair's fourth meeting outweighs several pairs'
# second), so the search keeps the most times any two meet as low as it can, then the total.
GROWTH = 6


def _over(times: int, cap: int | None) -> int:
    """Meeting a pair that met ``cap`` times already: as dear as repeating a partner (``cap``, the
    least most-meetings the count allows plus one, ``opponent_cap``)."""
    return 0 if cap is None or times < cap else (times - cap + 1) * WEIGHT**3 * 1000


MOST_ALWAYS_ALLOWED = 3  # a pair may meet three times before the cap weighs more than a repeat partner


def opponent_cap(history: History, players: int, tables) -> int:
    """The most times two players should meet as opponents after this sitting: the average
    meetings of a pair so far and in this sitting of ``tables``, rounded up, plus one (and never
    under three: early in a night the average is small, and a third meeting costs less than a
    repeat partner)."""
    pairs = max(1, players * (players - 1) // 2)
    tonight = sum(s.teams * (s.teams - 1) // 2 * s.players_per_team**2 for s in tables)
    return max(MOST_ALWAYS_ALLOWED, -(-(sum(history.opponents.values()) + tonight) // pairs) + 1)


def _worse(times: int) -> int:
    """What another meeting of a pair that met ``times`` already tonight costs: 0, 5, 35, 215 …"""
    return GROWTH**times - 1


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

    def __init__(self, history: History, past: History, apart: set[Pair] = frozenset(), cap: int | None = None):
        self.history, self.past, self.apart = history, past, apart
        self.kept = {p for pair in apart for p in pair}
        self._apart = {(a, b) for pair in apart if len(pair) == 2 for a, b in itertools.permutations(pair)}
        h, p = history, past
        self._partners = _Weights(lambda pair: _worse(h.partners[pair]) * WEIGHT**3 + p.partners[pair] * WEIGHT)
        self._opponents = _Weights(
            lambda pair: _over(h.opponents[pair], cap) + _worse(h.opponents[pair]) * WEIGHT**2 + p.opponents[pair]
        )

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
