"""Data a test module only reads, built once for the module instead of once a test.

Built inside a transaction rolled back after the module's last test; each test runs in a
savepoint inside it (as Django's ``TestCase.setUpTestData``), so what one test changes the next
never sees. A test that changes a built object in memory must fetch its own copy first.
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
    from scoresheet.games import services as scoresheet_services
    from scoresheet.models import Variant

    with django_db_blocker.unblock(), transaction.atomic():
        if not Variant.objects.filter(is_preset=True).exists():  # a transactional test emptied them
            scoresheet_services.presets_load()
        yield build()
        transaction.set_rollback(True)
