"""Schema migrations, applied in order at start-up (``create_app``) and by ``flask init-db``.

A migration is a function taking the database, registered with ``@migration("NNNN_name")``.
To change the schema, append a new migration at the end of this file; never edit one that has
shipped. Each runs inside one write transaction together with its entry in ``_migrations``, so a
failed migration leaves nothing behind and two workers starting at once apply it once.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils

from trainer.store.db import transaction, utc_now

Migration = Callable[[sqlite_utils.Database], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def migration(name: str) -> Callable[[Migration], Migration]:
    """Register ``fn`` as the migration called ``name`` (names must be unique)."""

    def register(fn: Migration) -> Migration:
        if any(existing == name for existing, _ in MIGRATIONS):
            raise ValueError(f"two migrations are called {name!r}")
        MIGRATIONS.append((name, fn))
        return fn

    return register


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply every migration not applied yet; return the names applied now."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    applied = []
    for name, fn in MIGRATIONS:
        with transaction(db):
            done = db.execute("SELECT 1 FROM _migrations WHERE name = ?", [name]).fetchone()
            if done:
                continue
            fn(db)
            db.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", [name, utc_now()]
            )
        applied.append(name)
    return applied


def applied_migrations(db: sqlite_utils.Database) -> list[str]:
    """The names of the migrations applied to ``db``, oldest first."""
    if "_migrations" not in db.table_names():
        return []
    return [row["name"] for row in db.query("SELECT name FROM _migrations ORDER BY rowid")]


@migration("0001_users_attempts")
def _users_attempts(db: sqlite_utils.Database) -> None:
    db.execute(
        """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT,                   -- NULL for a guest
            username_key TEXT UNIQUE,        -- the username case-folded: one account per name
            password_hash TEXT,
            is_guest INTEGER NOT NULL DEFAULT 0 CHECK (is_guest IN (0, 1)),
            created_at TEXT NOT NULL,
            signed_up_at TEXT,
            CHECK ((is_guest = 1) = (username IS NULL)),
            CHECK ((username IS NULL) = (password_hash IS NULL))
        )
        """
    )
    db.execute(
        """
        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            drill TEXT NOT NULL,             -- the drill's slug
            question TEXT NOT NULL,          -- the question in the engine's text notation
            rules TEXT NOT NULL,             -- the rules preset's name
            rules_options TEXT,              -- JSON: options changed from the preset, if any
            answer TEXT NOT NULL,            -- the learner's answer, normalised by the drill
            right_answer TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            ev_cost TEXT,                    -- exact fraction of a bet ("3/200"), if any
            response_ms INTEGER CHECK (response_ms IS NULL OR response_ms >= 0),
            token TEXT NOT NULL,             -- the submission token: one answer is stored once
            created_at TEXT NOT NULL,
            UNIQUE (user_id, token)
        )
        """
    )
    db.execute("CREATE INDEX attempts_by_user_drill ON attempts (user_id, drill, created_at)")
    db.execute("CREATE INDEX attempts_by_user_time ON attempts (user_id, created_at)")
    for event in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER attempts_append_only_{event.lower()} BEFORE {event} ON attempts
            BEGIN SELECT RAISE(ABORT, 'attempts are append-only'); END
            """
        )
    db.execute(
        """
        CREATE TABLE sign_in_failures (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL,               -- "account:<name>" or "address:<ip>"
            at REAL NOT NULL                 -- seconds since the epoch
        )
        """
    )
    db.execute("CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, at)")


@migration("0002_counting_sessions")
def _counting_sessions(db: sqlite_utils.Database) -> None:
    # A counting session as dealt (drills/counting/session.py): written once, never changed.
    # Its checkpoint answers are attempts, each under its own token.
    db.execute(
        """
        CREATE TABLE counting_sessions (
            id TEXT PRIMARY KEY,             -- random, unguessable
            user_id INTEGER NOT NULL REFERENCES users(id),
            drill TEXT NOT NULL,             -- the drill's slug
            rules TEXT NOT NULL,             -- the rules preset's name
            spec TEXT NOT NULL,              -- JSON: the cards, steps and checkpoints
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX counting_sessions_by_user ON counting_sessions (user_id, created_at)")
    for event in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER counting_sessions_append_only_{event.lower()}
            BEFORE {event} ON counting_sessions
            BEGIN SELECT RAISE(ABORT, 'counting sessions are append-only'); END
            """
        )


