"""python manage.py export_club SLUG --out FILE.json — everything of a club, to restore with import_club."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from league.exchange.backup import BackupError, export_club
from scoresheet import database


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Write everything of a club (members' roles, players, house rules, seasons, nights, games) to a JSON file."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's slug")
        parser.add_argument("--out", required=True, metavar="FILE.json", help="where to write the backup")

    def handle(self, *args, slug, out, **options):
        problem = database.problem()
        if problem:
            raise CommandError(problem, returncode=2)
        try:
            document = export_club(slug)
        except BackupError as exc:
            raise CommandError(str(exc), returncode=2) from exc
        try:
            with open(out, "w", encoding="utf-8") as file:
                json.dump(document, file, ensure_ascii=False, indent=1)
        except OSError as exc:
            raise CommandError(f"Cannot write {out}: {exc.strerror}.", returncode=2) from exc
        rows = sum(len(rows) for rows in document["tables"].values())
        games = len(document["tables"].get("scoresheet.Game", []))
        self.stdout.write(f"Wrote {out}: club {slug}, {games} games, {rows} rows in all.")
