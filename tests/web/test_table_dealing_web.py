"""The learner dealing, through the web: each of the dealer's choices (a draw or a stand, the
double at twenty-one-home) is an attempt of the table-dealing drill, stored once, re-drilled
from the mistakes page under the rules it was made in; a forged step stores nothing."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from drills.table_dealing import KEYS, dealer_grade, dealer_notation, standing_hands
from drills.table_session import DEFAULT_STOP_AT
from tests.web.test_table_pages import BANK_TABLE, replayed, waits
from tests.web.test_table_web import assert_why_given, sit
from trainer.engine.banker.dealer_choice import unseen_values
from trainer.engine.banker.doubling import doubling_cards, doubling_chance, players_ev_against

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

HOME_TABLE = {
    "rules": "twenty-one-home",
    "graded": ["strategy"],
    "unit": "1",
    "bankroll": "200",
    "mode": "training",
    "others": "3",
}


def dealing_attempts(db: Any) -> list[dict[str, Any]]:
    return list(db["attempts"].rows_where("drill = ?", ["table-dealing"], order_by="id"))


def to_a(
    kind_wanted: str, client: Any, db: Any, url: str, hidden_fields: Any, or_none: bool = False
) -> Any:
    """Play on (dealing, standing, counting 0) to the first step of ``kind_wanted``; the ask
    and the form's fields there (``or_none``: None where the table ends first)."""
    for spec, ask, _, kind, fields in waits(client, db, url, hidden_fields):
        if kind == "over" and or_none:
            return None
        # Not a double on a first card the dealer doubles on at times (both answers right).
        mixed = (
            kind == "double"
            and 0 < doubling_chance(spec.rules, ask.round.dealer_cards[0].value) < 1
        )
        if (
            kind == kind_wanted
            and not mixed
            and dealer_grade(spec.rules, ask, "stand" if kind == "draw" else "double 0")
        ):
            return spec, ask, fields
        data = {
            "deal": {"answer": "D"},
            "double": {"answer": "N"},
            "draw": {"answer": "S"},
            "count": {"running": "0", "true": "0"},
            "bet": {"units": "1"},  # the deal passed to the learner's box: a punter's stake
            "play": {"answer": "S"},
            "redouble": {"answer": "N"},
        }[kind]
        assert client.post(url + "/step", data={**fields, **data}).status_code == 303
    raise AssertionError(f"no {kind_wanted} came")


def wrong_letter(grade: Any, kind: str) -> str:
    right = next(key for key, word in KEYS[kind].items() if word == grade.right_answer)
    return next(key for key in KEYS[kind] if key != right)


def test_a_wrong_draw_is_an_attempt_on_the_mistakes_page_and_drilled_again(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **BANK_TABLE)
    spec, ask, fields = to_a("draw", client, db, url, hidden_fields)
    grade = dealer_grade(spec.rules, ask, "draw")
    assert grade is not None
    before = len(dealing_attempts(db))
    letter = wrong_letter(grade, "draw")
    sent = {**fields, "answer": letter}
    assert client.post(url + "/step", data=sent).status_code == 303
    again = client.post(url + "/step", data=sent, follow_redirects=True)  # sent twice
    assert again.status_code == 200
    stored = dealing_attempts(db)
    assert len(stored) == before + 1  # once, not twice
    attempt = stored[-1]
    assert attempt["correct"] == 0 and attempt["rules"] == "russian-bank decks=1"
    assert attempt["answer"] == KEYS["draw"][letter]
    assert attempt["right_answer"] == grade.right_answer
    assert attempt["question"].startswith("draw ") and " unseen " in attempt["question"]
    mistakes = client.get("/mistakes?drill=table-dealing").get_data(as_text=True)
    assert "Table dealing" in mistakes and "You, the banker:" in mistakes  # 004's bank
    assert_why_given(client, db, "table-dealing")
    assert "You, dealing" not in mistakes
    # Named as what it is beside the drill it is filed under (with a punter's redoubles).
    assert "Table dealing</strong> · the dealer's draw or stand" in mistakes.replace("&#39;", "'")
    # Priced in table minimums, as the table's verdict priced it (not "% of the bet").
    cost = re.search(r'<span class="cost">Cost: ([^<]*)</span>', mistakes)
    assert cost is not None and "minimum" in cost.group(1), cost
    data = {"drill": "table-dealing", "sort": "newest", "csrf_token": csrf()}
    review = client.post("/mistakes/review", data=data)
    assert review.status_code == 303
    question = client.get(review.headers["Location"]).get_data(as_text=True)
    assert "Draw or stand?" in question and "cards you have not seen" in question
    right = next(key for key, word in KEYS["draw"].items() if word == grade.right_answer)
    answered = client.post(
        "/drills/table-dealing/answer",
        data={**hidden_fields(question), "answer": right},
        follow_redirects=True,
    )
    page = answered.get_data(as_text=True)
    assert answered.status_code == 200, page[:2000]
    assert "Right" in page and "to the bank" in page
    assert dealing_attempts(db)[-1]["correct"] == 1


def test_a_forged_dealer_step_stores_nothing(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **BANK_TABLE)
    _, _, fields = to_a("draw", client, db, url, hidden_fields)
    counts = (db["table_steps"].count, db["attempts"].count)
    for forged in ({"answer": "D"}, {"answer": "HH"}, {"answer": "S", "kind": "double"}):
        response = client.post(url + "/step", data={**fields, **forged})
        assert response.status_code == 400
        assert (db["table_steps"].count, db["attempts"].count) == counts
    # A dealer's question sent to the drill's own road, not from a review: refused.
    direct = {"question": "double TS stakes 3", "answer": "D", "rules": "twenty-one-home"}
    response = client.post(
        "/drills/table-dealing/answer", data={**direct, "token": "t" * 20, "csrf_token": csrf()}
    )
    assert response.status_code == 400
    assert (db["table_steps"].count, db["attempts"].count) == counts


