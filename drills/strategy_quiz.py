"""Basic strategy: a two-card hand against the dealer's up card; the learner names the play.

The right play is the basic-strategy chart's for the rules (the strategy engine computes the
chart, :func:`trainer.engine.strategy.chart`, cached on disk): the first action of the cell's
code (``D/H``: double, where the hand may double). The EVs shown and the cost of a mistake are
the chart cell's (per unit of the initial bet, conditional on no dealer natural in peek games,
as the engine defines them). Nothing here computes an EV.

Notation: the situation as the engine writes it, ``"TS 6H v 9D"`` (suits may be left out:
``"T6v9"``). Against an ace where the rules offer insurance, the quiz first asks
``"TS 6H v AD insurance"``: answer ``I`` (take insurance, or even money on a natural) or ``N``;
that question is graded by the engine's EV of the insurance bet for this exact hand. Plays are
answered ``H``, ``S``, ``D``, ``P`` or ``R``. With a count shown (the quiz's option
``insurance=count``), the insurance question names the count in the learner's system
(``"TS 6H v AD insurance hi-lo tc +3"``; ``rc`` for an unbalanced system's running count) and
is graded by the computed insurance index at that count (:mod:`trainer.engine.indices`), with
the bet's EV there for this hand.

Rules: any rules, written as their notation (``"vegas-6d-s17 decks=2"``,
:meth:`trainer.engine.rulebook.rules.Rules.parse`) in pages and the store.

Hand mixes (``learner.options["mix"]``): ``shoe`` (the first hand off a freshly shuffled
:class:`~trainer.engine.deck.shoe.Shoe`), ``cells`` (every chart cell equally), ``hard``, ``soft``,
``pairs``, ``weakest`` (the cells the learner's review schedule has due under these rules, or
else their least accurate cells, from the attempts the caller passes in ``learner.recent``),
``lean`` (every cell, leaning toward those the learner gets wrong and the close calls, whose
best two plays are within a few hundredths of a bet: ``strategy_cells.leaning_weights``).

At 004 as its text deals it (``deal_faces=all-down``) no banker card is shown: the quiz asks the
punter's own cards and how many he drew, graded by the chart of one column
(:mod:`drills.face_down_quiz`).

A question worked out is a :class:`~drills.strategy_play.Play`; the verdict's words on it (why
the right answer is right, why a play is not allowed) are :mod:`drills.strategy_why`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from drills import face_down_quiz, method3_quiz
from drills.base import (
    AnswersByKey,
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches
from drills.count_study import count_unit, near, signed, study_for
from drills.refusals import COUNT_OUT_OF_RANGE
from drills.skill_words import words_of
from drills.strategy_cells import (
    INSURANCE_SUFFIX,
    WEAKEST_POOL,
    Cell,
    cell_of,
    cell_tally,
    cells_for,
    hand_for,
    leaning_weights,
    question_keys,
    read_situation,
    split_doubled,
    weakest_of,
)
from drills.strategy_chart import PLAY_KEYS, chart_for, offered
from drills.strategy_play import Play, ShownCount, split_count
from drills.strategy_why import explain, illegal_reason, item_words
from trainer.engine.banker.face_down import face_down_game
from trainer.engine.counting import CountingSystem
from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.deck.shoe import Shoe
from trainer.engine.indices import CountOutOfRangeError
from trainer.engine.indices import Play as IndexPlay
from trainer.engine.indices.reading import insurance_as_read
from trainer.engine.indices.table import count_grid
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Action, InvalidSituationError, insurance_evs
from trainer.words import N_, quoted, say, say_as

__all__ = [
    "DRILL",
    "MIXES",
    "StrategyQuiz",
    "mix_names",
]

SLUG = "basic-strategy"

# The hand mixes' names, said in the learner's language by the settings.
MIXES: dict[str, str] = {
    "shoe": N_("As dealt from a shoe"), "cells": N_("Every chart cell equally"),
    "hard": N_("Hard totals only"), "soft": N_("Soft totals only"), "pairs": N_("Pairs only"),
    "weakest": N_("My weakest cells"), "lean": N_("Leaning to my mistakes and close calls"),
}  # fmt: skip
# "shoe" at a game dealt from a pack to its end (000, 002, 004) or held in the hand (one or
# two decks): no shoe there.
_FROM_THE_PACK = N_("As dealt from the pack")
# The mixes that read the learner's per-cell tally.
TALLIED_MIXES = ("weakest", "lean")
DEFAULT_MIX = "shoe"
# Two EVs closer than this are a tie: either play is right.
_TIE = 1e-9


def mix_names(rules: Rules) -> dict[str, str]:
    """:data:`MIXES` as ``rules`` deal (not yet said: marked for the catalogue): a game dealt
    from a pack to its end, or from one or two decks held in the hand, deals the quiz's hands
    from the pack, not a shoe."""
    if not rules.dealt_to_the_end and rules.decks > 2:
        return MIXES
    return {**MIXES, "shoe": _FROM_THE_PACK}


# -- working out a play ----------------------------------------------------------------------


def work_out(
    notation: str, rules: Rules, caches: Caches | None = None
) -> Play | face_down_quiz.FaceDownQuizPlay:
    """Everything about one question: its cell, the legal answers with their EVs, the right one
    (the chart and count study read from ``caches``); at 004 as dealt, the face-down question's
    (:mod:`drills.face_down_quiz`).

    :raises InvalidQuestionError: for a notation this quiz could not have asked.
    """
    if face_down_game(rules):
        return face_down_quiz.play_of(notation, rules)
    return _face_up(notation, rules, caches)


def _face_up(notation: str, rules: Rules, caches: Caches | None = None) -> Play:
    base, shown = split_count(notation)
    situation, insurance = read_situation(base, rules)
    if method3_quiz.reads_the_double(rules):  # 002's method 3: the play reads the double
        _, doubled = split_doubled(base)
        if doubled is not None and not insurance:
            return method3_quiz.play_of(situation, doubled, rules)
    if shown is not None:
        return _counted_insurance(situation, rules, shown, caches)
    if insurance:
        return _insurance_play(situation, rules)
    table = chart_for(rules, caches=caches)
    cell = cell_of(situation, rules)
    try:
        code = table.code(cell.section, cell.row, cell.up)
        cell_evs = table.evs[cell.section][cell.row][cell.up]
    except KeyError:
        raise InvalidQuestionError.said_as(
            N_("the chart for these rules has no cell for this hand against this card")
        ) from None
    evs = {key: float(cell_evs[key]) for key in PLAY_KEYS if key in cell_evs}
    right = code[0]
    return Play(situation=situation, cell=cell, code=code, evs=evs, right=right)


@lru_cache(maxsize=4096)
def _insurance_evs(rules: Rules, values: tuple[int, int]) -> tuple[float, float]:
    """(taken, declined): the EVs of taking insurance (or even money on a natural) with the
    two-card hand of ``values`` against an ace, and of declining it: from the chance of a natural
    alone (:func:`~trainer.engine.strategy.insurance_evs`: no play worked out), each kept."""
    engine_evs = insurance_evs(rules, values, 1)
    if Action.EVEN_MONEY in engine_evs:
        # Even money (1 unit for sure) against playing the natural out.
        return engine_evs[Action.EVEN_MONEY], engine_evs[Action.STAND]
    # The insurance bet alone: half the bet at 2:1; declining it is worth nothing.
    return engine_evs[Action.INSURANCE], 0.0


def _insurance_play(situation: Situation, rules: Rules) -> Play:
    hand = situation.hand
    first, second = sorted(card.value for card in hand)
    try:
        taken, declined = _insurance_evs(rules, (first, second))
    except InvalidSituationError as error:
        raise InvalidQuestionError.caused_by(
            error, N_("the strategy engine cannot work out this hand")
        ) from None
    right = "I" if taken > declined + _TIE else "N"
    hole = rules.hole_card == "peek"
    return _insurance(situation, {"I": float(taken), "N": float(declined)}, right, hole_card=hole)


def _counted_insurance(
    situation: Situation, rules: Rules, shown: ShownCount, caches: Caches | None
) -> Play:
    """Insurance by the count shown: the computed index's play, the bet's EV at that count."""
    table = study_for(rules, shown.system, caches=caches).indices
    hand = situation.hand
    try:
        bet = insurance_as_read(rules, shown.system, shown.count, hand)
    except CountOutOfRangeError as error:
        raise InvalidQuestionError.caused_by(error, COUNT_OUT_OF_RANGE) from None
    natural = hand.is_two_card_21
    # Even money is insurance on a natural: 1 for sure against 1.5 x (no dealer ten), which is
    # worth the insurance bet's EV less than 1.
    evs = {"I": 1.0, "N": 1.0 - bet} if natural else {"I": bet, "N": 0.0}
    indices = table.find("insurance", "A")
    right = table.play_at("insurance", "A", shown.count) or "N"
    grid = count_grid(rules, shown.system)
    hole = rules.hole_card == "peek"
    return _insurance(
        situation, evs, right, shown=shown, indices=indices, grid=grid, hole_card=hole
    )


def _insurance(
    situation: Situation,
    evs: dict[str, float],
    right: str,
    shown: ShownCount | None = None,
    indices: Sequence[IndexPlay] = (),
    grid: Sequence[int] = (0, 0),
    hole_card: bool = True,
) -> Play:
    """The insurance question on ``situation``'s hand (even money on a natural), ``right``
    by ``evs``; by the count where one is ``shown`` (``indices``: its system's insurance
    indices, looked for over the counts of ``grid``); ``hole_card`` false where the dealer's
    second card is dealt after the players' play (003)."""
    hand = situation.hand
    natural = hand.is_two_card_21
    cell = Cell("insurance", "natural" if natural else str(hand.total), "A")
    return Play(
        situation=situation,
        cell=cell,
        code=right,
        evs=evs,
        right=right,
        insurance=True,
        natural=natural,
        shown=shown,
        indices=tuple(indices),
        grid=(grid[0], grid[-1]),
        hole_card=hole_card,
    )


