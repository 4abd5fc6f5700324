"""Load the preset variants, so that a fresh database can start games at once.

``manage.py load_presets`` refreshes them later when the JSON files change.
"""

from django.db import migrations


def load(apps, schema_editor):
    from scoresheet.rules.preset_rules import presets

    # the database being migrated (not always the default one: tests/scoresheet/test_data_migrations.py)
    manager = apps.get_model("scoresheet", "Variant").objects.db_manager(schema_editor.connection.alias)
    for position, rules in enumerate(presets()):
        manager.update_or_create(
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
