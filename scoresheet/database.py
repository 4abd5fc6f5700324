"""Is there a database to use yet?

The presets are files, so scoring and printing blank sheets work on a fresh clone before
any ``migrate``; house rules in the database are used only when the database is there.
Commands that truly need the database (a game's sheet, loading presets) say in one line
what to do instead of ending in ``OperationalError: no such table``.
"""

from __future__ import annotations

from django.apps import apps
from django.db import DatabaseError, connection

MIGRATE_HINT = "run `make run` or `python manage.py migrate` first"


def problem() -> str | None:
    """None when the app's tables are there; otherwise one line saying what is wrong and what to do.

    An unreachable database (a PostgreSQL server that is down, a SQLite path that cannot be
    opened or is not a database) counts as missing: the presets still work without it.
    """
    try:
        existing = set(connection.introspection.table_names())
    except DatabaseError as exc:  # OperationalError and its kin: no connection, not a database file
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"Cannot reach the database ({reason}): check that it is running and that DATABASE_URL points to it."
    needed = {model._meta.db_table for model in apps.get_app_config("scoresheet").get_models()}
    if not needed <= existing:
        return f"The database has no score sheet tables yet: {MIGRATE_HINT}."
    return None


def ready() -> bool:
    """True when the database holds the app's tables (house rules, games) and answers."""
    return problem() is None
