"""Regression tests for issue 11's security failures: a non-ASCII CSRF token, `next` redirects
off-site or with a line break, sessions that outlive sign-out, learners' pages left cacheable."""

from __future__ import annotations

import re
from email.utils import parsedate_to_datetime
from typing import Any

import pytest

from trainer.web.security import safe_next

PREFS = {"system": "hi-lo", "convention": "floor", "resolution": "half"}


@pytest.mark.parametrize("token", ["é" * 20, "токен", "\u2028", "ÿ"])
@pytest.mark.parametrize("where", ["form", "header"])
def test_a_non_ascii_csrf_token_is_refused_not_a_500(
    client: Any, csrf: Any, token: str, where: str
) -> None:
    csrf()
    data = {"csrf_token": token} if where == "form" else {}
    headers = {"X-CSRF-Token": token} if where == "header" and token.isascii() else {}
    if where == "header" and not token.isascii():
        headers = {"X-CSRF-Token": token.encode("utf-8", "surrogatepass").decode("latin-1")}
    for path in ("/signout", "/rules", "/counting/preferences", "/signin"):
        response = client.post(path, data=data, headers=headers)
        assert response.status_code == 403, path


def test_a_refused_form_is_explained_in_the_learners_language(client: Any, csrf: Any) -> None:
    """The CSRF refusals and a tampered session's, on a Russian browser: in Russian."""
    csrf()
    ru = {"Accept-Language": "ru"}
    missing = client.post("/rules", data={}, headers=ru).get_data(as_text=True)
    assert "Форма пришла без своего защитного токена" in missing and "security token" not in missing
    wrong = client.post("/rules", data={"csrf_token": "x" * 32}, headers=ru).get_data(as_text=True)
    assert "Защитный токен формы не совпадает" in wrong and "does not match" not in wrong
    value = client.get_cookie("trainer_session").value
    client.set_cookie("trainer_session", value[:-3] + ("AAA" if value[-3:] != "AAA" else "BBB"))
    tampered = client.post("/signout", data={"csrf_token": "whatever"}, headers=ru)
    assert tampered.status_code == 400
    assert "Не удалось проверить cookie вашей сессии" in tampered.get_data(as_text=True)


@pytest.mark.parametrize(
    "target",
    [
        "/%09/evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r\nSet-Cookie: x=1",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        " /drills",
        "/drills\u2028",
        "/" + "a" * 5000,
        "",
        None,
    ],
)
def test_safe_next_refuses_anything_but_a_path_on_this_site(target: str | None) -> None:
    if target == "/%09/evil.example":
        target = "/\t/evil.example"  # what the request's query string decodes to
    assert safe_next(target, "/home") == "/home"


@pytest.mark.parametrize("target", ["/drills/true-count", "/progress?drill=x&days=7", "/é"])
def test_safe_next_keeps_a_path_on_this_site(target: str) -> None:
    assert safe_next(target, "/home") == target


def sign_up(client: Any, csrf: Any, username: str = "alice") -> Any:
    data = {"username": username, "password": "password one", "csrf_token": csrf()}
    return client.post("/signup", data=data)


@pytest.mark.parametrize("query", ["next=/%09/evil.example", "next=/%0d%0aX:%201", "next=//x.y"])
def test_sign_in_never_redirects_off_site_or_fails(client: Any, csrf: Any, query: str) -> None:
    sign_up(client, csrf)
    client.post("/signout", data={"csrf_token": csrf()})
    data = {"username": "alice", "password": "password one", "csrf_token": csrf()}
    response = client.post(f"/signin?{query}", data=data)
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_sign_in_goes_back_to_a_page_on_this_site(client: Any, csrf: Any) -> None:
    sign_up(client, csrf)
    client.post("/signout", data={"csrf_token": csrf()})
    data = {"username": "alice", "password": "password one", "csrf_token": csrf()}
    response = client.post("/signin?next=/progress", data=data)
    assert response.headers["Location"] == "/progress"


