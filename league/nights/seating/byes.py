"""Who sits out a sitting (plain Python, no database): the fewest byes so far first."""

from __future__ import annotations

import random
from collections.abc import Sequence

from league.nights.seating.sittings import History, Player


def pick_byes(
    players: Sequence[Player], count: int, history: History, past: History, rng: random.Random
) -> tuple[Player, ...]:
    """The ``count`` players with the fewest byes so far (night and season), then the fewest odd
    seats (PRODUCT.md: nobody has a second before everyone present has had one), ties at random."""
    keyed = [
        (history.byes[p] + past.byes[p], history.odd[p] + past.odd[p], rng.random(), i) for i, p in enumerate(players)
    ]
    chosen = sorted(keyed)[:count]
    return tuple(players[k[-1]] for k in sorted(chosen, key=lambda k: k[-1]))
