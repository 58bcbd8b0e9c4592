"""Errors come back between shoes: a played-out table's summary offers a short drill round of
each kind of question the learner got wrong in it, asked off the table by the review schedule
(a review batch of at most ten), its answers kept out of the shoe."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_table_web import post_step, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")


def play_out(client: Any, url: str, hidden_fields: Any) -> str:
    """Play the shoe to its end, every count given as 0 (wrong, mostly) and every hand stood."""
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            return str(client.get(url).get_data(as_text=True))
        extra = {
            "count": {"running": "0", "true": "0"},
            "bet": {"units": "1"},
            "insurance": {"answer": "N"},
        }.get(kind, {"answer": "S"})
        assert post_step(client, url, {**fields, **extra}).status_code == 200
    raise AssertionError("the shoe never ended")


def test_the_summary_offers_a_drill_round_of_the_shoes_mistakes(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(
        client, csrf, rules="single-deck", unit="10", others="1", graded=["strategy", "counts"]
    )
    page = play_out(client, url, hidden_fields)
    assert "A drill round before the next shoe" in page
    offered = re.findall(r'name="drill" value="([a-z-]+)"', page)
    assert offered and set(offered) <= {"shoe-count", "table-play"}
    attempts_before = db["attempts"].count
    response = client.post(
        "/mistakes/review",
        data={"drill": offered[0], "round": "10", "csrf_token": csrf()},
    )
    assert response.status_code == 303
    batch = int(re.search(r"review=(\d+)", response.headers["Location"]).group(1))
    assert 1 <= db["review_items"].count_where("batch_id = ?", [batch]) <= 10
    assert db["attempts"].count == attempts_before  # nothing answered, the shoe untouched


@pytest.mark.parametrize("size", ["0", "21", "x", "١"])
def test_a_drill_round_of_a_bad_size_is_refused(client: Any, csrf: Any, size: str) -> None:
    data = {"drill": "table-play", "round": size, "csrf_token": csrf()}
    assert client.post("/mistakes/review", data=data).status_code == 400


def test_a_flat_bettor_s_cover_is_scored_at_the_end_of_the_shoe(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, rules="single-deck", unit="10", others="1", graded=["cover"])
    page = play_out(client, url, hidden_fields)
    section = page.split('id="cover-heading"')[1].split("</section>")[0]
    assert "0% of your bets" in section  # a flat bet: the count explains none of it
    assert "1.0 to 1" in section
    assert "the cover gave up" in section
