"""Schema migrations 0027 to 0029 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0027_drill_rounds")
def _drill_rounds(db: sqlite_utils.Database) -> None:
    # A review batch asked as the drill round between shoes at a table (trainer/store/
    # drill_rounds.py): the table it follows, and why each of its questions came back, by
    # position (JSON: a list of {"kind": "shoe" | "missed", "at": the mistake's stored time}).
    db.execute(
        """
        CREATE TABLE drill_rounds (
            batch_id INTEGER PRIMARY KEY REFERENCES review_batches(id),
            table_id TEXT NOT NULL REFERENCES table_sessions(id),
            reasons TEXT NOT NULL
        )
        """
    )


@migration("0028_certificate_names")
def _certificate_names(db: sqlite_utils.Database) -> None:
    # The name a checkout certificate shows (trainer/store/checkouts.py): its holder's choice,
    # the newest row; none yet shows no name (never the username the first certificates were
    # issued with, which their ``holder`` keeps so that their links still verify). Append-only
    # like the certificates, and deleted with the holder's account.
    db.execute(
        """
        CREATE TABLE certificate_names (
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL REFERENCES checkout_certificates(code),
            user_id INTEGER NOT NULL REFERENCES users(id),
            name TEXT NOT NULL,              -- "" for no name
            named_ms INTEGER NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX certificate_names_by_code ON certificate_names (code, id)")
    db.execute(
        """
        CREATE TRIGGER certificate_names_append_only_update BEFORE UPDATE ON certificate_names
        BEGIN SELECT RAISE(ABORT, 'certificate names are append-only'); END
        """
    )
    db.execute(
        """
        CREATE TRIGGER certificate_names_append_only_delete BEFORE DELETE ON certificate_names
        WHEN NOT EXISTS (SELECT 1 FROM account_deletions WHERE user_id = OLD.user_id)
        BEGIN SELECT RAISE(ABORT, 'certificate names are append-only'); END
        """
    )


@migration("0029_drill_rules_totals")
def _drill_rules_totals(db: sqlite_utils.Database) -> None:
    # Each learner's figures per drill and rules (the attempt's ``rules``, as stored), kept by
    # a trigger as attempts are stored, as drill_totals keeps them per drill: a drill page
    # shows the figures of the game it asks under (a learner of two games read one figure
    # for both), in one row.
    db.execute(
        """
        CREATE TABLE drill_rules_totals (
            user_id INTEGER NOT NULL REFERENCES users(id),
            drill TEXT NOT NULL,
            rules TEXT NOT NULL,
            attempts INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            timed INTEGER NOT NULL,          -- attempts with a response time
            response_ms_sum INTEGER NOT NULL,
            PRIMARY KEY (user_id, drill, rules)
        ) WITHOUT ROWID
        """
    )
    db.execute(
        """
        INSERT INTO drill_rules_totals
        SELECT user_id, drill, rules, count(*), sum(correct), count(response_ms),
               coalesce(sum(response_ms), 0)
        FROM attempts GROUP BY user_id, drill, rules
        """
    )
    db.execute(
        """
        CREATE TRIGGER attempts_add_to_drill_rules_totals AFTER INSERT ON attempts
        BEGIN
            INSERT INTO drill_rules_totals
                (user_id, drill, rules, attempts, correct, timed, response_ms_sum)
            VALUES (NEW.user_id, NEW.drill, NEW.rules, 1, NEW.correct,
                    NEW.response_ms IS NOT NULL, coalesce(NEW.response_ms, 0))
            ON CONFLICT (user_id, drill, rules) DO UPDATE SET
                attempts = attempts + 1,
                correct = correct + excluded.correct,
                timed = timed + excluded.timed,
                response_ms_sum = response_ms_sum + excluded.response_ms_sum;
        END
        """
    )


@migration("0030_user_rules")
def _user_rules(db: sqlite_utils.Database) -> None:
    # The rules a learner drills with (their notation: a preset, or any rules worked out on the
    # strategy or index chart); NULL: the app's default. Kept with the account, as the
    # language is, so that signing out and in keeps them (a walk lost its new casino's rules).
    db.execute("ALTER TABLE users ADD COLUMN rules TEXT")


@migration("0031_right_answers_by_question")
def _right_answers_by_question(db: sqlite_utils.Database) -> None:
    # A learner's right answers to one question of one drill, by id: the mistakes page marks a
    # mistake answered right since (reviews.answered_right_since), one look per mistake shown,
    # never a walk through every answer to the drill.
    db.execute(
        "CREATE INDEX attempts_right_by_question ON attempts (user_id, drill, question, id)"
        " WHERE correct = 1"
    )
