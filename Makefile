# The two commands: `make run` and `make test`. Both set everything up on a fresh machine:
# a virtualenv in .venv, htmx from the npm package pinned in package-lock.json (npm ci) copied
# into the git-ignored static/vendor/ (axe-core, which the accessibility test runs in the
# browser, stays in node_modules/), and the database under instance/ (migrations applied).
# Python's packages come from the locks, every release pinned with its files' hashes
# (`uv pip install --require-hashes`, pip where uv fails; then the project itself with --no-deps): `make run` installs
# requirements/server.txt, what the server needs and nothing else; `make test` adds
# requirements/test.txt (the test tools, Dask). `make lock` works the locks out again from
# pyproject.toml (scripts/lock).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
WORKERS ?=
TIMEOUT ?=
PYTEST_ARGS ?=
UPGRADE ?=

.PHONY: run dev test setup setup-test browser lint format typecheck db charts lock clean messages

# The translations' catalogues (trainer/translations/<code>/LC_MESSAGES/messages.po, kept in git)
# compiled for gettext (.mo, git-ignored) at set-up.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard trainer/translations/*/LC_MESSAGES/messages.po))

# What the server needs; setup-test adds the test tools.
setup: $(VENV)/.server-installed $(VENV)/.kernels-built static/vendor/htmx.min.js $(CATALOGUES) \
	$(VENV)/.bytecode-compiled
setup-test: setup $(VENV)/.test-installed

# Each step says first what it does and about how long it takes, and is numbered, so that a
# first run says how far it is: six steps for the server, a seventh for the tests or for
# numba's kernels (`make run`, `make dev`), an eighth for both (`make test`). The packages are
# installed by uv (locked, installed first by the virtualenv's own pip), which downloads and
# unpacks them in parallel: the server's and the test tools' in 3 to 5 s on a fresh clone here,
# where pip took 10 s and 12 s (unpacking on one core, the other idle). Where uv fails (it
# says why), pip installs the same lock with the same hashes. Steps that print nothing
# themselves for a while are said by scripts/say-while, a line every 10 s.
PIP_INSTALL := $(BIN)/python -m pip install
UV_INSTALL := $(BIN)/uv pip install --python $(BIN)/python
# $(call install,STEP,ARGUMENTS): uv installs, else pip, the same arguments.
install = $(UV_INSTALL) $(2) || { echo "[setup $(1)/$(STEPS)] uv failed (above): pip" \
	"instead, the same lock (20 to 60 s) ..."; $(PIP_INSTALL) $(2); }
TOOLS_GOALS := $(filter test lint format typecheck setup-test,$(MAKECMDGOALS))
KERNELS_GOALS := $(filter test run dev,$(MAKECMDGOALS))
KERNELS_STEP := $(if $(TOOLS_GOALS),$(if $(KERNELS_GOALS),8,7),$(if $(KERNELS_GOALS),7,6))
# `make test`'s ninth: the suite's bytecode.
STEPS := $(if $(filter test,$(MAKECMDGOALS)),9,$(KERNELS_STEP))

# `make test` sets up two steps at a time: the test tools' pip (mostly unpacking, one core)
# beside the chart's kernels compiled ahead of time, then numba's kernels (the suite's workers
# and its warm step read them), htmx and the catalogues. Run one after the other, a fresh
# clone's set-up waited some 25 s on compilers while the other core stood idle. The steps'
# lines then come interleaved, each still numbered; two pips never run at once (below).
ifneq ($(filter test,$(MAKECMDGOALS)),)
MAKEFLAGS += -j2
endif

$(BIN)/python:
	@echo "[setup 1/$(STEPS)] Making the virtualenv in $(VENV): Python puts its own pip in it" \
		"(5 to 20 s) ..."
	scripts/say-while "setup 1/$(STEPS)" "making the virtualenv" -- $(PYTHON) -m venv $(VENV)

