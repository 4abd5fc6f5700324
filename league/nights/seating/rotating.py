"""Rotating mode (plain Python, no database): new partners each sitting, the odd tables' seats
going to those who had fewest. Progressive mode draws its first sitting this way.
"""

from __future__ import annotations

import itertools
import random

from league.nights.seating.apart import apart_places, refuse_together
from league.nights.seating.costs import Cost, opponent_cap
from league.nights.seating.flags import sitting_flags
from league.nights.seating.search import search, seats, sitting_of, split
from league.nights.seating.shapes import Shape
from league.nights.seating.sittings import History, Pair, Player, Sitting


def seat(*, number, players, seated, byes, tables, history, past, apart, rng) -> Sitting:
    """Sitting ``number`` with new partners where the search finds them; ``byes`` are already
    picked. The odd tables' seats go to those who had fewest, as fairly as the pairs kept apart let."""
    cost = Cost(history, past, apart, cap=opponent_cap(history, len(players), tables))
    tables = sorted(tables, key=lambda s: s.odd)  # the standard tables first, as numbered
    odd_players = _odd_seats(seated, sum(s.size for s in tables if s.odd), history, past, rng)
    try:
        places = apart_places(seated, odd_players, tables, apart, rng)
    except ValueError:  # a pair kept apart both given the one odd (or the one standard) table
        odd_players, places = _odd_seats_apart(seated, odd_players, tables, apart, history, past, rng)
    best = search(
        lambda: _random_start(seated, tables, rng, odd_players, places()),
        _seat_moves_within([s.odd for s in tables], lambda p: history.odd[p] + past.odd[p]),
        cost,
        rng,
    )
    refuse_together(best, apart, len(players))
    sitting = sitting_of(number, best, byes)
    return Sitting(sitting.number, sitting.tables, sitting.byes, tuple(sitting_flags(sitting, history, past)))


def _seat_moves_within(odd: list[bool], had):
    """Rotating mode: any two players in different teams may swap; a player at an odd table only
    with one at a standard table who has had as many odd seats (``had``), so the odd seats still
    go to those who had fewest."""

    def moves(seating):
        return [(a, b) for a, b in itertools.combinations(seats(seating), 2) if a[:2] != b[:2]]

    def allowed(seating, a, b) -> bool:  # asked at the swap: earlier swaps may have moved the players
        return odd[a[0]] == odd[b[0]] or had(seating[a[0]][a[1]][a[2]]) == had(seating[b[0]][b[1]][b[2]])

    moves.allowed = allowed
    return moves


def _random_start(seated, tables: list[Shape], rng: random.Random, odd_players=(), places=None):
    """Everyone at random, the ``odd_players`` at the odd tables; ``places`` (player → table index)
    are kept where they are (they keep pairs apart)."""
    places = places or {}
    odd_set = set(odd_players)
    pools = {False: [p for p in seated if p not in odd_set], True: list(odd_players)}
    for pool in pools.values():
        rng.shuffle(pool)
    start = []
    for t, shape in enumerate(tables):
        mine = [p for p, at in places.items() if at == t]
        rest = [p for p in pools[shape.odd] if p not in places][: shape.size - len(mine)]
        pools[shape.odd] = [p for p in pools[shape.odd] if p not in rest]
        table = mine + rest
        rng.shuffle(table)
        start.append(split(table, shape))
    return start


def _odd_seats(seated, count: int, history: History, past: History, rng: random.Random) -> list[Player]:
    """The ``count`` players who take the odd tables' seats: the fewest odd seats so far first."""
    if not count:
        return []
    keyed = sorted((history.odd[p] + past.odd[p], rng.random(), i) for i, p in enumerate(seated))
    return [seated[i] for _, _, i in keyed[:count]]


def _odd_seats_apart(seated, odd_players, tables: list[Shape], apart: set[Pair], history: History, past: History, rng):
    """The odd seats (and the places of the players kept apart) when the fair choice of odd seats
    leaves a pair kept apart with no way to sit apart (both on the one odd, or the one standard,
    table): each way of putting the players kept apart on the odd or the standard side is tried,
    the fewest changes to the fair choice first, the other seats filled as fairly as before.
    ValueError when no way keeps every pair apart."""
    kept = sorted({p for pair in apart for p in pair} & set(seated), key=str)
    odd_seats = sum(s.size for s in tables if s.odd)
    fair = set(odd_players)
    others = sorted((p for p in seated if p not in kept), key=lambda p: (p not in fair, history.odd[p] + past.odd[p]))
    ways = []
    for sides in itertools.product((False, True), repeat=len(kept)):
        odd_kept = [p for p, side in zip(kept, sides) if side]
        if len(odd_kept) <= odd_seats and len(kept) - len(odd_kept) <= len(seated) - odd_seats:
            ways.append((sum((p in fair) != side for p, side in zip(kept, sides)), odd_kept))
    for _, odd_kept in sorted(ways, key=lambda way: way[0]):
        odd = set(odd_kept) | set(others[: odd_seats - len(odd_kept)])
        chosen = [p for p in seated if p in odd]
        try:
            return chosen, apart_places(seated, chosen, tables, apart, rng)
        except ValueError:
            continue
    return odd_players, apart_places(seated, odd_players, tables, apart, rng)  # raises, saying why
