"""python manage.py import_club FILE.json [--slug NEW] — restore a club written by export_club."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from league.exchange.backup import BackupError, import_club
from scoresheet import database

MAX_BYTES = 200 * 1024 * 1024  # a club's whole history is a few megabytes; this is far beyond


class Command(BaseCommand):
    help = "Restore a club from an export_club file (in one transaction: all of it or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--slug", help="restore under this slug (the club's own by default)")

    def handle(self, *args, file, slug, **options):
        problem = database.problem()
        if problem:
            raise CommandError(problem, returncode=2)
        try:
            with open(file, "rb") as handle:
                content = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.", returncode=2) from exc
        if len(content) > MAX_BYTES:
            raise CommandError(f"{file} is larger than a club backup can be.", returncode=2)
        try:
            document = json.loads(content)
        except (ValueError, RecursionError) as exc:
            raise CommandError(f"{file} is not JSON: {exc}", returncode=2) from exc
        try:
            club = import_club(document, slug=slug)
        except BackupError as exc:
            raise CommandError(str(exc), returncode=2) from exc
        except (TypeError, KeyError, ValueError, AttributeError, DatabaseError) as exc:
            raise CommandError(
                f"{file} is not a readable club backup ({type(exc).__name__}: {exc}).", returncode=2
            ) from exc
        self.stdout.write(f"Restored club {club.slug} ({club.name}) with {club.games.count()} games.")
