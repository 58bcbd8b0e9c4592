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
        # It says the learner ended it, not that the shoe is out (a walk read "The shoe is
        # out" with most of the shoe still to deal).
        assert "You ended the table: the count?" in ended and "The shoe is out" not in ended
        kind, fields = step_form(client, url, hidden_fields)
        assert kind == "count"
        ended = post_step(client, url, answer(kind, fields)).get_data(as_text=True)
    assert "You ended the table after round 1" in ended and BUTTON not in ended
    assert replayed(db, url)[2].kind == "over"


@pytest.mark.parametrize("table", ["home", "bank"])
def test_a_punter_ends_a_table_at_a_rounds_first_stake(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, table: str
) -> None:
    """Where a punter stakes on cards dealt (002 home, 004) the table asks no bet between
    rounds: a punter could only end a table by playing out its pack (a walk at each)."""
    from tests.web.test_table_bank_punter_web import PUNTER_BANK
    from tests.web.test_table_punter_web import PUNTER_TABLE, play_until

    def opened(_url: str, ask: Any, kind: str) -> bool:
        return kind == "bet" and ask.opens and ask.number > 1

    chosen = {**(PUNTER_TABLE if table == "home" else PUNTER_BANK), "mode": "test"}
    url, _, ask, page, fields = play_until(client, csrf, db, hidden_fields, opened, table=chosen)
    assert BUTTON in page
    played = ask.number - 1
    ended = client.post(url + "/step", data={**fields, "end": "1"}, follow_redirects=True)
    assert ended.status_code == 200
    while "Sit at another table" not in (text := client.get(url).get_data(as_text=True)):
        kind, fields = step_form(client, url, hidden_fields)
        assert kind == "count", kind  # the last count, where counts are checked
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    assert f"You ended the table after round {played}" in text
    assert replayed(db, url)[2].kind == "over"  # the round dealt for that stake never played


def test_the_summary_names_a_count_check_by_where_it_was_asked(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The check before round 6 and the last one, after round 6, both read "Round 6: you gave
    # the running count as ..." (a walk): each is named as the table asked it. (The last
    # count is asked where the table ends a round or more after the check before.)
    from trainer.engine.counting import running_count

    url = sit(client, csrf, rules="vegas-6d-s17")
    before = None
    for _ in range(200):
        kind, fields = step_form(client, url, hidden_fields)
        spec, _, ask = replayed(db, url)
        if kind == "count":
            right = running_count(spec.system, ask.seen, spec.rules.decks)
            wrong = {"running": f"{int(right) + 1:+d}", "true": "0"}
            assert post_step(client, url, {**fields, **wrong}).status_code == 200
            if ask.final:
                break
            before = ask.number
            continue
        if kind == "bet" and before is not None and ask.number > before:  # a round after it
            assert post_step(client, url, {**fields, "end": "1"}).status_code == 200
            continue
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    assert before is not None
    summary = client.get(url).get_data(as_text=True).split('class="table-summary"')[1]
    counted = summary.split("Counts")[1].split("</ol>")[0]
    assert f">Count check before round {before}</a>: you gave the running count as" in counted
    assert ">The last count check</a>: you gave the running count as" in counted
