#!/usr/bin/env python3
"""How long exporting a busy season's results workbook takes, and how many queries it makes.

    .venv/bin/python scripts/bench_export.py [--nights N] [--db FILE] [--dump FILE]

It makes (or, with ``--db`` naming a file already made, reuses) a SQLite database holding a club
with one season of N nights (default 40), each of 2 sittings at 6 tables of two pairs, every game
4 rounds entered round by round through the project's services, the nights closed. Then it times
``exports.results_workbook`` (the export_results command's workbook; median of 5) and counts its
queries. ``--dump`` writes every cell of the workbook as it reads back (value, type, number format,
bold), the frozen panes and the column widths as JSON, so two versions of the code can be compared.
A benchmark, not a test: times depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_home import setup_django  # noqa: E402

PLAYERS, SITTINGS, ROUNDS = 24, 2, 4


def build(nights: int) -> None:
    """The club, its season and its nights, through the services."""
    from django.core.management import call_command
    from django.utils import timezone

    from league.models import Agreement, Club, Player, Season
    from league.nights import services as night_services
    from scoresheet import services
    from scoresheet.models import Game, Variant
    from scoresheet.scoring import Entry

    call_command("migrate", verbosity=0)
    services.presets_load()
    variant = Variant.objects.get(slug="hand-and-foot")
    club = Club.objects.create(slug="bench", name="Bench Club")
    season = Season.objects.create(
        club=club, name="S", start=date(2026, 1, 1), end=date(2026, 12, 31), variant=variant, blowout_margin=5000
    )
    players = [Player.objects.create(club=club, name=f"Player {n:02d}") for n in range(PLAYERS)]
    for k in range(nights):
        night = night_services.night_create(
            club=club,
            season=season,
            date=date(2026, 1, 1) + timedelta(days=k),
            variant=variant,
            mode="rotating",
            sittings_planned=SITTINGS,
        )
        for player in players:
            night_services.check_in(night=night, player=player)
        for _ in range(SITTINGS):
            sitting = night_services.sitting_draw(night=night)
            for game in Game.objects.filter(table__sitting=sitting):
                for number in range(1, ROUNDS + 1):
                    entries = [
                        Entry(books={"clean": 1 + (number + k) % 2, "dirty": 1}, melded_points=400 + 5 * number),
                        Entry(books={"clean": 1}, melded_points=300, hand_points=45, black_threes_held=number % 2),
                    ]
                    services.round_record(game=game, number=number, entries=entries)
                services.game_finish(game=game)
                for team in game.teams.all():  # every team agrees, as each would from its own phone
                    Agreement.objects.create(team=team, at=timezone.now(), device=f"phone-{team.pk}")
        night_services.night_close(night=night)


def bare_write(results, log) -> float:
    """Seconds to write the same rows into a write-only workbook as they are: the floor."""
    import openpyxl

    start = time.perf_counter()
    book = openpyxl.Workbook(write_only=True)
    for rows in (results, log):
        sheet = book.create_sheet()
        for row in rows:
            sheet.append(row)
    book.save(BytesIO())
    return time.perf_counter() - start


def described(data: bytes) -> dict:
    """The workbook as it reads back: what must not change when the writing does."""
    import openpyxl

    book = openpyxl.load_workbook(BytesIO(data))
    return {
        sheet.title: {
            "freeze": sheet.freeze_panes,
            "widths": {k: d.width for k, d in sorted(sheet.column_dimensions.items())},
            "cells": [
                [[repr(c.value), c.data_type, c.number_format, bool(c.font.b)] for c in row]
                for row in sheet.iter_rows()
            ],
        }
        for sheet in book.worksheets
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--db", help="a SQLite file: made if missing, reused if present")
    parser.add_argument("--dump", help="write the workbook's cells here as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(args.db or f"{folder}/bench.sqlite3").resolve()
        fresh = not db.exists()
        import os

        os.environ["DATABASE_URL"] = f"sqlite:///{db}"
        setup_django(folder)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from league.exchange import exports
        from league.models import Season
        from scoresheet.models import Game

        if fresh:
            start = time.perf_counter()
            build(args.nights)
            print(f"built in {time.perf_counter() - start:.0f} s")
        season = Season.objects.get(club__slug="bench")
        print(f"{Game.objects.count()} games")
        times = []
        for _ in range(5):
            start = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                data = exports.results_workbook(season=season)
            times.append(time.perf_counter() - start)
        exported = statistics.median(times)
        print(f"export_results workbook: {exported * 1000:.0f} ms (median of 5), {len(queries)} queries")
        _, log = exports.game_log(season=season)
        results = exports.results_rows(season=season)
        bare = statistics.median(bare_write(results, log) for _ in range(5))
        print(f"bare write-only openpyxl write of the same rows: {bare * 1000:.0f} ms; ratio {exported / bare:.1f}x")
        if args.dump:
            Path(args.dump).write_text(json.dumps(described(data)), encoding="utf-8")


if __name__ == "__main__":
    main()
