"""Whist designs (plain Python, no database): full rounds of 4-seat partnership tables where every pair of players are
partners exactly once and opponents exactly twice (PRODUCT.md, "Seating": "Fair, and provably so").

A design Wh(N) for N players (N = 4k or 4k + 1) is a list of sittings; each sitting is a list
of tables ``((a, b), (c, d))`` (a and b partners against c and d) over the points 0 … N − 1. With
N = 4k there are N − 1 sittings and nobody sits out; with N = 4k + 1 there are N sittings and
each point sits out exactly once (the point missing from the sitting). Any run of consecutive
sittings of a round (taken cyclically) is part of the round, so it repeats no partner and no
pair opposes more than twice.

Every design here is cyclic: one base sitting, developed by adding each element of an abelian
group of odd order (integers modulo m, or pairs modulo p for 9, 25 and 49):

- N = 4k + 1: the group has N elements; the base sitting seats everyone but 0; sitting g adds
  g to every point (so g sits out).
- N = 4k: the group has N − 1 elements; point N − 1 is "infinity", who stays put; the base
  sitting seats everyone.

Where N is a prime power q ≡ 1 (mod 4) the base sitting is the classical one from the field
GF(q) with a primitive element x: tables (x^i, −x^i; x^(i+k), −x^(i+k)) for i < k (``_field_base``).
The others (``BASES``) were found offline and stored here; tests/league/test_seating_designs.py
checks every design. Up to 40: ``scripts/find_whist_designs.py`` (simulated annealing on the
difference counts; N ≤ 24) or its faster C counterpart ``scripts/whist_search.c`` (the symmetric
form (x, −x; y, −y) for 28 and 40, annealing otherwise). From 44 (where both found nothing; the
symmetric form cannot exist with infinity over Z_p, p prime): ``scripts/whist_starters.c``, a
random starter of the group as the partner pairs, then an exact search pairing them into tables,
run as ``whist_starters N 100000 SECONDS`` (seed 0) for N = 44, 45, 48, 52, 56, 57, each in
seconds to under three CPU minutes, and ``whist_starters 60 100000 1200 1`` (seed 1; its 1214th
starter, after 525 CPU seconds; seed 0 had found none in 180).
"""

from __future__ import annotations

import math
from functools import cache

Table = tuple[tuple[int, int], tuple[int, int]]

