"""A count check at the table refused (a box left empty, or not a number), as a well-made form
shows it: each field in error marked (``aria-invalid``) and pointing to its own message beside
the fields (``aria-describedby``), the first of them with the focus, what was typed kept; the
page (JavaScript off) and the htmx panel alike. A learner's walk found the message above the
felt, off screen, with the focus left in Running count."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from tests.web.test_table_tray import TRAY, to_a_count_check
from tests.web.test_table_web import SETUP, answer, counts, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")

COUNTS = {**SETUP, "graded": ["counts"], "mode": "training"}


class Fields(HTMLParser):
    """Every input of a page by its name (its attributes), and each element's text by id."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.inputs: dict[str, dict[str, str]] = {}
        self.text: dict[str, str] = {}
        self._open: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "input" and "name" in values:
            self.inputs[values["name"]] = values
        elif tag == "p":
            self._open.append(values.get("id", ""))
            if values.get("id"):
                self.text[values["id"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1]:
            self.text[self._open[-1]] += data


def to_a_count(client: Any, url: str, hidden_fields: Any) -> dict[str, str]:
    """Play on (standing, a unit bet, right-looking counts of 0) to a count check."""
    for _ in range(400):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "count" and 'name="true"' in client.get(url).get_data(as_text=True):
            return fields
        response = client.post(url + "/step", data=answer(kind, fields), follow_redirects=True)
        assert response.status_code == 200
    raise AssertionError("no count check with a true count came")


def refused(client: Any, url: str, fields: dict[str, str], htmx: bool, **typed: str) -> Fields:
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(url + "/step", data={**fields, **typed}, headers=headers)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'id="table-error"' not in page  # said beside the fields, not above the felt
    return Fields(page)


def expect_refused(shown: Fields, name: str, message: str) -> None:
    field = shown.inputs[name]
    assert field.get("aria-invalid") == "true"
    assert field.get("aria-describedby") == f"{name}-error"
    assert re.search(message, shown.text[f"{name}-error"])


def expect_accepted(shown: Fields, name: str) -> None:
    field = shown.inputs[name]
    assert "aria-invalid" not in field and "aria-describedby" not in field


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_true_count_left_empty_is_marked_and_has_the_focus(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, htmx: bool
) -> None:
    url = sit(client, csrf, **COUNTS)
    fields = to_a_count(client, url, hidden_fields)
    stored = counts(db)
    shown = refused(client, url, fields, htmx, running="-1", true="")
    assert counts(db) == stored  # nothing stored
    expect_refused(shown, "true", r"^Type the true count\.$")
    expect_accepted(shown, "running")
    assert shown.inputs["running"].get("value") == "-1"  # what was typed stays
    assert "autofocus" in shown.inputs["true"] and "autofocus" not in shown.inputs["running"]


def test_both_counts_refused_are_each_marked_and_the_first_has_the_focus(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **COUNTS)
    fields = to_a_count(client, url, hidden_fields)
    shown = refused(client, url, fields, False, running="", true="lots")
    expect_refused(shown, "running", r"^Type the running count\.$")
    expect_refused(shown, "true", r"^Type the true count as a whole number\b.*\blots\b")
    assert "autofocus" in shown.inputs["running"] and "autofocus" not in shown.inputs["true"]


def test_decks_left_refused_at_a_tray_is_marked_on_its_own_field(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **TRAY)
    fields = to_a_count_check(client, url, hidden_fields)
    shown = refused(client, url, fields, True, running="0", decks_left="", true="0")
    expect_refused(shown, "decks_left", r"^Type the decks remaining\.$")
    expect_accepted(shown, "running")
    expect_accepted(shown, "true")
    assert "autofocus" in shown.inputs["decks_left"]
