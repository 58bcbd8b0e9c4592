"""A punter's stake at the players' own games, through the web: at 004 (after two cards, no
banker card shown, as the text deals it) and at 002 home (after the first card) the stake is
an attempt of the punter-stake drill, sized on the bankroll the learner has then; a wrong one
is held in training mode with the right stake and its cost, and the summary counts it under
bets. Where bets are not graded, no stake is."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

import pytest

from drills.punter_stake import DRILL
from drills.table_session import DEFAULT_STOP_AT
from tests.web.test_table_bank_punter_web import ANSWERS, PUNTER_BANK
from tests.web.test_table_pages import replayed, waits
from tests.web.test_table_punter_web import PUNTER_TABLE, play_until
from tests.web.test_table_web import sit
from trainer.engine.play.table_game import Ask
from trainer.store import tables

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")


def stakes(db: Any) -> list[dict[str, Any]]:
    return list(db["attempts"].rows_where("drill = ?", ["punter-stake"], order_by="id"))


def expected(ask: Ask, bankroll: Fraction, *, banker: bool) -> str:
    """The notation of the stake asked, from the round as the engine dealt it."""
    assert ask.round is not None and ask.seat is not None
    cards = ask.round.hands(ask.seat)[0].cards
    shown = banker and ask.round.rules.deal_faces != "all-down"  # 004 as dealt: no card shown
    seen = " ".join(map(str, cards)) + (f" v {ask.round.up_card}" if shown else "")
    return f"stake {seen} bankroll {int(bankroll)} risk 0.05"


def test_a_stake_at_the_bank_is_graded_on_the_cards_and_the_bankroll_then(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_BANK)
    rules = replayed(db, url)[0].rules
    wrong_sent = ""
    for _, ask, _page, kind, fields in waits(client, db, url, hidden_fields):
        if kind == "over":
            break
        if kind != "bet":
            assert client.post(url + "/step", data={**fields, **ANSWERS[kind]}).status_code == 303
            continue
        game = replayed(db, url)[1]
        notation = expected(ask, 200 + game.learner_net, banker=True)
        right = DRILL.grade(notation, "1", rules).right_answer
        # One wrong stake, then the right ones: a stake whose cost stops the table (where the
        # edge is near 0 every stake costs less than that: the next round is tried).
        costly = [
            stake
            for stake in ("1", "20")
            if stake != right
            and (DRILL.grade(notation, stake, rules).ev_cost or 0) >= DEFAULT_STOP_AT
        ]
        if not wrong_sent and ask.number > 1 and costly:
            wrong_sent = costly[0]
            sent = client.post(url + "/step", data={**fields, "bet0": wrong_sent})
            assert sent.status_code == 303
            held = client.get(sent.headers["Location"]).get_data(as_text=True)
            assert "Your stake" in held and "held-choice" in held
            assert f"Your stake: {right} was right, not {wrong_sent}" in held  # the right stake
            assert stakes(db)[-1]["question"] == notation and not stakes(db)[-1]["correct"]
            continue  # kept by waits()
        assert client.post(url + "/step", data={**fields, "bet0": right}).status_code == 303
        last = stakes(db)[-1]
        assert (last["question"], last["correct"], last["rules"]) == (notation, 1, rules.notation())
    assert wrong_sent, "the talia had one round only"
    summary = html.unescape(client.get(url).get_data(as_text=True))
    assert "you staked " + wrong_sent in summary and "where the edge you held called for" in summary
    game = replayed(db, url)[1]
    assert len(stakes(db)) == len(game.rounds)  # every stake graded, once
    # Luck and skill: your play expected is the right plays' EV at your own stakes (a hand
    # with no choice, what it got) less the plays' mistakes; the wrong stake's cost is among
    # the mistakes, and so added to perfect play's figure, not taken from yours.
    figures = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", summary))
    played = [s for s in tables.steps_of(db, url.rsplit("/", 1)[1]) if s.state == "played"]
    rounds = " ".join(s.step if s.step.startswith("bet") else "" for s in played).split("bet")
    assert len(rounds) - 1 == len(game.rounds)
    at_stakes = Fraction(0)
    starts = [i for i, s in enumerate(played) if s.step.startswith("bet")] + [len(played)]
    for number, (begin, end) in enumerate(zip(starts, starts[1:], strict=False)):
        evs = [Fraction(s.ev) for s in played[begin:end] if s.ev is not None]
        net = game.rounds[number].record.result.seats[0].net
        at_stakes += evs[0] if evs else net
    plays_cost = sum(Fraction(s.cost) for s in played if not s.step.startswith("bet"))
    figures = {k: v.replace("\u2212", "-") for k, v in figures.items()}  # a true minus, as read
    yours = float(figures["So your play expected"])
    assert abs(yours - float(at_stakes - plays_cost)) < 0.011
    skill = float(figures["Your mistakes cost (skill)"])
    assert abs(float(figures["Perfect play expected"]) + skill - yours) < 0.011


def test_a_stake_at_home_is_graded_on_the_first_card(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    table = {**PUNTER_TABLE, "graded": ["strategy", "bets"]}
    url, _, ask, page, fields = play_until(
        client, csrf, db, hidden_fields, lambda _, __, kind: kind == "bet", table=table
    )
    assert "graded: basic strategy, bets;" in page
    game = replayed(db, url)[1]
    notation = expected(ask, 200 + game.learner_net, banker=False)
    assert len(notation.split(" bankroll ")[0].split()) == 2  # "stake" and the first card
    assert client.post(url + "/step", data={**fields, "units": "1"}).status_code == 303
    (stored,) = stakes(db)
    assert stored["question"] == notation and stored["answer"] == "1"


def test_no_stake_is_graded_where_bets_are_not(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url, *_, fields = play_until(client, csrf, db, hidden_fields, lambda _, __, kind: kind == "bet")
    assert client.post(url + "/step", data={**fields, "units": "1"}).status_code == 303
    assert stakes(db) == []


def test_the_drills_page_redrills_a_missed_stake(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_BANK)
    _, ask, _, kind, fields = next(waits(client, db, url, hidden_fields))
    assert kind == "bet"
    notation = expected(ask, Fraction(200), banker=True)
    right = DRILL.grade(notation, "1", replayed(db, url)[0].rules).right_answer
    wrong = "1" if right != "1" else "20"
    assert client.post(url + "/step", data={**fields, "bet0": wrong}).status_code == 303
    mistakes = client.get("/mistakes?drill=punter-stake").get_data(as_text=True)
    assert "Stakes as a punter" in mistakes
    assert "The banker shows" in mistakes  # the situation drawn small


def test_a_refused_amount_keeps_focus_in_the_amount_field(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The 1 key's button had the focus after a refusal: typing the amount again staked 1.
    url = sit(client, csrf, **PUNTER_BANK)
    *_, fields = next(waits(client, db, url, hidden_fields))
    refused = client.post(url + "/step", data={**fields, "bet0": "abc"})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "That cannot be played. A stake is an amount" in page  # a sentence, capitalised
    empty = client.post(url + "/step", data={**fields, "bet0": ""}).get_data(as_text=True)
    assert "A stake is an amount, such as 1." in empty  # the table's unit, not another's
    assert re.search(r'<input name="bet0"[^>]*autofocus', page)
    assert not re.search(r'name="units" value="1"[^>]*autofocus', page)
    assert re.search(r'<details class="bet-amounts" open>', page)
    calm = client.get(url).get_data(as_text=True)  # the page as it was: the 1 key first
    assert re.search(r'name="units" value="1"[^>]*autofocus', calm)
    assert not re.search(r'<input name="bet0"[^>]*autofocus', calm)


def test_a_stake_in_another_scripts_digits_is_refused(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # "١٠" (Arabic-Indic 10) passed the money pattern's \d and was staked as 10.
    url = sit(client, csrf, **PUNTER_BANK)
    *_, fields = next(waits(client, db, url, hidden_fields))
    refused = client.post(url + "/step", data={**fields, "bet0": "١٠"})
    assert refused.status_code == 400 and "A stake is an amount" in refused.get_data(as_text=True)
    assert replayed(db, url)[2].kind == "bet" and stakes(db) == []


@pytest.mark.parametrize(
    ("deals", "bankroll", "most", "keys"),
    [
        (True, 1000, None, (1, 10, 20, 50, 100, 200, 500, 1000)),
        (True, 1000, 300, (1, 2, 5, 10, 20, 50, 100, 200)),
        (True, 60, None, (1, 2, 5, 10, 20, 50)),
        (True, 6, None, (1, 2, 3, 4, 5, 6, 7, 8)),
        (False, 1000, None, (1, 2, 3, 4, 5, 6, 7, 8)),
    ],
)
def test_a_punters_stake_keys_reach_the_stakes_the_bankroll_makes(
    deals: bool, bankroll: int, most: int | None, keys: tuple[int, ...]
) -> None:
    """Issue 26: a punter's stake on his cards is a share of the bankroll (249, 59 of 1,000),
    so its keys run 1-2-5 up to the most the table takes, not 1 to 8 units."""
    from types import SimpleNamespace

    from trainer.web.table_form import bet_units

    spec = SimpleNamespace(
        deals=deals, unit=Fraction(1), bankroll=Fraction(bankroll),
        rules=SimpleNamespace(max_bet=None if most is None else Fraction(most)),
    )  # fmt: skip
    units = bet_units(spec)  # type: ignore[arg-type]
    assert units[: len(keys)] == keys and len(units) <= 8
    assert units == tuple(sorted(set(units)))
