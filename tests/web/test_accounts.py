"""Sign up, sign in, sign out over HTTP: cookies, readable errors, nothing written on bad input."""

from __future__ import annotations

from typing import Any

import pytest


def users_count(db: Any) -> int:
    return db.execute("SELECT count(*) FROM users").fetchone()[0]


def sign_up(client: Any, csrf: Any, username: str, password: str = "password one") -> Any:
    return client.post(
        "/signup", data={"username": username, "password": password, "csrf_token": csrf()}
    )


def sign_in(client: Any, csrf: Any, username: str, password: str = "password one") -> Any:
    return client.post(
        "/signin", data={"username": username, "password": password, "csrf_token": csrf()}
    )


def test_sign_up_signs_in_and_shows_the_account(client: Any, csrf: Any, db: Any) -> None:
    response = sign_up(client, csrf, "alice")
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Welcome, alice!" in page
    assert "Signed in as <strong>alice</strong>" in page
    assert users_count(db) == 1


def test_the_session_cookie_is_httponly_and_samesite_lax(client: Any, csrf: Any) -> None:
    response = sign_up(client, csrf, "alice")
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_sign_out_then_sign_in(client: Any, csrf: Any) -> None:
    sign_up(client, csrf, "alice")
    assert client.post("/signout", data={"csrf_token": csrf()}).status_code == 303
    assert "Signed in as" not in client.get("/").get_data(as_text=True)
    response = sign_in(client, csrf, "ALICE")
    assert response.status_code == 303
    assert "Signed in as <strong>alice</strong>" in client.get("/").get_data(as_text=True)


def test_a_wrong_password_is_a_readable_400(client: Any, csrf: Any) -> None:
    sign_up(client, csrf, "alice")
    client.post("/signout", data={"csrf_token": csrf()})
    response = sign_in(client, csrf, "alice", "wrong password")
    assert response.status_code == 400
    assert "do not match an account" in response.get_data(as_text=True)
    assert "Signed in as" not in client.get("/").get_data(as_text=True)


def test_sign_in_only_goes_to_local_pages_afterwards(client: Any, csrf: Any) -> None:
    sign_up(client, csrf, "alice")
    client.post("/signout", data={"csrf_token": csrf()})
    data = {"username": "alice", "password": "password one", "csrf_token": csrf()}
    response = client.post("/signin?next=//evil.example/", data=data)
    assert response.headers["Location"] == "/"
    client.post("/signout", data={"csrf_token": csrf()})
    data["csrf_token"] = csrf()
    response = client.post("/signin?next=/progress", data=data)
    assert response.headers["Location"] == "/progress"


@pytest.mark.parametrize(
    ("username", "password", "status", "message"),
    [
        ("", "password one", 400, "empty or only spaces"),
        ("    ", "password one", 400, "empty or only spaces"),
        ("x" * 40, "password one", 400, "at most 32"),
        ("bad\x07name", "password one", 400, "control"),
        ("alice", "short", 400, "at least 10 characters"),
        ("alice", " " * 12, 400, "only spaces"),
        ("Alice Smith", "alice smith", 400, "cannot be your username"),
        ("learner1", "learner1learner1", 400, "cannot be your username"),  # (a walk)
        ("alice", "alicealice!", 400, "cannot be your username"),
        ("alice", "qwertyuiop", 400, "most common passwords"),
    ],
)
def test_bad_sign_ups_are_readable_and_write_nothing(
    client: Any, csrf: Any, db: Any, username: str, password: str, status: int, message: str
) -> None:
    response = sign_up(client, csrf, username, password)
    assert response.status_code == status
    assert message in response.get_data(as_text=True)
    assert users_count(db) == 0


def test_a_taken_name_is_a_409(client: Any, csrf: Any, db: Any) -> None:
    sign_up(client, csrf, "alice")
    client.post("/signout", data={"csrf_token": csrf()})
    response = sign_up(client, csrf, "Alice")
    assert response.status_code == 409
    assert "taken" in response.get_data(as_text=True)
    assert users_count(db) == 1


