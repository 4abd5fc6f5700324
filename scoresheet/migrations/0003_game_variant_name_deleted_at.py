"""For the game list: each game's rules name and search text beside it (so the list reads neither
the rules snapshot nor the teams to find and show games), soft delete, and the list's indexes.

Existing games are filled in from their snapshot and their teams.
"""

import unicodedata

from django.db import migrations, models

BATCH = 500


def search_key(*texts):
    """models.search_key as it is now (a migration keeps its own copy: the model's may change)."""
    return "\n".join(_fold(text) for text in texts)


# Letters that are not a plain letter plus an accent, as one types them without it.
PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"})


def _fold(text):
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(PLAIN_LETTERS))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def fill_in(apps, schema_editor):
    # the database being migrated (not always the default one: tests/scoresheet/test_data_migrations.py)
    manager = apps.get_model("scoresheet", "Game").objects.db_manager(schema_editor.connection.alias)
    batch = []
    games = manager.only("id", "name", "rules_document").prefetch_related("teams").order_by("id")
    for game in games.iterator(chunk_size=BATCH):
        document = game.rules_document if isinstance(game.rules_document, dict) else {}
        name = document.get("name")
        game.variant_name = name.strip()[:120] if isinstance(name, str) else ""
        teams = sorted(game.teams.all(), key=lambda team: team.position)
        game.search_text = search_key(
            game.name, *(team.name for team in teams), *(team.players for team in teams if team.players)
        )
        batch.append(game)
        if len(batch) == BATCH:
            manager.bulk_update(batch, ["variant_name", "search_text"])
            batch = []
    manager.bulk_update(batch, ["variant_name", "search_text"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0002_load_presets"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="deleted_at",
            field=models.DateTimeField(blank=True, help_text="Deleted: restorable until purged", null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="variant_name",
            field=models.CharField(blank=True, help_text="The rules' name in the snapshot", max_length=120),
        ),
        migrations.AddField(
            model_name="game",
            name="search_text",
            field=models.TextField(blank=True, editable=False),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("deleted_at__isnull", True)),
                fields=["status", "updated_at", "id"],
                name="game_list_order",
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("deleted_at__isnull", False)),
                fields=["deleted_at"],
                name="game_recently_deleted",
            ),
        ),
        migrations.RunPython(fill_in, migrations.RunPython.noop),
    ]
