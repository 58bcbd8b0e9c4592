"""Classes: a coach, invites, members' work since joining, assignments, the export; and the
attacks on them: another class's pages and export, a learner who left, a used or revoked
invite, a guest, a form without its CSRF token. Each refusal is checked to have stored nothing."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from drills.checkouts.criteria import criteria_for
from tests.conftest import app_config
from tests.web.class_week import a_week, store
from trainer import create_app
from trainer.clock import Clock
from trainer.store import classes

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def clocked(tmp_path: Path, clock: Clock, strategy_charts: None) -> Any:
    return create_app(app_config(tmp_path, CLOCK=clock, LANGUAGES=("en", "ru")))


@pytest.fixture
def db(clocked: Any) -> Any:
    from trainer import store as the_store

    connection = the_store.open_db(clocked.config["DATABASE"])
    yield connection
    connection.close()


class Person:
    """One signed-up learner's browser session (a test client of their own)."""

    def __init__(self, app: Any, name: str) -> None:
        self.client = app.test_client()
        self.token = "csrf-" + name
        self._csrf()
        data = {"username": name, "password": "password " + name, "csrf_token": self.token}
        assert self.client.post("/signup", data=data).status_code == 303
        self._csrf()
        with self.client.session_transaction() as session:
            self.id = int(session["uid"])

    def _csrf(self) -> None:
        with self.client.session_transaction() as session:
            session["_csrf"] = self.token

    def get(self, url: str) -> Any:
        return self.client.get(url)

    def post(self, url: str, **data: Any) -> Any:
        return self.client.post(url, data={"csrf_token": self.token, **data})


def start_class(coach: Person, name: str = "Tuesday team") -> int:
    response = coach.post("/classes", name=name, coach_name="Coach " + name[:10])
    assert response.status_code == 303
    return int(response.headers["Location"].rsplit("/", 1)[1])


def invite(coach: Person, class_id: int) -> str:
    assert coach.post(f"/classes/{class_id}/invites", count="1").status_code == 303
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    return re.findall(r"/join/([A-Za-z0-9_-]{20,})", page)[0]


def join(learner: Person, code: str, name: str) -> Any:
    return learner.post(f"/join/{code}", name=name, consent="yes")


def member_rows(db: Any) -> list[tuple[Any, ...]]:
    return db.execute("SELECT class_id, user_id, left_at FROM class_members ORDER BY id").fetchall()


@pytest.fixture
def team(clocked: Any) -> dict[str, Any]:
    """A coach with a class of three learners (Ann, Ben, Cat), joined at START."""
    coach = Person(clocked, "coachy")
    class_id = start_class(coach)
    learners = {}
    for name in ("ann", "ben", "cat"):
        person = Person(clocked, name + "_account")
        assert join(person, invite(coach, class_id), name.title()).status_code == 303
        learners[name] = person
    return {"coach": coach, "class_id": class_id, **learners}


