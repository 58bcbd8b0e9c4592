"""Schema migrations 0011 to 0020 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


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
