"""A fresh database for the bench, made and dropped as Django's test runner does: a SQLite file in
a temporary folder, or (DATABASE_URL naming PostgreSQL) a new database on that server."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

from django.db import connection


@contextmanager
def fresh_database(folder: str):
    """Point the default connection at a new, migrated database for the block; drop it after."""
    test = connection.settings_dict.setdefault("TEST", {})
    test["NAME"] = str(Path(folder) / "bench.sqlite3") if connection.vendor == "sqlite" else f"bench_{os.getpid()}"
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
