# The trainer in a container: gunicorn on 0.0.0.0:5000 with gunicorn.conf.py, as `make run`
# serves it, the database, secret key and caches in the volume /app/instance.
#
#     docker build -t blackjack-trainer .
#     docker run -p 127.0.0.1:5000:5000 -v trainer-instance:/app/instance blackjack-trainer
#
# or `docker compose up` (compose.yaml). Settings come from the environment: gunicorn's
# (WORKERS, THREADS, TIMEOUT, ACCESS_LOG) and the app's TRAINER_* (docs/operations.md).
# tests/code/test_container.py reads this file against the Makefile: the same htmx file, lock,
# catalogues and gunicorn settings.

# -- htmx, from the npm package pinned in package-lock.json (make: node_modules/.installed) --
FROM node:22-slim AS assets
WORKDIR /src
COPY package.json package-lock.json ./
# The server needs htmx alone: axe-core (a devDependency) is for the browser tests.
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error
RUN mkdir -p static/vendor && cp node_modules/htmx.org/dist/htmx.min.js static/vendor/htmx.min.js

# -- the server ------------------------------------------------------------------------------
# Python 3.11: the release the locks are resolved for (scripts/lock) and the suite runs on.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    NUMBA_CACHE_DIR=/app/instance/cache/numba \
    BIND=0.0.0.0:5000
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /app trainer
WORKDIR /app

# What the server needs and nothing else, every release pinned with its files' hashes (the
# lock `make run` installs from), before the code: a change of code reuses this layer.
COPY requirements/server.txt requirements/server.txt
RUN python -m pip install --require-hashes -r requirements/server.txt

COPY . .
COPY --from=assets /src/static/vendor/htmx.min.js static/vendor/htmx.min.js
# The translations compiled for gettext (make: the .mo beside each catalogue), then the trainer
# itself without its dependencies (installed above), built by the locked setuptools. Editable,
# as make installs it: the templates and static files live beside the package, not in it.
# Bytecode compiled now: the code's folders are not writable by the server's user.
RUN pybabel compile --statistics -d trainer/translations \
    && python -m pip install --no-deps --no-build-isolation -e . \
    && python -m compileall -q trainer drills gunicorn.conf.py \
    && mkdir -p instance && chown trainer:trainer instance
# The chart's kernels compiled ahead of time into site-packages (make: $(VENV)/.kernels-built;
# trainer/engine/strategy/aot.py), for a generic CPU of this architecture: a chart then never
# imports numba. The slim image has no C compiler: gcc is installed for this step and removed
# in it. Where that fails, the step says so and the engine keeps numba's JIT. numba's own cache
# meanwhile in /tmp, not in the instance folder (root's, which the server could not write).
RUN (apt-get update -qq && apt-get install -y -qq --no-install-recommends gcc libc6-dev \
        >/dev/null || echo "[image] gcc could not be installed") \
    && NUMBA_CACHE_DIR=/tmp/aot-numba python -m trainer kernels --label image \
    ; apt-get purge -y -qq --auto-remove gcc libc6-dev >/dev/null 2>&1 \
    ; rm -rf /var/lib/apt/lists/* /tmp/aot-numba

USER trainer
# The database (trainer.sqlite3 and its -wal), the secret key, the caches, the backups taken
# before migrations: everything the server writes.
VOLUME /app/instance
EXPOSE 5000
# /healthz answers 200 while the database answers and the job workers are alive, with no
# session or cookie; the port is BIND's.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; port = os.environ.get('BIND', ':5000').rsplit(':', 1)[1]; urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=4)"]
CMD ["gunicorn", "--config", "gunicorn.conf.py"]
