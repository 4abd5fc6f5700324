"""python manage.py bench [--scale small|full] [--seasons N] [--runs N] [--out FILE] — issue 21's benchmark
(``make bench``): builds a synthetic club in a fresh database, measures every figure against a
floor view measured in the same run, prints the table and writes it as JSON (var/bench.json).

It never fails on time (times depend on the machine); it fails when a figure's query count is
not the one expected at every scale (league.bench.report.EXPECTED_QUERIES)."""

from __future__ import annotations

import signal
import sys
import tempfile
import time
import warnings
from dataclasses import replace
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings

from league.bench import report
from league.bench.club import SCALES, build
from league.bench.database import fresh_database
from league.bench.figures import Figure, measure
from scoresheet.models import Game

PLAIN_STATIC = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}


class Command(BaseCommand):
    help = "Build a synthetic club in a fresh database and time issue 21's figures against a floor view."
    requires_system_checks = []  # the database it would look at is not the one measured

    def add_arguments(self, parser):
        parser.add_argument("--scale", choices=sorted(SCALES), default="small", help="the club's size (default small)")
        parser.add_argument(
            "--seasons", type=int, help="fewer seasons than the scale's: a quicker full run on a busy machine"
        )
        parser.add_argument("--runs", type=int, default=5, help="timed runs of each figure (default 5)")
        parser.add_argument("--out", default=str(Path(settings.BASE_DIR) / "var" / "bench.json"), help="the JSON file")

    def handle(self, *args, **options):
        scale = SCALES[options["scale"]]
        if options["seasons"]:
            scale = replace(scale, seasons=options["seasons"])
        # Stopped (kill, CI's time limit): leave through the blocks below, which drop the database.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic here
        # The floor's address beside the project's; plain static names (no collectstatic here).
        pages = override_settings(
            ROOT_URLCONF="league.bench.floor",
            STORAGES={**settings.STORAGES, "staticfiles": PLAIN_STATIC},
            ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"],
        )
        with tempfile.TemporaryDirectory() as folder, fresh_database(folder), pages:
            machine = report.machine()
            self.stdout.write(f"Building the {options['scale']} club ({scale}) on {machine['database']} …")
            start = time.perf_counter()
            bench = build(scale)
            built = time.perf_counter() - start
            games = Game.objects.filter(club=bench.club).count()
            self.stdout.write(f"built in {built:.0f} s; measuring (median of {options['runs']} runs) …")
            figures = measure(bench, options["runs"])
        figures.append(
            Figure(
                "build",
                f"building the club ({scale.seasons} seasons, {games:,} games; wall time)",
                built,
                None,
                None,
                reference="target ≤ 5 min at the full scale",
            )
        )
        counts = {f.key: f.queries_each for f in figures if f.queries is not None}
        problems = report.unexpected(counts)
        self.stdout.write(report.table(figures))
        self.stdout.write(f"\nMachine: {', '.join(f'{k} {v}' for k, v in machine.items())}")
        out = Path(options["out"])
        report.write_json(
            out, scale_name=options["scale"], scale=scale, built=built, figures=figures, problems=problems
        )
        self.stdout.write(f"Written to {out}")
        if problems:
            raise CommandError("Query counts not as expected:\n  " + "\n  ".join(problems))
