"""Every drill names the skill its questions ask (the key of the item spaced repetition
schedules): questions asking the same thing share it, and it is the same however often read."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from drills import AsksOnItsPage, LearnerState, registry, rules_for
from drills.counting.session import RUNNING
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")

# The games' figures on disk (004's banker, 002's method-3 game), as the chart's job leaves them:
# drills only read them (run alone, the file found them being worked out).
pytestmark = pytest.mark.usefixtures("strategy_charts")


@pytest.mark.parametrize(
    ("slug", "notation", "skill"),
    [
        ("hand-totals", "AS 6H", "soft 17"),
        ("hand-totals", "TD 9C 5H", "bust"),
        ("basic-strategy", "TS 6H v TD", "vegas-6d-s17: hard 16 v 10"),
        ("basic-strategy", "9C 7D v KH", "vegas-6d-s17: hard 16 v 10"),
        ("basic-strategy", "8S 8H v 6D", "vegas-6d-s17: pairs 8-8 v 6"),
        ("basic-strategy", "TS 6H v AD insurance", "vegas-6d-s17: insurance"),
        ("true-count", "hi-lo floor half 6d rc -9 played 228 tray", "hi-lo floor half 6d"),
        ("deck-estimation", "6d played 223 remaining half", "6d remaining half"),
        ("payout-math", "natural-3-2|vegas-6d-s17|15|AS 9H KD 7C|-|pay", "natural-3-2"),
        ("running-count", "rc hi-lo 6d: 5H KD 2C", "rc hi-lo 6d"),
        ("table-play", "TS 6H v TD", "vegas-6d-s17: hard 16 v 10"),
        ("table-play", "TS 3H 3C v TD", "vegas-6d-s17: hard 16 v 10, 3 cards or more"),
        ("table-play", "8S 8D v 6H split 2", "vegas-6d-s17: pairs 8-8 v 6, split"),
    ],
)
def test_a_question_names_its_skill(slug: str, notation: str, skill: str) -> None:
    drill = registry()[slug]
    drill.question(notation, RULES)  # a question the drill asks
    assert drill.skill(notation, RULES) == skill


@pytest.mark.parametrize(
    "slug", [slug for slug, drill in registry().items() if isinstance(drill, AsksOnItsPage)]
)
def test_every_drills_questions_have_a_short_stable_skill(slug: str, count_studies: None) -> None:
    drill = registry()[slug]
    for seed in range(5):
        question = drill.new_question(random.Random(seed), RULES, LearnerState())
        rules = rules_for(drill, question.notation, RULES)
        skill = drill.skill(question.notation, rules)
        assert 0 < len(skill) <= 80
        assert drill.skill(question.notation, rules) == skill


@pytest.mark.parametrize(
    ("slug", "key", "words"),
    [
        ("hand-totals", "soft 17", "soft 17"),
        ("basic-strategy", "vegas-6d-s17: hard 16 v 10",
         "hard 16 against a 10 (Las Vegas, 6 decks, dealer stands on soft 17)"),
        ("basic-strategy", "vegas-6d-s17: pairs 8-8 v A",
         "pairs 8-8 against an ace (Las Vegas, 6 decks, dealer stands on soft 17)"),
        ("basic-strategy", "vegas-6d-s17: insurance hi-lo",
         "insurance, decided by the Hi-Lo count (Las Vegas, 6 decks, dealer stands on soft 17)"),
        ("deviations", "vegas-6d-s17: hi-lo hard 12 v 8",
         "hard 12 against an 8, played by the Hi-Lo count"
         " (Las Vegas, 6 decks, dealer stands on soft 17)"),
        ("true-count", "hi-lo floor half 6d", "Hi-Lo, rounded down, to the half deck, 6 decks"),
        ("deck-estimation", "6d remaining half", "Decks remaining of 6, to the half deck"),
        ("payout-math", "natural-6-5", "A natural at 6:5"),
        ("bet-sizing", "ko rc +4", "The bet at a KO (Knock-Out) running count of +4"),
        ("running-count", "rc hi-lo 1d", "Running count, Hi-Lo, 1 deck"),
        ("shoe-count", "tc hi-lo floor half 1d",
         "True count, Hi-Lo, rounded down, to the half deck, 1 deck"),
        ("running-count", "hi-lo 6d at 1.5 cards/s",
         "Counting Hi-Lo, 6 decks, at 1.5 cards a second"),
        ("running-count", "hi-lo 6d at 1 cards/s", "Counting Hi-Lo, 6 decks, at 1 card a second"),
        ("running-count", "hi-lo 6d at 1e9 cards/s",  # not a speed: the general reading
         "6 decks at 1e9 cards/s, played by the Hi-Lo count"),
        ("shoe-penetration", "vegas-6d-s17 hi-lo rounds",
         "Rounds a shoe lasts, Hi-Lo (Las Vegas, 6 decks, dealer stands on soft 17)"),
        ("payout-math", "natural-9-9", "natural-9-9"),  # a key it cannot read: as it is
        ("basic-strategy", "nonsense: hard 16 v 10", "nonsense: hard 16 against a 10"),
    ],
)  # fmt: skip
def test_an_item_is_listed_in_plain_words(slug: str, key: str, words: str) -> None:
    assert registry()[slug].skill_words(key) == words


@pytest.mark.parametrize(
    "slug", [slug for slug, drill in registry().items() if isinstance(drill, AsksOnItsPage)]
)
def test_no_drills_item_is_listed_by_its_stored_key(slug: str, count_studies: None) -> None:
    drill = registry()[slug]
    for seed in range(5):
        question = drill.new_question(random.Random(seed), RULES, LearnerState())
        rules = rules_for(drill, question.notation, RULES)
        words = drill.skill_words(drill.skill(question.notation, rules))
        assert rules.notation() + ":" not in words and " v " not in words
        assert "hi-lo" not in words and "natural-" not in words


def test_a_counting_session_is_counting_in_a_system_at_a_speed() -> None:
    from drills.counting.session import CountingSession

    session = CountingSession(
        kind="running",
        system="hi-lo",
        convention="floor",
        resolution="half",
        decks=6,
        rules=RULES.notation(),
        speed=Fraction(3, 2),
        steps=(),
        checkpoints=(),
    )
    assert RUNNING.session_skill(session) == "hi-lo 6d at 1.5 cards/s"


def test_the_weakest_mix_draws_the_cells_due_for_review_first() -> None:
    from drills.strategy_cells import Cell, cell_of, read_situation
    from drills.strategy_quiz import DRILL

    due = [Cell("hard", "16", "10"), Cell("soft", "18", "9")]
    tally = {Cell("pairs", "8-8", "A"): (0, 3)}  # a weak cell, but none is due
    asked = set()
    for seed in range(30):
        question = DRILL.next_question(
            random.Random(seed), RULES, mix="weakest", last_question=None, tally=tally, due=due
        )
        asked.add(cell_of(read_situation(question.notation, RULES)[0], RULES))
    assert asked == set(due)
    question = DRILL.next_question(
        random.Random(1), RULES, mix="weakest", last_question=None, tally=tally
    )
    assert cell_of(read_situation(question.notation, RULES)[0], RULES) == Cell("pairs", "8-8", "A")


def test_a_key_no_pattern_reads_joins_no_english_to_it_in_russian(app: Any) -> None:
    """Issue 30: a key the helpers cannot read is shown as it is, but its up card, decks and
    system are said through the catalogue, as the cells' own are (no "against a 10" or "at the
    Hi-Lo count" in English on a Russian page)."""
    from drills.skill_words import words_of

    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert words_of("nonsense: hard 16 v 10") == "nonsense: hard 16 против 10"
        assert words_of("hi-lo half v A 6d") == "half против туза 6 колод, игра по счёту Hi-Lo"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert (
            words_of("hi-lo half v A 6d")
            == "half against an ace 6 decks, played by the Hi-Lo count"
        )
