"""The data migrations of scoresheet, run on games saved before them: one trip back to the
migration before the first of them and forward again, checking each on the way (each trip back
unapplies every later migration of both apps, the most expensive thing a test can do here; and
each stop on the way forward renders every model again, so the games are all saved at the first
stop and there are only the stops a check needs)."""

import re

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(target: list[tuple[str, str]]):
    """Migrate to ``target``; the models as they were there (the state the migration left, not
    rendered a second time)."""
    return MigrationExecutor(connection).migrate(target).apps


def test_the_data_migrations_name_existing_games_and_give_them_fresh_tokens(transactional_db):
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        # 0003 names existing games after their rules snapshot.
        old_apps = migrate([("scoresheet", "0002_load_presets")])
        OldGame = old_apps.get_model("scoresheet", "Game")
        OldTeam = old_apps.get_model("scoresheet", "Team")
        document = old_apps.get_model("scoresheet", "Variant").objects.get(slug="canasta").document
        game = OldGame.objects.create(rules_document={**document, "name": "  Canasta, our way "}, name="Zoë vs Bob")
        OldTeam.objects.create(game=game, position=1, name="Bob", players="")
        OldTeam.objects.create(game=game, position=0, name="Zoë", players="Zoë  Ünal, Yann")
        odd = OldGame.objects.create(rules_document={"name": 5}, name="Odd")
        # and the games 0009–0011 are to give fresh tokens, saved before them too
        ids = [OldGame.objects.create(rules_document={}, name=f"Game {i}").pk for i in range(3)]
        # the model as that migration left it (later migrations add other columns)
        MigratedGame = migrate([("scoresheet", "0003_game_variant_name_deleted_at")]).get_model("scoresheet", "Game")
        game = MigratedGame.objects.get(pk=game.pk)
        assert game.variant_name == "Canasta, our way" and game.deleted_at is None
        assert game.search_text == "zoe vs bob\nzoe\nbob\nzoe unal, yann"
        assert MigratedGame.objects.get(pk=odd.pk).variant_name == ""

        # 0009–0011 give every existing game fresh tokens of its own.
        Migrated = migrate([("scoresheet", "0011_game_tokens_required")]).get_model("scoresheet", "Game")
        values = [t for g in Migrated.objects.filter(pk__in=ids) for t in (g.token, g.share_token)]
        assert len(values) == 6 and len(set(values)) == 6
        assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", t) for t in values)
    finally:
        MigrationExecutor(connection).migrate(latest)
