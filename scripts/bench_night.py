#!/usr/bin/env python3
"""How long drawing a sitting and reading the night page take, for nights of 8 to 60 players.

    .venv/bin/python scripts/bench_night.py [PLAYERS ...]      (default: 8 24 60)

For each PLAYERS count it makes, in a fresh SQLite database in a temporary folder, a club with a
season of PAST earlier nights (4 sittings each: the history the draw steers by), then a new night:
it checks everyone in and draws 4 sittings in rotating mode (finishing every game between them),
and reads the night page's data. It prints the median time of each step.
A benchmark, not a test: times depend on the machine, so nothing asserts them.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_home import setup_django  # noqa: E402

PAST = 6
SITTINGS = 4


def finish(sitting) -> None:
    from django.utils import timezone

    from scoresheet.models import Game

    Game.objects.filter(table__sitting=sitting).update(status=Game.Status.FINISHED, finished_at=timezone.now())


def night_of(club, season, variant, players, day: date):
    from league.nights import services as night_services

    night = night_services.night_create(
        club=club, season=season, date=day, variant=variant, mode="rotating", sittings_planned=SITTINGS
    )
    for player in players:
        night_services.check_in(night=night, player=player)
    return night


def main(counts: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        setup_django(folder)
        from django.core.management import call_command

        from league.models import Club, Player, Season
        from league.nights import selectors as night_selectors
        from league.nights import services as night_services
        from scoresheet.games import services
        from scoresheet.models import Variant

        call_command("migrate", verbosity=0)
        services.presets_load()
        variant = Variant.objects.get(slug="hand-and-foot")
        print(f"{'players':>7}  {'draw a sitting (median)':>24}  {'night page data':>16}")
        for count in counts:
            club = Club.objects.create(slug=f"club-{count}", name=f"Club {count}")
            season = Season.objects.create(
                club=club,
                name="S",
                start=date(2026, 1, 1),
                end=date(2026, 12, 31),
                variant=variant,
                blowout_margin=5000,
            )
            players = [Player.objects.create(club=club, name=f"P{n:02d}") for n in range(count)]
            for k in range(PAST):
                past = night_of(club, season, variant, players, date(2026, 1, 1) + timedelta(days=7 * k))
                for _ in range(SITTINGS):
                    finish(night_services.sitting_draw(night=past))
            night = night_of(club, season, variant, players, date(2026, 11, 24))
            draws = []
            for _ in range(SITTINGS):
                start = time.perf_counter()
                sitting = night_services.sitting_draw(night=night)
                draws.append(time.perf_counter() - start)
                finish(sitting)
            reads = []
            for _ in range(7):
                start = time.perf_counter()
                night_selectors.night_page(night=night)
                reads.append(time.perf_counter() - start)
            print(f"{count:>7}  {statistics.median(draws) * 1000:>22.0f}ms  {statistics.median(reads) * 1000:>14.1f}ms")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [8, 24, 60])
