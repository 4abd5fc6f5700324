"""python manage.py send_emails [--every SECONDS] — send the results emails queued by closing a night.

Run it from cron every minute in production (``* * * * * cd /srv/bookkeeper && .venv/bin/python
manage.py send_emails``), or keep it running with ``--every 60`` where there is no cron. Each
email is sent once, however many of these run at a time (league.nights.result_emails).
"""

from __future__ import annotations

import time
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from league.nights.result_emails import results_emails_send, stale_claims
from scoresheet import database

# A row claimed this long ago and still queued belongs to a sender that stopped: it is sent again.
STALE_CLAIM = timedelta(hours=1)


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Send the results emails queued by closing a night (each once), then stop, or repeat with --every."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every", type=int, metavar="SECONDS", help="keep running, sending what is queued every SECONDS"
        )

    def handle(self, *args, **options):
        problem = database.problem()
        if problem:
            raise CommandError(problem, returncode=2)
        every = options["every"]
        if every is not None and every < 1:
            raise CommandError("--every takes a number of seconds, 1 or more.", returncode=2)
        while True:
            stale_claims(older_than=STALE_CLAIM)
            count = results_emails_send()
            if count.sent or count.failed or every is None:
                self.stdout.write(f"{count.sent} sent, {count.failed} failed")
            if every is None:
                return
            time.sleep(every)