# N: (group moduli, base sitting as 4-tuples a, b, c, d = (a, b) against (c, d)); a point is
# encoded in mixed radix over the moduli; for N = 4k the point N − 1 is infinity.
# fmt: off
BASES: dict[int, tuple[tuple[int, ...], list[tuple[int, int, int, int]]]] = {
    4: ((3,), [(1, 3, 2, 0)]),
    8: ((7,), [(2, 5, 4, 6), (3, 7, 0, 1)]),
    12: ((11,), [(11, 3, 7, 2), (9, 1, 4, 0), (6, 5, 8, 10)]),
    16: ((15,), [(9, 14, 3, 11), (15, 6, 4, 5), (12, 1, 8, 2), (13, 0, 7, 10)]),
    20: ((19,), [(9, 18, 7, 12), (5, 8, 1, 13), (0, 17, 4, 10), (15, 14, 16, 19), (11, 3, 6, 2)]),
    21: ((21,), [(15, 18, 4, 17), (7, 8, 11, 13), (16, 1, 12, 3), (20, 10, 19, 5), (9, 14, 6, 2)]),
    24: ((23,), [(15, 21, 8, 16), (2, 5, 17, 3), (4, 23, 19, 1), (10, 9, 6, 22), (12, 0, 18, 14), (7, 20, 11, 13)]),
    28: ((27,), [
        (27, 0, 12, 15), (9, 18, 11, 16), (2, 25, 3, 24), (8, 19, 5, 22), (13, 14, 4, 23), (1, 26, 7, 20),
        (10, 17, 6, 21),
    ]),
    32: ((31,), [
        (26, 24, 20, 14), (21, 18, 0, 17), (7, 2, 31, 30), (8, 28, 13, 3), (27, 19, 12, 5), (16, 1, 29, 25),
        (10, 11, 22, 9), (6, 15, 4, 23),
    ]),
    33: ((33,), [
        (4, 12, 3, 27), (22, 6, 29, 1), (14, 26, 30, 7), (2, 9, 15, 13), (18, 19, 21, 10), (8, 23, 25, 28),
        (32, 5, 24, 11), (17, 31, 16, 20),
    ]),
    36: ((35,), [
        (18, 1, 5, 19), (11, 7, 20, 27), (14, 34, 4, 10), (13, 0, 21, 33), (31, 29, 26, 23), (35, 28, 3, 2),
        (8, 32, 9, 25), (15, 24, 17, 12), (30, 22, 6, 16),
    ]),
    40: ((39,), [
        (39, 0, 13, 26), (7, 32, 11, 28), (8, 31, 14, 25), (1, 38, 4, 35), (12, 27, 3, 36), (6, 33, 17, 22),
        (9, 30, 16, 23), (5, 34, 15, 24), (18, 21, 19, 20), (10, 29, 2, 37),
    ]),
    44: ((43,), [
        (42, 35, 34, 25), (38, 21, 30, 32), (37, 5, 27, 17), (19, 22, 7, 8), (15, 29, 33, 2), (23, 18, 3, 16),
        (1, 9, 6, 28), (40, 13, 4, 10), (31, 11, 36, 12), (41, 26, 20, 24), (39, 14, 43, 0),
    ]),
    45: ((45,), [
        (42, 24, 34, 17), (40, 32, 35, 11), (39, 26, 44, 38), (36, 21, 20, 10), (33, 29, 27, 43), (23, 30, 6, 15),
        (9, 7, 18, 13), (4, 1, 31, 8), (16, 28, 2, 3), (5, 19, 41, 22), (12, 37, 25, 14),
    ]),
    48: ((47,), [
        (46, 1, 5, 16), (42, 30, 19, 23), (39, 40, 38, 20), (25, 31, 32, 45), (21, 18, 9, 34), (8, 28, 26, 3),
        (17, 27, 35, 43), (14, 29, 4, 44), (6, 37, 2, 11), (13, 41, 47, 0), (22, 36, 12, 33), (10, 15, 24, 7),
    ]),
    52: ((51,), [
        (50, 1, 15, 49), (41, 35, 23, 36), (42, 24, 37, 44), (38, 3, 14, 6), (31, 28, 21, 46), (10, 32, 2, 39),
        (27, 22, 11, 47), (18, 48, 20, 9), (12, 8, 40, 16), (13, 45, 7, 30), (4, 43, 34, 33), (17, 26, 51, 0),
        (19, 29, 25, 5),
    ]),
    56: ((55,), [
        (50, 42, 16, 5), (54, 6, 15, 10), (40, 17, 34, 32), (41, 22, 26, 20), (44, 1, 55, 0), (39, 4, 14, 47),
        (13, 37, 51, 35), (43, 29, 23, 36), (38, 53, 12, 11), (2, 30, 33, 7), (52, 48, 28, 25), (31, 21, 18, 9),
        (19, 49, 3, 24), (27, 45, 46, 8),
    ]),
    57: ((57,), [
        (56, 2, 8, 6), (52, 30, 19, 33), (50, 21, 49, 28), (46, 31, 1, 32), (40, 3, 23, 24), (48, 7, 53, 5),
        (39, 45, 16, 27), (38, 11, 43, 35), (47, 15, 41, 34), (55, 10, 20, 25), (29, 12, 37, 14), (54, 44, 36, 18),
        (26, 22, 42, 9), (13, 51, 4, 17),
    ]),
    60: ((59,), [
        (57, 41, 47, 23), (55, 32, 20, 33), (53, 5, 8, 27), (45, 16, 26, 52), (50, 49, 9, 34), (38, 42, 25, 11),
        (44, 51, 40, 1), (10, 48, 43, 31), (4, 13, 2, 58), (35, 30, 22, 39), (18, 24, 3, 54), (12, 14, 15, 46),
        (6, 28, 59, 0), (17, 7, 19, 37), (56, 29, 21, 36),
    ]),
}
# fmt: on
FIELDS = {5: (5, 1), 9: (3, 2), 13: (13, 1), 17: (17, 1), 25: (5, 2), 29: (29, 1), 37: (37, 1), 41: (41, 1)}
FIELDS |= {49: (7, 2), 53: (53, 1)}  # q: (p, power), q = p ** power ≡ 1 (mod 4)