def test_the_double_at_twenty_one_home_is_graded_and_stored(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    for _ in range(8):  # a table whose doubles all came on a five or a six: another
        url = sit(client, csrf, **HOME_TABLE)
        found = to_a("double", client, db, url, hidden_fields, or_none=True)
        if found is not None:
            break
    assert found is not None
    spec, ask, fields = found
    first = ask.round.dealer_cards[0].value
    players = players_ev_against(spec.rules, first)
    grade = dealer_grade(spec.rules, ask, "double 1")
    assert grade is not None
    # Doubling is right where the bank gains by it, the punters' redoubles counted.
    assert grade.correct == (first in doubling_cards(spec.rules))
    letter = wrong_letter(grade, "double")
    response = client.post(url + "/step", data={**fields, "answer": letter})
    shown = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Doubling the bets" in shown and f"{players * 100:+.2f}%".replace("-", "\u2212") in shown
    attempt = dealing_attempts(db)[-1]
    assert attempt["question"] == f"double {ask.round.dealer_cards[0]} stakes 3 punters 3"
    assert attempt["correct"] == 0 and attempt["ev_cost"]
    # A wrong double is held in training mode, like a draw, where it costs enough to stop for
    # (at method 3's equilibrium a double on some cards costs the bank little).
    held = Fraction(attempt["ev_cost"]) >= DEFAULT_STOP_AT
    assert ("held-choice" in shown) == held
    mistakes = client.get("/mistakes?drill=table-dealing").get_data(as_text=True)
    assert "Your first card" in mistakes
    _, _, now = replayed(db, url)
    if held:
        assert now.kind == "double"  # not played until kept


@pytest.mark.long
def test_a_draw_with_only_the_punters_face_down_cards_left_is_not_graded(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # Seed 28 of this table comes to the dealer's turn with the pack dealt out and 3 punters'
    # cards face down: a draw would come from the discards (a 500 once, its notation refused
    # when graded).
    url = sit(client, csrf, **HOME_TABLE)
    db.execute("UPDATE table_sessions SET seed = 28")
    db.conn.commit()
    for spec, ask, _, kind, fields in waits(client, db, url, hidden_fields):
        assert kind != "over", "no such draw came"
        hidden = sum(hand.hidden for hand in standing_hands(ask.round)) if ask.round else 0
        if kind == "draw" and sum(unseen_values(spec.rules, ask.seen)) <= hidden:
            assert dealer_notation(spec.rules, ask) is None
            before = len(dealing_attempts(db))
            assert client.post(url + "/step", data={**fields, "answer": "S"}).status_code == 303
            assert len(dealing_attempts(db)) == before
            return
        data = {"deal": "D", "double": "N", "draw": "S"}
        sent = {"running": "0", "true": "0"} if kind == "count" else {"answer": data[kind]}
        assert client.post(url + "/step", data={**fields, **sent}).status_code == 303
    raise AssertionError("no such draw came")


def test_a_re_drilled_dealers_choice_is_said_in_the_learners_words(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """A dealer's draw re-drilled from the mistakes page, in Russian: its verdict names the
    choices in Russian ("нужно стоять, а не прикупать"), not as stored ("нужно stand, а не
    draw": the page mapped the keys' labels by their letters, and the drill stores words)."""
    from tests.conftest import store_answer
    from tests.web.test_resend import action_of, sign_up

    user_id = sign_up(client, csrf)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    question = "draw 5H 5D KS against ? TS stake 2; ? KH stake 2; ? 5C TC stake 2; ? AC 8S stake 2; unseen 3 3 4 4 1 4 4 3 4 12"  # noqa: E501  # fmt: skip
    store_answer(
        db, user_id, "a-dealers-draw", drill="table-dealing", question=question,
        rules="twenty-one-home", answer="draw", right_answer="stand", correct=False,
    )  # fmt: skip
    data = {"drill": "table-dealing", "sort": "newest", "csrf_token": csrf()}
    review = client.post("/mistakes/review", data=data)
    assert review.status_code == 303
    page = client.get(review.headers["Location"]).get_data(as_text=True)
    fields = {**hidden_fields(page), "answer": "H"}
    shown = client.post(action_of(page), data=fields, follow_redirects=True).get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", shown))
    assert "Неверно: нужно стоять, а не прикупать." in text, text[:3000]
    assert " draw" not in text and " stand," not in text


@pytest.mark.parametrize(("rules", "doubles"), [("twenty-one-home", True), ("russian-bank", False)])
def test_the_drills_lead_names_the_choices_its_game_has(
    client: Any, rules: str, doubles: bool
) -> None:
    # 004's banker never doubles the bets, and no punter redoubles: its lead said both (a walk).
    with client.session_transaction() as session:
        session["rules"] = rules
    page = client.get("/drills/table-dealing").get_data(as_text=True)
    lead = re.search(r'<p class="lead" id="drill-lead">(.*?)</p>', page, re.S)
    assert lead is not None and "drawing or standing" in lead.group(1)
    assert ("doubling the bets" in lead.group(1)) is doubles
    assert ("redoubles" in lead.group(1)) is doubles
    assert ("holding the deal (" in lead.group(1)) is doubles  # 002 home has no bank
