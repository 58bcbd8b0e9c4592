# The two commands: `make run` and `make test`. Both set everything up on a fresh machine:
# a virtualenv in .venv with the project installed (pip install -e), htmx from the npm package
# pinned in package-lock.json (npm ci) copied into the git-ignored static/vendor/, and the
# database under instance/ (migrations applied).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
PYTEST_ARGS ?=

.PHONY: run test setup lint format typecheck db charts clean

setup: $(VENV)/.installed static/vendor/htmx.min.js

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

static/vendor/htmx.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
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

# Serves http://$(HOST):$(PORT) (override: make run PORT=8000 HOST=0.0.0.0).
run: db charts
	$(BIN)/flask --app trainer run --host $(HOST) --port $(PORT)

# ruff, mypy on the engine and the drills, then the whole suite (engine, store, web, drills
# and the browser tests in Chromium).
test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m mypy trainer/engine drills
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff format .

typecheck: setup
	$(BIN)/python -m mypy trainer/engine drills

clean:
	rm -rf $(VENV) node_modules static/vendor
