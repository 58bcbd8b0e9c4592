"""Every id a URL carries is bounded by its route's converter before the store is asked
(``<rowid:...>``: digits 1 to 2**63 - 1; ``<key:...>``: a stored key's URL-safe letters), and a
learner's table, counting session or history is found through its owner: another learner's id
is the same 404 as an id that never existed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from werkzeug.routing import ValidationError

from tests.web.test_today import answer_hand
from trainer.store import attempts, counting, tables, users
from trainer.web import LARGEST_ROW_ID, RowIdConverter, StoredKeyConverter

# What a route's id may not be: signs, zeros, other notations and scripts, and numbers past
# SQLite's integers (2**63 overflowed the store's query: a 500 before the converter).
BAD_ROW_IDS = [
    "0",
    "-1",
    "+1",
    "007",
    "1e3",
    "0x10",
    "1.5",
    "x",
    "１２",  # fullwidth digits: int() reads them, the route must not
    "٣",  # an Arabic-Indic three
    str(2**63),
    str(2**63 + 1),
    "9" * 30,
    "9" * 5000,
    "%201",
    "%00",
]
BAD_KEYS = ["a" * 65, "a.b", "a%20b", "é", "%00", "a;b", "<b>x</b>", "'"]
_ARGUMENT = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")


def id_rules(app: Any) -> list[tuple[str, dict[str, str], set[str]]]:
    """Each route with an argument: its pattern, each argument's converter, its methods."""
    found = []
    for rule in app.url_map.iter_rules():
        arguments = {name: kind or "default" for kind, name in _ARGUMENT.findall(rule.rule)}
        if arguments and rule.endpoint != "static":
            found.append((rule.rule, arguments, set(rule.methods or ())))
    return found


def test_every_id_in_a_route_goes_through_a_bounded_converter(app: Any) -> None:
    """No route takes a bare number (werkzeug's int has no upper bound) or an id as free text;
    the only free text is a drill's or a checkout's name, looked up in its registry."""
    arguments = {(name, kind) for _, found, _ in id_rules(app) for name, kind in found.items()}
    assert arguments == {
        ("job_id", "rowid"),
        ("user_id", "rowid"),
        ("class_id", "rowid"),
        ("invite_id", "rowid"),
        ("closure_id", "rowid"),
        ("assignment_id", "rowid"),
        ("code", "key"),
        ("number", "rowid"),
        ("table_id", "key"),
        ("session_id", "key"),
        ("run_id", "rowid"),
        ("attempt_id", "rowid"),  # an answer's verdict (Post/Redirect/Get)
        ("token", "signed"),  # a checkout certificate's link
        ("token", "key"),  # a shared replay's
        ("check", "key"),  # a placement check's result (Post/Redirect/Get)
        ("slug", "default"),
        ("kind", "default"),  # a checkout's name, looked up in drills.checkouts.criteria.KINDS
    }


def test_the_converters_take_exactly_what_the_store_can_hold(app: Any) -> None:
    row_id = RowIdConverter(app.url_map)
    assert row_id.to_python(str(LARGEST_ROW_ID)) == 2**63 - 1
    assert re.fullmatch(row_id.regex, str(LARGEST_ROW_ID))
    assert [t for t in BAD_ROW_IDS if re.fullmatch(row_id.regex, t)] == [str(2**63), str(2**63 + 1)]
    with pytest.raises(ValidationError):
        row_id.to_python(str(2**63))  # nineteen digits, one past the largest
    key = StoredKeyConverter(app.url_map)
    assert re.fullmatch(key.regex, "Zx-_09" * 10 + "abcd")  # 64
    assert not any(re.fullmatch(key.regex, text) for text in BAD_KEYS)


