"""Create or refresh the preset variants in the database from scoresheet/rules/presets/*.json."""

from django.core.management.base import BaseCommand, CommandError

from scoresheet import database
from scoresheet.games import services


class Command(BaseCommand):
    help = "Load the preset variants from scoresheet/rules/presets into the database."

    def handle(self, *args, **options):
        problem = database.problem()
        if problem is not None:
            raise CommandError(problem, returncode=2)
        created, updated = services.presets_load()
        self.stdout.write(f"Presets: {created} created, {updated} refreshed.")
