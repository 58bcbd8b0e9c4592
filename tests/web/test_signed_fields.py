"""A field that takes a signed answer (a count below zero, a loss) brings a keyboard with a
minus: ``inputmode="numeric"`` or ``"decimal"`` bring a phone's digit pad, which on an iPhone
has no minus key, so a running count of −3 could not be typed there (a walk)."""

from __future__ import annotations

import re
from typing import Any

import pytest

# Each page, and the names of its fields that take a signed answer.
SIGNED = {
    "/drills/true-count": ["answer"],
    "/drills/ace-side-count": ["aces", "bet", "insurance"],
    "/drills/table-payouts": ["box"],
}


@pytest.mark.parametrize(("path", "names"), SIGNED.items())
def test_a_signed_answers_field_brings_a_keyboard_with_a_minus(
    client: Any, path: str, names: list[str]
) -> None:
    response = client.get(path, follow_redirects=True)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for name in names:
        fields = re.findall(rf'<input name="[^"]*{re.escape(name)}[^"]*"[^>]*>', page)
        assert fields, (path, name)
        for field in fields:
            mode = re.search(r'inputmode="([^"]+)"', field)
            assert mode is None or mode[1] == "text", field


def test_the_placements_signed_answers_bring_a_keyboard_with_a_minus(client: Any) -> None:
    # Its amounts (a payout, a bet) are never below nothing: a digit pad with a decimal point.
    page = client.get("/path/placement", follow_redirects=True).get_data(as_text=True)
    fields = re.findall(r'<input name="q\d+-answer" type="text" inputmode="([a-z]+)"', page)
    assert fields and set(fields) <= {"text", "decimal"}
    running = re.search(
        r'Running count <input name="q\d+-answer" type="text" inputmode="(\w+)"', page
    )
    assert running and running[1] == "text"
