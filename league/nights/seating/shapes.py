"""The tables a night can have (plain Python, no database): shapes, the variant's, and the mix
that seats the most players (``layout``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext


@dataclass(frozen=True, order=True)
class Shape:
    """A table: ``teams`` sides of ``players_per_team`` each; players_per_team 1 = everyone on their own."""

    teams: int
    players_per_team: int

    @property
    def size(self) -> int:
        return self.teams * self.players_per_team

    @property
    def individual(self) -> bool:
        return self.players_per_team == 1

    @property
    def code(self) -> str:
        """TEAMSxPLAYERS, as ``--shapes`` and the night form write it: 2x2, 3x2, 3x1."""
        return f"{self.teams}x{self.players_per_team}"

    @property
    def odd(self) -> bool:
        """Any table but two teams of two: its seats rotate like byes (PRODUCT.md, "Seating")."""
        return self != STANDARD

    def __str__(self) -> str:
        if self.individual:
            return f"{self.teams} on their own"
        return f"{self.teams} teams of {self.players_per_team}"


STANDARD = Shape(2, 2)


def table_shapes(rules) -> list[Shape]:
    """The table shapes a variant allows, the standard one first.

    From ``rules.setup``: every allowed number of partnerships with every allowed team size
    (hand-and-foot: 2 and 3 teams of 2; canasta: 2 teams of 2 or of 3), then the individual
    player counts of 3 or more (PRODUCT.md: Hand and Foot "3 players on their own"). A
    two-player game is not a club-night table, so it is used only by a variant with no
    other shape. Partnership shapes come before individual ones, smaller before larger.
    """
    setup = rules.setup
    partnerships = sorted(
        (Shape(teams, size) for teams in setup.team_counts for size in setup.players_per_team if size >= 2),
        key=lambda s: (s.size, s.teams),
    )
    individual = [Shape(n, 1) for n in sorted(setup.individual_counts) if n >= 3]
    shapes = partnerships + individual
    if not shapes and setup.individual_counts:
        shapes = [Shape(min(setup.individual_counts), 1)]
    return shapes


def partnership_shapes(shapes: Sequence[Shape]) -> list[Shape]:
    """A night's shapes when the organiser says nothing: partnership tables only, byes for the
    rest (a variant with no partnership table keeps its own shapes)."""
    return [s for s in shapes if not s.individual] or list(shapes)


def parse_shapes(text: str, shapes: Sequence[Shape]) -> list[Shape]:
    """The shapes named by ``text`` ("all", or "2x2,3x2,…"), in the variant's order; "" = the default.

    Raises ValueError naming a shape the variant does not have."""
    text = (text or "").strip().lower()
    if not text:
        return partnership_shapes(shapes)
    if text == "all":
        return list(shapes)
    named = [part.strip() for part in text.split(",")]
    known = {s.code: s for s in shapes}
    for code in named:
        if code not in known:
            allowed = ", ".join(known) or gettext("none")
            said = {"code": code or gettext("(empty)"), "allowed": allowed}
            raise ValueError(gettext("%(code)s is not a table of this variant (it has %(allowed)s)") % said)
    return [s for s in shapes if s.code in named]


def decks_at(rules, shape: Shape) -> int:
    """How many decks a table of ``shape`` needs, by the variant's setup (Hand and Foot: players + 1)."""
    return rules.setup.decks_for(shape.size)


def layout(count: int, shapes: Sequence[Shape]) -> tuple[list[Shape], int]:
    """The tables for ``count`` players and how many byes are left over.

    Seats the most players a mix of ``shapes`` can; among the mixes that do, the fewest
    players on their own, then the fewest away from the standard table (``shapes[0]``),
    then shapes listed earlier. A small dynamic programme over seat totals: the preference
    adds up table by table, so the best mix for a total extends a best mix for a smaller one.
    """
    best: list[tuple[tuple[int, int, int], list[Shape]] | None] = [None] * (count + 1)
    best[0] = ((0, 0, 0), [])
    for total in range(1, count + 1):
        for index, shape in enumerate(shapes):
            before = best[total - shape.size] if shape.size <= total else None
            if before is None:
                continue
            cost = (
                before[0][0] + (shape.size if shape.individual else 0),
                before[0][1] + (0 if index == 0 else shape.size),
                before[0][2] + index,
            )
            if best[total] is None or cost < best[total][0]:
                best[total] = (cost, before[1] + [shape])
    seated = max(total for total in range(count + 1) if best[total] is not None)
    tables = sorted(best[seated][1], key=lambda s: list(shapes).index(s))
    return tables, count - seated
