"""Deviations: a hand, the dealer's up card and the count; the learner names the play.

The right play is the computed index's at that count (:mod:`trainer.engine.indices`, for the
page's rules and the learner's counting system): the deviation where its index applies, else
the basic play. The feedback gives the EV of each play at that count and the cost of the
mistake (:mod:`trainer.engine.indices.reading`: the count as the player reads it, with the
hand and the up card counted). Against an ace at a table with insurance, some questions ask
insurance by the count instead.

Notation: the counting system, the situation, and the count as the question gives it::

    hi-lo TS 6H v TD tc +1                          # a true count
    hi-lo floor half TS 6H v TD rc +7 played 130    # a running count and the discard tray
    hi-lo 9S 7H v AD insurance tc +3                # insurance by the count
    ko TS 6H v TD rc +2                             # an unbalanced system: its running count

A running count with a tray is turned into a true count by the notation's convention and deck
resolution (the learner's, when asked), as in the true-count drill.

Choices (``learner.options["cells"]``): ``i18`` (the Illustrious 18 and the Fab 4, the default),
``range`` (every cell whose index is ``low`` to ``high``), ``weakest`` (the cells the learner
gets wrong most). Counts near the index are asked most often.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

from drills import refusals
from drills.base import (
    AsksOnItsPage,
    Drill,
    FollowsPreferences,
    Grade,
    InvalidAnswerError,
    InvalidOptionError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches
from drills.count_study import (
    COUNT,
    PLAYED,
    ROUNDING,
    SYSTEM,
    StudyNotForGameError,
    StudyPendingError,
    count_unit,
    counts_by_study,
    near,
    read_rounding,
    read_system,
    signed,
    signed_notation,
    study_for,
)
from drills.counting.notation import CARDS_PER_DECK
from drills.counting.preferences import STEPS, CountPreferences
from drills.counting.tray import tray_for
from drills.counting.true_count import converted
from drills.deviation_figures import evs_at, figures, kept
from drills.deviation_why import explain
from drills.strategy_cells import Cell, cell_of, cells_for, hand_for, read_situation
from drills.strategy_chart import INSURANCE_KEYS, PLAY_KEYS
from trainer.engine.counting import CountingSystem, estimate_decks
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.indices import COUNT_LIMIT, IndexTable, Play
from trainer.engine.indices.table import FAB_4, ILLUSTRIOUS_18, count_grid
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import action_evs, first_actions
from trainer.words import N_, quoted, say
from trainer.words import signed as signed_number

__all__ = ["CELL_SETS", "DRILL", "FAB_4", "ILLUSTRIOUS_18", "Deviations", "work_out"]

SLUG = "deviations"
INSURANCE = ("insurance", "A")
CELL_SETS: dict[str, str] = {
    "i18": N_("The Illustrious 18 and the Fab 4"),
    "range": N_("Every cell with an index in a range"),
    "weakest": N_("My weakest cells"),
}
DEFAULT_SET = "i18"
WEAKEST_POOL = 8
_NOTATION_RE = re.compile(
    rf"{SYSTEM}(?: {ROUNDING})?"
    r" (?P<situation>[0-9A-Z]{1,3} [0-9A-Z]{1,3} v [0-9A-Z]{1,3})"
    r"(?P<insurance> insurance)?"
    rf" (?P<kind>tc|rc) {COUNT}(?: {PLAYED})?"
)
_RUNNING_BOUND = 2 * 8 * CARDS_PER_DECK  # no running count of eight decks goes past this


# -- a question read ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """A deviation question as its notation gives it."""

    system: CountingSystem
    situation: Situation
    insurance: bool
    kind: str  # "tc" (a true count, or an unbalanced system's running count) or "rc"
    count: int  # the count shown
    convention: str = ""  # with a tray: how the learner turns it into a true count
    resolution: str = ""
    played: int | None = None  # cards in the discard tray

    def cell(self, rules: Rules) -> tuple[str, str]:
        """The index table's (hand, dealer) of the question under ``rules``."""
        if self.insurance:
            return INSURANCE
        return _table_cell(cell_of(self.situation, rules))

    def notation(self) -> str:
        head = self.system.slug
        if self.played is not None:
            head += f" {self.convention} {self.resolution}"
        tail = f" {self.kind} {signed_notation(self.count)}"
        if self.played is not None:
            tail += f" played {self.played}"
        return f"{head} {self.situation}{' insurance' if self.insurance else ''}{tail}"


