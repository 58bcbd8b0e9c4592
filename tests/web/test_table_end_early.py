"""A learner may end a table between rounds, after one at least, and read its summary (the last
count asked first where counts are checked): the only way out was another table, the summary
only at the shoe's end (a learner's walk)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.web.test_table_pages import replayed
from tests.web.test_table_web import answer, counts, post_step, sit, step_form
from trainer.engine.play.table_game import InvalidStepError, TableGame, TableSetup
from trainer.engine.play.table_steps import END
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart

BUTTON = "End the table here and see its summary"


def test_the_engine_ends_a_table_between_rounds_only() -> None:
    rules = Rules.parse("vegas-6d-s17")
    setup = TableSetup(rules, others=1, boxes=1, seed=4)
    game = TableGame(setup, chart(rules))
    with pytest.raises(InvalidStepError):  # before any round: a bet is asked
        game.play([END], Fraction(1000))
    steps = ["bet 10"]
    while (ask := TableGame(setup, chart(rules)).play(steps, Fraction(1000))).round is not None:
        steps.append("S" if ask.kind == "play" else "insure 0")
    if ask.kind == "count":  # a check drawn before round 2
        steps.append("count")
    ended = TableGame(setup, chart(rules))
    last = ended.play([*steps, END], Fraction(1000))
    assert last.kind == "count" and last.final and ended.ended  # the last count, then over
    over = TableGame(setup, chart(rules)).play([*steps, END, "count"], Fraction(1000))
    assert over.kind == "over"
    with pytest.raises(InvalidStepError):
        TableGame(setup, chart(rules)).play([*steps, END, "count", "bet 10"], Fraction(1000))


def test_a_table_ended_after_a_round_shows_its_summary(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, rules="vegas-6d-s17")
    page = client.get(url).get_data(as_text=True)
    assert BUTTON not in page  # no round played yet
    kind, fields = step_form(client, url, hidden_fields)
    stored = counts(db)
    refused = client.post(url + "/step", data={**fields, "end": "1"})  # forged: refused
    assert refused.status_code == 400 and counts(db) == stored
    while True:  # one round, standing
        kind, fields = step_form(client, url, hidden_fields)
        if kind in ("bet", "count") and replayed(db, url)[2].number > 1:
            break
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    if kind == "count":
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    page = client.get(url).get_data(as_text=True)
    assert BUTTON in page
    kind, fields = step_form(client, url, hidden_fields)
    ended = post_step(client, url, {**fields, "end": "1"}).get_data(as_text=True)
    if "the count?" in ended:  # the last count, where counts are checked
        kind, fields = step_form(client, url, hidden_fields)
        assert kind == "count"
        ended = post_step(client, url, answer(kind, fields)).get_data(as_text=True)
    assert "You ended the table after round 1" in ended and BUTTON not in ended
    assert replayed(db, url)[2].kind == "over"
