"""Every page the web tests render is checked for a sentence's markup shown as text: a
translated message formatted with markup in its placeholders outside Jinja's own ``_`` (which
keeps it) shows the learner "Discard tray &lt;strong&gt;6&lt;/strong&gt; of 104 cards". The
tags are those a sentence carries; ``<b>`` is left out, since the fuzz tests type it and expect
it escaped."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

ESCAPED_MARKUP = re.compile(r"&lt;/?(?:strong|em|kbd|code|abbr|span|small|mark|sup|sub)\b")


def escaped_markup(body: str) -> str | None:
    """The first sentence markup in ``body`` shown as text, with some context; None if none."""
    found = ESCAPED_MARKUP.search(body)
    return body[max(0, found.start() - 80) : found.end() + 40] if found else None


# Fixtures that draw the messages again as plain text, to mark them (the Russian walk's): their
# pages show markup as text by the test's own doing.
REDRAWN = frozenset({"russian"})


@pytest.fixture(autouse=True)
def no_escaped_markup(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test any of whose HTML pages shows markup as text (whichever app served it)."""
    if REDRAWN & set(request.fixturenames):
        yield
        return
    from flask import request as served
    from flask import request_finished

    seen: list[str] = []

    def check(_sender: Any, response: Any, **_extra: Any) -> None:
        if response.mimetype != "text/html" or response.is_streamed:
            return
        if response.headers.get("Content-Encoding"):  # compressed for the client: not text
            return
        shown = escaped_markup(response.get_data(as_text=True))
        if shown is not None:
            seen.append(f"{served.full_path}: ...{shown}...")

    request_finished.connect(check)
    try:
        yield
    finally:
        request_finished.disconnect(check)
    assert not seen, "markup shown as text: " + "\n".join(seen)


@pytest.fixture
def learner(app: Any, db: Any) -> tuple[Any, int]:
    """A new visitor's browser, signed in as a guest: the client and the learner's id."""
    from trainer.store import users

    client = app.test_client()
    guest = users.create_guest(db)
    with client.session_transaction() as session:
        session["uid"], session["gen"] = guest.id, 0
    return client, guest.id
