"""Rotating mode by a whist design (plain Python, no database): at tables of two teams of two, a
design (``league.nights.whist_designs``) seats the night while the night so far is its start;
and ``bound``, the fewest repeats any seating can have.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from league.nights import whist_designs
from league.nights.seating.costs import Cost
from league.nights.seating.flags import sitting_flags
from league.nights.seating.shapes import STANDARD, Shape, layout
from league.nights.seating.sittings import History, Sitting, Table

DESIGN_CANDIDATES = 6  # ways of giving players the design's points; the one with fewest season repeats wins


def seat(players, tables, bye_count, number, history: History, past: History, seed) -> Sitting | None:
    """Sitting ``number`` of a whist design with its flags (the byes it gives), or None where none applies."""
    designed = _design_sitting(players, tables, bye_count, number, history, past, seed)
    if designed is None:
        return None
    return Sitting(designed.number, designed.tables, designed.byes, tuple(sitting_flags(designed, history, past)))


def _design_sitting(players, tables, bye_count, number, history: History, past: History, seed) -> Sitting | None:
    """Sitting ``number`` of a whist design for ``players``, or None where none applies.

    It applies at tables of two teams of two, with the byes a design has (none for 4k players,
    one for 4k + 1), while the night so far is the design's start (no late arrival, no swap).
    The season goes on where it stopped: a night starts at the sitting of the design after those
    the season has already played with this many players. Players take the design's points in
    the order of their byes this season (fewest first, so they sit out first), ties at random
    from the night's seed; of a few such orders, the one with the fewest season repeats.
    """
    count = len(players)
    rounds = whist_designs.ordered(count)
    if seed is None or rounds is None or any(s != STANDARD for s in tables) or bye_count != count % 4:
        return None
    start = past.counts[count] % len(rounds)
    rng = random.Random(f"{seed}:design")
    best, best_cost = None, None
    for _ in range(DESIGN_CANDIDATES):
        keyed = sorted((past.byes[p], past.odd[p], rng.random(), i) for i, p in enumerate(players))
        point_of = {players[k[-1]]: (start + j) % count for j, k in enumerate(keyed)}
        who = {point: p for p, point in point_of.items()}
        cost = Cost(History(), past)
        total = sum(
            cost.table([[who[a], who[b]], [who[c], who[d]]]) for sitting in rounds for (a, b), (c, d) in sitting
        )
        if best_cost is None or total < best_cost:
            best, best_cost = who, total
    made = [_design_at(rounds, start + n - 1, best, n) for n in range(1, number + 1)]
    before = History()
    for sitting in made[:-1]:
        before = before.after(sitting)
    if (before.partners, before.opponents, before.byes) != (history.partners, history.opponents, history.byes):
        return None
    return made[-1]


def _design_at(rounds, index: int, who: dict, number: int) -> Sitting:
    sitting = rounds[index % len(rounds)]
    tables = tuple(
        Table(t, ((who[a], who[b]), (who[c], who[d]))) for t, ((a, b), (c, d)) in enumerate(sitting, start=1)
    )
    seated = {p for table in tables for p in table.players}
    return Sitting(number, tables, tuple(p for p in who.values() if p not in seated))


def most_opponents_bound(count: int, shapes: Sequence[Shape], sittings: int) -> int:
    """The least that the most times any two players meet as opponents can be, by counting: the
    night's opponent meetings shared among all the pairs (some pair gets at least the average,
    rounded up), and the player who plays the most sittings, meeting at least as many opponents a
    sitting as the smallest table gives, among everyone else (the same, for that player's pairs).
    A whist design meets it at 4k and 4k + 1 players over a full round: two."""
    tables, _ = layout(count, shapes)
    if count < 2 or not tables:
        return 0
    pairs = count * (count - 1) // 2
    meetings = sum(s.teams * (s.teams - 1) // 2 * s.players_per_team**2 for s in tables) * sittings
    seated = sum(s.size for s in tables)
    most_played = -(-sittings * seated // count)
    least_opponents = min((s.teams - 1) * s.players_per_team for s in tables)
    return max(-(-meetings // pairs), -(-most_played * least_opponents // (count - 1)))


def bound(count: int, shapes: Sequence[Shape], sittings: int) -> dict[str, int]:
    """The fewest repeats (as ``History.repeats`` counts them) any seating of ``count`` players
    for ``sittings`` sittings can have, by counting: the night holds M partner (opponent)
    meetings and there are only count × (count − 1) / 2 pairs, so at least M − pairs meetings
    are repeats. Whist designs reach it at 4k and 4k + 1 players over a full round."""
    tables, _ = layout(count, shapes)
    pairs = count * (count - 1) // 2
    partner = sum(s.teams * (s.players_per_team * (s.players_per_team - 1) // 2) for s in tables)
    opponent = sum(s.teams * (s.teams - 1) // 2 * s.players_per_team**2 for s in tables)
    return {
        "partners": max(0, partner * sittings - pairs),
        "opponents": max(0, opponent * sittings - pairs),
    }
