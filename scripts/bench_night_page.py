#!/usr/bin/env python3
"""How long the night page takes after a busy night, and how many queries it makes.

    .venv/bin/python scripts/bench_night_page.py [CORRECTIONS]      (default: 15)

It makes, in a fresh SQLite database in a temporary folder, a night of 24 players: 2 sittings at
6 tables, every game 4 rounds, each round then corrected CORRECTIONS times (15: 720 corrections,
the busy night of issue 21). It reads the night page through the test client as the organiser
(median of 7) and counts its queries. A benchmark, not a test: times depend on the machine.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_home import setup_django  # noqa: E402

PLAYERS, SITTINGS, ROUNDS = 24, 2, 4


def build(corrections: int):
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from league.models import Club, Membership, Player, Role, Season
    from league.nights import services as night_services
    from scoresheet import services
    from scoresheet.models import Game, Variant
    from scoresheet.scoring import Entry

    call_command("migrate", verbosity=0)
    services.presets_load()
    variant = Variant.objects.get(slug="hand-and-foot")
    club = Club.objects.create(slug="bench", name="Bench Club")
    organiser = User.objects.create_user("olga")
    Membership.objects.create(club=club, user=organiser, role=Role.ORGANISER)
    season = Season.objects.create(
        club=club, name="S", start=date(2026, 1, 1), end=date(2026, 12, 31), variant=variant, blowout_margin=5000
    )
    night = night_services.night_create(
        club=club, season=season, date=date(2026, 3, 3), variant=variant, mode="rotating", sittings_planned=SITTINGS
    )
    for n in range(PLAYERS):
        night_services.check_in(night=night, player=Player.objects.create(club=club, name=f"Player {n:02d}"))
    for sitting_number in range(1, SITTINGS + 1):
        sitting = night_services.sitting_draw(night=night)
        for game in Game.objects.filter(table__sitting=sitting):
            for number in range(1, ROUNDS + 1):
                for hand in range(corrections + 1):  # entered, then corrected
                    entries = [
                        Entry(books={"clean": 1, "dirty": 1}, melded_points=400),
                        Entry(books={"clean": 1}, melded_points=300, hand_points=5 * hand),
                    ]
                    services.round_record(game=game, number=number, entries=entries, reason="Bench" if hand else "")
            if sitting_number < SITTINGS:
                services.game_finish(game=game)
    return organiser, night


def main(corrections: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        setup_django(folder)
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        organiser, night = build(corrections)
        client = Client()
        client.force_login(organiser)
        url = f"/clubs/bench/nights/{night.pk}/"
        times = []
        for _ in range(7):
            start = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url, secure=True)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, response.status_code
        changes = response.content.decode().count('class="history-entry"')
        print(
            f"night page, {corrections * SITTINGS * 6 * ROUNDS} corrections: {statistics.median(times) * 1000:.0f} ms "
            f"(median of 7), {len(queries)} queries, {changes} changes shown"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