def sizes() -> list[int]:
    """The player counts with a design here."""
    return sorted(set(BASES) | set(FIELDS))


@cache
def design(n: int) -> tuple[tuple[Table, ...], ...] | None:
    """The full round of Wh(n) as sittings of tables, or None where no design is stored."""
    if n in FIELDS:
        moduli, base = _field_base(*FIELDS[n])
    elif n in BASES:
        moduli, base = BASES[n]
    else:
        return None
    order = math.prod(moduli)
    infinity = n - 1 if order == n - 1 else None

    def add(point: int, shift: int) -> int:
        if point == infinity:
            return point
        return _encode([(a + b) % q for a, b, q in zip(_coords(point, moduli), _coords(shift, moduli), moduli)], moduli)

    return tuple(tuple(((add(a, g), add(b, g)), (add(c, g), add(d, g))) for a, b, c, d in base) for g in range(order))


@cache
def ordered(n: int) -> tuple[tuple[Table, ...], ...] | None:
    """The round of ``design(n)`` in the order a night plays it: each next sitting the one whose
    opponents have met least in the sittings before (ties: the earlier one). Any order is the
    same full round, but the plain cyclic order meets some opponents twice within a few
    sittings, where a short night at a large club need meet none twice."""
    rounds = design(n)
    if rounds is None:
        return None
    left, order, met = list(range(1, len(rounds))), [0], set()
    met.update(_opponents(rounds[0]))
    while left:
        best = min(left, key=lambda i: (sum(pair in met for pair in _opponents(rounds[i])), i))
        left.remove(best)
        order.append(best)
        met.update(_opponents(rounds[best]))
    return tuple(rounds[i] for i in order)


def _opponents(sitting) -> list[frozenset]:
    return [frozenset((x, y)) for (a, b), (c, d) in sitting for x in (a, b) for y in (c, d)]


def _coords(x: int, moduli) -> list[int]:
    out = []
    for q in reversed(moduli):
        out.append(x % q)
        x //= q
    return out[::-1]


def _encode(coords, moduli) -> int:
    x = 0
    for q, v in zip(moduli, coords):
        x = x * q + v
    return x


def _field_base(p: int, power: int):
    """The base sitting of Wh(q), q = p or p², from GF(q) = Z_p or Z_p[t]/(t² − r), r a non-square."""
    if power == 1:
        moduli = (p,)
        elements = [(a,) for a in range(p)]

        def times(x, y):
            return ((x[0] * y[0]) % p,)
    else:
        moduli = (p, p)
        squares = {a * a % p for a in range(1, p)}
        r = next(a for a in range(2, p) if a not in squares)
        elements = [(a, b) for a in range(p) for b in range(p)]

        def times(x, y):
            return ((x[0] * y[0] + r * x[1] * y[1]) % p, (x[0] * y[1] + x[1] * y[0]) % p)

    q = p**power
    one = (1,) + (0,) * (power - 1)

    def power_of(x, e):
        out = one
        for _ in range(e):
            out = times(out, x)
        return out

    def order(x):
        y, n = x, 1
        while y != one:
            y, n = times(y, x), n + 1
        return n

    primitive = next(x for x in elements if any(x) and order(x) == q - 1)
    k = (q - 1) // 4

    def point(e):
        return _encode(power_of(primitive, e), moduli)

    base = [(point(i), point(i + 2 * k), point(i + k), point(i + 3 * k)) for i in range(k)]
    return moduli, base
