#!/usr/bin/env python3
"""How long the engine takes to score one 4-round Hand and Foot game, against the same sums done by hand.

    .venv/bin/python scripts/bench_engine.py [RUNS]      (default: 2000)

It scores Earl's worked example (tests/scoresheet/test_examples_hand_and_foot.py, four rounds, two
sides) with ``scoring.score_game`` — breakdown lines, warnings, plausibility checks and all — and
adds up the same totals as bare Python arithmetic (each count times its value, as the example's
comments do). It prints the median time of each and their ratio (issue 21: the engine should stay
within 10× bare arithmetic). A benchmark, not a test: times depend on the machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoresheet.rules import preset  # noqa: E402
from scoresheet.scoring import score_game  # noqa: E402
from tests.scoresheet.test_examples_hand_and_foot import EARL  # noqa: E402

# Earl's values (the example's comments): books, red threes laid and held, black threes, going out.
BOOKS = {"clean": 500, "dirty": 300, "wild": 1500}
RED, RED_HELD, BLACK_HELD, OUT, EXTRA = 100, 100, 100, 100, 100


def bare_totals(rounds) -> tuple[int, int]:
    """The game's totals as plain additions: no fields, no lines, no checks."""
    totals = [0, 0]
    for entries in rounds:
        for side, e in enumerate(entries):
            totals[side] += (
                sum(n * BOOKS[k] for k, n in e.books.items())
                + e.red_threes * RED
                - e.red_threes_held * RED_HELD
                - e.black_threes_held * BLACK_HELD
                + e.melded_points
                - e.hand_points
                + e.went_out * OUT
                + sum(e.extras.values()) * EXTRA
            )
    return tuple(totals)


def median_seconds(work, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(runs: int) -> None:
    rules = preset(EARL.slug)  # one rules object, as a game page or a save has
    rounds = [r.entries for r in EARL.rounds]
    engine = score_game(rules, rounds, team_count=2).totals
    assert engine == bare_totals(rounds), (engine, bare_totals(rounds))
    scored = median_seconds(lambda: score_game(rules, rounds, team_count=2), runs)
    bare = median_seconds(lambda: bare_totals(rounds), runs)
    print(f"score_game, 4 rounds: {scored * 1e6:8.1f} µs (median of {runs})")
    print(f"bare arithmetic:      {bare * 1e6:8.1f} µs")
    print(f"ratio:                {scored / bare:8.1f}×")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