# A stamp each, made again when its lock changes (or pyproject.toml, for the project). uv and
# pip only add and replace: `make clean` first for a virtualenv with nothing but the server's
# packages. The locked uv first (its stanza of the lock), by the virtualenv's pip; uv then puts
# the locked pip in its place with the rest.
$(VENV)/.server-installed: requirements/server.txt pyproject.toml | $(BIN)/python
	@echo "[setup 2/$(STEPS)] Installing uv, the installer the lock names (a few seconds) ..."
	awk '/^[^ #]/ { stanza = /^uv==/ } stanza' $< > $(VENV)/uv-lock.txt
	$(PIP_INSTALL) --require-hashes --no-deps -r $(VENV)/uv-lock.txt
	@echo "[setup 3/$(STEPS)] Installing what the server needs: $$(grep -c '^[a-z0-9]' $<)" \
		"packages from $< (numpy, numba, Flask, gunicorn ...): 115 MB to download and" \
		"unpack (a few seconds) ..."
	$(call install,3,--require-hashes -r $<)
	@echo "[setup 4/$(STEPS)] Installing the trainer itself (editable; a few seconds) ..."
	$(call install,4,--no-deps --no-build-isolation -e .)
	touch $@

# After the server's stamp (order only): the project is installed then, and two installers
# never run at once in one virtualenv under make -j.
$(VENV)/.test-installed: requirements/test.txt | $(VENV)/.server-installed
	@echo "[setup 7/$(STEPS)] Adding the test tools: the server's packages and" \
		"$$(( $$(grep -c '^[a-z0-9]' $<) - $$(grep -c '^[a-z0-9]' requirements/server.txt) ))" \
		"more from $< (pytest, Playwright, mypy, ruff, Dask ...): 90 MB to download and" \
		"unpack (a few seconds) ..."
	$(call install,7,--require-hashes -r $<)
	touch $@

# The trainer's own bytecode, compiled into its __pycache__ folders (git-ignored) at set-up and
# again when its sources change. This machine's shell says PYTHONDONTWRITEBYTECODE=1: a process
# then compiles what it imports without keeping it, so every chart process (`python -m trainer
# strategy`, a job's) compiled the trainer's modules again (issue 28: the reference chart at
# 1.42 times the CA driver's time instead of 0.90; 0.32 to 0.36 s here against 0.28 with them
# kept). Bytecode that is there is read whatever that says. Written beside the sources (a cache prefix set in the shell would
# send it where those processes do not look; `make test` keeps its own in the virtualenv), and
# before a suite starts, so its check that nothing new is in the checkout sees the folders there.
TRAINER_SOURCES := $(shell find trainer drills -name '*.py' -not -path '*/__pycache__/*')
$(VENV)/.bytecode-compiled: $(TRAINER_SOURCES) | $(VENV)/.server-installed
	PYTHONPYCACHEPREFIX= $(BIN)/python -m compileall -q trainer drills
	touch $@

# The suite's bytecode, compiled once before its workers start: the test modules as pytest
# rewrites their asserts (a collection, which imports them) and the trainer's own modules
# (compileall: the ones the tests import only inside fixtures too), into the test targets'
# cache prefix. On a fresh clone the suite's three workers each compiled what they imported,
# at the same time: 36 CPU-s to collect the suite against 13 with the bytecode there. Made
# beside numba's kernels in `make test`'s set-up (one core each), again when a source changes;
# not for a run of some tests alone (PYTEST_ARGS), which compiles what it imports.
SUITE_SOURCES := $(shell find trainer drills tests -name '*.py' 2>/dev/null)
$(VENV)/.suite-compiled: $(SUITE_SOURCES) | $(VENV)/.test-installed
	@echo "[setup $(STEPS)/$(STEPS)] Compiling the suite's and the trainer's bytecode for the" \
		"suite's workers (5 to 20 s) ..."
	$(BIN)/python -m compileall -q trainer drills
	scripts/say-while --log $(VENV)/collect.log "setup $(STEPS)/$(STEPS)" \
		"compiling the suite's bytecode" -- $(BIN)/python -m pytest --collect-only -q \
		-p no:xdist -p no:randomly || echo "[setup $(STEPS)/$(STEPS)] The suite's collection" \
		"failed: the suite says why."
	touch $@

