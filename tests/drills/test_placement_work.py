"""No request buys more than a bounded amount of work: the placement check (/path/placement),
the quiz's insurance questions and the deviations drill's questions are drawn by the rules and
the cached chart and count study alone, never by the compiled EV arithmetic, which on a server
just started takes some 15 to 25 s to compile or load (the first load of /path/placement took
25 s). The answers they need come from the engine's cheap answers, which agree with the full
ones for every preset."""

from __future__ import annotations

import random
from typing import Any

import pytest

from drills import get_drill
from drills import path as steps
from drills.strategy_quiz import _insurance_evs
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.engine.strategy import action_evs, first_actions, insurance_evs
from trainer.engine.strategy import ev as ev_module
from trainer.engine.strategy.hands import HandValues

FACE_UP = [name for name in preset_names() if find_preset(name).deal_faces != "all-down"]


@pytest.mark.parametrize("name", FACE_UP)
def test_the_cheap_answers_agree_with_the_full_ones(name: str) -> None:
    rules = find_preset(name)
    for up in (1, 6, 10):
        for a in range(1, 11):
            for b in range(a, 11):
                try:
                    full = action_evs(rules, (a, b), up)
                except ValueError:  # cards the shoe does not hold
                    continue
                assert first_actions(rules, (a, b), up) == tuple(full)
                for action, value in insurance_evs(rules, (a, b), up).items():
                    assert full[action] == value


@pytest.fixture
def no_compiled_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any EV of a play worked out now fails the test."""

    def refused(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a play's EV was worked out while asking a question")

    for name in ("_stand", "_hit", "_double"):
        monkeypatch.setattr(HandValues, name, refused)
    monkeypatch.setattr(ev_module.UpCardAnalysis, "split", refused)
    _insurance_evs.cache_clear()


@pytest.mark.usefixtures("strategy_charts", "count_studies", "no_compiled_work")
def test_the_placement_check_is_drawn_without_working_out_a_play() -> None:
    rules = Rules.parse("vegas-6d-s17")
    drawn_slugs: set[str] = set()
    for seed in range(40):
        drawn = steps.draw_placement(random.Random(seed), rules, {})
        assert not drawn.waiting  # the study is there: every step is asked
        drawn_slugs |= {drill.slug for _step, drill, _question in drawn.asked}
    assert {"basic-strategy", "deviations"} <= drawn_slugs


@pytest.mark.usefixtures("strategy_charts", "count_studies")
def test_the_placement_asks_no_question_a_newcomers_default_answers() -> None:
    # No insurance at a true count of +2 placed a newcomer past the index step (a walk): the
    # check's deviation is one where the index's play is right, its bet one the ramp raises.
    from drills.bet_sizing import read_question as read_bet
    from drills.deviations import read_count
    from drills.deviations import read_question as read_deviation
    from trainer.engine.indices import bet_ramp
    from trainer.engine.indices.cache import study

    rules = Rules.parse("vegas-6d-s17")
    for seed in range(30):
        drawn = steps.draw_placement(random.Random(seed), rules, {})
        asked = {step: question.notation for step, _drill, question in drawn.asked}
        deviation = read_deviation(asked["deviations"], rules)
        indices = study(rules, deviation.system).indices
        cell = deviation.cell(rules)
        count = float(read_count(deviation, rules).value)
        assert indices.play_at(*cell, count) != indices.find(*cell)[0].basic, asked
        system, bankroll, risk, bet_count = read_bet(asked["bets"], rules)
        ramp = bet_ramp(study(rules, system).edge, bankroll, float(risk))
        assert ramp.bet_at(bet_count) > ramp.bets[0][1], asked


@pytest.mark.usefixtures("strategy_charts", "no_compiled_work")
def test_an_insurance_question_is_asked_without_working_out_a_play() -> None:
    quiz = get_drill("basic-strategy")
    rules = Rules.parse("vegas-6d-s17")
    for hand in ("T6", "AT", "88", "23"):  # a natural asks even money
        question = quiz.question(f"{hand[0]}S {hand[1]}H v AD insurance", rules)
        assert question.notation