def _table_cell(cell: Cell) -> tuple[str, str]:
    hand = cell.row if cell.section == "pairs" else f"{cell.section} {cell.row}"
    return hand, cell.up


def _strategy_cell(hand: str, up: str) -> Cell:
    if " " in hand:
        section, row = hand.split(" ")
        return Cell(section, row, up)
    return Cell("pairs", hand, up)


def read_question(notation: str, rules: Rules) -> Asked:
    """:raises InvalidQuestionError: for a notation this drill could not have written (at 004
    dealt face down, any: no up card is shown, :func:`drills.count_study.counts_by_study`)."""
    if not counts_by_study(rules):
        raise InvalidQuestionError.caused_by(StudyNotForGameError(rules), refusals.NOT_IN_FORM)
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a deviation question names the counting system, the hand, the dealer's up card "
               "and the count (a running count with the cards played and the rounding)")
        )  # fmt: skip
    system = read_system(match["system"])
    text = match["situation"] + (" insurance" if match["insurance"] else "")
    situation, insurance = read_situation(text, rules)
    if situation.hand.is_two_card_21:
        raise InvalidQuestionError.said_as(refusals.NATURAL)
    count = int(match["count"])
    played = int(match["played"]) if match["played"] is not None else None
    tray = match["convention"] is not None
    if tray != (played is not None) or tray != (match["kind"] == "rc" and system.balanced):
        raise InvalidQuestionError.said_as(
            N_("a running count of a balanced system comes with its tray and rounding; a true "
               "count (or an unbalanced system's running count) without them")
        )  # fmt: skip
    if match["kind"] == "tc" and not system.balanced:
        raise refusals.count_kind(system)
    asked = Asked(system, situation, insurance, match["kind"], count)
    if played is None:
        if not -COUNT_LIMIT <= count <= COUNT_LIMIT:
            raise refusals.count_beyond(COUNT_LIMIT)
        return asked
    convention, resolution = read_rounding(match["convention"], match["resolution"])
    total = rules.decks * CARDS_PER_DECK
    if not 0 <= played <= total - STEPS[resolution] * CARDS_PER_DECK or abs(count) > total:
        raise refusals.too_few_left(played)
    return Asked(system, situation, insurance, "rc", count, convention, resolution, played)


# -- the count -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadCount:
    """The count a question's play is decided by, and how it was read."""

    value: Fraction  # the true count (or an unbalanced system's running count) played by
    exact: Fraction  # the exact count per deck left (the EVs are taken there)
    cards_left: float | None  # in the shoe before this hand (None: the reference depth)
    how: str  # the conversion in words ("" when the count was given as played)


def read_count(asked: Asked, rules: Rules) -> ReadCount:
    """The count the play is decided by: as given, or the tray's true count."""
    if asked.played is None:
        return ReadCount(Fraction(asked.count), Fraction(asked.count), None, "")
    left = rules.decks * CARDS_PER_DECK - asked.played
    value, how = converted(
        Fraction(asked.count), rules.decks, asked.played, asked.convention, asked.resolution
    )
    return ReadCount(value, Fraction(asked.count * CARDS_PER_DECK, left), float(left), how)


# -- working out a question ------------------------------------------------------------------


@dataclass(frozen=True)
class Worked:
    """A question worked out: its indices, the play at its count, and each play's EV there."""

    asked: Asked
    cell: tuple[str, str]  # the index table's (hand, dealer)
    count: ReadCount
    plays: tuple[Play, ...]  # the cell's indices (one per direction)
    right: str
    legal: frozenset[str]
    evs: Mapping[str, float] | None  # None where no shoe at that depth reaches the count

    @property
    def basic(self) -> str:
        return self.plays[0].basic

    def cost(self, answer: str) -> float:
        """The EV given up by ``answer`` instead of the index's play (never below 0)."""
        if self.evs is None or answer == self.right:
            return 0.0
        return max(self.evs[self.right] - self.evs[answer], 0.0)