# numba's compiled kernels, once, before a server first starts (`make run`, `make dev`): its two
# job workers each compiled them in the first jobs (some 14 CPU-s each; under load the default
# game's chart and count study took 65 and 80 s on a fresh clone, and the first counter waited
# that long for Deviations). Checked again when the engine or the simulator changes (numba then
# compiles only what changed). Into $(VENV)/cache/numba, where the engine keeps them. After the
# chart's kernels compiled ahead of time (order only), which the engine then uses instead of
# compiling its own. `make test` has them too, compiled while the test tools install: the
# suite's warm step and workers then load them rather than compile them after the set-up.
KERNEL_SOURCES := $(wildcard trainer/engine/*.py trainer/engine/*/*.py trainer/simulator/*.py)
$(VENV)/.kernels-compiled: $(KERNEL_SOURCES) | $(VENV)/.server-installed $(VENV)/.kernels-built
	@echo "[setup $(KERNELS_STEP)/$(STEPS)] Compiling the trainer's numerical kernels once, so" \
		"that the server's first jobs (or the suite's workers) do not (15 to 60 s) ..."
	PYTHON=$(BIN)/python WARM_LABEL="setup $(KERNELS_STEP)/$(STEPS)" scripts/warm-kernels
	touch $@

# The chart's kernels compiled ahead of time (numba.pycc: trainer/engine/strategy/aot.py) into
# the virtualenv's site-packages, never the checkout, as a module named after a digest of their
# source: a chart process then never imports numba (`python -m trainer strategy`: 0.28 s
# of CPU instead of 0.9). Without a C compiler it says so and the engine keeps numba's JIT. Again
# when the kernels' source or the server's packages change (a module built from other source
# is never used). No network: the compiler and numba's helper code are here.
AOT_SOURCES := $(addprefix trainer/engine/strategy/,core.py reach.py aot.py)
$(VENV)/.kernels-built: $(AOT_SOURCES) $(VENV)/.server-installed
	@echo "[setup 5/$(STEPS)] Compiling the chart's kernels ahead of time (10 to 30 s) ..."
	scripts/say-while "setup 5/$(STEPS)" "compiling the chart's kernels" \
		-- $(BIN)/python -m trainer kernels --label "setup 5/$(STEPS)"
	touch $@

node_modules/.installed: package.json package-lock.json
	@echo "[setup 6/$(STEPS)] Installing htmx and axe-core from npm (a few seconds) ..."
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

static/vendor/htmx.min.js: node_modules/.installed
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $@

%.mo: %.po $(VENV)/.server-installed
	$(BIN)/pybabel compile -i $< -o $@

# Every string the learner reads, found in the code and the templates (babel.cfg, with
# trainer.engine.words' KEYWORDS: say, plural and the N_ marks), into the template
# trainer/translations/messages.pot and merged into each language's catalogue: new messages
# come in empty, changed ones marked fuzzy, to translate.
messages: $(VENV)/.server-installed
	$(BIN)/pybabel extract -F babel.cfg -k say -k plural:1,2 -k N_ -k N_plural:1,2 -k say_as:1c,2 -k N_as:1c,2 -c TRANSLATORS: --add-location=file \
		--sort-output --no-wrap -o trainer/translations/messages.pot .
	$(BIN)/pybabel update -i trainer/translations/messages.pot -d trainer/translations \
		--no-wrap --ignore-obsolete

# The locks again from pyproject.toml, by uv (the locked one set-up installs): after
# changing a dependency there. UPGRADE=1 moves every pin to the newest release allowed,
# UPGRADE="flask numpy" only those; commit requirements/ with the change.
lock: setup
	PYTHON=$(BIN)/python UPGRADE="$(UPGRADE)" scripts/lock

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
# seconds); what is not worked out yet is queued as jobs for its job workers ([jobs] lines).
run: setup $(VENV)/.kernels-compiled
	HOST=$(HOST) PORT=$(PORT) WORKERS=$(WORKERS) TIMEOUT=$(TIMEOUT) \
		$(BIN)/gunicorn --config gunicorn.conf.py

# Flask's development server: reloads on every change, shows tracebacks. Never for learners.
# TRAINER_JOB_POOL=start: the app starts the job workers once, in the process that outlives
# the reloader's restarts (trainer/web/jobs.py), and queues the warm-up's jobs there once
# (trainer/web/__init__.py), as gunicorn.conf.py does for `make run`.
dev: db $(VENV)/.kernels-compiled
	TRAINER_JOB_POOL=start $(BIN)/flask --app trainer run --debug --host $(HOST) --port $(PORT)

# The browser tests need Chromium: Debian's headless shell (chromium-headless-shell: the same
# Chromium without a window, a third cheaper to run; tests/conftest.py), installed with apt-get
# when this runs as root or with sudo, otherwise one line saying what to install
# (scripts/apt-install). Debian's whole browser (/usr/bin/chromium) does when the shell cannot
# be installed, and $CHROMIUM_PATH names any other.
browser:
	@if [ -n "$${CHROMIUM_PATH:-}" ]; then \
	  [ -x "$$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$$CHROMIUM_PATH: no such program" >&2; exit 1; }; \
	elif [ ! -x /usr/bin/chromium-headless-shell ]; then \
	  scripts/apt-install chromium-headless-shell || { [ -x /usr/bin/chromium ] \
	    && echo "Using /usr/bin/chromium instead, the whole browser (slower)." >&2; }; \
	fi

# The tools keep their caches in the virtualenv, so that a test run leaves nothing new in the
# checkout (`git status --porcelain --ignored` is the same before and after): Python's bytecode,
# numba's compiled kernel, Hypothesis's examples, mypy's and ruff's caches (pytest's:
# pyproject.toml).
test lint typecheck format: export PYTHONPYCACHEPREFIX = $(CURDIR)/$(VENV)/cache/pycache
test lint typecheck format: export NUMBA_CACHE_DIR = $(CURDIR)/$(VENV)/cache/numba
test lint typecheck format: export MYPY_CACHE_DIR = $(CURDIR)/$(VENV)/cache/mypy
test lint typecheck format: export RUFF_CACHE_DIR = $(CURDIR)/$(VENV)/cache/ruff
test lint typecheck format: export HYPOTHESIS_STORAGE_DIRECTORY = $(CURDIR)/$(VENV)/cache/hypothesis
# Bytecode is written there even where the shell says not to (PYTHONDONTWRITEBYTECODE=1, as in
# this machine's shell): with a cache prefix set, Python looks for no bytecode beside the
# sources, so every process of a run (the suite's workers, its servers and CLI runs) compiled
# everything it imported again, numba and the test modules' rewritten asserts included: 14
# CPU-s to collect the suite against 4 once the bytecode is kept.
test lint typecheck format: export PYTHONDONTWRITEBYTECODE =

# lint (ruff) and the types (mypy: strict on the engine and the drills, plain on the web layer
# and the simulator, as pyproject.toml's [tool.mypy] sections say) as steps of the set-up,
# beside numba's kernels (make -j2: some 13 s of one core that the suite had waited for),
# then the whole suite (engine, store, web, drills and the browser tests in Chromium) on every
# core, the tests marked serial after it (scripts/test-suite). One file or one option:
# make test PYTEST_ARGS="tests/web/test_answer_cost.py -x".
# numba's kernels are compiled into its cache in the set-up ($(VENV)/.kernels-compiled), so that
# the suite's workers start with them instead of each compiling the same ones; for a whole run
# (no PYTEST_ARGS), the suite's charts and count studies are worked out into the run's cache
# folder in the background as it starts (scripts/warm-kernels, tests/warm_caches.py), which the
# suite's workers read rather than work out: a worker that needs a chart or study still being
# worked out waits on its lock and reads it (tests/conftest.py, filled_once), and works out one
# nobody has begun.
# numba's kernels are named before the checks: under -j2 the longest step takes the first free
# core.
test: setup-test browser $(VENV)/.kernels-compiled \
		$(if $(strip $(PYTEST_ARGS)),,$(VENV)/.suite-compiled) lint typecheck
	if [ -z "$${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi; \
	caches=$$(mktemp -d "$${TMPDIR:-/tmp}/trainer-test-caches-XXXXXX") || exit 1; \
	trap 'rm -rf "$$caches"' EXIT; export TRAINER_TEST_CACHES=$$caches; \
	PYTHON=$(BIN)/python KERNELS_READY=1 FILL_TEST_CACHES=$(if $(strip $(PYTEST_ARGS)),,1) \
	  scripts/warm-kernels & warm=$$!; \
	PYTHON=$(BIN)/python scripts/test-suite $(PYTEST_ARGS); tested=$$?; \
	wait $$warm; exit $$tested

lint: setup-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup-test
	$(BIN)/ruff format .

typecheck: setup-test
	$(BIN)/python -m mypy trainer/engine drills trainer/web trainer/simulator

clean:
	rm -rf $(VENV) node_modules static/vendor
