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

.PHONY: run dev test setup browser lint format typecheck db charts clean messages

# The translations' catalogues (trainer/translations/<code>/LC_MESSAGES/messages.po, kept in git)
# compiled for gettext (.mo, git-ignored) at set-up.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard trainer/translations/*/LC_MESSAGES/messages.po))

setup: $(VENV)/.installed static/vendor/htmx.min.js $(CATALOGUES)

# pip says each package it collects and installs (a line each, no progress bars: a log stays
# readable); the steps are numbered so that a first run says how far it is.
$(VENV)/.installed: pyproject.toml
	@echo "[setup 1/4] Making the virtualenv in $(VENV) ..."
	$(PYTHON) -m venv $(VENV)
	@echo "[setup 2/4] Upgrading pip ..."
	$(BIN)/python -m pip install --progress-bar off --upgrade pip
	@echo "[setup 3/4] Installing the trainer and its packages (numpy, numba, Flask, gunicorn, the test tools; a few minutes the first time) ..."
	$(BIN)/python -m pip install --progress-bar off -e '.[test,dask]'
	touch $@

node_modules/.installed: package.json package-lock.json
	@echo "[setup 4/4] Installing htmx and axe-core from npm ..."
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

static/vendor/htmx.min.js: node_modules/.installed
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $@

%.mo: %.po $(VENV)/.installed
	$(BIN)/pybabel compile -i $< -o $@

# Every string the learner reads, found in the code and the templates (babel.cfg, with
# trainer.words' keywords), into the template trainer/translations/messages.pot and merged into
# each language's catalogue: new messages come in empty, changed ones marked fuzzy, to translate.
messages: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel.cfg -k say -k plural:1,2 -c TRANSLATORS: --add-location=file \
		--sort-output --no-wrap -o trainer/translations/messages.pot .
	$(BIN)/pybabel update -i trainer/translations/messages.pot -d trainer/translations \
		--no-wrap --ignore-obsolete

db: setup
	$(BIN)/flask --app trainer init-db

# What a fresh server lacks, worked out in the foreground, a line per step (trainer/web/warm_up.py):
# the default game's chart, its Hi-Lo count study and shoe-penetration studies, then the other
# presets' charts and studies, into instance/ (kept across restarts; what is there is read, not
# worked out again). `make run` does the same in the background while it answers.
charts: setup
	$(BIN)/flask --app trainer warm-up

# Serves http://$(HOST):$(PORT) with gunicorn (override: make run PORT=8000 HOST=0.0.0.0
# WORKERS=4 TIMEOUT=30; the settings are in gunicorn.conf.py). It answers as soon as the app is
# loaded (which applies the migrations: no `make db` first, whose own load of the app took some
# seconds); what is not worked out yet is worked out in the background ([warm-up] lines).
run: setup
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
# numba's kernels compile into its cache in the background meanwhile (scripts/warm-kernels), so
# that the suite's workers start with them instead of each compiling the same ones.
test: setup browser
	PYTHON=$(BIN)/python scripts/warm-kernels & warm=$$!; \
	$(BIN)/ruff check . \
	  && $(BIN)/python -m mypy --strict trainer/engine drills \
	  && $(BIN)/python -m mypy trainer/web trainer/simulator; \
	checked=$$?; wait $$warm; exit $$checked
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