@pytest.mark.parametrize("target", ["/\t/evil.example", "/\r\n/x", "/a\nb", "//evil.example"])
def test_counting_preferences_never_redirect_off_site_or_fail(
    client: Any, csrf: Any, target: str
) -> None:
    response = client.post(
        "/counting/preferences", data={"csrf_token": csrf(), "next": target, **PREFS}
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/drills/"


def test_a_session_copied_before_sign_out_no_longer_works(client: Any, csrf: Any) -> None:
    sign_up(client, csrf)
    cookie = client.get_cookie("trainer_session").value
    assert "Signed in as" in client.get("/account").get_data(as_text=True)
    assert client.post("/signout", data={"csrf_token": csrf()}).status_code == 303

    thief = client.application.test_client()
    thief.set_cookie("trainer_session", cookie)
    assert "Signed in as" not in thief.get("/account").get_data(as_text=True)
    assert thief.get("/learners/1/attempts").status_code == 404
    assert thief.get("/learners/1/attempts.csv").status_code == 404


def test_signing_in_again_after_sign_out_works(client: Any, csrf: Any) -> None:
    sign_up(client, csrf)
    client.post("/signout", data={"csrf_token": csrf()})
    data = {"username": "alice", "password": "password one", "csrf_token": csrf()}
    assert client.post("/signin", data=data).status_code == 303
    assert "Signed in as" in client.get("/account").get_data(as_text=True)
    assert client.get("/learners/1/attempts").status_code == 200


@pytest.mark.parametrize(
    "path",
    ["/", "/account", "/progress", "/learners/1/attempts", "/learners/1/attempts.csv"],
)
def test_learners_pages_and_exports_are_never_cached(client: Any, csrf: Any, path: str) -> None:
    sign_up(client, csrf)
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"


def test_an_unchanged_session_cookie_is_refreshed_once_a_day_not_on_every_response(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    first = client.get("/drills/hand-totals")
    assert "trainer_session=" in first.headers.get("Set-Cookie", "")  # a new session: sent
    again = client.get("/drills/hand-totals")
    assert "Set-Cookie" not in again.headers  # unchanged and fresh: not signed again
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 25 * 60 * 60)
    later = client.get("/drills/hand-totals")
    assert "trainer_session=" in later.headers.get("Set-Cookie", "")  # a day old: its 30 days
    # start again


def test_a_session_lasts_its_lifetime_from_the_last_visit_not_from_its_signing(
    client: Any, csrf: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    signed = sign_up(client, csrf)
    shown = client.get("/account")  # its form's new CSRF token changes the session once more
    now = time.time()
    cookie = shown.headers.get("Set-Cookie") or signed.headers["Set-Cookie"]
    lifetime = client.application.permanent_session_lifetime.total_seconds()
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie)[1]).timestamp()
    # The last visit, 23 hours on: the cookie is unchanged and not signed again.
    monkeypatch.setattr(time, "time", lambda: now + 23 * 3600)
    last = client.get("/account")
    assert "Set-Cookie" not in last.headers and "Signed in as" in last.get_data(as_text=True)
    # The browser keeps the cookie, and the server takes it, for the lifetime from that visit.
    assert expires >= now + 23 * 3600 + lifetime
    monkeypatch.setattr(time, "time", lambda: now + 23 * 3600 + lifetime - 60)
    assert "Signed in as" in client.get("/account").get_data(as_text=True)


def test_a_session_not_used_for_its_lifetime_and_a_day_is_over(
    client: Any, csrf: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    sign_up(client, csrf)
    now = time.time()
    lifetime = client.application.permanent_session_lifetime.total_seconds()
    monkeypatch.setattr(time, "time", lambda: now + lifetime + 24 * 3600 + 60)
    assert "Signed in as" not in client.get("/account").get_data(as_text=True)


def test_an_hour_long_session_lasts_about_an_hour_not_a_day_more(
    tmp_path: Any, strategy_charts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PERMANENT_SESSION_LIFETIME=3600: the cookie's margin is a tenth of the lifetime (six
    minutes), not a day, both in its Expires and in what the server takes."""
    import time

    from tests.conftest import app_config
    from trainer import create_app

    client = create_app(app_config(tmp_path, PERMANENT_SESSION_LIFETIME=3600)).test_client()

    def csrf() -> str:
        with client.session_transaction() as session:
            return str(session.setdefault("_csrf", "test-csrf-token-0123456789"))

    now = time.time()
    signed = sign_up(client, csrf)
    cookie = signed.headers["Set-Cookie"]
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie)[1]).timestamp()
    assert now + 3600 - 60 <= expires <= now + 3600 + 6 * 60 + 60
    # A visit half an hour on is taken, and its cookie (past six minutes old) signed again.
    monkeypatch.setattr(time, "time", lambda: now + 30 * 60)
    visit = client.get("/account")
    assert "Signed in as" in visit.get_data(as_text=True)
    assert "trainer_session=" in visit.headers.get("Set-Cookie", "")
    # A cookie unused for the hour and its six minutes is refused: a new visitor.
    monkeypatch.setattr(time, "time", lambda: now + 30 * 60 + 3600 + 7 * 60)
    assert "Signed in as" not in client.get("/account").get_data(as_text=True)