@lru_cache(maxsize=512)
def work_out(notation: str, rules: Rules, caches: Caches | None = None) -> Worked:
    """Everything about one question (the count study must be worked out, in ``caches``).

    :raises InvalidQuestionError: for a notation this drill could not have asked.
    :raises StudyPendingError: while the study of the rules and system is being worked out.
    """
    asked = read_question(notation, rules)
    table = study_for(rules, asked.system, caches=caches).indices
    cell = asked.cell(rules)
    plays = table.find(*cell)
    if not plays:
        raise InvalidQuestionError.said_as(N_("no index here for this hand against this card"))
    count = read_count(asked, rules)
    right = table.play_at(*cell, float(count.value)) or plays[0].basic
    hand, up = asked.situation.hand, asked.situation.up
    legal = (
        frozenset(INSURANCE_KEYS) if asked.insurance else _legal(rules, hand, up) & set(PLAY_KEYS)
    )
    args = (rules, asked.system, count.exact, hand, up, count.cards_left)
    make = partial(evs_at, *args, None if asked.insurance else legal)
    evs = figures(rules, asked.notation(), make, caches).evs  # kept, else worked out (a job)
    return Worked(asked, cell, count, plays, right, legal, evs)


def _legal(rules: Rules, hand: Hand, up: Card) -> frozenset[str]:
    """The legal plays by the rules alone (of two cards: no EV is worked out)."""
    two = len(hand) == 2
    actions = first_actions(rules, hand, up) if two else tuple(action_evs(rules, hand, up))
    return frozenset(action.value for action in actions)


# -- choosing a question ---------------------------------------------------------------------


def read_range(options: Mapping[str, str]) -> tuple[int, int]:
    """The ``low`` and ``high`` of the ``range`` choice.

    :raises InvalidOptionError: naming the field that is not a count from -30 to +30.
    """
    bounds = []
    for name, default in (("low", "-3"), ("high", "+3")):
        typed = str(options.get(name) or default).strip()
        text = typed.replace("\u2212", "-")  # "−3" as the field shows it
        if not re.fullmatch(r"[+-]?[0-9]{1,3}", text) or abs(int(text)) > COUNT_LIMIT:
            least, most = signed_number(-COUNT_LIMIT), signed_number(COUNT_LIMIT)
            raise InvalidOptionError(
                say("Each end of the index range is a whole count from %(least)s to %(most)s, "
                    "not %(typed)s.", least=least, most=most, typed=quoted(typed[:12])),
                field=name,
            )  # fmt: skip
        bounds.append(int(text))
    if bounds[0] > bounds[1]:
        raise InvalidOptionError(
            say("The lowest index (%(low)s) is above the highest (%(high)s).",
                low=signed_number(bounds[0]), high=signed_number(bounds[1])),
            field="low",
        )  # fmt: skip
    return bounds[0], bounds[1]


