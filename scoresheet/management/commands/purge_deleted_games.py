"""Remove for good the games deleted more than 30 days ago (run daily, e.g. from cron)."""

from django.core.management.base import BaseCommand, CommandError

from scoresheet import database
from scoresheet.games import services
from scoresheet.models import KEEP_DELETED


class Command(BaseCommand):
    help = f"Remove for good the games deleted more than {KEEP_DELETED.days} days ago, with their rounds."

    def handle(self, *args, **options):
        problem = database.problem()
        if problem is not None:
            raise CommandError(problem, returncode=2)
        purged = services.games_purge()
        self.stdout.write(
            f"Purged {purged} {'game' if purged == 1 else 'games'} deleted more than {KEEP_DELETED.days} days ago."
        )