def test_a_post_without_a_csrf_token_is_a_readable_403(client: Any, db: Any) -> None:
    response = client.post("/signup", data={"username": "alice", "password": "password one"})
    assert response.status_code == 403
    assert "without its security token" in response.get_data(as_text=True)
    assert users_count(db) == 0


def test_a_post_with_a_wrong_csrf_token_is_a_readable_403(client: Any, csrf: Any, db: Any) -> None:
    csrf()
    data = {"username": "alice", "password": "password one", "csrf_token": "forged-token"}
    response = client.post("/signup", data=data)
    assert response.status_code == 403
    assert "does not match" in response.get_data(as_text=True)
    assert users_count(db) == 0


def test_the_csrf_token_may_come_in_the_htmx_header(client: Any, csrf: Any, db: Any) -> None:
    data = {"username": "alice", "password": "password one"}
    response = client.post("/signup", data=data, headers={"X-CSRF-Token": csrf()})
    assert response.status_code == 303
    assert users_count(db) == 1


def test_a_tampered_session_cookie_is_a_readable_400(client: Any, csrf: Any, db: Any) -> None:
    sign_up(client, csrf, "alice")
    cookie = client.get_cookie("trainer_session")
    value = cookie.value
    forged = value[:-3] + ("AAA" if not value.endswith("AAA") else "BBB")
    client.set_cookie("trainer_session", forged)
    response = client.post("/signout", data={"csrf_token": "whatever"})
    assert response.status_code == 400
    assert "could not be verified" in response.get_data(as_text=True)
    # The forged cookie is replaced, and the learner is simply signed out.
    assert client.get_cookie("trainer_session").value != forged
    assert "Signed in as" not in client.get("/").get_data(as_text=True)


def test_a_tampered_cookie_on_a_sign_up_writes_nothing(client: Any, db: Any) -> None:
    client.set_cookie("trainer_session", "eyJ1aWQiOjF9.forged.signature")
    data = {"username": "mallory", "password": "password one", "csrf_token": "x"}
    assert client.post("/signup", data=data).status_code == 400
    assert users_count(db) == 0


def test_failed_sign_ins_for_one_account_are_slowed_down(app: Any, client: Any, csrf: Any) -> None:
    sign_up(client, csrf, "alice")
    client.post("/signout", data={"csrf_token": csrf()})
    limit = app.config["SIGNIN_MAX_FAILURES_PER_ACCOUNT"]
    for _ in range(limit):
        assert sign_in(client, csrf, "alice", "wrong password").status_code == 400
    refused = sign_in(client, csrf, "alice", "password one")  # even the right one, for now
    assert refused.status_code == 429
    assert "Too many failed sign-ins for this account" in refused.get_data(as_text=True)
    assert int(refused.headers["Retry-After"]) > 0
    # Another account is not affected.
    sign_up(client, csrf, "bob")
    client.post("/signout", data={"csrf_token": csrf()})
    assert sign_in(client, csrf, "bob").status_code == 303


def test_failed_sign_ins_from_one_address_are_slowed_down(app: Any, client: Any, csrf: Any) -> None:
    app.config["SIGNIN_MAX_FAILURES_PER_ADDRESS"] = 3
    for name in ("one", "two", "three"):
        assert sign_in(client, csrf, f"user {name}", "wrong password").status_code == 400
    refused = sign_in(client, csrf, "user four", "wrong password")
    assert refused.status_code == 429
    assert "Too many failed sign-ins for your address" in refused.get_data(as_text=True)


def test_old_failures_are_forgotten(app: Any, client: Any, csrf: Any, db: Any) -> None:
    sign_up(client, csrf, "alice")
    client.post("/signout", data={"csrf_token": csrf()})
    for _ in range(app.config["SIGNIN_MAX_FAILURES_PER_ACCOUNT"]):
        sign_in(client, csrf, "alice", "wrong password")
    window = app.config["SIGNIN_FAILURE_WINDOW_SECONDS"]
    db.execute("UPDATE sign_in_failures SET at = at - ?", [window + 1])
    assert sign_in(client, csrf, "alice").status_code == 303
