"""Session cookies that notice tampering, CSRF tokens on every POST, and response headers."""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import time
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Request, Response, abort, current_app, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, SignatureExpired
from werkzeug.serving import WSGIRequestHandler

from trainer.words import say

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
CSRF_SESSION_KEY = "_csrf"
HEALTH_CHECK = "jobs.healthz"  # /healthz's endpoint: no session read, no cookie, no Vary
# The servers' Server header: no software, no version (gunicorn's is set in gunicorn.conf.py,
# Werkzeug's development server's in init_app).
SERVER_NAME = "trainer"
SEAL_FIELD = "seal"
# What a question's seal is made for: a seal is no other MAC the app's key makes.
_SEAL_DOMAIN = b"question-seal\x00"
_SEAL_LENGTH = 64  # hex digits of a SHA-256
_UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_NEXT_MAX_LENGTH = 2000

# Scripts only from files under static/ (so htmx runs with allowEval off); inline style
# attributes are allowed, for server-drawn charts and colour scales.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'self'"
)


# An unchanged permanent session's cookie is signed and sent again (its lifetime starting
# again) once it is this old, not on every response: signing it took some 0.4 ms a request. A
# short lifetime is refreshed sooner: after a tenth of it (an hour's session, every 6 minutes).
_REFRESH_AFTER_SECONDS = 24 * 60 * 60
_REFRESH_SHARE = 10


def _refresh_after(app: Flask) -> timedelta:
    """How old an unchanged cookie is when it is signed again, and so the margin a cookie is
    given beyond the session's lifetime: the learner's last visit may have come that long after
    its signing, and the lifetime runs from the last visit."""
    lifetime = app.permanent_session_lifetime
    return min(timedelta(seconds=_REFRESH_AFTER_SECONDS), lifetime / _REFRESH_SHARE)


class CheckedSession(SecureCookieSession):
    """A cookie session that remembers whether the cookie it came from failed its signature,
    and when that cookie was signed (None: no cookie)."""

    tampered = False
    signed_at: float | None = None


class CheckedSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, except that a bad signature is reported, not ignored,
    and an unchanged cookie is refreshed once a day (sooner, for a short lifetime) rather than
    on every response.

    A permanent session lasts ``PERMANENT_SESSION_LIFETIME`` (30 days) from the learner's last
    visit, however long ago its cookie was signed: a cookie is signed at most a day (a tenth
    of a shorter lifetime, :func:`_refresh_after`) before that visit, so the browser keeps it,
    and the server takes it, for the lifetime and that margin from its signing. It may so last
    up to a day (a tenth) longer, never shorter.
    """

    session_class = CheckedSession

    def __init__(self) -> None:
        # The signing serializer, made once per key set (Flask makes one for every opening and
        # every saving of a session).
        self._serializers: dict[tuple[Any, ...], Any] = {}

    def get_signing_serializer(self, app: Flask) -> Any:
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        try:
            return self._serializers[keys]
        except KeyError:
            pass
        except TypeError:  # keys that cannot be a key (a list of fallbacks): made each time
            return super().get_signing_serializer(app)
        serializer = super().get_signing_serializer(app)
        if len(self._serializers) > 8:
            self._serializers.clear()
        self._serializers[keys] = serializer
        return serializer

    @staticmethod
    def _lasts(app: Flask) -> timedelta:
        return app.permanent_session_lifetime + _refresh_after(app)

    def get_expiration_time(self, app: Flask, session: Any) -> datetime | None:
        if session.permanent:
            return datetime.now(UTC) + self._lasts(app)
        return None

    def should_set_cookie(self, app: Flask, session: Any) -> bool:
        if session.modified:
            return True
        if not (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            return False
        signed_at = getattr(session, "signed_at", None)
        return signed_at is None or time.time() - signed_at >= _refresh_after(app).total_seconds()

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        """As Flask's, except for a static file served: the same for every visitor, it is sent
        without ``Vary: Cookie`` and without a cookie, so that any cache may keep one copy; and
        for ``/healthz``, which reads no session (a health check sends no cookie, and a
        browser's is neither refreshed nor named in ``Vary``).

        (Flask adds ``Vary: Cookie`` whenever the session was looked at during the request, and
        the request hooks look at it on every request.)"""
        if request.endpoint == HEALTH_CHECK or (
            request.endpoint == "static" and response.status_code < 400
        ):
            return
        super().save_session(app, session, response)

    def open_session(self, app: Flask, request: Request) -> CheckedSession | None:
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        max_age = int(self._lasts(app).total_seconds())
        try:
            data, signed = serializer.loads(cookie, max_age=max_age, return_timestamp=True)
        except SignatureExpired:
            return self.session_class()  # an old cookie: simply a new visitor
        except BadSignature:
            fresh = self.session_class()
            fresh.tampered = True
            fresh.modified = True  # an empty, modified session: the response deletes the cookie
            return fresh
        found = self.session_class(data)
        found.signed_at = signed.timestamp()
        return found


def csrf_token() -> str:
    """This session's CSRF token (made on first use); forms send it in ``csrf_token``."""
    token = session.get(CSRF_SESSION_KEY)
    if not token:
        token = secrets.token_urlsafe(32)
        session[CSRF_SESSION_KEY] = token
        session.permanent = True
    return str(token)


def rotate_csrf_token() -> None:
    """A new token (after sign-in, sign-up and sign-out)."""
    session.pop(CSRF_SESSION_KEY, None)


def _refuse_tampered_session() -> None:
    if request.endpoint in ("static", HEALTH_CHECK):
        return  # a static file, /healthz: no session read, served whatever the cookie
    if getattr(session, "tampered", False):
        abort(
            400,
            description=say(
                "Your session cookie could not be verified: it was changed, or it was not made "
                "by this server. It has been cleared; reload the page to continue, and sign in "
                "again if you had an account."
            ),
        )


def _check_csrf() -> None:
    if request.method not in _UNSAFE_METHODS:
        return
    expected = session.get(CSRF_SESSION_KEY)
    sent = request.form.get(CSRF_FIELD) or request.headers.get(CSRF_HEADER)
    if not sent:
        abort(
            403,
            description=say(
                "This form arrived without its security token, so nothing was saved. "
                "Go back, reload the page and send it again."
            ),
        )
    # Compared as bytes: compare_digest refuses a str with non-ASCII characters (a TypeError).
    if not expected or not hmac.compare_digest(
        str(sent).encode("utf-8", "surrogatepass"), str(expected).encode("utf-8", "surrogatepass")
    ):
        abort(
            403,
            description=say(
                "This form's security token does not match your session (the page may be old, "
                "or the form came from another site), so nothing was saved. Go back, reload the "
                "page and send it again."
            ),
        )


def _seal_with(key: str | bytes, message: bytes) -> str:
    raw = key.encode("utf-8") if isinstance(key, str) else key
    mac = _sealer(raw).copy()
    mac.update(message)
    return mac.hexdigest()


@functools.lru_cache(maxsize=16)
def _sealer(raw: bytes) -> hmac.HMAC:
    """The seals' HMAC under the key ``raw``, its domain read: copied for each seal (making one
    from the key each time was most of a seal's 10 us, two an answer)."""
    return hmac.new(raw, _SEAL_DOMAIN, hashlib.sha256)


def _seal_message(drill: str, token: str, question: str, rules: str, asked_at: int) -> bytes:
    """The sealed values, each with its length, so that no two lists of them read alike."""
    parts = (drill, token, question, rules, str(asked_at))
    return b"".join(
        b"%d:%s;" % (len(data), data)
        for data in (part.encode("utf-8", "surrogatepass") for part in parts)
    )


def seal_with_key(
    key: str | bytes, drill: str, token: str, question: str, rules: str, asked_at: int
) -> str:
    """:func:`question_seal` under ``key`` (what a test seals a form of its own with)."""
    return _seal_with(key, _seal_message(drill, token, question, rules, asked_at))


def question_seal(drill: str, token: str, question: str, rules: str, asked_at: int) -> str:
    """The seal an answer form carries in ``seal``: an HMAC, keyed by the app's secret key, of
    the drill's slug, the submission token, the question's notation, the rules' notation and
    the time (ms) the question was asked, so that the server grades the question it asked,
    under its rules, and times it from when it asked, whatever the form says."""
    return seal_with_key(current_app.secret_key or "", drill, token, question, rules, asked_at)


def seal_matches(
    sent: str, drill: str, token: str, question: str, rules: str, asked_at: int
) -> bool:
    """Whether ``sent`` is the seal of these values under the app's key (or one of its
    fallbacks, so that a form asked before a key was rotated is still taken)."""
    if len(sent) != _SEAL_LENGTH or not sent.isascii():
        return False
    message = _seal_message(drill, token, question, rules, asked_at)
    keys = (current_app.secret_key or "", *(current_app.config.get("SECRET_KEY_FALLBACKS") or ()))
    return any(hmac.compare_digest(sent, _seal_with(key, message)) for key in keys)


def time_seal(place: str, token: str, asked_at: int) -> str:
    """The seal of the time (ms) a form that names no question was shown at ``place`` (a
    table's step, a session's checkpoint), beside the form's ``token``: its answer's response
    time is taken from the form only under it (:func:`sealed_response_ms`)."""
    return question_seal(place, token, "", "", asked_at)


def sealed_response_ms(form: Any, place: str, token: str) -> int | None:
    """The milliseconds since the form's ``asked_at``, where its ``asked_seal`` is that time's
    (:func:`time_seal`); None for a time missing, malformed or not the page's: the answer is
    graded and kept all the same, without a time the learner could have written."""
    asked_at = form.get("asked_at", "")
    if not (asked_at.isascii() and asked_at.isdigit()) or len(asked_at) > 15:
        return None
    if not seal_matches(form.get("asked_seal", ""), place, token, "", "", int(asked_at)):
        return None
    return int(time.time() * 1000) - int(asked_at)


def referrer_path(*, same_site: bool = False) -> str:
    """The path and query of the page the request came from (its Referer header; ``""`` where
    there is none, or, ``same_site``, where it names another host): to be checked with
    :func:`safe_next` before any use."""
    came = urlsplit(request.referrer or "")
    if same_site and came.netloc != request.host:
        return ""
    return came.path + (f"?{came.query}" if came.query else "")


def safe_next(target: str | None, default: str) -> str:
    """``target`` if it is a path on this site, else ``default``: the one check every ``next``
    goes through before a redirect.

    Refused: anything not starting with one ``/`` (``//host`` and ``/\\host`` name another
    site), backslashes, and any space or unprintable character, since browsers drop tabs and
    line breaks from a URL (``next=/%09/evil.example`` is ``//evil.example`` to them) and a line
    break in a ``Location`` header is a response split.
    """
    path = target or ""
    if (
        len(path) > _NEXT_MAX_LENGTH
        or not path.startswith("/")
        or path.startswith("//")
        or "\\" in path
        or any(ch == " " or not ch.isprintable() for ch in path)
    ):
        return default
    parts = urlsplit(path)
    if parts.scheme or parts.netloc:
        return default
    return path


# Sent with every response that does not set its own.
_EVERY_RESPONSE = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
)
_EVERY_NAME = tuple(name.lower() for name, _ in _EVERY_RESPONSE)


