"""The name a checkout certificate shows: its holder's choice, never their username; set from
the passed run's page or the certificate's own page by its holder alone (CSRF, bounded,
validated); its link signs the name shown, and a link made under an earlier name (or an early
certificate's, signed with the username) still verifies, showing the name chosen now. As an
attacker would try it: another learner naming it, a bad name, a name edited in the database."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from tests.web.test_checkouts import CSRF, START, pass_counting, sign_up
from trainer.clock import Clock
from trainer.store import checkouts as stored
from trainer.store import users


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None, count_studies: None, clock: Clock) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, CLOCK=clock, LANGUAGES=("en", "ru")))


def names(db: Any) -> list[tuple[Any, ...]]:
    return db.execute("SELECT code, user_id, name FROM certificate_names ORDER BY id").fetchall()


def run_of(db: Any) -> int:
    return int(db.execute("SELECT run_id FROM checkout_certificates").fetchone()[0])


def link_on(page: str) -> str:
    found = re.search(r'href="http://localhost(/certificates/[^"]+)"', page)
    assert found, page
    return found.group(1)


def name_it(client: Any, run_id: int, **fields: str) -> Any:
    return client.post(
        f"/checkouts/runs/{run_id}/certificate-name", data={"csrf_token": CSRF, **fields}
    )


def test_the_holder_chooses_the_name_and_every_link_verifies(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    first = pass_counting(client, db, clock)
    run_id = run_of(db)
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert "The name on your certificate" in page and "It shows no name yet" in page
    stranger = app.test_client()
    shown = stranger.get(first).get_data(as_text=True)
    assert "alice" not in shown and "A learner of this trainer, who chose to show no name" in shown
    assert "The name on your certificate" not in shown  # the form is its holder's alone
    mine = client.get(first).get_data(as_text=True)  # signed in: the page names them above
    article = mine.split('<article class="certificate"', 1)[1].split("</article>", 1)[0]
    assert "alice" not in article and "who chose to show no name" in article

    response = name_it(client, run_id, name="  Alice   Brown ", then="run")
    assert response.status_code == 303 and response.headers["Location"].endswith("#certificate")
    assert [row[2] for row in names(db)] == ["Alice Brown"]
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert "It shows the name Alice Brown." in page
    second = link_on(page)
    assert second != first  # the link signs the name shown
    fresh = stranger.get(second)
    text = fresh.get_data(as_text=True)
    assert fresh.status_code == 200 and "<strong>Alice Brown</strong> passed the Counting" in text
    assert "has not been changed." in text and "changed the name" not in text
    # The link made before the name still verifies what it certifies, under the name now.
    older = stranger.get(first).get_data(as_text=True)
    assert "<strong>Alice Brown</strong> passed" in older
    assert "Its holder has changed the name it shows since this link was made" in older
    assert second in older  # its link now

    # From the certificate's own page: the holder's form, back to the certificate's new link.
    own = client.get(second)
    assert own.headers["Cache-Control"] == "private, no-store"
    assert 'value="Alice Brown"' in own.get_data(as_text=True)
    assert "<strong>Alice Brown</strong> passed" in own.get_data(as_text=True)
    response = name_it(client, run_id, no_name="yes", then="certificate")
    assert response.status_code == 303
    third = response.headers["Location"].removeprefix("http://localhost")
    assert third == first  # no name again: the first link is the link again
    text = stranger.get(first).get_data(as_text=True)
    assert "who chose to show no name" in text and "changed the name" not in text
    text = stranger.get(second).get_data(as_text=True)  # made under a name: under none now
    assert "who chose to show no name" in text and "Alice Brown" not in text
    assert "changed the name" in text


def test_the_name_is_in_russian_whole(app: Any, client: Any, db: Any, clock: Clock) -> None:
    sign_up(client, "alice")
    link = pass_counting(client, db, clock)
    stranger = app.test_client()
    with stranger.session_transaction() as session:
        session["_csrf"] = CSRF
    stranger.post("/language", data={"language": "ru", "csrf_token": CSRF})
    text = stranger.get(link).get_data(as_text=True)
    assert "Ученик этого тренажёра, решивший не показывать имя" in text


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"name": "   "}, "is empty"),
        ({"name": "x" * 41}, "at most 40"),
        ({"name": "Ann\x00"}, "at most 40"),
        ({}, "is empty"),
    ],
)
def test_a_bad_name_is_a_readable_400_and_stores_nothing(
    client: Any, db: Any, clock: Clock, fields: dict[str, str], said: str
) -> None:
    sign_up(client, "alice")
    pass_counting(client, db, clock)
    response = name_it(client, run_of(db), **fields)
    assert response.status_code == 400
    # On the run's page, beside the field, what was typed kept (it was a bare error page).
    page = response.get_data(as_text=True)
    error = page.split('id="certificate-name-error"', 1)[1].split("</p>", 1)[0]
    assert said in error
    field = page.split('id="certificate-name"', 1)[1].split(">", 1)[0]
    assert 'aria-describedby="certificate-name-error"' in field and "autofocus" in field
    typed = fields.get("name", "").replace("\x00", "")  # a control character is not put back
    assert f'value="{html.escape(typed, quote=True)}"' in field and "\x00" not in field
    assert "Your certificate" in page  # the run's result above it
    assert names(db) == []


def test_only_its_holder_names_a_certificate(app: Any, client: Any, db: Any, clock: Clock) -> None:
    sign_up(client, "alice")
    link = pass_counting(client, db, clock)
    run_id = run_of(db)
    mallory = app.test_client()
    sign_up(mallory, "mallory")
    assert name_it(mallory, run_id, name="Mallory").status_code == 404
    assert "The name on your certificate" not in mallory.get(link).get_data(as_text=True)
    visitor = app.test_client()
    with visitor.session_transaction() as session:
        session["_csrf"] = CSRF
    assert name_it(visitor, run_id, name="Visitor").status_code == 404
    # Without the form's CSRF token, not even its holder.
    response = client.post(f"/checkouts/runs/{run_id}/certificate-name", data={"name": "A"})
    assert response.status_code == 403
    # A run with no certificate has no name to set.
    unpassed = client.post("/checkouts/counting", data={"csrf_token": CSRF})
    other_run = int(unpassed.headers["Location"].rsplit("/", 1)[1])
    assert name_it(client, other_run, name="Alice").status_code == 404
    assert names(db) == []
    # The store refuses another learner's certificate too, whoever calls it.
    code = db.execute("SELECT code FROM checkout_certificates").fetchone()[0]
    mallory_id = users.find_user(db, "mallory")
    assert mallory_id is not None
    assert not stored.name_certificate(db, code, mallory_id.id, "Mallory", now_ms=0)
    assert names(db) == []


def test_a_name_edited_in_the_database_is_refused(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    pass_counting(client, db, clock)
    run_id = run_of(db)
    name_it(client, run_id, name="Alice")
    link = link_on(client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True))
    db.execute("DROP TRIGGER certificate_names_append_only_update")
    db.execute("UPDATE certificate_names SET name = 'Mallory'")
    db.conn.commit()
    response = app.test_client().get(link)
    assert response.status_code == 404
    assert "no longer says what was signed" in response.get_data(as_text=True)


def test_an_early_certificate_signed_with_the_username_verifies_without_it(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    """A certificate issued before names were chosen holds the username and its link signed
    it: the link still verifies, and the page shows no name until its holder sets one."""
    from trainer.web import certificates

    sign_up(client, "alice")
    pass_counting(client, db, clock)
    db.execute("DROP TRIGGER checkout_certificates_append_only_update")
    db.execute("UPDATE checkout_certificates SET holder = 'alice'")  # as issued before
    db.conn.commit()
    held = stored.certificate_of_run(db, run_of(db))
    assert held is not None and held.holder == "alice"
    with app.test_request_context():
        old_link = "/certificates/" + certificates.link_token(held, "alice")
    response = app.test_client().get(old_link)
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and "Verified" in text
    assert "alice" not in text.replace(old_link, "") and "who chose to show no name" in text


def test_a_class_name_is_offered_never_shown_unasked(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    from trainer.store import classes

    user_id = sign_up(client, "alice")
    coach = users.create_user(db, "coachy", "password coachy")
    found = classes.create_class(db, coach.id, "Team", "Coach", at="2026-05-01T00:00:00Z")
    (invite,) = classes.make_invites(db, found.id, 1, at="2026-05-01T00:00:00Z")
    classes.join(db, invite.code, user_id, "Ally", at="2026-05-01T00:00:00Z")
    link = pass_counting(client, db, clock)
    page = client.get(f"/checkouts/runs/{run_of(db)}").get_data(as_text=True)
    assert 'value="Ally"' in page and "It shows no name yet" in page
    assert "Ally" not in app.test_client().get(link).get_data(as_text=True)


def test_deleting_the_account_deletes_the_names_too(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    user_id = sign_up(client, "alice")
    link = pass_counting(client, db, clock)
    name_it(client, run_of(db), name="Alice")
    users.delete_account(db, user_id)
    assert names(db) == []
    assert app.test_client().get(link).status_code == 410
