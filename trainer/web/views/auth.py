"""Sign up, sign in, sign out, and the account page.

A guest who signs up keeps their id, so their history. Failed sign-ins are counted per account
and per address; past the limits a sign-in gets a 429 without the password being checked.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, current_app, redirect, request, url_for
from werkzeug.wrappers import Response

from trainer.store import attempts, throttle, users
from trainer.web import security, time_zone
from trainer.web.support import (
    current_user,
    current_user_or_guest,
    end_session,
    get_db,
    render,
    start_session,
)
from trainer.words import N_, plural, say

bp = Blueprint("auth", __name__)

_STATUS = {
    users.InvalidUsernameError: 400,
    users.InvalidPasswordError: 400,
    users.UsernameTakenError: 409,
    users.NotAGuestError: 409,
}


def _too_many(whose: int, minutes: int) -> str:
    """Why a sign-in is refused unread: too many failures of this account (``whose`` 0) or of
    this address (1), and how long to wait."""
    if whose == 0:
        return plural(
            "Too many failed sign-ins for this account. Wait %(count)s minute, then try again.",
            "Too many failed sign-ins for this account. Wait %(count)s minutes, then try again.",
            minutes,
        )
    return plural(
        "Too many failed sign-ins for your address. Wait %(count)s minute, then try again.",
        "Too many failed sign-ins for your address. Wait %(count)s minutes, then try again.",
        minutes,
    )


@bp.route("/signup", methods=["GET", "POST"])
def signup() -> Response:
    user = current_user()
    if request.method == "GET":
        return _signup_page(username="", error=None)
    username = request.form.get("username", "")
    password = request.form.get("password", "")
    confirm = request.form.get("confirm")
    try:
        if confirm is not None and confirm != password:
            raise users.InvalidPasswordError(say("The two passwords are not the same."))
        if user is not None and user.is_guest:
            account = users.sign_up_guest(get_db(), user.id, username, password)
        else:
            account = users.create_user(get_db(), username, password)
    except users.AccountError as error:
        return _signup_page(status=_STATUS.get(type(error), 400), username=username, error=error)
    start_session(account)
    security.rotate_csrf_token()
    return redirect(url_for("auth.account", welcome=1), 303)


def _signup_page(*, status: int = 200, username: str, error: Exception | None) -> Response:
    """The sign-up form, with what was wrong with the one sent (never the password sent)."""
    return render(
        "auth/signup.html",
        status=status,
        username=username,
        error=str(error) if error else None,
        password_min=users.PASSWORD_MIN,
        username_min=users.USERNAME_MIN,
        username_max=users.USERNAME_MAX,
        section="account",
    )


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> Response:
    if request.method == "GET":
        return render("auth/signin.html", username="", error=None, section="account")
    db = get_db()
    config = current_app.config
    username = request.form.get("username", "")
    password = request.form.get("password", "")
    now = time.time()
    window = config["SIGNIN_FAILURE_WINDOW_SECONDS"]
    keys = [throttle.account_key(username), throttle.address_key(request.remote_addr)]
    limits = [config["SIGNIN_MAX_FAILURES_PER_ACCOUNT"], config["SIGNIN_MAX_FAILURES_PER_ADDRESS"]]
    for whose, (key, limit) in enumerate(zip(keys, limits, strict=True)):
        if throttle.recent_failures(db, key, since=now - window) >= limit:
            minutes = max(1, round(window / 60))
            response = render(
                "auth/signin.html",
                status=429,
                username=username,
                error=_too_many(whose, minutes),
                section="account",
            )
            response.headers["Retry-After"] = str(int(window))
            return response
    if not username.strip() or not password:
        return render(
            "auth/signin.html",
            status=400,
            username=username,
            error=say("Type your username and your password."),
            section="account",
        )
    user = users.authenticate(db, username, password)
    if user is None:
        throttle.record_failure(db, keys, at=now, forget_before=now - window)
        return render(
            "auth/signin.html",
            status=400,
            username=username,
            error=say("That username and password do not match an account."),
            section="account",
        )
    throttle.clear_failures(db, keys[0])
    start_session(user)
    security.rotate_csrf_token()
    return redirect(security.safe_next(request.args.get("next"), url_for("pages.home")), 303)


@bp.post("/signout")
def signout() -> Response:
    end_session()
    return redirect(url_for("pages.home"), 303)


@bp.get("/account")
def account() -> Response:
    return _account_page(welcome=request.args.get("welcome") == "1")


def _account_page(*, status: int = 200, **shown: Any) -> Response:
    """The account page (never cached: it names the learner and links their history)."""
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    total = sum(s.attempts for s in stats.values())
    context = {"welcome": False, "delete_error": None, "zone_error": None, **shown}
    response = render(
        "auth/account.html",
        status=status,
        user=user,
        total_attempts=total,
        confirm_word=say(DELETE_WORD),
        section="account",
        **context,
    )
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/account/time-zone")
def set_time_zone() -> Response:
    """Keep the time zone the learner names (an IANA name such as Europe/Moscow), or forget it
    (empty: the browser's, else UTC); a name that is no zone is a 400 and changes nothing."""
    typed = request.form.get("time_zone", "")
    name = typed.strip()
    if name and time_zone.find_zone(name) is None:
        shown = typed[:40] + ("…" if len(typed) > 40 else "")
        error = say(
            "There is no time zone called '%(zone)s'; write one as Continent/City, such as "
            "Europe/Moscow or America/New_York. Nothing was changed.",
            zone=shown,
        )
        return _account_page(status=400, zone_error=error, zone_typed=typed[:80])
    users.set_time_zone(get_db(), current_user_or_guest().id, name or None)
    return redirect(url_for("auth.account", _anchor="time-zone"), 303)


# What a learner types to confirm deleting their account (in their language, or this).
DELETE_WORD = N_("delete")


@bp.post("/account/delete")
def delete_account() -> Response:
    """Delete the learner's account and its whole history, once they have typed the word (and,
    for an account, its password); anything else changes nothing."""
    user = current_user()
    if user is None:
        return _account_page(status=400, delete_error=say("There is no account here to delete."))
    typed = request.form.get("confirm", "")[:40].strip().lower()
    if typed not in (DELETE_WORD, say(DELETE_WORD).lower()):
        error = say(
            "Type '%(word)s' in the box to delete; nothing was deleted.", word=say(DELETE_WORD)
        )
        return _account_page(status=400, delete_error=error)
    password = request.form.get("password", "")[:1024]
    if not user.is_guest and users.authenticate(get_db(), user.username or "", password) is None:
        error = say("That is not your password; nothing was deleted.")
        return _account_page(status=400, delete_error=error)
    end_session()
    users.delete_account(get_db(), user.id)
    security.rotate_csrf_token()
    response = render("auth/deleted.html", section="account")
    response.headers["Cache-Control"] = "private, no-store"
    return response
