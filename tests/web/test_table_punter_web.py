"""A punter at twenty-one-home, through the web: the learner starting at a seat that is not
the deal bets after their first card, plays, and answers the dealer's double; a redouble is
an attempt of the table-dealing drill, stored once however often it is sent, re-drilled from
the mistakes page by its notation alone; a forged step is refused, nothing stored."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from drills.method3_reading import Reading
from drills.table_dealing import KEYS, dealer_grade
from drills.table_play import notation_of
from tests.web.test_table_dealing_web import HOME_TABLE, dealing_attempts, wrong_letter
from tests.web.test_table_pages import replayed, waits
from tests.web.test_table_web import counts, sit
from trainer.engine.play.method3_punters import method3_action, reading_of, staking
from trainer.engine.play.round import Action
from trainer.engine.play.table_game import _HOUSE_MONEY, Ask

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

PUNTER_TABLE = {**HOME_TABLE, "punter_seat": "2"}
ANSWERS = {
    "bet": {"units": "1"},
    "play": {"answer": "S"},
    "deal": {"answer": "D"},
    "double": {"answer": "N"},
    "draw": {"answer": "S"},
    "redouble": {"answer": "N"},
    "count": {"running": "0", "true": "0"},
}


def play_until(
    client: Any,
    csrf: Any,
    db: Any,
    hidden_fields: Any,
    wanted: Callable[[str, Ask, str], bool],
    *,
    table: dict[str, Any] = PUNTER_TABLE,
    url: str = "",
) -> Any:
    """Play on (by ``ANSWERS``) at ``url`` (or a new table) to the first step where
    ``wanted(url, ask, kind)`` holds: the table's address, spec, ask, page and fields there.
    The seed is the table's own: where the pack ends first (the deal came back to the learner
    and stayed, say: about one table in six), another table is sat at, twelve at most."""
    for _ in range(12):
        url = url or sit(client, csrf, **table)
        for spec, ask, page, kind, fields in waits(client, db, url, hidden_fields):
            if wanted(url, ask, kind):
                return url, spec, ask, page, fields
            if kind == "over":
                break
            response = client.post(url + "/step", data={**fields, **answer(spec, ask, kind)})
            assert response.status_code == 303
        url = ""
    raise AssertionError("the step wanted came in no table of twelve")


def answer(spec: Any, ask: Ask, kind: str) -> dict[str, str]:
    """What ``play_until`` answers: the dealer's choices right (a wrong one would be a
    table-dealing mistake, asked before the one a test makes), anything else by ``ANSWERS``."""
    grade = dealer_grade(spec.rules, ask, {"draw": "stand", "double": "double 0"}.get(kind, ""))
    if grade is None:
        return ANSWERS[kind]
    return {"answer": next(k for k, word in KEYS[kind].items() if word == grade.right_answer)}


def to_the_redouble(client: Any, csrf: Any, db: Any, url: str, hidden_fields: Any) -> Any:
    """Play on to the first redouble asked (at another table where the pack ends first)."""
    return play_until(
        client, csrf, db, hidden_fields, lambda _, __, kind: kind == "redouble", url=url
    )


def test_the_learner_starts_as_a_punter_and_bets_after_the_first_card(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_TABLE)
    spec, game, ask = replayed(db, url)
    assert spec.punter_seat == 2 and ask.kind == "bet"
    assert ask.round is not None and ask.seat == 1  # their first card dealt, face down
    page = client.get(url).get_data(as_text=True)
    assert "You have looked at your first card" in page and "Punter B, dealing" in page
    assert 'aria-label="You"' in page
    assert "no stake yet" in page  # the punters' stakes come after their first card


def test_a_redouble_is_graded_stored_once_and_drilled_again(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_TABLE)
    url, spec, ask, page, fields = to_the_redouble(client, csrf, db, url, hidden_fields)
    assert "The dealer doubled every bet: redouble?" in page
    grade = dealer_grade(spec.rules, ask, "redouble 1")
    assert grade is not None
    letter = wrong_letter(grade, "redouble")
    before = len(dealing_attempts(db))
    sent = {**fields, "answer": letter}
    assert client.post(url + "/step", data=sent).status_code == 303
    assert client.post(url + "/step", data=sent, follow_redirects=True).status_code == 200
    stored = dealing_attempts(db)
    assert len(stored) == before + 1  # once, not twice
    first = ask.round.hands(ask.seat)[0].cards[0]
    stake = sum(ask.round.stakes(ask.seat))
    attempt = stored[-1]
    assert attempt["question"] == f"redouble {first} stake {stake}"
    assert attempt["rules"] == "twenty-one-home" and attempt["correct"] == 0
    shown = client.get(url).get_data(as_text=True)
    # The verdict names the play ("Not redoubling was right; ..."), not the step's name again.
    assert "held-choice" in shown and "redoubling was right" in shown.lower()
    mistakes = client.get("/mistakes?drill=table-dealing").get_data(as_text=True)
    assert "the dealer has doubled every bet" in mistakes
    # Named as what it is beside the drill it is filed under.
    assert "Table dealing</strong> · a punter's redouble" in mistakes.replace("&#39;", "'")
    cost = re.search(r'<span class="cost">Cost: ([^<]*)</span>', mistakes)
    assert cost is not None and "of the bet" in cost.group(1), cost  # his stake's share
    data = {"drill": "table-dealing", "sort": "newest", "csrf_token": csrf()}
    review = client.post("/mistakes/review", data=data)
    assert review.status_code == 303
    question = client.get(review.headers["Location"]).get_data(as_text=True)
    assert "Redouble your stake?" in question
    right = "D" if grade.right_answer == "redouble" else "N"
    answered = client.post(
        "/drills/table-dealing/answer",
        data={**hidden_fields(question), "answer": right},
        follow_redirects=True,
    )
    assert answered.status_code == 200 and "Right" in answered.get_data(as_text=True)
    assert dealing_attempts(db)[-1]["correct"] == 1


def test_a_forged_redouble_is_refused_and_stores_nothing(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **PUNTER_TABLE)
    _, game, ask = replayed(db, url)
    assert ask.kind == "bet"
    page = client.get(url).get_data(as_text=True)
    fields = hidden_fields(page)
    stored = counts(db)
    # A redouble where none is asked (at the bet), and with the bet's own kind.
    for forged in ({"kind": "redouble", "answer": "D"}, {"answer": "D"}):
        response = client.post(url + "/step", data={**fields, **forged})
        assert response.status_code == 400
        assert counts(db) == stored
    assert replayed(db, url)[2].kind == "bet"  # the table unchanged
    url, _, ask, _, fields = to_the_redouble(client, csrf, db, url, hidden_fields)
    stored = counts(db)
    for forged in ({"answer": "H"}, {"answer": "DD"}, {"answer": "S", "kind": "play"}, {}):
        response = client.post(url + "/step", data={**fields, **forged})
        assert response.status_code == 400
        assert "That cannot be played" in response.get_data(as_text=True) or forged.get("kind")
        assert counts(db) == stored
    assert replayed(db, url)[2].kind == "redouble"


def test_a_seat_that_is_not_at_the_table_is_refused(client: Any, csrf: Any, db: Any) -> None:
    data = {**PUNTER_TABLE, "punter_seat": "4", "csrf_token": csrf()}
    response = client.post("/table/", data={**_setup(), **data})
    assert response.status_code == 400
    assert "start as a punter" in response.get_data(as_text=True)


def _setup() -> dict[str, Any]:
    from tests.web.test_table_web import SETUP

    return dict(SETUP)


def test_the_round_just_settled_is_shown_beside_the_next_rounds_first_card(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # At twenty-one-home a punter bets after their first card, so the table waiting for a
    # later round's bet already has that round on the felt: the round before's settlement is
    # shown beside it (it was on no page before). The learner's natural may bring the deal
    # back to them, so the first such bet is looked for.
    def later_bet(_: str, ask: Ask, kind: str) -> bool:
        return kind == "bet" and ask.number > 1

    _, _, ask, page, _ = play_until(client, csrf, db, hidden_fields, later_bet)
    assert ask.round is not None
    assert f"Round {ask.number - 1} settled" in page
    assert f"Your bet for round {ask.number}" in page
    # 002's home game names the player dealing (its text's сдатчик), not a casino's dealer.
    assert "The player dealing has" in page and "The dealer has" not in page


def test_the_settlement_says_when_a_natural_takes_the_deal(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The learner deals; a punter's natural takes the deal: the round's settlement says who
    # deals next, on the page that shows it (the learner then bets as a punter).
    def passed(url: str, _: Ask, __: str) -> bool:
        game = replayed(db, url)[1]
        return any(p.record.next_dealer != p.record.dealer for p in game.rounds)

    url, _, _, page, _ = play_until(client, csrf, db, hidden_fields, passed, table=HOME_TABLE)
    game = replayed(db, url)[1]
    record = next(p.record for p in game.rounds if p.record.next_dealer != p.record.dealer)
    assert record.dealer == 0 and record.next_dealer is not None
    name = game.table.names[record.next_dealer]
    assert f"{name}&#39;s natural takes the deal" in page
    assert f"Round {record.number} settled" in page


def test_a_punters_play_is_graded_by_the_games_play_for_the_dealers_double(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """The learner's play at the home game names whether the dealer doubled, and is graded by
    the game's punters' play for it (his face-down card read from his double), not by the
    chart, which reads the up card alone: the play the engine's punters make in the learner's
    seat, reading what the table shows them too (how many punters stake, the cards shown)."""
    url, spec, ask, page, fields = play_until(
        client, csrf, db, hidden_fields, lambda _, __, kind: kind == "play"
    )
    doubled = ask.round.dealer_doubled
    said = "The dealer doubled the stakes" if doubled else "The dealer did not double"
    assert said in page  # the play step says it, as the quiz does
    hand, up = ask.round.hands(ask.seat)[0].cards, ask.round.up_card
    action = method3_action(ask.round)
    assert action is not None
    right = {Action.HIT: "H", Action.STAND: "S", Action.SPLIT: "P"}[action]
    wrong = "H" if right == "S" else "S"
    assert client.post(url + "/step", data={**fields, "answer": wrong}).status_code == 303
    (attempt,) = db["attempts"].rows_where("drill = ?", ["table-play"])
    seen, _ = reading_of(ask.round, ask.seat, hand)
    reading = Reading(staking(ask.round), seen)
    assert attempt["question"] == notation_of(tuple(hand), up, 0, None, doubled, reading)
    assert attempt["question"].endswith(" not doubled" if not doubled else " doubled")
    assert (attempt["right_answer"], attempt["correct"]) == (right, 0)
    mistakes = client.get("/mistakes?drill=table-play").get_data(as_text=True)
    assert said in mistakes
    # Drilled again, the wrong play's verdict gives its cost in its first line, as the quiz's.
    data = {"drill": "table-play", "sort": "newest", "csrf_token": csrf()}
    review = client.post("/mistakes/review", data=data)
    question = client.get(review.headers["Location"]).get_data(as_text=True)
    assert said in question and "dealer's double" in html.unescape(question)  # line and lead
    # What the table showed, in words (the notation's "at 3 seen 4T" only in hidden fields).
    shown = f"At a table of {reading.punters} punters, shown this round besides your cards"
    assert (shown in question) == bool(seen)
    assert re.search(r">[^<]*\bseen [A2-9T]+\b", question) is None
    forged = {**hidden_fields(question), "answer": wrong}
    # A forged reading (002 seats twelve; the pack has 16 tens): refused, nothing stored.
    for bad in (" at 13", " at 3 seen " + "T" * 17):
        forged["question"] = notation_of(tuple(hand), up, 0, None, None) + bad + " doubled"
        before = db["attempts"].count
        response = client.post("/drills/table-play/answer", data=forged)
        assert response.status_code == 400
        assert "not the question this review asked" in response.get_data(as_text=True)
        assert db["attempts"].count == before
    answered = client.post(
        "/drills/table-play/answer",
        data={**hidden_fields(question), "answer": wrong},
        follow_redirects=True,
    ).get_data(as_text=True)
    first = re.search(r'id="feedback-heading"[^>]*>([^<]*)<', answered)
    assert first is not None and "Not quite" in first[1] and "It costs" in first[1], first


def test_a_split_punters_hands_are_named_apart_in_the_settlement(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """The learner deals; a punter splits: the settled round names each of his hands with its
    number, once ("Punter B, hand 2"; the bank's lines read "Punter B, hand 1, hand 2").
    The tables' shoes are numbered 0, 1, 2, ... rather than random (shoes 0 to 4 see no split
    settled, and twelve random shoes once saw none either), so every run plays the same ones."""
    for seed in range(40):
        url = sit(client, csrf, **{**HOME_TABLE, "others": "6"})
        table_id = url.rstrip("/").rsplit("/", 1)[-1]
        with db.conn:
            db.execute("UPDATE table_sessions SET seed = ? WHERE id = ?", [seed, table_id])
        for spec, ask, page, kind, fields in waits(client, db, url, hidden_fields):
            for block in re.findall(r'<div class="settlement.*?</ul>', html.unescape(page), re.S):
                if ", hand 2" in block:
                    assert ", hand 1, hand 2" not in block and ", hand 1:" in block
                    return
            if kind == "over":
                break
            response = client.post(url + "/step", data={**fields, **answer(spec, ask, kind)})
            assert response.status_code == 303
    raise AssertionError("no punter's split settled in forty tables")


def test_the_settlement_says_when_the_deal_is_sold_and_for_how_much(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # With 002's auction on, the deal that a natural would take is sold: the settlement said
    # "Your natural takes the deal" where another player's natural had passed it and the
    # learner's bid (made at the deal's worth) bought it, and said nothing of the chips moved.
    from trainer.engine.banker.auction import natural_taker
    from trainer.web.table_money import money

    def sold(url: str, _: Ask, __: str) -> bool:
        game = replayed(db, url)[1]
        return any(p.record.deal_sold_for is not None for p in game.rounds)

    table = {**HOME_TABLE, "rules": "twenty-one-home deal_auction=true", "others": "6"}
    url, _, _, page, _ = play_until(client, csrf, db, hidden_fields, sold, table=table)
    game = replayed(db, url)[1]
    record = next(p.record for p in game.rounds if p.record.deal_sold_for is not None)
    # The learner's money is the table's (each seat starts with the house's money): the price
    # paid or shared moved it too (the bankroll shown left it out).
    assert game.learner_net == game.table.bankroll(0) - _HOUSE_MONEY
    sales = [p.record for p in game.rounds if p.record.deal_sold_for is not None]
    others = Fraction(1, len(game.table.names) - 1)  # a price is shared by the others
    paid = sum(r.deal_sold_for * (-1 if r.next_dealer == 0 else others) for r in sales)
    assert game.deal_sales == paid != 0
    assert record.dealer is not None and record.next_dealer is not None
    names, price = game.table.names, record.deal_sold_for
    taker = natural_taker(record.result, record.seat_players, record.dealer)
    assert taker != record.dealer
    text = html.unescape(re.sub(r"\s+", " ", page))
    assert "takes the deal" not in text
    # The table's settings line said "(the deal passes to naturals)" beside the auction's rule.
    settings = html.unescape(client.get(url).get_data(as_text=True))
    assert "(it is sold when a natural would take it)" in settings
    assert "passes to naturals" not in settings
    whose = "Your natural" if taker == 0 else f"{names[taker]}'s natural"
    assert f"{whose} would take the deal; at this table it is sold instead." in text
    share = money(price / (len(names) - 1))
    if record.next_dealer == 0:
        assert f"made for you at the deal's worth, bought it for {money(price)};" in text
        assert f"each other player gets {share}. You deal the next round." in text
    else:
        name = names[record.next_dealer]
        assert f"{name} bought it for {money(price)}; you and each other player" in text
        assert f"you and each other player get {share}." in text
