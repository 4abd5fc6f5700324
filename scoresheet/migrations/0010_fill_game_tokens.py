# Data migration: every game already there gets its own fresh play and share tokens
# (games were reached by id until now; from here on, casual games only by these).

import secrets

from django.db import migrations


def fill_game_tokens(apps, schema_editor):
    # the database being migrated (not always the default one: tests/scoresheet/test_data_migrations.py)
    manager = apps.get_model("scoresheet", "Game").objects.db_manager(schema_editor.connection.alias)
    games = list(manager.filter(token__isnull=True).only("id"))
    for game in games:
        # secrets.token_urlsafe(32), as scoresheet.addresses.tokens.new_token (not imported: a migration
        # must not change when the app's code does).
        game.token = secrets.token_urlsafe(32)
        game.share_token = secrets.token_urlsafe(32)
    manager.bulk_update(games, ["token", "share_token"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0009_game_tokens"),
    ]

    operations = [
        migrations.RunPython(fill_game_tokens, migrations.RunPython.noop),
    ]
