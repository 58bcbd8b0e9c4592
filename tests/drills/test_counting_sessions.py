"""Counting sessions as dealt: real shoes, checkpoints, and where the count went wrong."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from drills import InvalidQuestionError
from drills.counting.dealing import (
    build_countdown,
    build_running,
    build_shoe,
    deal_rounds,
    read_speed,
)
from drills.counting.flip_time import LEAD_MS, flip_ms, from_last_card
from drills.counting.preferences import CountPreferences
from drills.counting.session import (
    SHOE,
    Answered,
    CountingSession,
    InvalidSessionError,
    next_checkpoint,
    summary,
)
from trainer.engine.counting import running_count
from trainer.engine.deck.cards import pack
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names

PREFS = CountPreferences()


@pytest.mark.parametrize("preset", preset_names())
def test_a_shoe_is_dealt_from_the_shuffle_to_the_cut_card(preset):
    rules = find_preset(preset)
    session = build_shoe(rules, random.Random(7), PREFS, seats=3, speed=Fraction(2))
    seen = session.seen(len(session.steps) - 1)
    # Every card comes from one pack of the preset's decks, none more often than it holds.
    assert not Counter(seen) - Counter(pack(rules.decks))
    if rules.penetration < 1:
        # Rounds start until the cut card is out: the last one starts before it (a round of
        # 002 is two steps: as played, then turned over).
        last_start = len(session.steps) - (2 if session.steps[-1].phase == "turned" else 1)
        before_last = len(session.seen(last_start - 1))
        assert before_last < round(rules.penetration * rules.decks * 52)
    specs = session.checkpoints
    assert [spec.after for spec in specs] == sorted({spec.after for spec in specs})
    assert specs[-1].after == len(session.steps) - 1
    assert CountingSession.from_json(session.to_json()) == session


def test_a_round_step_holds_exactly_the_hands_of_the_round():
    burned, rounds = deal_rounds(find_preset("vegas-6d-s17"), random.Random(3), 4)
    assert burned == ()  # a casino burns face down: unseen, uncounted (issue 10)
    for (step,) in rounds:  # every card face up as it comes: one step a round
        held = [card for _, cards in step.hands for card in cards]
        assert Counter(held) == Counter(step.cards)
        assert step.hands[-1][0] == "Dealer"


@pytest.mark.parametrize("preset", ["twenty-one-club", "twenty-one-home", "permanent-bank"])
def test_face_down_cards_are_backs_in_play_and_counted_only_when_turned(preset):
    # 002 deals the first card "крапом вверх" (the back up: face down), 000 the players' both
    # cards: a round is shown as played, those cards as backs and not counted, then with
    # every card turned over at its end, the turned ones counted then.
    session = build_shoe(find_preset(preset), random.Random(5), PREFS, seats=3, speed=Fraction(2))
    plays = [at for at, step in enumerate(session.steps) if step.phase == "play"]
    assert plays
    for at in plays:
        play, turned = session.steps[at], session.steps[at + 1]
        assert (turned.phase, turned.label) == ("turned", play.label)
        held = [
            (card, up)
            for (_, cards), ups in zip(play.hands, play.faces, strict=True)
            for card, up in zip(cards, ups, strict=True)
        ]
        assert Counter(play.cards) == Counter(card for card, up in held if up)
        assert Counter(turned.cards) == Counter(card for card, up in held if not up)
        assert any(not up for ups in play.faces[:-1] for up in ups)  # a player's card
        assert [up for _, up in held] == [up for _, cards in play.held for _, up in cards]
    # A count is never asked in the middle of a round, before its cards are turned.
    assert all(session.steps[spec.after].phase != "play" for spec in session.checkpoints)
    assert CountingSession.from_json(session.to_json()) == session


@pytest.mark.parametrize(("preset", "shown"), [("twenty-one-club", 1), ("casino-boxes", 0)])
def test_the_burned_card_is_shown_and_counted_only_where_the_text_shows_it(preset, shown):
    # 002: "Сдатчик может сжечь карту - предъявить её и положить крапом вниз под колоду":
    # shown, and put face up under the pack; a casino burns face down.
    session = build_shoe(find_preset(preset), random.Random(2), PREFS, seats=3, speed=Fraction(3))
    burns = [step for step in session.steps if step.label == "Burned"]
    assert [len(step.cards) for step in burns] == ([1] if shown else [])


@pytest.mark.parametrize("group", ["1", "2", "3"])
def test_running_count_cards_come_in_groups(group):
    session = build_running(
        find_preset("vegas-6d-s17"),
        random.Random(1),
        PREFS,
        group=group,
        cards=52,
        speed=Fraction(3),
    )
    assert sum(len(step.cards) for step in session.steps) == 52
    assert all(len(step.cards) <= int(group) for step in session.steps)
    assert len(session.checkpoints) >= 2


def test_the_countdown_hides_some_cards_of_one_deck():
    session = build_countdown(random.Random(5), PREFS, removed=3, speed=Fraction(4))
    shown = session.seen(len(session.steps) - 1)
    assert len(shown) == 49 and len(session.removed) == 3
    assert Counter(shown) + Counter(session.removed) == Counter(pack(1))
    (spec,) = session.checkpoints
    assert spec.asks == ("rc", "missing")
    missing = session.checkpoint(0, "missing").right
    assert missing == running_count(PREFS.counting_system, session.removed)
    # Stored under a rules notation, as every session is: one deck.
    assert Rules.parse(session.rules).decks == 1


def test_a_countdown_stored_before_the_notation_reads_as_one():
    session = build_countdown(random.Random(5), PREFS, removed=3, speed=Fraction(4))
    old = session.to_json().replace(f'"rules":"{session.rules}"', '"rules":"one deck"')
    assert '"rules":"one deck"' in old
    assert CountingSession.from_json(old).rules == session.rules == "custom decks=1"


def test_a_balanced_count_through_a_whole_single_deck_comes_back_to_zero():
    session = build_countdown(random.Random(9), PREFS, removed=1, speed=Fraction(4))
    final = session.checkpoint(0, "rc").right
    assert final + session.checkpoint(0, "missing").right == 0


@pytest.mark.parametrize(
    ("speed", "ok"),
    [("2", True), ("0.5", True), ("20", True), ("0", False), ("x", False), ("25", False)],
)
def test_speeds(speed, ok):
    if ok:
        assert read_speed(speed) == Fraction(speed)
    else:
        with pytest.raises(InvalidSessionError):
            read_speed(speed)


def test_bad_session_settings_are_refused():
    rules = find_preset("single-deck")
    with pytest.raises(InvalidSessionError):
        build_running(rules, random.Random(1), PREFS, group="4", cards=20, speed=Fraction(1))
    with pytest.raises(InvalidSessionError):
        build_running(rules, random.Random(1), PREFS, group="1", cards=53, speed=Fraction(1))
    with pytest.raises(InvalidSessionError):
        build_shoe(rules, random.Random(1), PREFS, seats=8, speed=Fraction(1))
    with pytest.raises(InvalidSessionError):
        build_countdown(random.Random(1), PREFS, removed=0, speed=Fraction(1))


def _answered(session, index, ask, offset):
    right = session.checkpoint(index, ask).right
    given = right + offset
    text = lambda v: f"+{v}" if v > 0 else str(v)  # noqa: E731
    return Answered(text(given), text(right), offset == 0)


def test_the_summary_points_at_the_stretch_where_the_count_went_wrong():
    session = build_shoe(
        find_preset("vegas-6d-s17"), random.Random(7), PREFS, seats=3, speed=Fraction(2)
    )
    assert len(session.checkpoints) >= 4
    answers = {}
    # Right, then off by +2, still off by +2, then right again at the end.
    offsets = [0, 2, 2] + [0] * (len(session.checkpoints) - 3)
    for index, (spec, offset) in enumerate(zip(session.checkpoints, offsets, strict=True)):
        for ask in spec.asks:
            answers[index, ask] = _answered(session, index, ask, offset if ask == "rc" else 0)
        if index < len(session.checkpoints) - 1:
            assert next_checkpoint(session, answers) == index + 1
    assert next_checkpoint(session, answers) == len(session.checkpoints)
    rows = summary(session, answers)
    assert rows[0]["note"] == ""
    assert rows[1]["note"].startswith("The count went wrong between round")
    assert "off by +2" in rows[1]["note"]
    assert [s["label"] for s in rows[1]["stretch"]] == [
        session.steps[at].label for at in session.segment(1)
    ]
    assert rows[2]["note"].startswith("Still off by +2")
    assert rows[3]["note"].startswith("Right again")


def test_a_running_counts_places_are_named_in_whole_sentences(app: object) -> None:
    """Where a checkpoint stands, and where the count went wrong, said so that each language
    can decline its numbers: "after card 9", «после 9-й карты» (it said «после: карта 9»)."""
    session = build_running(
        find_preset("vegas-6d-s17"), random.Random(3), PREFS, group="1", cards=30,
        speed=Fraction(2),
    )  # fmt: skip
    assert len(session.checkpoints) >= 2
    first, second = (spec.after + 1 for spec in session.checkpoints[:2])  # a card a step
    answers = {
        (0, "rc"): _answered(session, 0, "rc", 1),
        (1, "rc"): _answered(session, 1, "rc", 3),
    }
    h = "\u2011"  # a Russian ordinal's hyphen, never broken from its number at a line's end
    said = {
        "en": (
            f"after card {first}",
            f"The count went wrong by card {first}: off by +1",
            f"The count went wrong between cards {first} and {second}: off by +2",
        ),
        "ru": (
            f"после {first}{h}й карты",
            f"Счёт сбился к {first}{h}й карте: на этом отрезке расхождение +1",
            f"Счёт сбился между {first}{h}й и {second}{h}й картами: на этом отрезке расхождение +2",
        ),
    }
    for language, (where, by, between) in said.items():
        with app.test_request_context(headers={"Accept-Language": language}):  # type: ignore[attr-defined]
            rows = summary(session, answers)
        assert rows[0]["where"] == where
        assert rows[0]["note"].startswith(by) and rows[1]["note"].startswith(between)
    with app.test_request_context(headers={"Accept-Language": "ru"}):  # type: ignore[attr-defined]
        shoe = build_shoe(find_preset("vegas-6d-s17"), random.Random(7), PREFS, seats=3,
                          speed=Fraction(2))  # fmt: skip
        shoe_answers = {(0, ask): _answered(shoe, 0, ask, 0) for ask in shoe.checkpoints[0].asks}
        shoe_answers[1, "rc"] = _answered(shoe, 1, "rc", 2)
        round_rows = summary(shoe, shoe_answers)
        assert round_rows[0]["where"].startswith("после раунда ")
        assert round_rows[1]["note"].startswith("Счёт сбился между раундами ")
        assert "«" not in round_rows[1]["note"] + rows[1]["note"]


def test_a_checkpoints_time_is_never_more_than_its_flip_shorter_than_the_servers() -> None:
    """The response time from the last card: the server's time since it drew the page, less
    the flip's time the page says, but never more than the flip's own at the set speed, so a
    page cannot make an answer look faster than that (the wait before "Deal on" is not in the
    server's time at all: pressing it draws the page again)."""
    own = flip_ms(Fraction(2), [1, 2, 0, 3])  # a step of no cards is on show for a card's time
    assert own == LEAD_MS + 7 * 500
    assert from_last_card(10_000, None, own) == 10_000  # listed at once: nothing to take off
    assert from_last_card(10_000, 3_000, own) == 7_000  # a slow flip said: taken off
    for said in (own, own + 1, 10**9):  # said faster than it could be: the flip's own only
        assert from_last_card(10_000, said, own) == 10_000 - own
    assert from_last_card(own - 1, 10**9, own) == 0
    assert from_last_card(10_000, -1, own) == 10_000


def test_checkpoints_read_back_for_the_history_and_a_re_drill():
    rules = find_preset("vegas-6d-s17")
    question = SHOE.question("tc hi-lo floor half 6d: 5H KD", rules)
    assert question.prompt == "What is the true count?"
    assert SHOE.grade("rc hi-lo 6d: 5H KD", "0", rules).correct
    with pytest.raises(InvalidQuestionError):
        SHOE.grade("setup", "0", rules)
    with pytest.raises(InvalidQuestionError):
        SHOE.question("rc hi-lo 6d: 5H 5H 5H 5H 5H 5H 5H", rules)


def test_ko_shows_its_key_count_from_the_source():
    ko = CountPreferences(system="ko")
    session = build_shoe(
        find_preset("vegas-6d-s17"), random.Random(2), ko, seats=2, speed=Fraction(2)
    )
    assert session.initial_count == -20  # 4 - 4 x 6 decks
    assert session.key_count == -4  # Knock-Out Blackjack's key count for six decks
    assert all(spec.asks == ("rc",) for spec in session.checkpoints)  # no true count in KO


def test_a_true_count_left_out_after_a_wrong_running_count_is_said_to_be():
    from drills import Grade
    from drills.counting.session import counted_once

    rc = Grade(False, "+4", "-2", "Hi-Lo, from 0, over 76 cards: -2.")
    tc = Grade(False, "+1", "-1", "76 of 312 cards seen ...")
    kept = counted_once({"rc": rc, "tc": tc})
    # One slip, counted once, and the verdict says why the true count has none (it said
    # nothing, and the learner wondered: a learner's walk). The why stays the first sentence.
    assert set(kept) == {"rc"}
    assert kept["rc"].why == rc.explanation
    assert "Your true count is not graded this time" in kept["rc"].details
    right = Grade(True, "-2", "-2", "Hi-Lo, from 0, over 76 cards: -2.")
    assert counted_once({"rc": right, "tc": tc}) == {"rc": right, "tc": tc}
    assert counted_once({"rc": rc}) == {"rc": rc}  # no true count asked: nothing to say
