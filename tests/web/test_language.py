"""The learner's language: the browser's (Accept-Language) among those offered, else English; the
switch on every page (a POST with its CSRF token, kept for a guest and a learner, never sending
anyone off-site); ``<html lang>`` saying which. An unknown code is English, never an error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tests.conftest import app_config
from trainer import create_app, store
from trainer.store import users

CATALOGUE = Path(__file__).resolve().parents[2] / "trainer/translations/ru/LC_MESSAGES/messages.po"


def _russian(english: str) -> str:
    """The catalogue's Russian for ``english`` (what the page must then show)."""
    with CATALOGUE.open("rb") as handle:
        message = read_po(handle).get(english)
    assert message is not None and message.string, english
    return str(message.string)


@pytest.fixture
def bilingual(tmp_path: Path, strategy_charts: None) -> Any:
    return create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _kept_language(app: Any, username: str) -> str | None:
    """The language the account ``username`` keeps."""
    db = store.open_db(app.config["DATABASE"])
    try:
        learner = users.find_user(db, username)
    finally:
        db.close()
    assert learner is not None
    return learner.language


def _token(client: Any) -> str:
    with client.session_transaction() as session:
        return str(session.setdefault("_csrf", "test-csrf-token-0123456789"))


def test_the_browsers_language_is_spoken_when_offered(bilingual: Any) -> None:
    page = bilingual.test_client().get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    text = page.get_data(as_text=True)
    assert _lang(text) == "ru"
    assert _russian("Strategy chart") in text
    assert ">Strategy chart<" not in text


@pytest.mark.parametrize("header", ["xx-YY", "", "*", "ru;q=abc, de", "en-GB,en;q=0.8"])
def test_a_language_not_offered_is_english_without_error(bilingual: Any, header: str) -> None:
    page = bilingual.test_client().get("/", headers={"Accept-Language": header})
    assert page.status_code == 200
    assert _lang(page.get_data(as_text=True)) == "en"


def test_only_offered_languages_are_spoken(tmp_path: Path, strategy_charts: None) -> None:
    """An app set to offer English alone speaks it to a Russian browser, and shows no
    switch."""
    english = create_app(app_config(tmp_path, LANGUAGES=("en",)))
    page = english.test_client().get("/", headers={"Accept-Language": "ru"})
    assert _lang(page.get_data(as_text=True)) == "en"
    assert "language-switch" not in page.get_data(as_text=True)


def test_russian_is_offered_by_default(app: Any) -> None:
    """A Russian browser gets Russian from an app as it comes, with the switch."""
    page = app.test_client().get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert _lang(page) == "ru"
    assert "language-switch" in page


def test_the_switch_is_on_every_page_naming_each_language_in_its_own_words(
    bilingual: Any,
) -> None:
    client = bilingual.test_client()
    for path in ("/", "/rules/", "/strategy/", "/drills/"):
        page = client.get(path).get_data(as_text=True)
        assert 'action="/language"' in page, path
        # In the header, where a reader looks for it (at the foot a walk did not find it).
        header = page.split('<header class="site-header">', 1)[1].split("</header>", 1)[0]
        assert 'action="/language"' in header, path
        assert 'lang="ru" aria-describedby="language-label" aria-pressed="false">Русский' in page
        assert f'name="next" value="{path}"' in page


def test_a_guest_keeps_the_language_chosen(bilingual: Any) -> None:
    client = bilingual.test_client()
    client.get("/drills/")
    sent = client.post(
        "/language", data={"csrf_token": _token(client), "language": "ru", "next": "/drills/"}
    )
    assert sent.status_code == 303
    assert sent.headers["Location"].endswith("/drills/")
    # The browser asks for English: the choice comes first.
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert _lang(page) == "ru"


def test_a_learner_keeps_the_language_with_their_account(bilingual: Any) -> None:
    client = bilingual.test_client()
    client.post(
        "/signup",
        data={"csrf_token": _token(client), "username": "olga", "password": "a long passphrase 7"},
    )
    client.post("/language", data={"csrf_token": _token(client), "language": "ru", "next": "/"})
    assert _kept_language(bilingual, "olga") == "ru"
    # Signed in again from another browser (a new session), the language comes along.
    other = bilingual.test_client()
    other.post(
        "/signin",
        data={"csrf_token": _token(other), "username": "olga", "password": "a long passphrase 7"},
    )
    assert _lang(other.get("/").get_data(as_text=True)) == "ru"


def test_an_unknown_code_in_the_switch_is_english(bilingual: Any) -> None:
    client = bilingual.test_client()
    client.post("/language", data={"csrf_token": _token(client), "language": "ru", "next": "/"})
    sent = client.post(
        "/language", data={"csrf_token": _token(client), "language": "klingon" * 40, "next": "/"}
    )
    assert sent.status_code == 303
    assert _lang(client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)) == "en"


@pytest.mark.parametrize(
    "target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "/\t/evil.example"]
)
def test_the_switch_never_sends_anyone_off_site(bilingual: Any, target: str) -> None:
    client = bilingual.test_client()
    sent = client.post(
        "/language", data={"csrf_token": _token(client), "language": "ru", "next": target}
    )
    assert sent.status_code == 303
    assert sent.headers["Location"] in ("/", "http://localhost/")


def test_the_switch_needs_its_csrf_token(bilingual: Any) -> None:
    client = bilingual.test_client()
    refused = client.post("/language", data={"language": "ru", "next": "/"})
    assert refused.status_code == 403
    assert _lang(client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)) == "en"


def test_a_visitor_keeps_the_language_on_becoming_a_guest(bilingual: Any) -> None:
    """The first answer makes a visitor a guest (a new session): the language chosen before
    stays."""
    client = bilingual.test_client()
    client.get("/")
    client.post("/language", data={"csrf_token": _token(client), "language": "ru", "next": "/"})
    page = client.get("/drills/hand-totals").get_data(as_text=True)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    answered = client.post(
        "/drills/hand-totals/answer",
        data={**fields, "total": "12", "kind": "hard", "csrf_token": _token(client)},
        follow_redirects=True,
    )
    assert answered.status_code in (200, 400)
    with client.session_transaction() as session:
        assert "uid" in session  # a guest now
    assert _lang(client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)) == "ru"


def test_a_visitors_language_comes_back_with_the_account_and_stays_on_signing_out(
    bilingual: Any,
) -> None:
    """Russian chosen as a visitor, then signed up: the account keeps it (signed in from
    another browser, Russian); signed out, the page stays Russian."""
    client = bilingual.test_client()
    client.get("/")
    client.post("/language", data={"csrf_token": _token(client), "language": "ru", "next": "/"})
    account = {"username": "vera", "password": "a long passphrase 7"}
    client.post("/signup", data={"csrf_token": _token(client), **account})
    assert _kept_language(bilingual, "vera") == "ru"
    english = {"Accept-Language": "en"}
    client.post("/signout", data={"csrf_token": _token(client)})
    with client.session_transaction() as session:
        assert "uid" not in session  # signed out
    assert _lang(client.get("/", headers=english).get_data(as_text=True)) == "ru"
    other = bilingual.test_client()
    other.post("/signin", data={"csrf_token": _token(other), **account})
    assert _lang(other.get("/", headers=english).get_data(as_text=True)) == "ru"
    # A learner who chose English keeps it, whatever the browser had before.
    other.post("/language", data={"csrf_token": _token(other), "language": "en", "next": "/"})
    other.post("/signout", data={"csrf_token": _token(other)})
    client.post("/signin", data={"csrf_token": _token(client), **account})
    assert _lang(client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)) == "en"
