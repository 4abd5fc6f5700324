"""Data a test module only reads, built once for the module instead of once a test.

Built inside a transaction rolled back after the module's last test; each test runs in a
savepoint inside it (as Django's ``TestCase.setUpTestData``), so what one test changes the next
never sees. The presets are there already, also after a transactional test emptied the tables
(tests/conftest.py puts them back before a database test's fixtures are set up). A test that
changes a built object in memory must fetch its own copy first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from django.db import transaction

T = TypeVar("T")


def built_once(django_db_blocker, build: Callable[[], T]) -> Iterator[T]:
    """Yield what ``build`` made, inside the module's transaction; roll it all back afterwards.

    Use from a module-scoped fixture that depends on ``django_db_setup``:
    ``yield from built_once(django_db_blocker, build_world)``.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield build()
        transaction.set_rollback(True)