def _with_plays(table: IndexTable, cells: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    return [cell for cell in cells if table.find(*cell)]


def weakest(recent: Sequence[Any], table: IndexTable) -> list[tuple[str, str]]:
    """The cells of ``table`` this learner gets wrong most (only cells with a mistake), least
    accurate first, at most :data:`WEAKEST_POOL`."""
    tally: dict[tuple[str, str], list[int]] = {}
    for attempt in recent:
        match = _NOTATION_RE.fullmatch(attempt.question or "")
        if match is None:
            continue
        try:
            situation, insurance = read_situation(
                match["situation"] + (" insurance" if match["insurance"] else ""), table.rules
            )
        except InvalidQuestionError:
            continue
        cell = INSURANCE if insurance else _table_cell(cell_of(situation, table.rules))
        sums = tally.setdefault(cell, [0, 0])
        sums[0] += int(bool(attempt.correct))
        sums[1] += 1
    weak = sorted(
        (right / total, -total, cell)
        for cell, (right, total) in tally.items()
        if right < total and table.find(*cell)
    )
    return [cell for *_, cell in weak[:WEAKEST_POOL]]


def pool(table: IndexTable, learner: LearnerState) -> tuple[list[tuple[str, str]], str]:
    """The cells to ask about (with an index under the table's rules), and a note to show.

    :raises InvalidOptionError: for a choice or range that is not one.
    """
    chosen = learner.options.get("cells") or DEFAULT_SET
    if chosen not in CELL_SETS:
        raise InvalidOptionError(
            say("There is no choice of cells called %(typed)s.", typed=quoted(chosen[:20])), "cells"
        )
    insurance = [INSURANCE] if table.rules.insurance and table.find(*INSURANCE) else []
    if chosen == "range":
        low, high = read_range(learner.options)
        cells = sorted({(p.hand, p.dealer) for p in table.plays if low <= p.index <= high})
        if not cells:
            raise InvalidOptionError(
                say("No cell has an index from %(low)s to %(high)s under these rules in this "
                    "system.", low=signed_number(low), high=signed_number(high)),
                field="low",
            )  # fmt: skip
        return cells, ""
    if chosen == "weakest":
        found = weakest(learner.recent, table)
        if found:
            return found, ""
    cells = [*insurance, *_with_plays(table, ILLUSTRIOUS_18[1:] + FAB_4)]
    cells = list(dict.fromkeys(cells))
    none_yet = chosen == "weakest"  # no mistakes to ask by
    note = say("No mistakes yet: the Illustrious 18 and the Fab 4 come up.") if none_yet else ""
    if not cells:  # rules under which none of them has an index: every cell that has one
        cells = sorted({(p.hand, p.dealer) for p in table.plays})
    if not cells:
        raise InvalidOptionError(
            say("No cell has an index under these rules in this system: basic strategy is "
                "the play at every count."),
            field="cells",
        )  # fmt: skip
    return cells, note


def _deal(rng: random.Random, cell: tuple[str, str], rules: Rules) -> tuple[Situation, bool]:
    """A hand of the cell (for insurance, any hand but a natural against an ace)."""
    if cell == INSURANCE:
        choices = [c for c in cells_for(rules) if c.up == "A"]
        return hand_for(rng.choice(choices), rng), True
    return hand_for(_strategy_cell(*cell), rng), False


def _count_shown(
    rng: random.Random, rules: Rules, system: CountingSystem, aim: int, prefs: CountPreferences
) -> tuple[str, int, str, str, int | None]:
    """How the question gives a count near ``aim``: (kind, count, convention, resolution,
    cards played); a balanced system's count comes as a running count and a tray half the
    time."""
    if not system.balanced or rng.random() < 0.5:
        return "rc" if not system.balanced else "tc", aim, "", "", None
    total = rules.decks * CARDS_PER_DECK
    least_left = max(CARDS_PER_DECK // 2, int(STEPS[prefs.resolution] * CARDS_PER_DECK))
    deepest = min(total - least_left, int(rules.penetration * total))  # the cut card's place
    played = rng.randint(min(CARDS_PER_DECK // 4, deepest), deepest)
    remaining = Fraction(total - played, CARDS_PER_DECK)
    running = round(aim * estimate_decks(remaining, prefs.resolution))
    reach = max(2, (played + 3) // 3)  # a third of the cards seen can tip the count one way
    running = max(-reach, min(reach, running))
    return "rc", running, prefs.convention, prefs.resolution, played


TELLING_TRIES = 60  # draws for a question whose index play is not the basic play


class Deviations(Drill, AsksOnItsPage, FollowsPreferences):
    slug = SLUG
    title = N_("Deviations")
    description = N_(
        "A hand, the dealer's up card and the count: play it by the index, computed for your "
        "rules and counting system, insurance included."
    )
    template = "drills/deviations.html"
    situation_template = "drills/_deviation_situation.html"
    preferences = "counting"
    cell_sets = CELL_SETS  # the page's choice of cells

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        prefs = CountPreferences.from_options(learner.options)
        system = prefs.counting_system
        table = study_for(rules, system, caches=caches).indices
        cells, note = pool(table, learner)
        grid = count_grid(rules, system)
        # The placement check's question (``telling``): one where the index's play is right, not
        # basic strategy's (no insurance at +2 placed a newcomer past the whole step: a walk).
        telling = learner.options.get("telling") == "1"
        for _ in range(TELLING_TRIES if telling else 1):
            cell = rng.choice(cells)
            play = rng.choice(table.find(*cell))
            aim = near(rng, play.index, count_unit(rules, system), grid[0], grid[-1])
            situation, insurance = _deal(rng, cell, rules)
            shown = _count_shown(rng, rules, system, aim, prefs)
            asked = Asked(system, situation, insurance, *shown)
            if table.play_at(*cell, float(read_count(asked, rules).value)) != play.basic:
                break
        question = self.question(asked.notation(), rules, caches=caches)
        if note:
            question = Question(question.notation, question.prompt, {**question.view, "note": note})
        return question

    def skill(self, notation: str, rules: Rules) -> str:
        """The index: rules, system and cell (``"vegas-6d-s17: hi-lo hard 16 v 10"``)."""
        asked = read_question(notation, rules)
        hand, up = asked.cell(rules)
        return f"{rules.notation()}: {asked.system.slug} {hand} v {up}"

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        asked = read_question(notation, rules)
        keys = INSURANCE_KEYS if asked.insurance else PLAY_KEYS
        legal = (
            set(keys)
            if asked.insurance
            else _legal(rules, asked.situation.hand, asked.situation.up)
        )
        view: dict[str, Any] = {
            "hand": asked.situation.hand,
            "up": asked.situation.up,
            "system": asked.system.name,
            "balanced": asked.system.balanced,
            "kind": asked.kind,
            "count": signed(asked.count),
            "insurance": asked.insurance,
            "keys": [(key, label, key in legal) for key, label in keys.items()],
        }
        if asked.played is not None:
            view.update(
                played=asked.played,
                decks=rules.decks,
                convention=asked.convention,
                resolution=asked.resolution,
                tray=tray_for(rules.decks, asked.played),
            )
        prompt = (
            say("Do you take insurance?") if asked.insurance else say("Your play at this count?")
        )
        return Question(notation=asked.notation(), prompt=prompt, view=view)

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:8].strip().upper()

    def figures_kept(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> bool:
        """Whether the question's EVs are kept (one the drill cannot grade: True, its 400)."""
        try:
            asked = read_question(notation, rules)
            if not study_for(rules, asked.system, caches=caches).indices.find(*asked.cell(rules)):
                return True
        except (InvalidQuestionError, StudyNotForGameError, StudyPendingError):
            return True  # grading says so (a study missing: its own job and waiting page)
        return kept(rules, asked.notation(), caches) is not None

    def work_figures(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> None:
        """The question's EVs, worked out and kept (a job; the count study must be kept)."""
        work_out(notation, rules, caches)

    def check_answer(self, notation: str, answer_text: str, rules: Rules) -> str:
        """The answer, normalised, if it is one of the question's keys and legal by the rules
        alone (no figures read).

        :raises InvalidQuestionError: for a notation this drill could not have asked.
        :raises InvalidAnswerError: for any other answer."""
        asked = read_question(notation, rules)
        keys = INSURANCE_KEYS if asked.insurance else PLAY_KEYS
        answer = (answer_text or "").strip().upper()
        if answer not in keys:
            raise InvalidAnswerError(
                say(
                    "Answer with one of the plays on the buttons; %(answer)s is not one of them.",
                    answer=quoted(answer_text),
                )  # fmt: skip
            )
        hand, up = asked.situation.hand, asked.situation.up
        if not asked.insurance and answer not in _legal(rules, hand, up):
            raise refusals.not_allowed(answer, keys)
        return answer

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        answer = self.check_answer(notation, answer_text, rules)  # before any figure is read
        worked = work_out(notation, rules, caches)
        return Grade(
            correct=answer == worked.right,
            answer=answer,
            right_answer=worked.right,
            explanation=explain(worked, answer),
            ev_cost=Fraction(f"{worked.cost(answer):.6f}"),
        )


DRILL = Deviations()
