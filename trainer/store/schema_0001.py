"""Schema migrations 0001 to 0010 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


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
