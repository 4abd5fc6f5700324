"""A synthetic club for the ratings tests: players with hidden strengths, partners drawn afresh
for every game, night after night. Plain Python (``RatedGame``s); the DB-backed tests seat a few
of these games through the services."""

from __future__ import annotations

import random
from datetime import date, timedelta

from league.ratings.learning import RatedGame

PLAYERS = 18  # three 2-team tables of 4 and one 3-team table of 6 each sitting


def strengths(seed: int = 7) -> dict[int, float]:
    """Each player's hidden strength (player ids 1…18), spread like a club's."""
    rng = random.Random(seed)
    return {pk: rng.gauss(0, 1) for pk in range(1, PLAYERS + 1)}


def nights(count: int = 60, sittings: int = 3, seed: int = 7, noise: float = 1.5) -> list[RatedGame]:
    """``count`` weekly nights of games: each sitting shuffles everyone into new tables and partners;
    a team's total is 1,000 × its players' summed strength plus luck (``noise`` × 1,000)."""
    rng = random.Random(seed + 1)
    hidden = strengths(seed)
    games = []
    for night in range(count):
        day = date(2026, 1, 6) + timedelta(weeks=night)
        for _ in range(sittings):
            order = list(hidden)
            rng.shuffle(order)
            pairs = [tuple(order[i : i + 2]) for i in range(0, PLAYERS, 2)]
            for teams in (pairs[0:2], pairs[2:4], pairs[4:6], pairs[6:9]):
                totals = tuple(
                    round(3000 + 1000 * (sum(hidden[pk] for pk in team) + rng.gauss(0, noise))) for team in teams
                )
                games.append(RatedGame(len(games) + 1, day, 1, tuple(teams), totals))
    return games
