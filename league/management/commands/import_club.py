"""python manage.py import_club FILE.json [--slug NEW] [--link-accounts | --skip-accounts] — restore a club
written by export_club."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from league.exchange.backup import LINK, REFUSE, SKIP, BackupError, import_club
from scoresheet import database

MAX_BYTES = 200 * 1024 * 1024  # a club's whole history is a few megabytes; this is far beyond


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = (
        "Restore a club from an export_club file (in one transaction: all of it or nothing). Every row is "
        "checked first; a file that does not hold what its columns take, a rules document Bookkeeper cannot "
        "read, a round total its entries do not give, or a variant other than the club's own house rules is "
        "refused (exit status 2), naming the table, row and field. Accounts the backup names that are missing "
        "here are created without a password; if some exist here already, the restore is refused with their "
        "list unless --link-accounts or --skip-accounts says what to do with them."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--slug", help="restore under this slug (the club's own by default)")
        accounts = parser.add_mutually_exclusive_group()
        accounts.add_argument(
            "--link-accounts",
            action="store_const",
            const=LINK,
            dest="accounts",
            help="link the accounts that exist here by username: they get the roles the backup gives them",
        )
        accounts.add_argument(
            "--skip-accounts",
            action="store_const",
            const=SKIP,
            dest="accounts",
            help="leave out the accounts that exist here: no membership for them, their players and history "
            "name no account",
        )

    def handle(self, *args, file, slug, accounts=None, **options):
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
            club = import_club(document, slug=slug, accounts=accounts or REFUSE)
        except BackupError as exc:
            raise CommandError(str(exc), returncode=2) from exc
        except (TypeError, KeyError, ValueError, AttributeError, DatabaseError) as exc:
            raise CommandError(
                f"{file} is not a readable club backup ({type(exc).__name__}: {exc}).", returncode=2
            ) from exc
        self.stdout.write(f"Restored club {club.slug} ({club.name}) with {club.games.count()} games.")
