"""The table's money line, in English and Russian: its numbers in bold, never the markup shown
as text (tests/web/conftest.py checks every page the web tests render the same way)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import app_config
from tests.web.conftest import escaped_markup

TABLE = {
    "rules": "vegas-6d-s17",
    "others": "0",
    "boxes": "1",
    "bankroll": "500",
    "unit": "5",
    "system": "hi-lo",
    "convention": "floor",
    "resolution": "half",
    "graded": ["strategy"],
    "mode": "test",
}


def test_the_finder_sees_markup_shown_as_text() -> None:
    assert escaped_markup("Discard tray &lt;strong&gt;6&lt;/strong&gt; of 104 cards")
    assert escaped_markup("Discard tray <strong>6</strong> of 104 cards") is None


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_discard_tray_line_is_bold_not_markup(
    tmp_path: Path, strategy_charts: None, language: str
) -> None:
    from trainer import create_app

    app = create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    with client.session_transaction() as session:
        session["_csrf"] = token = "test-csrf-token-0123456789"
    started = client.post("/table/", data={**TABLE, "csrf_token": token})
    assert started.status_code == 303, started.get_data(as_text=True)[:2000]
    page = client.get(started.headers["Location"]).get_data(as_text=True)
    assert escaped_markup(page) is None
    assert "<strong>0</strong>" in page and "312" in page
