"""The benchmark's query counts (league/bench, `make bench`): the same for a club of any size.

Two small clubs are built through the services as the bench builds its own, and every figure that
queries the database (the pages, the exports, the import) is run once on each: the counts must be
equal, and equal to those the bench command checks at its small and full scales (the import's
too here: both clubs' last seasons have 2 nights, see league.bench.report)."""

import pytest

from league.bench.club import SCALES, build
from league.bench.figures import query_counts
from league.bench.report import EXPECTED_QUERIES

pytestmark = pytest.mark.engine  # query counts can differ between database engines


@pytest.fixture
def bench_urls(settings):
    settings.ROOT_URLCONF = "league.bench.floor"  # the floor view beside the project's pages


@pytest.mark.django_db(transaction=True)  # as in the command: the import is its own transaction
def test_query_counts_do_not_grow_with_the_club(bench_urls):
    smaller = query_counts(build(SCALES["tiny-1"], slug="smaller"))
    bigger = query_counts(build(SCALES["tiny-2"], slug="bigger"))
    assert smaller == bigger
    assert {key: smaller[key] for key in EXPECTED_QUERIES} == EXPECTED_QUERIES
