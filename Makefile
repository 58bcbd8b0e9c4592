# The two commands: `make run` and `make test`. Both set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test setup lint db clean

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

run: db
	$(BIN)/flask --app trainer run --host $(HOST) --port $(PORT)

test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) node_modules static/vendor
