"""The README's seating table: players × sittings → repeats achieved against the counting bound,
and the draw's time (rotating mode, Hand and Foot's default tables, no history before the night).

    .venv/bin/python scripts/seating_table.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from league.nights import seating, whist_designs  # noqa: E402
from scoresheet.rules.preset_rules import preset  # noqa: E402

CASES = [(8, 7), (9, 9), (12, 11), (13, 13), (13, 4), (14, 4), (16, 15), (17, 8), (22, 4), (30, 8)]
CASES += [(40, 8), (41, 8), (44, 20), (45, 20), (57, 20), (60, 8), (61, 8), (62, 8), (60, 20)]


def main() -> None:
    shapes = seating.partnership_shapes(seating.table_shapes(preset("hand-and-foot")))
    print("| players | sittings | how | partner repeats (bound) | opponent repeats (bound) | most oppose | time |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for count, sittings in CASES:
        players = [f"P{i}" for i in range(1, count + 1)]
        started = time.perf_counter()
        night = seating.draw_night("rotating", players, shapes, sittings, seed=1)
        took = time.perf_counter() - started
        repeats, bound = night.history.repeats(), seating.bound(count, shapes, sittings)
        used = whist_designs.design(count) and seating.bound(count, [seating.STANDARD], sittings)["opponents"]
        how = "design" if used else "search"
        most = max(night.history.opponents.values())
        print(
            f"| {count} | {sittings} | {how} | {repeats['partners']} ({bound['partners']}) "
            f"| {repeats['opponents']} ({bound['opponents']}) | {most} | {took:.2f} s |"
        )


if __name__ == "__main__":
    main()
