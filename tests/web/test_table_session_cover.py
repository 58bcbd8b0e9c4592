"""Cover across a session: the end of a shoe reads the learner's bets across the shoes of their
session (the tables at the same rules, each started within three hours of the one before),
and says which of a counter's signs they show, with the figures."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_table_web import post_step, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")

COVER = {"rules": "single-deck", "unit": "10", "others": "1", "graded": ["cover"]}


def play_out(client: Any, url: str, hidden_fields: Any, units: str) -> str:
    """Play the shoe to its end, every bet ``units`` units and every hand stood; its summary,
    as plain text."""
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            page = str(client.get(url).get_data(as_text=True))
            return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
        extra = {"bet": {"units": units}, "insurance": {"answer": "N"}}.get(kind, {"answer": "S"})
        assert post_step(client, url, {**fields, **extra}).status_code == 200
    raise AssertionError("the shoe never ended")


def test_a_bet_that_jumps_at_the_shuffle_is_read_across_the_session(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    first = play_out(client, sit(client, csrf, **COVER), hidden_fields, "1")
    assert "Cover across this session" not in first  # one shoe is no session
    second = play_out(client, sit(client, csrf, **COVER), hidden_fields, "3")
    session = second.split("Cover across this session")[1].split("A drill round")[0]
    assert ": 2 shoes" in session
    # Flat within each shoe, 10 then 30: the bet changed (rose) at the one shuffle.
    assert "It changed at 1 of 1 shuffle (it fell at 0), by up to 2.0 table minimums." in session
    assert "10 to 10; 30 to 30" in session and "(the same in every shoe)" not in session
    assert "Your bet changes at half the dealer" in session


def test_a_flat_bettor_s_session_shows_none_of_the_signs(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    play_out(client, sit(client, csrf, **COVER), hidden_fields, "1")
    second = play_out(client, sit(client, csrf, **COVER), hidden_fields, "1")
    session = second.split("Cover across this session")[1].split("A drill round")[0]
    assert "It changed at 0 of 1 shuffle" in session
    assert "none of the three signs" in session


def come_in_late(client: Any, url: str, hidden_fields: Any) -> str:
    """Watch the first round from behind the table, then play every round to the end of the
    shoe, one unit a round; its summary, as plain text."""
    _, fields = step_form(client, url, hidden_fields)
    assert post_step(client, url, {**fields, "watch": "1"}).status_code == 200
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            page = client.get(url).get_data(as_text=True)
            return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
        extra = {"bet": {"units": "1", "boxes": "1"}, "insurance": {"answer": "N"}}
        post_step(client, url, {**fields, **extra.get(kind, {"answer": "S"})})
    raise AssertionError("the shoe never ended")


def test_a_back_counter_who_came_in_late_has_no_bet_off_the_top(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """Watching the first round from behind the table, the learner bet nothing off the top:
    the shoe's cover says when they came in, not their first bet over the mean (which read
    as their bet after the shuffle); and across the session no shuffle was sat through (one
    was read, the last bet of a shoe against a bet rounds into the next)."""
    wong = {**COVER, "wong": "1", "boxes": "1"}
    come_in_late(client, sit(client, csrf, **wong), hidden_fields)
    page = come_in_late(client, sit(client, csrf, **wong), hidden_fields)
    cover = page.split("Cover: how much your bets looked like a counter's")[1]
    assert "None: you came in at round 2, after watching from behind the table." in cover
    assert "of your mean bet" not in cover
    session = page.split("Cover across this session")[1].split("A drill round")[0]
    assert "You sat through no shuffle" in session and "It changed at" not in session
    assert "Your bet changes at half the dealer" not in session
