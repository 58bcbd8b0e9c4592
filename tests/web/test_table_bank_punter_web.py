"""A punter at the Russian banking game (004), through the web: an engine player holds the bank
(drawing as best serves it); the learner stakes after their two cards, plays (three draws at
most), each play an attempt of the table-play drill graded by the chart for 004's rules, and
the table ends where the talia is played out and the bank passes left. A stake outside the
table's limits or the bankroll is refused, nothing stored."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_table_pages import BANK_TABLE, replayed, waits
from tests.web.test_table_web import counts, sit

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

PUNTER_BANK = {
    **BANK_TABLE,
    "others": "3",
    "punter_seat": "1",
    "graded": ["strategy", "counts", "bets", "insurance"],
}
ANSWERS = {
    "bet": {"units": "2"},
    "play": {"answer": "S"},
    "count": {"running": "0", "true": "0"},
}


def plays(db: Any) -> list[dict[str, Any]]:
    return list(db["attempts"].rows_where("drill = ?", ["table-play"], order_by="id"))


def test_a_punter_at_the_bank_stakes_after_two_cards_and_plays_the_talia_out(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_BANK)
    spec, game, ask = replayed(db, url)
    assert spec.punter_seat == 1 and ask.kind == "bet"
    assert ask.round is not None and ask.seat == 0  # the banker's left
    assert len(ask.round.hands(0)[0].cards) == 2  # both cards dealt before the stake
    page = client.get(url).get_data(as_text=True)
    assert "You have looked at your two cards" in page and "Punter C, the banker" in page
    assert "a start at seat 1 from the banker" in page
    assert "graded: basic strategy, bets, counts;" in page  # no insurance at 004
    kinds = set()
    for _, ask, page, kind, fields in waits(client, db, url, hidden_fields):
        kinds.add(kind)
        if kind == "over":
            break
        if kind == "count" and ask.final:  # a punter's talia, not their bank, is over
            assert "The talia is played out: the count?" in page
            assert f"Round <strong>{ask.number - 1}</strong>" in page  # the last one played
        if kind == "bet" and ask.number > 1:  # the round before, settled against the banker
            assert "The banker has " in page and "The dealer has" not in page
        assert kind in ANSWERS, kind  # a punter is never asked the dealer's steps
        if kind == "play":  # 004 has no double, split or surrender: no key for them
            assert not re.search(r'data-key="[DPR]"', page)
            assert not re.search(r'value="H"[^>]*disabled', page)
        response = client.post(url + "/step", data={**fields, **ANSWERS[kind]})
        assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    assert {"bet", "play"} <= kinds
    _, game, ask = replayed(db, url)
    assert ask.kind == "over" and game.table.dealer != game.setup.first_dealer  # passed left
    assert all(p.record.dealer == game.setup.first_dealer for p in game.rounds)
    assert all(p.learner == range(0, 1) for p in game.rounds)
    stakes = {p.round.stakes(0)[0] for p in game.rounds}
    assert stakes == {2}  # every stake as sent, two units of 1
    stored = plays(db)
    assert stored and all(a["rules"] == "russian-bank decks=1" for a in stored)
    summary = client.get(url).get_data(as_text=True)
    assert "The talia is played out and the bank passes to you" in summary
    assert "<dt>Perfect play expected</dt>" in summary and "hand you played as a punter" in summary
    assert "Only your plays at the table" in summary and "choices as the dealer" not in summary


def test_a_stake_outside_the_limits_or_the_bankroll_is_refused(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_BANK)
    _, ask, _, kind, fields = next(waits(client, db, url, hidden_fields))
    assert kind == "bet"
    stored = counts(db)
    for stake in ("0", "500", "-1", "x"):
        response = client.post(url + "/step", data={**fields, "bet0": stake})
        assert response.status_code == 400
        assert counts(db) == stored
    assert replayed(db, url)[2].kind == "bet"


def test_the_final_count_says_where_the_pack_ran_out_inside_a_round(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # 004's pack is dealt to its end: where it runs out inside the last round the discards
    # are shuffled to finish it, and the count asked then is of the cards since that shuffle.
    seen = set()
    for _ in range(8):
        url = sit(client, csrf, **PUNTER_BANK)
        for _, ask, page, kind, fields in waits(client, db, url, hidden_fields):
            if ask.round is not None:  # said during the round the pack ran out in, too
                refills = replayed(db, url)[1].table.shoe.refills
                assert ("The pack ran out during this round" in page) == (refills > 0)
            if kind == "count" and ask.final:
                _, game, _ = replayed(db, url)
                refilled = game.table.shoe.refills > 0
                notice = f"The pack ran out during round {ask.number - 1}"
                assert (notice in page) == refilled
                if refilled:
                    # The count is of the pile shuffled from the discards: the cards out of it
                    # (the round's), which the bar counts too, not "of 104" (a walk read
                    # "Played 10 of 104 cards" at a talia's end).
                    out = game.table.shoe.out_of_pile()
                    assert ask.seen == out and len(out) < 52
                    cards = f"{len(out)} card{' is' if len(out) == 1 else 's are'}"
                    assert f"Count that pile afresh: {cards} out of it." in page
                    bar = page.split('class="table-money"')[1].split("</div>")[0]
                    assert "Out of the pile shuffled from the discards:" in bar
                    assert f">{len(out)}</strong>" in bar and " of " not in bar.split(":")[1]
                seen.add(refilled)
                break
            response = client.post(url + "/step", data={**fields, **ANSWERS[kind]})
            assert response.status_code == 303
        if True in seen:
            return
    raise AssertionError("no pack ran out inside a round in eight talias")


def test_a_punters_next_stake_shows_the_last_rounds_cards(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """004: the next round is dealt before a punter stakes, so the round before it shows above
    it, settled; its cards were only behind a link, yet the count checks count them (a walk)."""
    from tests.web.test_table_punter_web import play_until
    from trainer.web.table_view import round_view

    def staking(_url: str, ask: Any, kind: str) -> bool:
        return kind == "bet" and ask.round is not None and ask.number > 1

    table = {**PUNTER_BANK, "mode": "test"}
    url, _, ask, page, _ = play_until(client, csrf, db, hidden_fields, staking, table=table)
    block = page.split('class="previous-cards"')[1].split('<p><a href="')[0]
    game = replayed(db, url)[1]
    with client.application.test_request_context():
        shown = round_view(game, game.rounds[-1].round, ask.number - 1)
    faces = [up for seat in shown.seats for hand in seat.hands for _, up in hand.held]
    faces += [up for _, up in shown.dealer]
    assert block.count('<span class="card') == len(faces) > 0
    assert block.count('class="card back') == len(faces) - sum(faces)


def test_a_punter_at_004_draws_at_the_table_as_in_its_quiz(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """004's quiz says Draw; its table's buttons said Hit, its summary "where hitting was
    right" (a walk)."""
    from fractions import Fraction

    from drills.table_sums import Error
    from tests.web.test_table_punter_web import play_until

    def playing(_url: str, ask: Any, kind: str) -> bool:
        return kind == "play"

    table = {**PUNTER_BANK, "mode": "test"}
    *_, page, _ = play_until(client, csrf, db, hidden_fields, playing, table=table)
    buttons = re.findall(r'<button type="submit" name="answer" value="H"[^>]*>\s*([A-Za-z]+)', page)
    assert buttons == ["Draw"], buttons
    error = Error(1, "play", "S", "H", "TS 6H v ?", taken_back=False, bets=Fraction(0))
    assert error.words == "you stood, where drawing a card was right"
    cased = Error(1, "play", "S", "H", "TS 6H v 9C", taken_back=False, bets=Fraction(0))
    assert cased.words == "you stood, where hitting was right"
