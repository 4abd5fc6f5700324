# Bookkeeper developer commands. `make run` and `make test` are all you need.

# The interpreter .venv is made from: Debian's own python3.11 where it is installed, else python3 on
# the PATH. Debian builds its Python with profile-guided and link-time optimisation, which a pyenv or
# source build leaves out unless asked: the quick tier took 10% less CPU on it (105 against 115 CPU-s).
# `PYTHON=python3.11 make …` picks another; `make clean` first, to make .venv again with it.
PYTHON ?= $(or $(wildcard /usr/bin/python3.11),python3)
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# Test processes (pytest-xdist): `make test-quick` one per core; `make test` one more, because its
# browser tests wait on the browser about half their time (measured on 2 cores: 116 s against 122 s).
# PYTEST_WORKERS=0 runs in one process (for --pdb).
CORES := $(shell nproc 2>/dev/null || echo 2)
# gunicorn worker processes for `make serve`.
WORKERS ?= 3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run serve test test-quick test-tools lint format bench clean messages python

# Install the run-time requirements, migrate, load the variant presets and serve on $(HOST):$(PORT).
# HOST=0.0.0.0 make run serves the other machines on the network too, e.g. a phone on the same Wi-Fi.
run: $(VENV)/.installed-run
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_presets
	@if [ "$(HOST)" != 127.0.0.1 ] && [ "$(HOST)" != localhost ]; then \
	    echo "From a phone on the same network open http://ADDRESS:$(PORT)/, ADDRESS being one of this machine's: $$(hostname -I 2>/dev/null || echo '(see ip addr)')"; \
	fi
	SERVED_ON=$(HOST) $(PY) manage.py runserver $(HOST):$(PORT)

# A phone reaches the development server by this machine's network address, which the default
# ALLOWED_HOSTS cannot know: off 127.0.0.1, `make run` answers to any name unless ALLOWED_HOSTS is set.
ifneq ($(filter-out 127.0.0.1 localhost,$(HOST)),)
run: export ALLOWED_HOSTS ?= *
endif

# Serve for real: gunicorn (whitenoise for static files) against DATABASE_URL, DEBUG off.
# Needs SECRET_KEY; set ALLOWED_HOSTS to the name the club uses. See README, "Running it for a club".
# createcachetable makes the table of CACHE_URL=db://TABLE (README, "Running several app servers").
serve: export DEBUG = 0
serve: $(VENV)/.installed-run
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py load_presets
	exec $(VENV)/bin/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers $(WORKERS) --access-logfile -

# The whole suite (what CI runs) and the quick tier (the edit loop): see README, "Tests".
# --dist loadfile hands each worker whole modules, so a module's world (a club built once, `make
# serve`, two app servers) is built by one worker, not by each; --no-loadscope-reorder keeps the
# order collected, the browser tests (tests/e2e) first: they wait on the browser as much as they
# compute, and the other tests fill the cores meanwhile.
# Bytecode (and pytest's rewritten test modules) is cached in __pycache__ even where the environment
# says not to (PYTHONDONTWRITEBYTECODE): each worker would compile every module again on every run.
PYTEST = env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder
# The app's and the tests' bytecode is compiled first, by compileall on every core: each test process
# would otherwise compile what it imports itself, and a fresh clone's first quick tier took 28 s
# longer (99 s against 71 s with it). When nothing changed it only looks at the files (0.3 s).
COMPILE = env -u PYTHONDONTWRITEBYTECODE $(PY) -m compileall -q -j 0 manage.py config scoresheet league tests
# Then what each test process would make for itself on a first run, once (tests/warm_up.py): pytest's
# copies of the test modules with their asserts rewritten and, on SQLite, the migrated template database.
WARM_UP = env -u PYTHONDONTWRITEBYTECODE $(PY) -m tests.warm_up
# What `make test-quick` leaves out, by the markers CI uses: the browser tests, the tests that start
# real servers and those that start a process of their own (manage.py, Python with the settings,
# pdftoppm: the start-up is most of their cost). tests/conftest.py says how many it left out.
QUICK_MARKERS = not e2e and not server and not process

