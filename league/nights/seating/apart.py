"""Pairs kept apart, never seated at one table (plain Python, no database)."""

from __future__ import annotations

import itertools
import random

from django.utils.translation import gettext, ngettext

from league.nights.seating.shapes import Shape
from league.nights.seating.sittings import Pair


def apart_among(apart, players) -> set[Pair]:
    here = set(players)
    return {Pair(pair) for pair in apart if len(set(pair)) == 2 and set(pair) <= here}


def apart_places(seated, odd_players, tables: list[Shape], apart: set[Pair], rng: random.Random):
    """A function giving, for each start of the search, tables for the players kept apart (in
    random order of tables) that keep every pair apart; ValueError when none exists.

    A small backtracking over the players in such pairs only (most kept apart first); tables
    still empty and of one shape are tried once."""
    kept = [p for p in seated if any(p in pair for pair in apart)]
    if not kept:
        return dict
    odd_set = set(odd_players)
    kept.sort(key=lambda p: -sum(p in pair for pair in apart))

    def search(order):
        free = {t: tables[t].size for t in order}
        at: dict = {}

        def place(i):
            if i == len(kept):
                return True
            p, tried = kept[i], set()
            for t in order:
                empty = free[t] == tables[t].size
                key = (tables[t], True) if empty else (t, False)
                if free[t] == 0 or tables[t].odd != (p in odd_set) or key in tried:
                    continue
                if any(Pair((p, q)) in apart for q, u in at.items() if u == t):
                    continue
                tried.add(key)
                at[p], free[t] = t, free[t] - 1
                if place(i + 1):
                    return True
                del at[p]
                free[t] += 1
            return False

        return at if place(0) else None

    first = search(list(range(len(tables))))
    if first is None:
        pairs = gettext(" and ").join(" & ".join(sorted_names(pair)) for pair in sorted(apart, key=sorted_names))
        raise ValueError(
            ngettext(
                "%(pairs)s must be kept apart, but the %(n)s players seated this sitting fill %(tables)s table: "
                "no seating keeps them apart",
                "%(pairs)s must be kept apart, but the %(n)s players seated this sitting fill %(tables)s tables: "
                "no seating keeps them apart",
                len(tables),
            )
            % {"pairs": pairs, "n": len(seated), "tables": len(tables)}
        )

    def places():
        order = list(range(len(tables)))
        rng.shuffle(order)
        return search(order) or first

    return places


def sorted_names(pair) -> list[str]:
    return sorted(str(p) for p in pair)


def refuse_together(seating, apart: set[Pair], count: int, moves: bool = False) -> None:
    """Raise ValueError when the search left a pair kept apart at one table (the search tries its
    best; fixed partnerships and progressive moves can leave no way)."""
    for t, table in enumerate(seating, start=1):
        here = [p for team in table for p in team]
        for a, b in itertools.combinations(here, 2):
            if Pair((a, b)) in apart:
                said = {"a": a, "b": b, "n": count, "t": t}
                if moves:  # progressive: the winners move up
                    raise ValueError(
                        gettext(
                            "%(a)s and %(b)s must be kept apart, but the winners' moves bring no seating without "
                            "them both at table %(t)s"
                        )
                        % said
                    )
                raise ValueError(
                    gettext(
                        "%(a)s and %(b)s must be kept apart, but the partnerships of sitting 1 and %(n)s players "
                        "leave no seating without them both at table %(t)s"
                    )
                    % said
                )
