"""What every test process would otherwise make for itself on a fresh clone's first run, made once
before they start (`make test` and `make test-quick` run ``python -m tests.warm_up``):

- pytest's copies of the test modules with their asserts rewritten (kept in ``__pycache__`` as
  ``<module>.cpython-311-pytest-<version>.pyc``): each worker rewrote every module itself, 3.3 s of
  CPU each, all at once, since none found the others' copies yet;
- on SQLite, the migrated template database (tests/database_template.py): one worker built it
  while the others waited for it.

The template's migrations run in a process of their own while this one rewrites the modules.
When both are there already, this only checks each copy as pytest would (a tenth of a second).
The rewriting uses pytest's own functions, which are not a public interface: if a pytest release
lacks them, this says so and leaves the rewriting to the workers, as before.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def rewritten_modules() -> list[Path]:
    """The files whose asserts pytest rewrites: the test modules (``python_files``: test_*.py) and
    the conftest files. (The three plugin modules tests/conftest.py names are left to the workers.)"""
    return sorted(path for path in TESTS.rglob("*.py") if path.name.startswith("test_") or path.name == "conftest.py")


def rewrite(paths: list[Path]) -> str:
    """Write pytest's rewritten copy of each of ``paths`` that has none, or an out-of-date one."""
    try:
        from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc_fp, get_cache_dir
    except ImportError as missing:
        return f"rewriting left to the test processes ({missing})"
    written = 0
    for path in paths:
        pyc = get_cache_dir(path) / (path.name[:-3] + PYC_TAIL)
        if _read_pyc(path, pyc) is not None:  # pytest's own check: its copy of the module as it is now
            continue
        source_hash, code = _rewrite_test(path, None)  # no config: pytest's defaults, as in pyproject.toml
        pyc.parent.mkdir(exist_ok=True)
        building = pyc.with_name(f"{pyc.name}.{os.getpid()}")
        with open(building, "wb") as out:
            _write_pyc_fp(out, source_hash, code)
        os.replace(building, pyc)  # as pytest does: a process starting meanwhile finds a whole copy or none
        written += 1
    return f"{written} of {len(paths)} test modules rewritten"


def template() -> str:
    """Build the SQLite template database if the tests will use one and it is not there yet."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    from tests.database_template import migrated_template

    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        return "no template database (not SQLite)"
    return f"template database {migrated_template(Path(settings.VAR_DIR)).name}"


def main() -> None:
    sys.dont_write_bytecode = False
    with ThreadPoolExecutor(max_workers=1) as pool:
        built = pool.submit(template)  # `manage.py migrate` in its own process: this thread only waits
        rewritten = rewrite(rewritten_modules())
        built.result()
    if not rewritten.startswith("0 of"):
        print(f"warm-up: {rewritten}")


if __name__ == "__main__":
    main()
