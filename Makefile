# Bookkeeper developer commands. `make run` and `make test` are all you need.

PYTHON ?= python3
PORT ?= 8000
PYTEST_ARGS ?=
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test screenshots clean

# Install the run-time requirements, migrate, load the variant presets and serve on 127.0.0.1:$(PORT).
run: $(VENV)/.installed-run
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_presets
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# Install the dev requirements and run the whole test suite; pytest's exit status is passed through.
test: $(VENV)/.installed-dev
	$(PY) -m pytest $(PYTEST_ARGS)

# Run the browser tests that write PNGs to var/screenshots/.
screenshots: $(VENV)/.installed-dev
	$(PY) -m pytest tests/e2e -m screenshots $(PYTEST_ARGS)

# Remove the virtualenv, the SQLite database and other generated files.
clean:
	rm -rf $(VENV) var staticfiles

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
