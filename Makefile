# The two commands: `make run` and `make test`. Both set everything up on a fresh machine:
# a virtualenv in .venv with the project installed (pip install -e), htmx from the npm package
# pinned in package-lock.json (npm ci) copied into the git-ignored static/vendor/ (axe-core, which
# the accessibility test runs in the browser, stays in node_modules/), and the database under
# instance/ (migrations applied).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
WORKERS ?=
TIMEOUT ?=
PYTEST_ARGS ?=

.PHONY: run dev test setup browser lint format typecheck db charts clean

setup: $(VENV)/.installed static/vendor/htmx.min.js

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

static/vendor/htmx.min.js: node_modules/.installed
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $@

db: setup
	$(BIN)/flask --app trainer init-db

# Every preset's strategy chart computed once into instance/strategy-cache (kept across restarts;
# a chart already there is not computed again), so a quiz never waits on the maths; and every
# preset's shoe-penetration studies (Hi-Lo, some 12 s the first time) into
# instance/penetration-cache, so the penetration drill's chart never waits either.
charts: setup
	$(BIN)/python -m trainer strategy --all-presets > /dev/null
	$(BIN)/flask --app trainer warm-penetration

# Serves http://$(HOST):$(PORT) with gunicorn (override: make run PORT=8000 HOST=0.0.0.0
# WORKERS=4 TIMEOUT=30; the settings are in gunicorn.conf.py).
run: db charts
	HOST=$(HOST) PORT=$(PORT) WORKERS=$(WORKERS) TIMEOUT=$(TIMEOUT) \
		$(BIN)/gunicorn --config gunicorn.conf.py

# Flask's development server: reloads on every change, shows tracebacks. Never for learners.
dev: db
	$(BIN)/flask --app trainer run --debug --host $(HOST) --port $(PORT)

# The browser tests need Chromium: Debian's, installed with apt-get when this runs as root or
# with sudo, otherwise one line saying what to install (scripts/apt-install).
browser:
	@[ -x "$${CHROMIUM_PATH:-/usr/bin/chromium}" ] || scripts/apt-install chromium

# The tools keep their caches in the virtualenv, so that a test run leaves nothing new in the
# checkout (`git status --porcelain --ignored` is the same before and after): Python's bytecode,
# numba's compiled kernel, Hypothesis's examples, mypy's and ruff's caches (pytest's:
# pyproject.toml).
test lint typecheck format: export PYTHONPYCACHEPREFIX = $(CURDIR)/$(VENV)/cache/pycache
test lint typecheck format: export NUMBA_CACHE_DIR = $(CURDIR)/$(VENV)/cache/numba
test lint typecheck format: export MYPY_CACHE_DIR = $(CURDIR)/$(VENV)/cache/mypy
test lint typecheck format: export RUFF_CACHE_DIR = $(CURDIR)/$(VENV)/cache/ruff
test lint typecheck format: export HYPOTHESIS_STORAGE_DIRECTORY = $(CURDIR)/$(VENV)/cache/hypothesis

# ruff, mypy (strict on the engine and the drills, plain on the web layer and the simulator),
# then the whole suite (engine, store, web, drills and the browser tests in Chromium) on every
# core, the tests marked serial after it (scripts/test-suite). One file or one option:
# make test PYTEST_ARGS="tests/web/test_answer_cost.py -x".
test: setup browser
	$(BIN)/ruff check .
	$(BIN)/python -m mypy --strict trainer/engine drills
	$(BIN)/python -m mypy trainer/web trainer/simulator
	PYTHON=$(BIN)/python scripts/test-suite $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff format .

typecheck: setup
	$(BIN)/python -m mypy --strict trainer/engine drills
	$(BIN)/python -m mypy trainer/web trainer/simulator

clean:
	rm -rf $(VENV) node_modules static/vendor