@migration("0003_review_batches")
def _review_batches(db: sqlite_utils.Database) -> None:
    """A learner's mistakes asked again ("drill these again"): a batch and its questions."""
    db.execute(
        """
        CREATE TABLE review_batches (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            drill TEXT NOT NULL,             -- the drill's slug: a batch is one drill's questions
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE review_items (
            id INTEGER PRIMARY KEY,
            batch_id INTEGER NOT NULL REFERENCES review_batches(id),
            position INTEGER NOT NULL,       -- asked in this order, from 0
            question TEXT NOT NULL,          -- the question's notation
            rules TEXT NOT NULL,             -- the preset it was first asked under
            rules_options TEXT,              -- JSON: options changed from the preset, if any
            attempt_id INTEGER REFERENCES attempts(id),  -- the answer, once given
            UNIQUE (batch_id, position)
        )
        """
    )
    db.execute("CREATE INDEX review_batches_by_user ON review_batches (user_id, id)")


@migration("0004_counting_preferences")
def _counting_preferences(db: sqlite_utils.Database) -> None:
    # A learner's counting system and true-count conversion; the newest row is the one in use.
    db.execute(
        """
        CREATE TABLE counting_preferences (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            system TEXT NOT NULL,            -- a counting system's slug
            convention TEXT NOT NULL CHECK (convention IN ('floor', 'truncate', 'round')),
            resolution TEXT NOT NULL CHECK (resolution IN ('full', 'half', 'quarter')),
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX counting_preferences_by_user ON counting_preferences (user_id, id)")
    for event in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER counting_preferences_append_only_{event.lower()}
            BEFORE {event} ON counting_preferences
            BEGIN SELECT RAISE(ABORT, 'counting preferences are append-only'); END
            """
        )


@migration("0005_attempts_by_user_drill_id")
def _attempts_by_user_drill_id(db: sqlite_utils.Database) -> None:
    # A learner's newest attempts at one drill (ORDER BY id DESC LIMIT n) read straight off
    # this index; attempts_by_user_drill ends in created_at, so that order needed a sort of
    # every one of the learner's attempts at the drill.
    db.execute("CREATE INDEX attempts_by_user_drill_id ON attempts (user_id, drill, id)")


@migration("0006_session_generation")
def _session_generation(db: sqlite_utils.Database) -> None:
    # Bumped when a learner signs out: every session cookie made before then stops working,
    # even a copy of it kept elsewhere (a signed cookie cannot be taken back otherwise).
    db.execute("ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0")


@migration("0007_drill_totals")
def _drill_totals(db: sqlite_utils.Database) -> None:
    # Each learner's figures per drill, kept by a trigger as attempts are stored (attempts are
    # append-only, so the sums stay exact): a page reads one row per drill instead of counting
    # the learner's whole history on every answer.
    db.execute(
        """
        CREATE TABLE drill_totals (
            user_id INTEGER NOT NULL REFERENCES users(id),
            drill TEXT NOT NULL,
            attempts INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            timed INTEGER NOT NULL,          -- attempts with a response time
            response_ms_sum INTEGER NOT NULL,
            PRIMARY KEY (user_id, drill)
        ) WITHOUT ROWID
        """
    )
    db.execute(
        """
        INSERT INTO drill_totals
        SELECT user_id, drill, count(*), sum(correct), count(response_ms),
               coalesce(sum(response_ms), 0)
        FROM attempts GROUP BY user_id, drill
        """
    )
    db.execute(
        """
        CREATE TRIGGER attempts_add_to_drill_totals AFTER INSERT ON attempts
        BEGIN
            INSERT INTO drill_totals
                (user_id, drill, attempts, correct, timed, response_ms_sum)
            VALUES (NEW.user_id, NEW.drill, 1, NEW.correct, NEW.response_ms IS NOT NULL,
                    coalesce(NEW.response_ms, 0))
            ON CONFLICT (user_id, drill) DO UPDATE SET
                attempts = attempts + 1,
                correct = correct + excluded.correct,
                timed = timed + excluded.timed,
                response_ms_sum = response_ms_sum + excluded.response_ms_sum;
        END
        """
    )


