"""Load the preset variants, so that a fresh database can start games at once.

``manage.py load_presets`` refreshes them later when the JSON files change.
"""

from django.db import migrations


def load(apps, schema_editor):
    from scoresheet.rules.preset_rules import presets

    Variant = apps.get_model("scoresheet", "Variant")
    variants = Variant.objects.using(schema_editor.connection.alias)  # the database being migrated
    for position, rules in enumerate(presets()):
        variants.update_or_create(
            slug=rules.slug,
            defaults={
                "name": rules.name,
                "family": rules.family,
                "document": rules.document,
                "is_preset": True,
                "position": position,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("scoresheet", "0001_initial")]
    operations = [migrations.RunPython(load, migrations.RunPython.noop)]