def _headers(response: Response) -> Response:
    # (The names present read once: a header's setdefault that finds none raises and catches
    # an HTTP error inside Werkzeug, some 3 us each.)
    present = {name.lower() for name, _ in response.headers}
    for (name, value), lowered in zip(_EVERY_RESPONSE, _EVERY_NAME, strict=True):
        if lowered not in present:
            response.headers.add(name, value)
    if request.endpoint != "static":
        # Every page names its learner and carries their CSRF token; exports are their history:
        # neither a shared cache nor the browser's back-forward store may keep them.
        response.headers["Cache-Control"] = "private, no-store"
    response.vary.add("HX-Request")
    return response


def _server_name(_handler: object) -> str:
    return SERVER_NAME


def init_app(app: Flask) -> None:
    # Werkzeug's development server (make dev; the browser tests' live server) names no
    # software either: its handler's Server header is Werkzeug's and Python's versions
    # (http.server's version_string), which no setting of `flask run` changes.
    WSGIRequestHandler.version_string = _server_name  # type: ignore[method-assign,assignment]
    app.session_interface = CheckedSessionInterface()
    app.before_request(_refuse_tampered_session)
    app.before_request(_check_csrf)
    app.after_request(_headers)

    @app.context_processor
    def _csrf_context() -> dict[str, Any]:
        return {
            "csrf_token": csrf_token,
            "csrf_field": CSRF_FIELD,
            "csrf_header": CSRF_HEADER,
        }
