"""List the variants (presets and house rules)."""

import json

from django.core.management.base import BaseCommand

from scoresheet import rules as rules_module
from scoresheet import selectors


class Command(BaseCommand):
    help = "List the variants: slug, name and family (--json for scripts)."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="print a JSON list of {slug, name, family}")

    def handle(self, *args, **options):
        rows = variant_rows()
        if options["json"]:
            self.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False))
            return
        width = max(len(r["slug"]) for r in rows)
        for r in rows:
            self.stdout.write(f"{r['slug']:<{width}}  {r['name']} ({rules_module.FAMILIES[r['family']]})")


def variant_rows() -> list[dict]:
    """Presets in their published order, then any other variant in the database."""
    rows = {r.slug: {"slug": r.slug, "name": r.name, "family": r.family} for r in rules_module.presets()}
    for v in selectors.variants_list():
        rows.setdefault(v.slug, {"slug": v.slug, "name": v.name, "family": v.family})
    return list(rows.values())
