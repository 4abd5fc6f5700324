"""On SQLite, each test process's database starts as a copy of one migrated once.

Migrating an empty database takes about 2.7 s of CPU, and every pytest-xdist worker made its own:
three for `make test`, two for `make test-quick`, each run. Here the migrations are applied once,
by `manage.py migrate` into var/test-template-<key>.sqlite3, and each worker copies that file into
place and lets Django keep it (keepdb: it still runs `migrate`, which finds nothing to do, and
`createcachetable`). The key is a hash of every migration file and Django's version, so a changed
or added migration makes a new template; two runs at once build it under a lock. PostgreSQL (the
`-m engine` pass of .ci/run) builds its databases as pytest-django does.
"""

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kept_builds import kept

ROOT = Path(__file__).resolve().parent.parent


def template_key() -> str:
    import django

    digest = hashlib.sha256(django.get_version().encode())
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def migrated_template(var_dir: Path) -> Path:
    """The template database for the migrations as they are, built if it is not there yet."""

    def migrate(path: Path) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": f"sqlite:///{path}"},
            check=True,
        )

    return kept(var_dir, "test-template", template_key(), ".sqlite3", migrate)


def copy_database(source: Path, target: str) -> None:
    """``source`` into the file ``target`` through SQLite's backup (a write-ahead log included)."""
    for suffix in ("", "-wal", "-shm"):
        Path(target + suffix).unlink(missing_ok=True)
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()


@pytest.fixture(scope="session")
def django_db_setup(request, django_test_environment, django_db_blocker, django_db_modify_db_settings):
    """pytest-django's, with the test database copied from the migrated template on SQLite."""
    from django.conf import settings
    from django.db import connections
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _get_databases_for_setup

    aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
    database = settings.DATABASES["default"]
    copied = database["ENGINE"] == "django.db.backends.sqlite3" and set(aliases) <= {"default"}
    if copied:
        name = connections["default"].creation._get_test_db_name()
        copy_database(migrated_template(Path(settings.VAR_DIR)), name)
    with django_db_blocker.unblock():
        config = setup_databases(
            verbosity=request.config.option.verbose,
            interactive=False,
            aliases=aliases,
            serialized_aliases=serialized_aliases,
            keepdb=copied,
        )
    yield
    with django_db_blocker.unblock():
        if copied:
            for connection in connections.all():
                connection.close()
            for suffix in ("", "-wal", "-shm"):
                Path(name + suffix).unlink(missing_ok=True)
        else:
            end_stray_sessions(config)
            try:  # as pytest-django's
                teardown_databases(config, verbosity=request.config.option.verbose)
            except Exception as exc:  # noqa: BLE001
                request.node.warn(pytest.PytestWarning(f"Error when trying to teardown test databases: {exc!r}"))


def end_stray_sessions(config) -> None:
    """PostgreSQL: end the sessions still open on the test databases (an app server a test stopped,
    whose server process outlives it a moment; a thread's connection kept for CONN_MAX_AGE), which
    stop a database being dropped: "is being accessed by other users", and the database was left on
    the server after the run. Our own connections are closed first."""
    from django.db import connections

    for connection in connections.all():
        connection.close()
    for connection, _old_name, destroy in config:
        if destroy and connection.vendor == "postgresql":
            with connection._nodb_cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid()",
                    [connection.settings_dict["NAME"]],
                )