def test_a_bad_id_is_a_404_on_every_route_and_method_before_any_query(
    app: Any, client: Any, csrf: Any, db: Any
) -> None:
    answer_hand(client, right=True)  # a learner, so the routes reach their lookups
    before = db.execute("SELECT count(*) FROM attempts").fetchone()[0]
    token = csrf()
    problems = []
    for pattern, arguments, methods in id_rules(app):
        for name, kind in arguments.items():
            bad = {"rowid": BAD_ROW_IDS, "key": BAD_KEYS}.get(kind, [])
            good = {"rowid": "1", "key": "AAAAAAAAAAAAAAAA", "default": "hand-totals"}
            for value in bad:
                path = pattern
                for other, other_kind in arguments.items():
                    shown = value if other == name else good[other_kind]
                    path = re.sub(rf"<(?:\w+:)?{other}>", shown, path)
                for method in sorted(methods & {"GET", "POST"}):
                    data = {"csrf_token": token} if method == "POST" else None
                    status = client.open(path, method=method, data=data).status_code
                    if status != 404:
                        problems.append(f"{method} {path[:80]}: {status}")
    assert problems == []
    assert db.execute("SELECT count(*) FROM attempts").fetchone()[0] == before


def test_the_largest_id_is_a_plain_404_where_nothing_has_it(client: Any) -> None:
    answer_hand(client, right=True)
    for path in (f"/simulate/{LARGEST_ROW_ID}", f"/learners/{LARGEST_ROW_ID}/attempts.csv"):
        assert client.get(path).status_code == 404


@pytest.fixture
def someone_elses(app: Any, db: Any) -> dict[str, str]:
    """Another learner's table, counting session and history: their addresses."""
    owner = users.create_guest(db)
    table = tables.create_table(db, user_id=owner.id, rules="vegas-6d-s17", setup={}, seed=1)
    session = counting.create_session(
        db, user_id=owner.id, drill="running-count", rules="vegas-6d-s17", spec="x"
    )
    answered, _ = attempts.record_attempt(
        db, user_id=owner.id, drill="hand-totals", question="TS 6H", rules="vegas-6d-s17",
        answer="hard 16", right_answer="hard 16", correct=True, token="theirs-0123456789abc",
    )  # fmt: skip
    assert tables.get_table(db, table.id, owner.id) is not None  # there, for its owner
    assert counting.get_session(db, session.id, owner.id) is not None
    return {
        "table": f"/table/{table.id}",
        "round": f"/table/{table.id}/rounds/1",
        "session": f"/counting/sessions/{session.id}",
        "table replay": f"/replays/table/{table.id}",
        "session replay": f"/replays/count/{session.id}",
        "history": f"/learners/{owner.id}/attempts",
        "download": f"/learners/{owner.id}/attempts.json",
        "verdict": f"/drills/hand-totals/answered/{answered.id}",
    }


NEVER_MADE = {
    "table": "/table/NeverMadeTable00",
    "round": "/table/NeverMadeTable00/rounds/1",
    "session": "/counting/sessions/NeverMadeSess000",
    "table replay": "/replays/table/NeverMadeTable00",
    "session replay": "/replays/count/NeverMadeSess000",
    "history": f"/learners/{LARGEST_ROW_ID}/attempts",
    "download": f"/learners/{LARGEST_ROW_ID}/attempts.json",
    "verdict": f"/drills/hand-totals/answered/{LARGEST_ROW_ID}",
}


@pytest.mark.parametrize("what", sorted(NEVER_MADE))
@pytest.mark.parametrize("signed_in", [True, False])
def test_another_learners_id_is_the_same_404_as_one_never_made(
    client: Any, someone_elses: dict[str, str], what: str, signed_in: bool
) -> None:
    if signed_in:
        answer_hand(client, right=True)
    theirs = client.get(someone_elses[what])
    never = client.get(NEVER_MADE[what])
    assert theirs.status_code == never.status_code == 404
    # The same page but for the address asked for, which the language switch sends back to.
    mine, made = (
        page.get_data(as_text=True).replace(path, "PATH")
        for page, path in ((theirs, someone_elses[what]), (never, NEVER_MADE[what]))
    )
    assert mine == made


@pytest.mark.parametrize("step", ["step", "held"])
def test_another_learners_table_takes_no_step(
    client: Any, csrf: Any, db: Any, someone_elses: dict[str, str], step: str
) -> None:
    answer_hand(client, right=True)
    data = {"csrf_token": csrf(), "token": "t" * 20, "kind": "play", "answer": "S", "at": "0"}
    assert client.post(f"{someone_elses['table']}/{step}", data=data).status_code == 404
    assert db.execute("SELECT count(*) FROM table_steps").fetchone()[0] == 0