def counted_insurance_notation(
    rng: random.Random,
    situation: Situation,
    rules: Rules,
    system: CountingSystem,
    *,
    caches: Caches | None = None,
) -> str:
    """An insurance question showing a count near the insurance index (counts near it are asked
    most)."""
    table = study_for(rules, system, caches=caches).indices
    grid = count_grid(rules, system)
    indices = table.find("insurance", "A")
    aim = indices[0].index if indices else 0
    count = near(rng, aim, count_unit(rules, system), grid[0], grid[-1])
    return str(situation) + INSURANCE_SUFFIX + ShownCount(system, count).suffix()


def cost_of_answer(play: Play, answer: str) -> float:
    """EV given up by ``answer`` (per unit of the initial bet; 0 for the best)."""
    return max(max(play.evs.values()) - play.evs[answer], 0.0)


# -- the drill --------------------------------------------------------------------------------

# The lead by the plays the rules have besides hitting, standing and splitting: (doubling,
# surrender); both: the drill's description.
_LEADS = {
    (True, False): N_(
        "Your two cards against the dealer's up card: hit, stand, double or split (these "
        "rules have no surrender)? The right play is worked out exactly for them."
    ),
    (False, True): N_(
        "Your two cards against the dealer's up card: hit, stand, split or surrender (these "
        "rules have no doubling down)? The right play is worked out exactly for them."
    ),
    (False, False): N_(
        "Your two cards against the dealer's up card: hit, stand or split (these rules have "
        "no doubling down and no surrender)? The right play is worked out exactly for them."
    ),
}

