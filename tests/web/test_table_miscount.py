"""The table's summary prices its count errors: each wrong running count, what it would have
done to the learner's bets and index plays until the next count check and to the end of the
shoe (drills/counting/miscount.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_table_web import answer, post_step, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")


def play_out(client: Any, url: str, hidden_fields: Any, running: str) -> str:
    """Every step answered (each count as ``running``), to the shoe's end; the summary."""
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over" and "Sit at another table" in client.get(url).get_data(as_text=True):
            return str(client.get(url).get_data(as_text=True))
        data = answer(kind, fields)
        if kind == "count":
            data["running"] = running
        post_step(client, url, data)
    pytest.fail("the shoe never ended")


@pytest.mark.long
def test_a_table_counted_as_zero_prices_its_count_errors(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    page = play_out(client, url, hidden_fields, running="0")
    assert "What your count errors would cost" in page
    prices = re.findall(r"a count off by ([^,]+), until the next checkpoint", page)
    assert prices and all(off != "0" for off in prices)
    total = re.search(r"would have given up ([0-9.,]+) in expectation", page)
    assert total is not None