# Install the dev requirements and run the whole test suite; pytest's exit status is passed through.
test: PYTEST_WORKERS ?= $(shell expr $(CORES) + 1)
test: test-tools $(VENV)/.installed-dev
	@$(COMPILE)
	@$(WARM_UP)
	$(PYTEST) $(PYTEST_ARGS)

# Everything but the browser, real-server and own-process tests, without Playwright's plugin: for every change.
test-quick: PYTEST_WORKERS ?= $(CORES)
test-quick: $(VENV)/.installed-dev
	@$(COMPILE)
	@$(WARM_UP)
	$(PYTEST) -p no:playwright -m "$(QUICK_MARKERS)" $(PYTEST_ARGS)

# Browser tests drive Debian's chromium and PDF tests render pages with pdftoppm: say what
# to install before the run (one line), not in errors deep inside it.
TEST_PACKAGES = $(strip $(if $(shell command -v chromium),,chromium) $(if $(shell command -v pdftoppm),,poppler-utils))
test-tools:
	@$(if $(TEST_PACKAGES),$(error make test needs $(TEST_PACKAGES): sudo apt-get install $(TEST_PACKAGES)),:)

# The French catalogue (locale/fr): gather every marked string, then compile the .mo files the
# app reads (they are committed, so `make run` needs no gettext tools). Needs GNU gettext
# (apt-get install gettext). Translate the new entries in the .po files, then run it again.
messages: $(VENV)/.installed-dev
	$(PY) manage.py makemessages -l fr --no-location --no-obsolete -i ".venv/*" -i "var/*" -i "staticfiles/*" -i "tests/*" -i "scripts/*"
	$(PY) manage.py makemessages -d djangojs -l fr --no-location --no-obsolete -i ".venv/*" -i "staticfiles/*" -i "tests/*"
	$(PY) manage.py compilemessages -l fr

# Check formatting and lint (ruff, configured in pyproject.toml); both run, either fails it.
lint: $(VENV)/.installed-dev
	@status=0; \
	$(VENV)/bin/ruff format --check . || status=1; \
	$(VENV)/bin/ruff check . || status=1; \
	exit $$status

# Apply ruff's formatting and its safe fixes.
format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Issue 21's benchmark (league/bench): a synthetic club built in a fresh database (a temporary SQLite
# file, or a new PostgreSQL database made and dropped when DATABASE_URL names one), every figure timed
# against a floor view of the same run; prints the table and writes var/bench.json. SCALE=small (20
# players, 1 season: CI's) or full (300 players, 10 seasons: under a minute to build; SEASONS=2 builds fewer).
# The seasons before the last are written through the results import, the last one round by round
# through the services; it also times the biggest import as a process (its peak memory too) and the
# server's CPU a request under load (gunicorn on loopback). It never fails on time, only when a query
# count is not the expected one.
SCALE ?= small
BENCH_RUNS ?= 5
bench: export DEBUG = 0
bench: export SECRET_KEY ?= benchmark-only
bench: $(VENV)/.installed-run
	$(PY) manage.py bench --scale $(SCALE) --runs $(BENCH_RUNS) $(if $(SEASONS),--seasons $(SEASONS))

# Remove the virtualenv, the SQLite database and other generated files.
clean:
	rm -rf $(VENV) var staticfiles

# The interpreter .venv is made from (.ci/run checks it can make one).
python:
	@echo $(PYTHON)

# Create the virtualenv if it is missing.
$(PY):
	$(PYTHON) -m venv $(VENV)

# Install run-time requirements; redone only when requirements.txt changes.
$(VENV)/.installed-run: requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# Install dev requirements (includes requirements.txt); redone when either file changes.
$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@