# At 002's deal method 3 a question names the dealer's double, which the right play reads.
_READS_THE_DOUBLE = N_(
    "Your two cards against the dealer's up card, knowing whether he doubled the stakes on his "
    "face-down card: hit, stand or split? The right play is worked out exactly for this game, "
    "reading his double."
)


class StrategyQuiz(Drill, AsksOnItsPage, AnswersByKey):
    slug = SLUG
    title = N_("Basic strategy")
    description = N_(
        "Your two cards against the dealer's up card: hit, stand, double, split or surrender? "
        "The right play is worked out exactly for the rules you choose."
    )
    template = "drills/strategy_quiz.html"
    situation_template = "drills/_strategy_situation.html"

    @staticmethod
    def lead(rules: Rules) -> str:
        """The drill's lead under ``rules``: the plays it asks, those the rules have (000 and
        002 have no double and no surrender: the lead offered them)."""
        if method3_quiz.reads_the_double(rules):
            return say(_READS_THE_DOUBLE)
        has = (rules.double_on != "none", rules.surrender != "none")
        return say(_LEADS.get(has, StrategyQuiz.description))

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        mix = learner.options.get("mix", DEFAULT_MIX)
        return self.next_question(
            rng,
            rules,
            mix=mix,
            last_question=learner.recent[0].question if learner.recent else None,
            tally=cell_tally(learner.recent, rules) if mix in TALLIED_MIXES else {},
            caches=caches,
        )

    def next_question(
        self,
        rng: random.Random,
        rules: Rules,
        *,
        mix: str,
        last_question: str | None,
        tally: Mapping[Cell, tuple[int, int]],
        counted: CountingSystem | None = None,
        due: Sequence[Cell] = (),
        caches: Caches | None = None,
    ) -> Question:
        """:meth:`new_question` from what it reads of the learner: the question answered last
        under these rules (an insurance question's play comes next) and, for the ``weakest``
        mix, the learner's :func:`cell_tally` under these rules and the cells their review
        schedule has due (drawn from first; other mixes ignore both); ``counted``: the system
        whose count an insurance question shows (none by default); ``caches``: where the chart
        and the count study are read."""
        if face_down_game(rules):  # 004 as dealt: no banker card (drills.face_down_quiz)
            notation, note = face_down_quiz.next_notation(rng, rules, mix=mix, tally=tally, due=due)
            return _noted(face_down_quiz.question_of(notation, rules), note)
        follow_up = _after_insurance(last_question, rules)
        if follow_up is not None:
            return self.question(follow_up, rules, caches=caches)
        if mix not in MIXES:
            mix = DEFAULT_MIX
        note = ""
        doubled: bool | None = None
        if mix == "shoe" and method3_quiz.reads_the_double(rules):
            situation, doubled = method3_quiz.deal(rules, rng)
        elif mix == "shoe":
            situation = deal_from_shoe(rules, rng)
        else:
            pool: Sequence[Cell]
            if mix == "weakest":
                pool = list(due[:WEAKEST_POOL]) or weakest_of(tally)
                if not pool:
                    note = say("No mistakes yet under these rules: every cell comes up equally.")
                    pool = cells_for(rules)
            elif mix == "lean":
                pool = cells_for(rules)
                weights = leaning_weights(pool, tally, _close_evs(rules, caches))
                pool = rng.choices(pool, weights)
            else:
                pool = cells_for(rules, None if mix == "cells" else mix)
            situation = hand_for(rng.choice(pool), rng)
        if method3_quiz.reads_the_double(rules):  # 002 has no insurance: the play, its double
            if doubled is None:
                doubled = method3_quiz.doubled_for(situation, rules, rng)
            notation = str(situation) + method3_quiz.suffix(doubled)
            return _noted(self.question(notation, rules, caches=caches), note)
        insurance = situation.up.is_ace and rules.insurance
        notation = str(situation) + (INSURANCE_SUFFIX if insurance else "")
        if insurance and counted is not None:
            notation = counted_insurance_notation(rng, situation, rules, counted, caches=caches)
        return _noted(self.question(notation, rules, caches=caches), note)

    def timed_hands(
        self,
        rng: random.Random,
        rules: Rules,
        *,
        mix: str,
        tally: Mapping[Cell, tuple[int, int]],
        count: int,
        caches: Caches | None = None,
    ) -> tuple[str, ...]:
        """The hands of a timed run: plays only, so the insurance question is left out and a
        natural (which has no play) is dealt again; fresh hands, whatever was answered before."""
        hands: list[str] = []
        while len(hands) < count:
            question = self.next_question(
                rng, rules, mix=mix, last_question=None, tally=tally, caches=caches
            )
            if face_down_game(rules) or method3_quiz.reads_the_double(rules):
                hands.append(question.notation)  # never a natural nor insurance; the double
                continue
            situation, _ = read_situation(question.notation, rules)
            if not situation.hand.is_two_card_21:
                hands.append(str(situation))
        return tuple(hands)

    def skill(self, notation: str, rules: Rules) -> str:
        """The chart cell under these rules (``"vegas-6d-s17: hard 16 v 10"``), or insurance;
        at 004 as dealt, the row by the cards drawn (``"russian-bank: hard 16 v ?1"``)."""
        if face_down_game(rules):
            return f"{rules.notation()}: {face_down_quiz.play_of(notation, rules).cell}"
        base, shown = split_count(notation)
        situation, insurance = read_situation(base, rules)
        if insurance:
            return f"{rules.notation()}: insurance" + (f" {shown.system.slug}" if shown else "")
        return f"{rules.notation()}: {cell_of(situation, rules)}"

    def skill_words(self, key: str) -> str:
        """A chart cell's key as the learner reads it ("hard 16 against a 9 (Las Vegas, ...)"),
        in their words; another key as :func:`drills.skill_words.words_of` writes it."""
        return item_words(key) or words_of(key)

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        if face_down_game(rules):
            return face_down_quiz.question_of(notation, rules)
        return _question_of(_face_up(notation, rules, caches), rules)

    answer_keys = staticmethod(question_keys)  # from the notation alone (AnswersByKey)

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:8].strip().upper()  # a key: bounded, as the table's

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        if face_down_game(rules):
            return face_down_quiz.grade(notation, answer_text, rules)
        return _grade_of(_face_up(notation, rules, caches), answer_text, rules)

    def answered(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> tuple[Question, Grade]:
        if face_down_game(rules):
            question = self.question(notation, rules, caches=caches)
            return question, self.grade(notation, answer_text, rules, caches=caches)
        play = _face_up(notation, rules, caches)  # once for both
        return _question_of(play, rules), _grade_of(play, answer_text, rules)


def _close_evs(rules: Rules, caches: Caches | None) -> Callable[[Cell], Mapping[str, float]]:
    """What the lean mix weighs a cell's close call by: the chart cell's EVs, or at 002's deal
    method 3 the game's (:func:`drills.method3_quiz.close_evs`), which the quiz grades by."""
    if method3_quiz.reads_the_double(rules):
        return method3_quiz.close_evs(rules)
    table = chart_for(rules, caches=caches)
    return lambda cell: table.evs[cell.section][cell.row][cell.up]


def _noted(question: Question, note: str) -> Question:
    """The question with a note shown beside it, where there is one."""
    if not note:
        return question
    return Question(question.notation, question.prompt, {**question.view, "note": note})


def _question_of(play: Play, rules: Rules) -> Question:
    """The question a worked-out play is, as the page shows it."""
    canonical = str(play.situation) + (INSURANCE_SUFFIX if play.insurance else "")
    canonical += play.shown.suffix() if play.shown else ""
    canonical += method3_quiz.suffix(play.doubled) if play.doubled is not None else ""
    if play.insurance:
        prompt = (
            say("You have a natural and the dealer shows an ace. Even money?")
            if play.natural
            else say("The dealer shows an ace. Do you take insurance?")
        )
    else:
        prompt = say("Your play?")
    view: dict[str, Any] = {
        "hand": play.situation.hand,
        "up": play.situation.up,
        "play": play,
        "keys": [(key, label, key in play.evs) for key, label in offered(play.keys, rules).items()],
        "doubled": play.doubled,
    }
    if play.shown is not None:
        view["count"] = {
            "system": play.shown.system.name,
            "kind": play.shown.kind,
            "value": signed(play.shown.count),
        }
    return Question(notation=canonical, prompt=prompt, view=view)


def _grade_of(play: Play, answer_text: str, rules: Rules) -> Grade:
    """The grade of ``answer_text`` to a worked-out play."""
    answer = (answer_text or "").strip().upper()
    keys = play.keys
    if answer not in keys:
        raise InvalidAnswerError(
            say(
                "Answer with one of the plays on the buttons; %(answer)s is not one of them.",
                answer=quoted(answer_text),
            )  # fmt: skip
        )
    if answer not in play.evs:
        why = illegal_reason(play, answer, rules)
        raise InvalidAnswerError(
            say(
                "%(play)s is not allowed for this hand: %(why)s.",
                play=say_as("play", keys[answer]),
                why=why,
            )
        )
    cost = cost_of_answer(play, answer)
    # By the count, the index decides (its EVs may favour the other play right at it).
    correct = answer == play.right or (play.shown is None and cost < _TIE)
    return Grade(
        correct=correct,
        answer=answer,
        right_answer=play.right,
        explanation=explain(play, None if correct else answer),
        ev_cost=Fraction(f"{cost:.6f}"),
    )


def deal_from_shoe(rules: Rules, rng: random.Random) -> Situation:
    """The first hand off a freshly shuffled shoe: player, dealer up, player. Naturals are dealt
    again unless the dealer shows an ace at a table with insurance (then even money is asked)."""
    while True:
        shoe = Shoe(rules, rng)
        first, up, second = shoe.draw(), shoe.draw(), shoe.draw()
        situation = Situation(Hand.of([first, second]), up)
        if not situation.hand.is_two_card_21 or (up.is_ace and rules.insurance):
            return situation


def _after_insurance(last_question: str | None, rules: Rules) -> str | None:
    """After an insurance question on a hand that is not a natural, its play comes next."""
    try:
        last_question, _ = split_count(last_question or "")
    except InvalidQuestionError:
        return None
    if not last_question.endswith(INSURANCE_SUFFIX):
        return None
    try:
        situation, _ = read_situation(last_question, rules)
    except InvalidQuestionError:
        return None
    return None if situation.hand.is_two_card_21 else str(situation)


DRILL = StrategyQuiz()