@migration("0008_expensive_work")
def _expensive_work(db: sqlite_utils.Database) -> None:
    # When each address or learner last asked for expensive work (a chart for rules not
    # computed before), to limit how much of it one client can ask for in a window.
    db.execute("CREATE TABLE expensive_work (key TEXT NOT NULL, at REAL NOT NULL)")
    db.execute("CREATE INDEX expensive_work_by_key ON expensive_work (key, at)")


@migration("0009_review_schedules")
def _review_schedules(db: sqlite_utils.Database) -> None:
    # Each skill a learner has answered (a reviewable item, trainer/store/schedules.py) and
    # when FSRS next wants it reviewed; updated in the transaction that stores each answer.
    db.execute(
        """
        CREATE TABLE review_schedules (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            drill TEXT NOT NULL,             -- the drill's slug
            item TEXT NOT NULL,              -- the skill's key (Drill.skill)
            question TEXT NOT NULL,          -- the newest question asked of it (its notation)
            rules TEXT NOT NULL,             -- the rules that question was asked under
            state INTEGER NOT NULL,          -- FSRS: 1 learning, 2 review, 3 relearning
            step INTEGER,
            stability REAL,
            difficulty REAL,
            due TEXT NOT NULL,               -- when it is due again (stored time, UTC)
            last_review TEXT NOT NULL,
            reviews INTEGER NOT NULL,
            lapses INTEGER NOT NULL,         -- answers that were wrong
            last_attempt_id INTEGER NOT NULL REFERENCES attempts(id),
            UNIQUE (user_id, drill, item)
        )
        """
    )
    db.execute("CREATE INDEX review_schedules_by_due ON review_schedules (user_id, due)")
    # A review batch is a learner's mistakes asked again, or an item due, asked from Today.
    db.execute(
        "ALTER TABLE review_batches ADD COLUMN purpose TEXT NOT NULL DEFAULT 'mistakes'"
        " CHECK (purpose IN ('mistakes', 'practice'))"
    )
    # A learner's daily goal: so many answers, or so many minutes of answering, a day.
    db.execute(
        """
        CREATE TABLE practice_goals (
            user_id INTEGER PRIMARY KEY REFERENCES users(id),
            kind TEXT NOT NULL CHECK (kind IN ('answers', 'minutes')),
            amount INTEGER NOT NULL CHECK (amount > 0),
            updated_at TEXT NOT NULL
        )
        """
    )


