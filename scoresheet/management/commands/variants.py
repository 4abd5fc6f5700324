"""List the variants (presets and house rules)."""

from dataclasses import asdict

from django.core.management.base import BaseCommand

from scoresheet.games import selectors
from scoresheet.management.output import to_json
from scoresheet.rules import schema as rules_module


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "List the variants: slug, name and family (--json for scripts)."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="print a JSON list of {slug, name, family}")

    def handle(self, *args, **options):
        # The presets come from their files, so this works before any `migrate`.
        rows = [asdict(choice) for choice in selectors.variant_choices()]
        if options["json"]:
            self.stdout.write(to_json(rows, getattr(self.stdout, "encoding", None)))
            return
        width = max(len(r["slug"]) for r in rows)
        for r in rows:
            family = rules_module.FAMILIES.get(r["family"], r["family"])
            self.stdout.write(f"{r['slug']:<{width}}  {r['name']} ({family})")
