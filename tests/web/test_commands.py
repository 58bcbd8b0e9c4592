"""``flask --app trainer`` commands: migrations, creating a user, exporting attempts."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from trainer.store import attempts, users
from trainer.store.migrations import MIGRATIONS


def run(app: Any, *args: str) -> Any:
    return app.test_cli_runner().invoke(args=list(args))


def test_init_db_and_migrate_report_the_schema(app: Any) -> None:
    for command in ("init-db", "migrate"):
        result = run(app, command)
        assert result.exit_code == 0
        assert MIGRATIONS[-1][0] in result.output  # the schema's latest migration


def test_create_user_makes_an_account(app: Any, db: Any) -> None:
    result = run(app, "create-user", "dora", "--password", "password dora")
    assert result.exit_code == 0, result.output
    assert "Created learner 'dora'" in result.output
    assert users.authenticate(db, "dora", "password dora") is not None


def test_create_user_refuses_bad_input_with_status_2(app: Any, db: Any) -> None:
    assert run(app, "create-user", "dora", "--password", "password dora").exit_code == 0
    for args, message in [
        (("dora", "--password", "password two"), "taken"),
        (("x", "--password", "password two"), "at least 3"),
        (("erin", "--password", "short"), "at least 10"),
        (("erin", "--password", " " * 12), "only spaces"),
        (("erin smith", "--password", "Erin Smith"), "your username"),
    ]:
        result = run(app, "create-user", *args)
        assert result.exit_code == 2
        assert message in result.output
    assert db.execute("SELECT count(*) FROM users").fetchone()[0] == 1


def test_export_attempts_as_csv_and_json(app: Any, db: Any, tmp_path: Any) -> None:
    dora = users.create_user(db, "dora", "password dora")
    for n, correct in enumerate((True, False)):
        attempts.record_attempt(
            db,
            user_id=dora.id,
            drill="hand-totals",
            question="AS 6H",
            rules="vegas-6d-s17",
            answer="soft 17" if correct else "hard 17",
            right_answer="soft 17",
            correct=correct,
            token=f"t{n}",
        )
    other = users.create_user(db, "erin", "password erin")
    attempts.record_attempt(
        db,
        user_id=other.id,
        drill="hand-totals",
        question="KS QH",
        rules="vegas-6d-s17",
        answer="hard 20",
        right_answer="hard 20",
        correct=True,
        token="t9",
    )
    result = run(app, "export-attempts", "dora")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [row["answer"] for row in rows] == ["soft 17", "hard 17"]  # oldest first
    out = tmp_path / "dora.json"
    result = run(
        app, "export-attempts", "--user-id", str(dora.id), "--format", "json", "-o", str(out)
    )
    assert result.exit_code == 0
    assert [row["question"] for row in json.loads(out.read_text())] == ["AS 6H", "AS 6H"]


def test_export_attempts_refuses_an_unknown_learner(app: Any) -> None:
    result = run(app, "export-attempts", "nobody")
    assert result.exit_code == 2
    assert "no learner 'nobody'" in result.output
    assert run(app, "export-attempts").exit_code == 2
