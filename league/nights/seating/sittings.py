"""What a draw gives and what it leaves behind (plain Python, no database): tables, sittings, a
night, and the ``History`` of partners, opponents and byes they add up to.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

from league.nights.seating.shapes import Shape

Player = Hashable  # a name in the command, a roster id in the web
Pair = frozenset


@dataclass
class History:
    """How often each pair were partners or opponents, and each player's byes.

    Pairs are ``frozenset({a, b})``. ``after(sitting)`` gives the history with a sitting added.
    """

    partners: Counter = field(default_factory=Counter)
    opponents: Counter = field(default_factory=Counter)
    byes: Counter = field(default_factory=Counter)
    odd: Counter = field(default_factory=Counter)  # byes and seats at any table but 2 teams of 2
    counts: Counter = field(default_factory=Counter)  # sittings played, by the number of players in them

    def after(self, sitting: Sitting) -> History:
        partners, opponents, byes = Counter(self.partners), Counter(self.opponents), Counter(self.byes)
        odd, counts = Counter(self.odd), Counter(self.counts)
        for table in sitting.tables:
            partners.update(table.partner_pairs())
            opponents.update(table.opponent_pairs())
            if table.shape.odd:
                odd.update(table.players)
        byes.update(sitting.byes)
        odd.update(sitting.byes)
        counts[len(sitting.byes) + sum(len(t.players) for t in sitting.tables)] += 1
        return History(partners, opponents, byes, odd, counts)

    def repeats(self) -> dict[str, int]:
        """Meetings beyond the first: a pair partnered three times makes two repeats."""
        return {
            "partners": sum(n - 1 for n in self.partners.values() if n > 1),
            "opponents": sum(n - 1 for n in self.opponents.values() if n > 1),
        }

    @property
    def most_opponents(self) -> int:
        """The most times any two players met as opponents (the pair players notice)."""
        return max(self.opponents.values(), default=0)


@dataclass(frozen=True)
class Table:
    number: int
    teams: tuple[tuple[Player, ...], ...]

    @property
    def players(self) -> list[Player]:
        return [p for team in self.teams for p in team]

    @property
    def shape(self) -> Shape:
        return Shape(len(self.teams), len(self.teams[0]) if self.teams else 0)

    def partner_pairs(self) -> list[Pair]:
        return [Pair(pair) for team in self.teams for pair in itertools.combinations(team, 2)]

    def opponent_pairs(self) -> list[Pair]:
        return [Pair((a, b)) for one, other in itertools.combinations(self.teams, 2) for a in one for b in other]


@dataclass(frozen=True)
class Sitting:
    """One game of the night at every table, the byes, and the compromises made (``flags``)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[Player, ...] = ()
    flags: tuple[str, ...] = ()

    def partnerships(self) -> list[tuple[Player, ...]]:
        return [team for table in self.tables for team in table.teams if len(team) > 1]


@dataclass(frozen=True)
class Night:
    sittings: tuple[Sitting, ...]
    history: History  # the night's own history, all sittings included
