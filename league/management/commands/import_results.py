"""Bring a club's history in from a results workbook (PRODUCT.md, "The league" → "Spreadsheets").

Every row is checked first: if anything is wrong nothing is written, and the command prints
``{"errors": [{"sheet", "row", "column", "message"}]}`` naming every problem and exits 2. On
success it prints one summary line (games, nights, new players) and exits 0.
"""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from league.exchange import imports as import_services
from league.exchange.workbooks import MAX_BYTES, errors_json, problem
from scoresheet.management.output import printable, to_json
from scoresheet.problems import Refused


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Import a results workbook (sheet Results) into a club's season, creating both if needed."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the results workbook (.xlsx)")
        parser.add_argument("--club", required=True, help="the club's slug (a new club is named after it)")
        parser.add_argument("--season", required=True, help="the season's name (created if the club has none)")
        parser.add_argument("--variant", help="a new season's variant slug (default hand-and-foot)")
        parser.add_argument("--replace", action="store_true", help="replace the nights on dates already imported")

    def handle(self, *args, **options):
        try:
            data = _read(options["file"])
            plan = import_services.results_import(
                data=data,
                club_slug=options["club"],
                season_name=options["season"],
                variant_slug=options["variant"],
                replace=options["replace"],
            )
        except Refused as refused:
            self.stdout.write(to_json(errors_json(refused.problems), getattr(self.stdout, "encoding", None)))
            sys.exit(2)
        self.stdout.write(printable(plan.summary()))


def _read(name: str) -> bytes:
    path = Path(name)
    try:
        if path.stat().st_size > MAX_BYTES:  # refused before it is read into memory
            raise Refused([problem(None, None, None, "The file is over 5 MB: a workbook may be 5 MB at most.")])
        return path.read_bytes()
    except OSError as exc:
        message = f"Cannot read {printable(name)}: {exc.strerror or exc}."
        raise Refused([problem(None, None, None, message)]) from None
