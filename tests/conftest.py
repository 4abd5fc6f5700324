"""Shared pytest setup: hypothesis profiles, a fast password hash, the engine selection for the
PostgreSQL pass, the quick tier's summary. The browser's own setup is in tests/e2e/conftest.py."""

import atexit
import gc
import logging
import os
import sys

import pytest
from hypothesis import settings

pytest_plugins = ["tests.module_order", "tests.database_template", "tests.frame_chunks"]

# Playwright's sync API runs an event loop in the test thread; without this Django
# refuses the database work pytest-django does around each test.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Python's cyclic garbage collector walks every young object each 700 allocations; a test process
# allocates millions (pages rendered, PDFs built) and its collections took 7% of the suite's CPU.
# Once the tests are collected, what exists is kept for the run (gc.freeze) and the young
# generation is collected every 50,000 allocations: half the collecting, the same tests.
def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


# A test process of pytest-xdist (a worker) leaves without tearing its interpreter down: freeing
# the whole run's objects one by one took 1.4 s after its last test, which `make test-quick` and
# `make test` waited for. By then the worker has sent its reports and exit status over its channel
# (its process's own exit status is not read), closed its databases and removed their files, and
# run every exit handler registered after this file was loaded (registered early, this runs last).
def _leave_without_teardown() -> None:
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if os.environ.get("PYTEST_XDIST_WORKER"):
    atexit.register(_leave_without_teardown)


# Property tests: a few examples per test while developing, many in CI (`.ci/run` sets
# HYPOTHESIS_PROFILE=ci). The tests themselves name no example count, so both apply to all.
settings.register_profile("dev", max_examples=10, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# Production hashes passwords with Django's PBKDF2, slow on purpose (a third of a second a hash);
# the tests make hundreds of accounts and sign-ins, so here a fast hash stands in. Sign-in,
# throttling and password changes behave the same with either (tests/test_security.py checks
# the production settings keep the slow one).
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        yield


# Fixtures through which a test gets the database: pytest-django's, and `presets` below
# (which asks for one of them only while it runs).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
    "presets",
}


def uses_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & set(item.fixturenames))


# The PostgreSQL pass of .ci/run runs `-m engine`: the tests whose outcome can depend on the
# database engine. Those marked `engine` by hand (constraints, case and accents in searches, JSON
# read back, a browser's concurrent saves), and, found here, every test outside the browser that
# counts queries or runs transactions of its own (concurrent saves and locking, migrations).
# The rest use the database as any engine would and have run on SQLite.
ENGINE_FIXTURES = {"django_assert_num_queries", "django_assert_max_num_queries", "transactional_db"}


def depends_on_engine(item) -> bool:
    if item.get_closest_marker("engine"):
        return True
    if item.get_closest_marker("e2e"):
        return False  # a browser test depends on the engine only if marked so
    marker = item.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("transaction")) or bool(ENGINE_FIXTURES & set(item.fixturenames))


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marker
def pytest_collection_modifyitems(config, items):
    for item in items:
        if depends_on_engine(item) and not item.get_closest_marker("engine"):
            item.add_marker(pytest.mark.engine)


# Two suites at once (two clones, or `make test` beside `make test-quick`) must not share a test
# database: SQLite's is a file under var/ and PostgreSQL's a named database, both suffixed per
# xdist worker only. Each run adds its own id, so each builds (and drops) databases of its own.
@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, testrun_uid):
    from pytest_django.fixtures import _set_suffix_to_test_databases

    _set_suffix_to_test_databases(suffix=testrun_uid[:8])


# App fixtures


# The preset rows as presets_load first wrote them in this session: an emptied database gets the
# same rows back in one insert (a sixth of the time of loading them again, for every browser test).
_PRESET_ROWS: list[dict] = []
# Whether the presets are in this process's test database, committed. It starts from the migrations,
# which load them; a transactional test takes them away (it empties every table at its end).
_presets_committed = [True]


@pytest.hookimpl(tryfirst=True)  # before the test's fixtures: its transaction, a module's own
def pytest_runtest_setup(item):
    """Every test that uses the database finds the presets the data migration loads.

    A transactional test (the browser tests, the concurrent saves) ends by emptying every table,
    presets included; without this, a test that relies on the migration's presets fails or passes
    by the order pytest-xdist happens to run them in. They are put back once, committed, before the
    next test's transaction begins; not inside each later test's transaction, rolled back after it
    (loaded again by every test after a transactional one: 2 CPU-s of the quick tier).
    """
    if _presets_committed[0] or not uses_database(item):
        return
    from pytest_django.plugin import blocking_manager_key

    with item.config.stash[blocking_manager_key].unblock():
        _load_presets()
    _presets_committed[0] = True


@pytest.hookimpl(trylast=True)  # after the test's fixtures are torn down: a transactional test's emptying
def pytest_runtest_teardown(item):
    if is_transactional(item):
        _presets_committed[0] = False


def _load_presets() -> None:
    from scoresheet.games import services
    from scoresheet.models import Variant

    if Variant.objects.filter(is_preset=True).exists():
        return
    if _PRESET_ROWS and not Variant.objects.filter(slug__in=[row["slug"] for row in _PRESET_ROWS]).exists():
        Variant.objects.bulk_create([Variant(**row) for row in _PRESET_ROWS])
    else:
        services.presets_load()
        _PRESET_ROWS[:] = [
            {name: value for name, value in row.items() if name != "id"}  # new ids, as presets_load gives
            for row in Variant.objects.filter(is_preset=True).values()
        ]


@pytest.fixture
def presets(request):
    """The preset variants in the database (the data migration loads them; a test after a
    transactional one gets them back before it starts: ``pytest_runtest_setup``)."""
    request.getfixturevalue("transactional_db" if is_transactional(request.node) else "db")


@pytest.fixture(autouse=True)
def _english_to_start_with():
    """Every test starts in the site's language: a request in French (LocaleMiddleware) leaves
    French active in the thread after it, and the next test in the process would speak it."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Every test starts with an empty cache (league.kept: the standings and ratings kept under a
    fingerprint). A test's rows are rolled back after it, and SQLite gives the next test's rows the
    same ids again, so a fingerprint of one test's rows could match another's."""
    from django.core.cache import cache

    cache.clear()


def is_transactional(item) -> bool:
    marker = item.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("transaction")) or bool(
        {"transactional_db", "live_server"} & set(item.fixturenames)
    )


# The marker expression of `make test-quick` (Makefile, QUICK_MARKERS).
QUICK_MARKERS = "not e2e and not server and not process"


# How many tests `-m` left out: each xdist worker counts its own (all collect the same tests) and
# hands the count to the controller, which prints the summary.
_left_out: list[int] = [0]


def pytest_deselected(items):
    _left_out[0] += len(items)


def pytest_sessionfinish(session):
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["left_out"] = _left_out[0]


def pytest_testnodedown(node, error):
    _left_out[0] = max(_left_out[0], getattr(node, "workeroutput", {}).get("left_out", 0))


def pytest_terminal_summary(terminalreporter, config):
    """`make test-quick` says how many tests it left to `make test` (the browser, real-server and
    own-process ones)."""
    if _left_out[0] and config.option.markexpr == QUICK_MARKERS:
        terminalreporter.write_line(
            f"make test-quick left {_left_out[0]} browser, real-server and own-process tests to `make test`, "
            "the whole suite."
        )
