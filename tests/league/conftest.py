"""Fixtures shared by the league's standings tests."""

import pytest

from league.models import Season
from tests.league.built_once import built_once
from tests.league.test_standings import build_autumn


@pytest.fixture(scope="module")
def autumn_once(django_db_setup, django_db_blocker):
    """The hand-computed season of test_standings.py, built once for each module that uses it."""
    yield from built_once(django_db_blocker, build_autumn)


@pytest.fixture
def autumn(autumn_once):
    """The season as stored, a copy of its own for each test (a test may change and save it)."""
    return Season.objects.get(pk=autumn_once.pk)
