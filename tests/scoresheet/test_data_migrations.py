"""The data migrations of scoresheet, run on games saved before them.

The migrations run forward from nothing into an empty database of the tests' engine (SQLite or
PostgreSQL) beside the test database, under a connection of its own: the games are saved at the
migration before the first data migration and each check is made at the stop it needs. The test
database is left as it is. (Going back there through the test database instead unapplies every
later migration of both apps and applies them again after: that took 3.6 s against 0.9 s.)"""

import re

import pytest
from django.db import connection, connections
from django.db.migrations.executor import MigrationExecutor

TRIP = "migration_trip"  # the connection to the empty database


@pytest.fixture
def trip(tmp_path, django_db_blocker):
    """The empty database's connection alias; the database is dropped after the test."""
    settings = dict(connection.settings_dict)
    sqlite = connection.vendor == "sqlite"
    settings["NAME"] = str(tmp_path / "trip.sqlite3") if sqlite else f"{settings['NAME']}_trip"

    def on_the_server(*statements: str) -> None:  # PostgreSQL: as Django's test database creation does
        with connection._nodb_cursor() as cursor:
            for statement in statements:
                cursor.execute(statement.format(name=settings["NAME"]))

    with django_db_blocker.unblock():
        if not sqlite:
            on_the_server('DROP DATABASE IF EXISTS "{name}"', 'CREATE DATABASE "{name}"')
        connections.settings[TRIP] = settings
        try:
            yield TRIP
        finally:
            connections[TRIP].close()
            del connections[TRIP]
            del connections.settings[TRIP]
            if not sqlite:
                on_the_server('DROP DATABASE "{name}"')


def migrate(target: list[tuple[str, str]]):
    """Migrate the empty database to ``target``; the models as they were there (the state the
    migration left, not rendered a second time)."""
    return MigrationExecutor(connections[TRIP]).migrate(target).apps


@pytest.mark.engine  # run again on PostgreSQL: the migrations' own queries, on each engine
def test_the_data_migrations_name_existing_games_and_give_them_fresh_tokens(trip):
    # 0003 names existing games after their rules snapshot.
    old_apps = migrate([("scoresheet", "0002_load_presets")])
    OldGame = old_apps.get_model("scoresheet", "Game").objects.db_manager(trip)
    OldTeam = old_apps.get_model("scoresheet", "Team").objects.db_manager(trip)
    # 0002 loaded the presets into the database being migrated
    document = old_apps.get_model("scoresheet", "Variant").objects.using(trip).get(slug="canasta").document
    game = OldGame.create(rules_document={**document, "name": "  Canasta, our way "}, name="Zoë vs Bob")
    OldTeam.create(game=game, position=1, name="Bob", players="")
    OldTeam.create(game=game, position=0, name="Zoë", players="Zoë  Ünal, Yann")
    odd = OldGame.create(rules_document={"name": 5}, name="Odd")
    # and the games 0009–0011 are to give fresh tokens, saved before them too
    ids = [OldGame.create(rules_document={}, name=f"Game {i}").pk for i in range(3)]
    # the model as that migration left it (later migrations add other columns)
    migrated_apps = migrate([("scoresheet", "0003_game_variant_name_deleted_at")])
    MigratedGame = migrated_apps.get_model("scoresheet", "Game").objects.using(trip)
    game = MigratedGame.get(pk=game.pk)
    assert game.variant_name == "Canasta, our way" and game.deleted_at is None
    assert game.search_text == "zoe vs bob\nzoe\nbob\nzoe unal, yann"
    assert MigratedGame.get(pk=odd.pk).variant_name == ""

    # 0009–0011 give every existing game fresh tokens of its own.
    Migrated = migrate([("scoresheet", "0011_game_tokens_required")]).get_model("scoresheet", "Game")
    values = [t for g in Migrated.objects.using(trip).filter(pk__in=ids) for t in (g.token, g.share_token)]
    assert len(values) == 6 and len(set(values)) == 6
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", t) for t in values)