@migration("0010_table_sessions")
def _table_sessions(db: sqlite_utils.Database) -> None:
    # A learner's table (trainer.store.tables): its setup, written once, and the learner's
    # steps in order. The shoe is never stored: the engine replays it from the seed and the
    # steps (trainer.engine.play.table_game), so a reload or a restart loses nothing.
    db.execute(
        """
        CREATE TABLE table_sessions (
            id TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            rules TEXT NOT NULL,
            setup TEXT NOT NULL,         -- JSON: seats, boxes, bankroll, unit, system, graded...
            seed INTEGER NOT NULL,
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX table_sessions_by_user ON table_sessions (user_id, created_at)")
    db.execute(
        """
        CREATE TABLE table_steps (
            session_id TEXT NOT NULL REFERENCES table_sessions(id),
            n INTEGER NOT NULL,           -- 0, 1, 2 ... in the order they came
            step TEXT NOT NULL,           -- trainer.engine.play.table_game's step notation
            token TEXT NOT NULL,          -- the submission token of the form that sent it
            state TEXT NOT NULL,          -- played, held (a mistake shown, not played yet)
                                          -- or withdrawn (taken back)
            cost TEXT NOT NULL,           -- money: what the step's mistakes cost in EV
            ev TEXT,                      -- money: a box's first play, the right play's EV
            created_at TEXT NOT NULL,
            PRIMARY KEY (session_id, n)
        ) WITHOUT ROWID
        """
    )


@migration("0011_simulation_jobs")
def _simulation_jobs(db: sqlite_utils.Database) -> None:
    # A learner's simulations (trainer/store/simulations.py): the settings asked for, the job's
    # process while it runs, its progress, and the figures once done (kept, linkable).
    db.execute(
        """
        CREATE TABLE simulation_jobs (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            settings TEXT NOT NULL,          -- JSON: the form's fields, as checked
            status TEXT NOT NULL DEFAULT 'queued'
                CHECK (status IN ('queued', 'running', 'done', 'failed')),
            pid INTEGER,                     -- the job's process while it runs
            rounds_done INTEGER NOT NULL DEFAULT 0,
            rounds_total INTEGER NOT NULL,
            result TEXT,                     -- JSON: the figures (simulate --json) and paths
            error TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX simulation_jobs_by_user ON simulation_jobs (user_id, status)")


@migration("0012_account_deletion")
def _account_deletion(db: sqlite_utils.Database) -> None:
    # A learner may delete their account and its history. The append-only tables refuse every
    # delete except of the rows of a learner named in account_deletions, which the deleting
    # transaction writes first and removes last (trainer/store/users.py: delete_account).
    db.execute("CREATE TABLE account_deletions (user_id INTEGER PRIMARY KEY)")
    for table, what in (
        ("attempts", "attempts are"),
        ("counting_sessions", "counting sessions are"),
        ("counting_preferences", "counting preferences are"),
    ):
        db.execute(f"DROP TRIGGER {table}_append_only_delete")
        db.execute(
            f"""
            CREATE TRIGGER {table}_append_only_delete BEFORE DELETE ON {table}
            WHEN NOT EXISTS (SELECT 1 FROM account_deletions WHERE user_id = OLD.user_id)
            BEGIN SELECT RAISE(ABORT, '{what} append-only'); END
            """
        )


@migration("0013_mistake_indexes")
def _mistake_indexes(db: sqlite_utils.Database) -> None:
    # The mistakes page reads a learner's wrong answers a page at a time, newest first or by
    # cost within each drill (trainer/store/reviews.py: mistakes_page): partial indexes over
    # wrong answers alone, and a stored cost's value as a number (virtual: computed on reading,
    # kept in the index only), so a page reads its rows and not the learner's whole history.
    db.execute(
        "ALTER TABLE attempts ADD COLUMN cost_value REAL GENERATED ALWAYS AS (CASE"
        " WHEN ev_cost IS NULL THEN NULL WHEN instr(ev_cost, '/') > 0"
        " THEN CAST(substr(ev_cost, 1, instr(ev_cost, '/') - 1) AS REAL)"
        " / CAST(substr(ev_cost, instr(ev_cost, '/') + 1) AS REAL)"
        " ELSE CAST(ev_cost AS REAL) END) VIRTUAL"
    )
    db.execute("CREATE INDEX attempts_mistakes ON attempts (user_id, id) WHERE correct = 0")
    db.execute(
        "CREATE INDEX attempts_mistake_costs"
        " ON attempts (user_id, drill, ev_cost IS NULL, cost_value) WHERE correct = 0"
    )
    db.execute("CREATE INDEX attempts_mistake_rules ON attempts (user_id, rules) WHERE correct = 0")


@migration("0014_counting_speeds")
def _counting_speeds(db: sqlite_utils.Database) -> None:
    # A learner's running-count speed level per counting system (drills/counting/pace.py).
    db.execute(
        """
        CREATE TABLE counting_speeds (
            user_id INTEGER NOT NULL REFERENCES users(id),
            system TEXT NOT NULL,            -- a counting system's slug
            level INTEGER NOT NULL CHECK (level >= 1),
            run INTEGER NOT NULL CHECK (run >= 0),  -- right checkpoints in a row at the level
            updated_at TEXT NOT NULL,
            PRIMARY KEY (user_id, system)
        ) WITHOUT ROWID
        """
    )


@migration("0015_goal_changes")
def _goal_changes(db: sqlite_utils.Database) -> None:
    # Every daily goal a learner has set, with when (trainer/store/goals.py): a day of the streak
    # is judged by the goal in force that day, not by today's. The goals kept so far are their
    # first changes.
    db.execute(
        """
        CREATE TABLE goal_changes (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            kind TEXT NOT NULL CHECK (kind IN ('answers', 'minutes')),
            amount INTEGER NOT NULL CHECK (amount > 0),
            set_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX goal_changes_user ON goal_changes (user_id, set_at)")
    db.execute(
        "INSERT INTO goal_changes (user_id, kind, amount, set_at)"
        " SELECT user_id, kind, amount, updated_at FROM practice_goals"
    )


@migration("0016_simulation_stage")
def _simulation_stage(db: sqlite_utils.Database) -> None:
    # What a running simulation is doing (trainer/simulator/job.py: STAGES): working out the
    # chart or the indices and compiling take a while before the first round is played.
    db.execute("ALTER TABLE simulation_jobs ADD COLUMN stage TEXT")


@migration("0017_learner_paths")
def _learner_paths(db: sqlite_utils.Database) -> None:
    # Where a learner starts on the path (drills/path.py: STARTS) and the steps the placement
    # check showed they know (trainer/store/paths.py); one row a learner, changed in place.
    db.execute(
        """
        CREATE TABLE learner_paths (
            user_id INTEGER PRIMARY KEY REFERENCES users(id),
            start TEXT NOT NULL,
            known TEXT NOT NULL DEFAULT '',  -- step keys, space-separated, in the path's order
            updated_at TEXT NOT NULL
        )
        """
    )


@migration("0018_time_zone")
def _time_zone(db: sqlite_utils.Database) -> None:
    # The time zone a learner chose on the account page (an IANA name, e.g. Europe/Moscow);
    # NULL: the browser's, where JavaScript says it, else UTC (trainer/web/time_zone.py).
    db.execute("ALTER TABLE users ADD COLUMN time_zone TEXT")


@migration("0019_language")
def _language(db: sqlite_utils.Database) -> None:
    # The language a learner chose with the switch (a code the app offers, e.g. "ru"); NULL: the
    # browser's (Accept-Language), else English (trainer/web/language.py).
    db.execute("ALTER TABLE users ADD COLUMN language TEXT")


@migration("0020_jobs")
def _jobs(db: sqlite_utils.Database) -> None:
    # Every long computation is a job row (trainer/store/jobs.py), run by the job workers
    # (trainer/jobs/): its kind and parameters, who asked, its state and progress, the process
    # running it and its heartbeat, and its result or error. A job with a key (a count study of
    # one rule set and system, a chart) is shared: one unfinished job per key. The simulations
    # move here with their ids (their pages are linked by id); simulation_jobs is dropped.
    db.execute(
        """
        CREATE TABLE jobs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            key TEXT,                        -- what it makes, where it is shared work
            params TEXT NOT NULL,            -- JSON
            owner_id INTEGER REFERENCES users(id),  -- NULL: the server's own (the warm-up)
            state TEXT NOT NULL DEFAULT 'queued'
                CHECK (state IN ('queued', 'running', 'done', 'failed')),
            stage TEXT,                      -- what a running job is doing, in the kind's words
            done INTEGER NOT NULL DEFAULT 0, -- progress: done of total
            total INTEGER NOT NULL DEFAULT 0,
            result TEXT,                     -- JSON
            error TEXT,                      -- a readable message for the learner
            tries INTEGER NOT NULL DEFAULT 0,
            pid INTEGER,                     -- the process running it
            heartbeat REAL,                  -- unix time it last said it was alive
            created_at TEXT NOT NULL,
            started_at TEXT,
            finished_at TEXT
        )
        """
    )
    db.execute("CREATE INDEX jobs_by_state ON jobs (state, id)")
    db.execute("CREATE INDEX jobs_by_owner ON jobs (owner_id, kind, state)")
    db.execute("CREATE INDEX jobs_by_key ON jobs (key, state)")
    db.execute(
        "INSERT INTO jobs (id, kind, params, owner_id, state, stage, done, total, result, error,"
        " created_at, started_at, finished_at)"
        " SELECT id, 'simulation', settings, user_id,"
        " CASE WHEN status IN ('done', 'failed') THEN status ELSE 'failed' END, stage,"
        " rounds_done, rounds_total, result,"
        " CASE WHEN status IN ('done', 'failed') THEN error"
        " ELSE 'the server stopped while the job ran: run it again' END,"
        " created_at, created_at, updated_at FROM simulation_jobs"
    )
    db.execute("DROP TABLE simulation_jobs")
    # The job workers' own heartbeat (one row per pool), for /healthz.
    db.execute(
        """
        CREATE TABLE job_pools (
            pid INTEGER PRIMARY KEY,
            host TEXT NOT NULL,
            heartbeat REAL NOT NULL
        )
        """
    )
