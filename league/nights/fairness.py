"""How fair the night's seating has been so far, in a line for the night page: the most times any
two players met as opponents, beside the least that is possible by counting
(``seating.most_opponents_bound``). "As fair as the count allows" is said only when it is met."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from django.utils.translation import ngettext

from league.models import Night, Seat
from league.nights import seating


@dataclass(frozen=True)
class Fairness:
    most: int  # the most times two players met as opponents tonight
    bound: int  # the least that could be, by counting

    @property
    def words(self) -> str:
        if self.most <= self.bound:
            return ngettext(
                "No two players have met as opponents more than %(most)s time: as fair as the count allows.",
                "No two players have met as opponents more than %(most)s times: as fair as the count allows.",
                self.most,
            ) % {"most": self.most}
        return ngettext(
            "Two players have met as opponents %(most)s times (the count allows %(bound)s).",
            "Two players have met as opponents %(most)s times (the count allows %(bound)s).",
            self.most,
        ) % {"most": self.most, "bound": self.bound}


def night_fairness(*, night: Night, shapes, byes_last: int, sittings: int) -> Fairness | None:
    """The night's fairness after its ``sittings`` drawn (None before two): one query, the seats."""
    if sittings < 2:
        return None
    seats = Seat.objects.filter(team__game__table__sitting__night=night).values_list(
        "team__game__table_id", "team_id", "player_id", "team__game__table__sitting__number"
    )
    tables: dict[int, dict[int, list[int]]] = {}
    last = set()
    for table, team, player, number in seats:
        tables.setdefault(table, {}).setdefault(team, []).append(player)
        if number == sittings:
            last.add(player)
    met = Counter()
    for teams in tables.values():
        for one, other in itertools.combinations(teams.values(), 2):
            met.update(frozenset((a, b)) for a in one for b in other)
    players = len(last) + byes_last
    bound = seating.most_opponents_bound(players, shapes, sittings) if players else 0
    return Fairness(max(met.values(), default=0), bound)