def test_a_coach_sees_each_learners_week_since_joining(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    ann = team["ann"]
    # Ann's work from before she joined is hers alone: never counted on the coach's page.
    for n in range(30):
        store(db, ann.id, START - timedelta(days=3, minutes=-n), 900 + n, correct=False)
    a_week(db, {ann.id: 0.9, team["ben"].id: 0.6, team["cat"].id: 0.3}, START)
    clock.advance(timedelta(days=7))
    response = coach.get(f"/classes/{class_id}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    page = response.get_data(as_text=True)
    # Each learner's answers since joining: 7 days x (20 + 6 + 4 + 10) = 280, none from before;
    # a day of Ann's: 18 + 6 + 4 + 9 right of 40; of Ben's: 12 + 4 + 3 + 6.
    assert page.count("280, ") == 3
    assert "280, 92% right" in page and "280, 62% right" in page
    assert "7 days" in page  # Ann's streak: a session each day of the week
    for name in ("Ann", "Ben", "Cat"):
        assert name in page
    for secret in ("ann_account", "ben_account", "cat_account"):
        assert secret not in page  # account details are never shown
    assert "Last checkouts" in page
    # The heat maps: the cells and index plays most often wrong, each under its rules.
    assert re.search(r"pairs 8-8 against 10\s*</th>\s*<td[^>]*>53% \(56 of 105\)", page)
    assert "Under Las Vegas, 6 decks, dealer stands on soft 17" in page
    # Each letter the heat map's cells show has its key (a walk met "D/H" with none).
    key = re.search(r'<ul class="strategy-legend heat-letters"[^>]*>(.*?)</ul>', page, re.S)
    shown = set(re.findall(r'<span class="code">([^<]+)</span>', page))
    assert key is not None and shown, shown
    named = dict(re.findall(r"<li><b>([^<]+)</b> ([^<]+)</li>", key.group(1)))
    assert set(named) == shown and all(named.values()), (named, shown)
    assert re.search(
        r"hard 12 against a 3, played by the Hi-Lo count.*?33% \(14 of 42\)", page, re.S
    )
    assert "Hi-Lo, 6 decks, at 2 cards a second" in page


def test_a_learners_page_names_each_mistakes_rules_once(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    """The strategy skill's words name their rules already: the line does not add them again."""
    coach, class_id, cat = team["coach"], team["class_id"], team["cat"]
    a_week(db, {cat.id: 0.3}, START, days=1)
    clock.advance(timedelta(days=1))
    page = coach.get(f"/classes/{class_id}/learners/{cat.id}").get_data(as_text=True)
    costliest = page.split("Costliest mistakes", 1)[1]
    lines = re.findall(r"<li>(.*?)</li>", costliest, re.S)
    assert lines and all(
        line.count("Las Vegas, 6 decks, dealer stands on soft 17") == 1 for line in lines
    ), lines


def test_the_export_holds_each_learner_since_joining_and_no_account(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    a_week(db, {team["ann"].id: 0.9}, START, days=2)
    clock.advance(timedelta(days=2))
    response = coach.get(f"/classes/{class_id}/export.csv")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [row["learner"] for row in rows] == ["Ann", "Ben", "Cat"]
    assert rows[0]["answers"] == "80" and rows[1]["answers"] == "0"
    assert "_account" not in response.get_data(as_text=True)


def test_a_name_typed_as_a_formula_is_exported_as_text(team: dict[str, Any], clocked: Any) -> None:
    """A member who joins as ``=HYPERLINK(...)`` (or ``@``, ``+``, ``-``) gets a cell a
    spreadsheet shows as text, never runs: the coach opens the export."""
    coach, class_id = team["coach"], team["class_id"]
    typed = ['=HYPERLINK("http://evil.example","Ann")', "@SUM(1+1)", "+1", "-2"]
    for n, name in enumerate(typed):
        person = Person(clocked, f"formula{n}")
        assert join(person, invite(coach, class_id), name).status_code == 303
    rows = list(csv.DictReader(io.StringIO(coach.get(f"/classes/{class_id}/export.csv").text)))
    learners = sorted(row["learner"] for row in rows)
    assert learners == sorted(["Ann", "Ben", "Cat", *("'" + name for name in typed)])


def test_a_learner_of_another_class_reads_nothing_of_this_one(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    class_a = team["class_id"]
    other_coach = Person(clocked, "othercoach")
    class_b = start_class(other_coach, "Other team")
    dan = Person(clocked, "dan_account")
    assert join(dan, invite(other_coach, class_b), "Dan").status_code == 303
    before = (member_rows(db), db.execute("SELECT count(*) FROM class_invites").fetchone())
    ann = team["ann"]
    for who, theirs in ((dan, class_a), (ann, class_b), (other_coach, class_a)):
        pages = ("", "/export.csv", f"/learners/{ann.id}", f"/learners/{dan.id}")
        for url in (f"/classes/{theirs}{tail}" for tail in pages):
            assert who.get(url).status_code == 404, url
        assert who.post(f"/classes/{theirs}/invites", count="3").status_code == 404
        assert (
            who.post(f"/classes/{theirs}/drill-mistakes", drill="basic-strategy").status_code == 404
        )
        assert (
            who.post(f"/classes/{theirs}/assignments", target="drill:basic-strategy",
                     answers="10", percent="90", due="2026-11-20").status_code == 404
        )  # fmt: skip
    assert (member_rows(db), db.execute("SELECT count(*) FROM class_invites").fetchone()) == before
    assert db.execute("SELECT count(*) FROM class_assignments").fetchone()[0] == 0


def test_a_coach_reads_nothing_of_a_learner_who_left(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    coach, class_id, ben = team["coach"], team["class_id"], team["ben"]
    a_week(db, {ben.id: 0.6}, START, days=1)
    assert coach.get(f"/classes/{class_id}/learners/{ben.id}").status_code == 200
    clock.advance(timedelta(days=1))
    assert ben.post(f"/classes/{class_id}/leave").status_code == 303
    a_week(db, {ben.id: 0.6}, START + timedelta(days=2), days=2)  # his work after leaving
    clock.advance(timedelta(days=3))
    assert coach.get(f"/classes/{class_id}/learners/{ben.id}").status_code == 404
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "Ben" not in page
    export = coach.get(f"/classes/{class_id}/export.csv").get_data(as_text=True)
    assert "Ben" not in export
    # Joining again with a new invite: the coach sees his work from the new joining only.
    assert join(ben, invite(coach, class_id), "Ben").status_code == 303
    rows = list(
        csv.DictReader(
            io.StringIO(coach.get(f"/classes/{class_id}/export.csv").get_data(as_text=True))
        )
    )
    assert [row["answers"] for row in rows if row["learner"] == "Ben"] == ["0"]


def test_a_used_invite_is_refused_and_nothing_is_stored(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    code = invite(coach, class_id)
    eve = Person(clocked, "eve_account")
    assert join(eve, code, "Eve").status_code == 303
    mallory = Person(clocked, "mallory")
    before = member_rows(db)
    for response in (mallory.get(f"/join/{code}"), join(mallory, code, "Mal")):
        assert response.status_code == 410
        assert "This invite was used already" in response.get_data(as_text=True)
    assert join(eve, code, "Eve again").status_code == 410
    assert member_rows(db) == before


def test_a_revoked_or_unknown_invite_is_refused(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    code = invite(coach, class_id)
    (invite_id,) = db.execute("SELECT id FROM class_invites WHERE code = ?", [code]).fetchone()
    assert coach.post(f"/classes/{class_id}/invites/{invite_id}/revoke").status_code == 303
    frank = Person(clocked, "frank")
    before = member_rows(db)
    response = join(frank, code, "Frank")
    assert response.status_code == 410
    assert "revoked" in response.get_data(as_text=True)
    assert join(frank, "x" * 32, "Frank").status_code == 404
    assert join(frank, "<script>", "Frank").status_code == 404
    assert member_rows(db) == before
    # A revoked invite cannot be revoked again, nor another class's by this coach.
    assert coach.post(f"/classes/{class_id}/invites/{invite_id}/revoke").status_code == 404


def test_a_guest_cannot_start_or_join_a_class(team: dict[str, Any], clocked: Any, db: Any) -> None:
    guest = clocked.test_client()
    assert guest.post("/drills/hand-totals/answer").status_code in (400, 403)  # makes no account
    with guest.session_transaction() as session:
        session["_csrf"] = "g"
    response = guest.post("/classes", data={"csrf_token": "g", "name": "x", "coach_name": "y"})
    assert response.status_code == 403
    code = invite(team["coach"], team["class_id"])
    assert (
        guest.post(
            f"/join/{code}", data={"csrf_token": "g", "name": "G", "consent": "yes"}
        ).status_code
        == 403
    )
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 1


def test_every_form_needs_its_csrf_token(team: dict[str, Any], clocked: Any, db: Any) -> None:
    coach, class_id = team["coach"], team["class_id"]
    code = invite(coach, class_id)
    gina = Person(clocked, "gina")
    posts = [
        (coach, "/classes", {"name": "x", "coach_name": "y"}),
        (coach, f"/classes/{class_id}/invites", {"count": "1"}),
        (coach, f"/classes/{class_id}/assignments",
         {"target": "drill:basic-strategy", "answers": "1", "percent": "1", "due": "2026-11-09"}),
        (gina, f"/join/{code}", {"name": "Gina", "consent": "yes"}),
        (team["ann"], f"/classes/{class_id}/leave", {}),
    ]  # fmt: skip
    before = [db.execute(f"SELECT count(*), max(id) FROM {t}").fetchone() for t in
              ("classes", "class_invites", "class_members", "class_assignments")]  # fmt: skip
    for who, url, data in posts:
        assert who.client.post(url, data=data).status_code == 403
        assert who.client.post(url, data={**data, "csrf_token": "forged"}).status_code == 403
    after = [db.execute(f"SELECT count(*), max(id) FROM {t}").fetchone() for t in
             ("classes", "class_invites", "class_members", "class_assignments")]  # fmt: skip
    assert after == before
    assert all(left is None for *_, left in member_rows(db))


def test_a_class_holds_at_most_its_bound(team: dict[str, Any], db: Any) -> None:
    coach, class_id = team["coach"], team["class_id"]
    room = classes.MAX_MEMBERS - 3
    assert coach.post(f"/classes/{class_id}/invites", count=str(room + 1)).status_code == 400
    assert coach.post(f"/classes/{class_id}/invites", count=str(room)).status_code == 303
    assert coach.post(f"/classes/{class_id}/invites", count="1").status_code == 400
    assert coach.post(f"/classes/{class_id}/invites", count="-1").status_code == 400
    assert coach.post(f"/classes/{class_id}/invites", count="99999999999").status_code == 400


@pytest.mark.parametrize(
    "field, value",
    [("target", "drill:nothing"), ("target", "step:"), ("answers", "0"), ("answers", "1001"),
     ("percent", "101"), ("due", "2026-10-01"), ("due", "tomorrow"), ("rules", "no-such-rules"),
     ("system", "no-system"), ("speed", "0"), ("speed", "1/0"), ("speed", "99")],
)  # fmt: skip
def test_a_bad_assignment_is_a_readable_400_and_stores_nothing(
    team: dict[str, Any], db: Any, field: str, value: str
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    data = {"target": "drill:basic-strategy", "answers": "100", "percent": "100",
            "due": "2026-11-09", field: value}  # fmt: skip
    response = coach.post(f"/classes/{class_id}/assignments", **data)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Traceback" not in page
    assert db.execute("SELECT count(*) FROM class_assignments").fetchone()[0] == 0
    # The form comes back as typed, the field to blame marked and focused (an error page
    # with a link back to an empty form lost what the coach typed: a walk).
    assert 'role="alert" id="assignment-error">Nothing was set: ' in page
    blamed = re.search(rf'<(?:input|select) id="a-{field}"[^>]*>', page)
    assert blamed and 'aria-invalid="true"' in blamed[0] and "autofocus" in blamed[0]
    assert page.count('aria-invalid="true"') == 1
    assert re.search(r'<option value="drill:basic-strategy" selected>', page) or field == "target"
    assert re.search(r'id="a-percent"[^>]*value="(\d+)"', page)[1] == (
        value if field == "percent" else "100"
    )


def test_assignments_show_in_today_and_the_coach_sees_who_is_on_track(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    assert coach.post(f"/classes/{class_id}/assignments", target="drill:basic-strategy",
                      rules="vegas-6d-s17", answers="100", percent="90",
                      due="2026-11-09").status_code == 303  # fmt: skip
    assert coach.post(f"/classes/{class_id}/assignments", target="drill:running-count",
                      system="hi-lo", speed="2", answers="20", percent="90",
                      due="2026-11-09").status_code == 303  # fmt: skip
    clock.advance(timedelta(hours=1))
    a_week(db, {team["ann"].id: 1.0, team["ben"].id: 0.6}, START + timedelta(hours=1), days=5)
    clock.advance(timedelta(days=5))
    home = team["ann"].get("/").get_data(as_text=True)
    assert "Set by your coaches" in home
    assert "Basic strategy, under " in home and "90% right of the newest 100 answers" in home
    assert "Hi-Lo, at 2 cards a second or faster" in home
    assert home.count("Done.") == 2
    ben_home = team["ben"].get("/").get_data(as_text=True)
    assert "Behind: 100 of 100, 60% right." in ben_home  # enough answers, too few right
    cat_home = team["cat"].get("/").get_data(as_text=True)
    assert "Behind: 0 of 100." in cat_home  # five days of seven gone, nothing done
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert page.count("1 of 3 learners done or on track.") == 2
    export = coach.get(f"/classes/{class_id}/export.csv").get_data(as_text=True)
    assert "behind 100/100 60%" in export  # Ben's, as on his Today


def test_an_assignments_speed_is_said_as_a_number_in_the_learners_language(
    team: dict[str, Any],
) -> None:
    """The speed as the coach typed it ("1.5", "3/7") is a number on the page: "1,5" in
    Russian, never the fraction typed."""
    coach, class_id = team["coach"], team["class_id"]
    for speed in ("1.5", "3/7"):
        assert coach.post(f"/classes/{class_id}/assignments", target="drill:running-count",
                          speed=speed, answers="20", percent="90",
                          due="2026-11-09").status_code == 303  # fmt: skip
    english = team["ann"].get("/").get_data(as_text=True)
    assert "at 1.5 cards a second" in english and "at 0.43 cards a second" in english
    assert "3/7" not in english
    russian = team["ann"].client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "1,5" in russian and "0,43" in russian and "1.5" not in russian


def test_joining_needs_the_learners_consent_and_a_name(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    code = invite(team["coach"], team["class_id"])
    hal = Person(clocked, "hal")
    before = member_rows(db)
    assert hal.post(f"/join/{code}", name="Hal").status_code == 400
    assert hal.post(f"/join/{code}", name="  ", consent="yes").status_code == 400
    assert hal.post(f"/join/{code}", name="x" * 41, consent="yes").status_code == 400
    assert member_rows(db) == before
    assert join(hal, code, "Hal").status_code == 303  # the invite was not used up


def test_a_name_a_member_goes_by_already_is_refused(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    """Two learners named Ann would be one row apart on the coach's page and export, with
    nothing to tell them apart: the second is asked for another name, the invite kept."""
    code = invite(team["coach"], team["class_id"])
    other = Person(clocked, "another_ann")
    before = member_rows(db)
    response = join(other, code, "ann")
    assert response.status_code == 400
    assert "Another learner in this class goes by ann" in response.get_data(as_text=True)
    assert member_rows(db) == before
    assert join(other, code, "Ann K.").status_code == 303


def test_the_coach_drills_the_class_common_mistakes(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    assert (
        coach.post(f"/classes/{class_id}/drill-mistakes", drill="basic-strategy").status_code == 400
    )
    a_week(db, {team["ann"].id: 0.5, team["ben"].id: 0.5}, START, days=1)
    clock.advance(timedelta(days=1))
    response = coach.post(f"/classes/{class_id}/drill-mistakes", drill="basic-strategy")
    assert response.status_code == 303
    assert "/drills/basic-strategy?review=" in response.headers["Location"]
    page = coach.get(response.headers["Location"]).get_data(as_text=True)
    assert "Drilling your mistakes again: question <strong>1</strong> of 4." in page
    (owner,) = db.execute("SELECT user_id FROM review_batches ORDER BY id DESC LIMIT 1").fetchone()
    assert owner == coach.id
    assert coach.post(f"/classes/{class_id}/drill-mistakes", drill="no-drill").status_code == 400


def test_the_assignment_form_offers_what_to_practise_rules_and_systems(
    team: dict[str, Any],
) -> None:
    """The class page's assignment form lists its choices: the page's ``choices`` were once
    shadowed by the layout's own (the language switch's, set in the header), and the three
    selects came out empty."""
    coach, class_id = team["coach"], team["class_id"]
    text = coach.client.get(f"/classes/{class_id}").get_data(as_text=True)
    for select in ("a-target", "a-rules", "a-system"):
        found = re.search(rf'<select id="{select}"[^>]*>(.*?)</select>', text, re.S)
        assert found is not None, select
        assert found.group(1).count("<option") >= 3, (select, found.group(1)[:300])
    assert '<option value="drill:basic-strategy">' in text


def test_the_class_page_reads_in_russian(team: dict[str, Any], db: Any, clock: Clock) -> None:
    coach, class_id = team["coach"], team["class_id"]
    a_week(db, {team["ann"].id: 0.9}, START, days=1)
    clock.advance(timedelta(days=1))
    page = coach.client.get(f"/classes/{class_id}", headers={"Accept-Language": "ru"})
    text = page.get_data(as_text=True)
    assert "Ученики" in text and "В чём ошибается класс" in text and "Скорость счёта" in text
    assert "What the class gets wrong" not in text
    # The colour key's shares as Russian writes them (a space before %), as the quiz's heat map
    # says them: the class page wrote "0%" and "50–74%" in the template itself.
    legend = text.split('class="heat-legend"', 1)[1].split("</ul>", 1)[0]
    assert "50–74\u00a0%" in legend and "менее 50\u00a0%" in legend and "0%" not in legend
    # The heat map's chart letters are the quiz buttons' Russian ones (П, not H).
    codes = re.findall(r'<span class="code">([^<]*)</span>', text)
    assert codes and set(codes) <= {"П", "С", "У/П", "У/С", "Р", "Д/П", "Д/С", "Д/Р"}


def test_the_last_checkouts_are_each_members_since_joining(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    """The class page reads the checkouts' runs and certificates (migration 0022), each named
    by its title: passed, not passed (over: here a clock run out), or not finished (a run
    only dealt, or under way, is no failure)."""
    coach, class_id, ann = team["coach"], team["class_id"], team["ann"]
    assert "No checkouts taken since your learners joined." in coach.get(
        f"/classes/{class_id}"
    ).get_data(as_text=True)
    joined_ms = int(START.timestamp() * 1000)
    runs = [
        (ann.id, joined_ms - 60_000, "true-count"),
        (ann.id, joined_ms + 60_000, "basic-strategy"),
        (team["ben"].id, joined_ms + 120_000, "counting"),
        (team["cat"].id, joined_ms + 180_000, "counting"),
    ]
    for run, (user, at, kind) in enumerate(runs, start=1000):
        criteria = json.dumps(criteria_for(kind).to_json())
        items = json.dumps([[["deck", "x"]] for _ in criteria_for(kind).parts])
        db.execute(
            "INSERT INTO checkout_runs (id, user_id, kind, rules, system, criteria, items,"
            " created_ms) VALUES (?, ?, ?, 'vegas-6d-s17', 'hi-lo', ?, ?, ?)",
            [run, user, kind, criteria, items, at],
        )
    # Ben started his first part and let its 30 s run out; Cat's run is only dealt.
    db.execute(
        "INSERT INTO checkout_starts (run_id, user_id, part, started_ms) VALUES (1002, ?, 0, ?)",
        [team["ben"].id, joined_ms + 121_000],
    )
    db.execute(
        "INSERT INTO checkout_certificates (code, run_id, user_id, holder, kind, rules, system,"
        " figures, issued_ms) VALUES ('c', 1001, ?, 'Ann', 'basic-strategy', 'vegas-6d-s17',"
        " 'hi-lo', '{}', ?)",
        [ann.id, joined_ms + 90_000],
    )
    db.conn.commit()
    clock.advance(timedelta(hours=1))
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    section = page[page.index('id="last-checkouts"') :][:2000]
    # Each named by what it is taken under, as its certificate names it: the counting
    # checkout by its system and one deck, never the table's rules it does not use.
    assert (
        "Ben took Counting (Hi-Lo, one deck) on Nov 2, 2026" in section and "not passed" in section
    )
    assert "Cat started Counting (Hi-Lo, one deck) on Nov 2, 2026" in section
    assert "not finished" in section and "Cat took" not in section
    assert "Ann passed Basic strategy (Las Vegas, 6 decks" in section
    assert "Counting (Las Vegas" not in section
    russian = coach.client.get(f"/classes/{class_id}", headers={"Accept-Language": "ru"})
    said = html.unescape(russian.get_data(as_text=True))
    assert "(Hi-Lo, одна колода)" in said.split('id="last-checkouts"')[1][:2000]
    assert "True count and bet" not in section  # taken before she joined


def test_an_invite_opened_before_signing_in_leads_to_sign_in_and_back(
    team: dict[str, Any], clocked: Any
) -> None:
    code = invite(team["coach"], team["class_id"])
    visitor = clocked.test_client()
    page = visitor.get(f"/join/{code}")
    assert page.status_code == 403
    assert f'href="/signin?next=/join/{code}"' in page.get_data(as_text=True)
    assert "Tuesday team" not in page.get_data(as_text=True)  # nothing of the class shown
    assert team["coach"].get(f"/join/{code}").status_code == 200
    response = join(team["coach"], code, "Me")
    assert response.status_code == 400 and "You coach this class" in response.get_data(as_text=True)
    response = join(team["ann"], code, "Ann again")
    assert response.status_code == 400 and "in this class already" in response.get_data(
        as_text=True
    )


def test_streaks_count_each_learners_own_days(team: dict[str, Any], db: Any, clock: Clock) -> None:
    """Ann chose Moscow (UTC+3) on her account page, Ben chose nothing (UTC). Each practised 20
    answers a day, from 20:50 to 21:09 UTC, three days running: Ben's days each hold 20 (a
    streak of 3); Moscow's midnight (21:00 UTC) splits Ann's, so her first and last days hold 10
    and only two days in a row met the goal of 20 answers, as her Today says."""
    coach, class_id, ann, ben = team["coach"], team["class_id"], team["ann"], team["ben"]
    assert ann.post("/account/time-zone", time_zone="Europe/Moscow").status_code == 303
    for person in (ann, ben):
        for day in range(3):
            evening = START.replace(hour=20, minute=50) + timedelta(days=day)
            for n in range(20):
                store(db, person.id, evening + timedelta(minutes=n), 100 * day + n)
    clock.advance(timedelta(days=3, hours=3))  # 12:00 UTC, 15:00 in Moscow, the day after
    rows = {
        row["learner"]: row
        for row in csv.DictReader(
            io.StringIO(coach.get(f"/classes/{class_id}/export.csv").get_data(as_text=True))
        )
    }
    assert (rows["Ann"]["streak_days"], rows["Ben"]["streak_days"]) == ("2", "3")
    assert "Europe/Moscow" not in coach.get(f"/classes/{class_id}").get_data(as_text=True)


def test_every_day_read_is_the_readers_own_in_their_language(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    """Everyone joined at 09:00 UTC on 2 Nov 2026: 23:00 on 1 Nov in Honolulu. A coach who
    chose Honolulu, and a learner whose browser is there, read that day (and a checkout's) as
    their clock had it, each date in the page's language; a due day is the same day anywhere;
    the export keeps ISO."""
    coach, class_id, ann = team["coach"], team["class_id"], team["ann"]
    assert coach.post("/account/time-zone", time_zone="Pacific/Honolulu").status_code == 303
    assert coach.post(f"/classes/{class_id}/assignments", target="drill:basic-strategy",
                      rules="vegas-6d-s17", answers="100", percent="90",
                      due="2026-11-09").status_code == 303  # fmt: skip
    criteria = json.dumps(criteria_for("counting").to_json())
    db.execute(
        "INSERT INTO checkout_runs (id, user_id, kind, rules, system, criteria, items,"
        " created_ms) VALUES (1000, ?, 'counting', 'vegas-6d-s17', 'hi-lo', ?, '[]', ?)",
        [ann.id, criteria, int(START.timestamp() * 1000) + 60_000],
    )
    db.conn.commit()
    page = html.unescape(coach.get(f"/classes/{class_id}").get_data(as_text=True))
    assert "joined Nov 1, 2026" in page and "Assignment due Nov 9, 2026" in page
    assert "Counting (Hi-Lo, one deck) on Nov 1, 2026" in page
    assert not re.search(r">[^<]*2026-11-0", page)  # no ISO day in the text read
    learner = coach.get(f"/classes/{class_id}/learners/{ann.id}").get_data(as_text=True)
    assert "since Nov 1, 2026:" in html.unescape(learner)
    russian = coach.client.get(f"/classes/{class_id}", headers={"Accept-Language": "ru"})
    said = html.unescape(russian.get_data(as_text=True))
    assert "1 нояб. 2026\u202fг." in said and "9 нояб. 2026\u202fг." in said
    assert not re.search(r">[^<]*2026-11-0", said)
    ann.client.set_cookie("tz", "Pacific/Honolulu")
    own = html.unescape(ann.get("/classes").get_data(as_text=True))
    assert "sees your work since Nov 1, 2026," in own
    # The name quoted: "Anna K." ended the sentence "under the name Anna K.." (a walk).
    assert re.search(r"under the name “[^”<]+”\.", own)
    assert "Due Nov 9, 2026, for" in html.unescape(ann.get("/").get_data(as_text=True))
    export = coach.get(f"/classes/{class_id}/export.csv").get_data(as_text=True)
    assert "2026-11-02" in export


def test_a_coach_west_of_utc_sets_work_due_on_their_own_today(clocked: Any, db: Any) -> None:
    """At 09:00 UTC on 2 Nov it is 23:00 on 1 Nov in Honolulu: the coach there may set work due
    on their today (the form's earliest, its default a week on, and the server's check), and
    reads an open invite's moment on their clock in their language, not in ISO."""
    coach = Person(clocked, "coachy")
    class_id = start_class(coach)
    assert coach.post("/account/time-zone", time_zone="Pacific/Honolulu").status_code == 303
    assert coach.post(f"/classes/{class_id}/invites", count="1").status_code == 303
    page = html.unescape(coach.get(f"/classes/{class_id}").get_data(as_text=True))
    assert 'value="2026-11-08" min="2026-11-01"' in page
    assert "Revoke the invite made Nov 1, 2026, 11:00\u202fPM" in page
    assert not re.search(r"Revoke the invite made 2026", page)
    russian = coach.client.get(f"/classes/{class_id}", headers={"Accept-Language": "ru"})
    assert "Отозвать приглашение от 1 нояб. 2026\u202fг., 23:00" in html.unescape(
        russian.get_data(as_text=True)
    )
    for due, status in (("2026-10-31", 400), ("2026-11-01", 303)):
        form = {"target": "drill:basic-strategy", "answers": "100", "percent": "90", "due": due}
        assert coach.post(f"/classes/{class_id}/assignments", **form).status_code == status
    assert db.execute("SELECT due FROM class_assignments").fetchall() == [("2026-11-01",)]


# -- a class's stricter checkout criteria -------------------------------------------------------


def criteria_rows(db: Any) -> list[tuple[Any, ...]]:
    return db.execute(
        "SELECT class_id, kind, time_percent, errors FROM class_checkout_criteria ORDER BY kind"
    ).fetchall()


def set_criteria(coach: Person, class_id: int, kind: str, percent: str, errors: str) -> Any:
    url = f"/classes/{class_id}/checkout-criteria"
    return coach.post(url, kind=kind, time_percent=percent, errors=errors)


def test_a_member_takes_a_checkout_under_the_class_stricter_criteria(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    coach, class_id, ann = team["coach"], team["class_id"], team["ann"]
    assert set_criteria(coach, class_id, "basic-strategy", "50", "0").status_code == 303
    assert set_criteria(coach, class_id, "deviations", "100", "0").status_code == 303
    assert criteria_rows(db) == [
        (class_id, "basic-strategy", 50, 0),
        (class_id, "deviations", 100, 0),
    ]
    coach_page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "Basic strategy: each clock 50% of the default, at most 0 errors." in coach_page
    # The member's start page names the class's clock (half the default's 300 s) and errors.
    page = ann.get("/checkouts/basic-strategy").get_data(as_text=True)
    assert "100 answers in at most 150 seconds" in page
    assert "stricter criteria than the defaults" in page
    deviations = ann.get("/checkouts/deviations").get_data(as_text=True)
    assert "No errors: every answer right." in deviations
    # The run is dealt, and will be graded, under them.
    dealt = ann.post("/checkouts/basic-strategy")
    assert dealt.status_code == 303, dealt.get_data(as_text=True)
    run_id = int(dealt.headers["Location"].rsplit("/", 1)[1])
    (criteria,) = db.execute("SELECT criteria FROM checkout_runs WHERE id = ?", [run_id]).fetchone()
    assert '"basic-strategy", "parts": [["play", 100, 150,' in criteria
    # A learner in no class, and the coach, see the defaults.
    for outsider in (Person(clocked, "dan_account"), coach):
        page = outsider.get("/checkouts/basic-strategy").get_data(as_text=True)
        assert "100 answers in at most 300 seconds" in page
        assert "stricter criteria" not in page
        assert "At most 1 error." in outsider.get("/checkouts/deviations").get_data(as_text=True)
    # Leaving the class leaves its criteria behind.
    assert ann.post(f"/classes/{class_id}/leave").status_code == 303
    page = ann.get("/checkouts/basic-strategy").get_data(as_text=True)
    assert "100 answers in at most 300 seconds" in page


def test_a_learner_in_two_classes_takes_the_strictest_of_each(
    team: dict[str, Any], clocked: Any
) -> None:
    coach, class_id, ben = team["coach"], team["class_id"], team["ben"]
    other = Person(clocked, "other_coach")
    other_class = start_class(other, "Friday team")
    assert join(ben, invite(other, other_class), "Ben").status_code == 303
    assert set_criteria(coach, class_id, "deviations", "90", "1").status_code == 303
    assert set_criteria(other, other_class, "deviations", "100", "0").status_code == 303
    page = ben.get("/checkouts/deviations").get_data(as_text=True)
    assert "40 answers in at most 216 seconds" in page  # 90% of 240 s
    assert "No errors: every answer right." in page
    # Setting again replaces the class's criteria.
    assert set_criteria(coach, class_id, "deviations", "100", "1").status_code == 303
    assert "40 answers in at most 240 seconds" in ben.get("/checkouts/deviations").get_data(
        as_text=True
    )


@pytest.mark.parametrize(
    "field, value, named",
    [("kind", "no-such-checkout", "Choose the checkout"), ("kind", "", "Choose the checkout"),
     ("time_percent", "49", "clock"), ("time_percent", "101", "clock"),
     ("time_percent", "-50", "clock"), ("time_percent", "abc", "clock"),
     ("time_percent", "99999999999", "clock"), ("errors", "1", "errors allowed"),
     ("errors", "-1", "errors allowed"), ("errors", "", "errors allowed")],
)  # fmt: skip
def test_bad_checkout_criteria_are_a_readable_400_and_store_nothing(
    team: dict[str, Any], db: Any, field: str, value: str, named: str
) -> None:
    coach, class_id = team["coach"], team["class_id"]
    data = {"kind": "basic-strategy", "time_percent": "80", "errors": "0", field: value}
    response = coach.post(f"/classes/{class_id}/checkout-criteria", **data)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert named in text and "Traceback" not in text
    assert criteria_rows(db) == []
    # deviations allow one error by default, never two
    two = set_criteria(coach, class_id, "deviations", "80", "2")
    assert two.status_code == 400 and criteria_rows(db) == []


def test_another_coach_or_a_member_cannot_set_a_class_criteria(
    team: dict[str, Any], clocked: Any, db: Any
) -> None:
    class_id = team["class_id"]
    other = Person(clocked, "other_coach")
    start_class(other, "Friday team")
    for who in (other, team["ann"]):
        assert set_criteria(who, class_id, "basic-strategy", "50", "0").status_code == 404
        assert "Checkout criteria" not in who.get(f"/classes/{class_id}").get_data(as_text=True)
    assert criteria_rows(db) == []


def test_setting_checkout_criteria_needs_the_csrf_token(team: dict[str, Any], db: Any) -> None:
    coach, class_id = team["coach"], team["class_id"]
    url = f"/classes/{class_id}/checkout-criteria"
    data = {"kind": "basic-strategy", "time_percent": "50", "errors": "0"}
    assert coach.client.post(url, data=data).status_code == 403
    assert coach.client.post(url, data={**data, "csrf_token": "forged"}).status_code == 403
    assert criteria_rows(db) == []


def mastery_cell(page: str, name: str) -> str:
    """The class page's mastery cell of the learner named ``name``."""
    row = re.search(rf">{name}</a>.*?</tr>", page, re.S)
    assert row is not None, name
    cells = re.findall(r"<td>(.*?)</td>", row.group(0), re.S)
    return cells[1]


def right_every_third_day(db: Any, user_id: int, first: datetime, token: str) -> None:
    """Hard 16 v 9 answered right, briskly, every third day from ``first``, 12 times: enough
    for FSRS to expect it remembered a week on (mastered)."""
    from trainer.store import schedules

    for n in range(12):
        schedules.record_scheduled(
            db, skill="vegas-6d-s17: hard 16 v 9", now=first + timedelta(days=3 * n),
            timing=schedules.Pace(), user_id=user_id, drill="basic-strategy",
            question="TS 6H v 9D", rules="vegas-6d-s17", answer="H", right_answer="H",
            correct=True, ev_cost=None, response_ms=1_000, token=f"{token}-{n}",
        )  # fmt: skip


def test_a_coach_sees_each_learners_mastery_since_joining_only(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    """Mastery as the progress page measures it, replayed from the answers since joining: an
    item a learner mastered before joining is not the class's to see."""
    from trainer.store import schedules

    coach, class_id, ann, ben = team["coach"], team["class_id"], team["ann"], team["ben"]
    right_every_third_day(db, ann.id, START - timedelta(days=40), "before")
    assert schedules.item_tallies(db, ann.id, ["basic-strategy"])[0].mastered  # on her own page
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "Mastery since joining" in page
    assert mastery_cell(page, "Ann") == "none yet"  # her mastery from before joining is hers
    learner = coach.get(f"/classes/{class_id}/learners/{ann.id}").get_data(as_text=True)
    assert "Nothing mastered yet since joining" in learner
    a_week(db, {ann.id: 0.9, ben.id: 0.6}, START)
    clock.advance(timedelta(days=7))
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    ann_cell, ben_cell = mastery_cell(page, "Ann"), mastery_cell(page, "Ben")
    # A week of daily practice masters no cell yet (a day's answers to a cell are one review's
    # worth of spacing); Ann counts right 9 times in 10 at 2 cards a second, Ben 6 in 10.
    assert (
        "Basic strategy: 0 of 340 chart cells" in ann_cell
        and "Deviations: 0 of 21 indices" in ann_cell
    )
    assert "Counting speed: 2 cards a second" in ann_cell
    assert "Counting speed" not in ben_cell and "Payout math: 75% right" in ben_cell
    # Spaced right answers since joining master hard 16 v 9: one cell, as her progress page says.
    right_every_third_day(db, ann.id, START + timedelta(days=8), "after")
    clock.advance(timedelta(days=40))
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "Basic strategy: 1 of 340 chart cells" in mastery_cell(page, "Ann")
    learner = coach.get(f"/classes/{class_id}/learners/{ann.id}").get_data(as_text=True)
    section = learner.split("Mastery since joining", 1)[1].split("Answers per drill", 1)[0]
    assert re.search(r"Basic strategy</th><td>1 of 340 chart cells</td>", section)
    assert "Hi-Lo, at 90% right or better" in section
    export = coach.get(f"/classes/{class_id}/export.csv").get_data(as_text=True)
    rows = {row["learner"]: row for row in csv.DictReader(io.StringIO(export))}
    assert "Basic strategy: 1 of 340 chart cells" in rows["Ann"]["mastery_since_joining"]
    assert rows["Cat"]["mastery_since_joining"] == ""
    assert re.search(r"Payout math</th><td>100% right</td><td>of 28 answers", section)
    # In Russian, whole.
    coach.post("/language", language="ru")
    learner = coach.get(f"/classes/{class_id}/learners/{ann.id}").get_data(as_text=True)
    assert "Освоено с момента вступления" in learner and "1 из 340 клеток" in learner


def test_a_former_member_mastery_is_never_read(team: dict[str, Any], db: Any, clock: Clock) -> None:
    """A learner who left and joined again: the coach sees mastery from the new joining only."""
    coach, class_id, ben = team["coach"], team["class_id"], team["ben"]
    assert ben.post(f"/classes/{class_id}/leave").status_code == 303
    right_every_third_day(db, ben.id, START + timedelta(days=1), "away")
    clock.advance(timedelta(days=40))
    assert coach.get(f"/classes/{class_id}/learners/{ben.id}").status_code == 404
    assert join(ben, invite(coach, class_id), "Ben").status_code == 303
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert mastery_cell(page, "Ben") == "none yet"
