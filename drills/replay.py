"""A shoe replayed step by step: at each step, what the learner saw, the count then, what they
decided, and the right play, graded by the drills that graded it at the time.

Two kinds of shoe are kept, and both are replayed from what is stored, nothing new:

- a table (:mod:`trainer.store.tables`): the engine replays its seed and the learner's steps
  (:mod:`trainer.engine.play.table_game`); a step is one decision (a bet, a play, insurance, a
  count check, a dealer's choice). Its graded answers are the attempts stored with it; a step
  not stored graded (basic strategy or insurance left out of what the table graded, a
  decision chosen again after one taken back, which the table graded and showed but did not
  keep) is graded now by the same drill, so that every play shows the right one; a count
  check's step carries the counts given, so a count given again is graded now too;
- a counting session (:mod:`trainer.store.counting`): its steps are stored whole; a step shows
  its cards, the counts after them and, where a checkpoint fell, the learner's counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from drills import Grade, get_drill
from drills.caches import Caches
from drills.counting.notation import CARDS_PER_DECK
from drills.counting.session import ASK_LABELS, Answered, CountingSession
from drills.counting.true_count import tray_true_count
from drills.table_session import TableSpec, Wonging, step_asks
from trainer.engine.counting import running_count
from trainer.engine.play.table_game import Ask
from trainer.words import N_, say

__all__ = [
    "Counts",
    "Judged",
    "count_step",
    "judged_step",
    "read_step_number",
    "table_counts",
]

# The most steps a replay's URL may name (a shoe of eight decks has fewer than 2,000).
MAX_STEPS = 99_999


class StepOutOfRangeError(ValueError):
    """A replay has no step of that number (``number``)."""

    def __init__(self, message: str, number: int) -> None:
        super().__init__(message)
        self.number = number


def read_step_number(text: str | None, steps: int) -> int:
    """The step a replay's URL asks for, counted from 1 (the first where none is asked).

    :raises ValueError: for anything but ASCII digits (at most five).
    :raises StepOutOfRangeError: for a step the shoe does not have.
    """
    if text is None or text == "":
        return 1
    if not (text.isascii() and text.isdecimal()) or len(text) > 5:
        raise ValueError(f"a step is a whole number from 1 to {steps}")
    number = int(text)
    if not 1 <= number <= steps:
        raise StepOutOfRangeError(f"this shoe has no step {number}", number)
    return number


@dataclass(frozen=True)
class Counts:
    """The count at a step: running, and true (rounded as the learner rounds it; None for an
    unbalanced system, or no cards left), with the decks left to divide by."""

    running: Fraction
    true: Fraction | None
    decks_left: Fraction
    cards_seen: int


@dataclass(frozen=True)
class Judged:
    """One decision of a step, graded: the ask's name (as the table names them), the learner's
    answer, the right one, and what the mistake cost in bets (where it has a price)."""

    name: str
    answer: str
    right: str
    correct: bool
    ev_cost: Fraction | None = None
    graded_then: bool = True  # graded when played (else graded by the replay)
    question: str = ""  # its drill's notation (a back-counter's: watching or seated)


def table_counts(spec: TableSpec, ask: Ask) -> Counts:
    """The count where the table waited at ``ask``: every card the learner had seen since the
    shuffle, the true count by their rounding and the discard tray."""
    decks = spec.rules.decks
    running = running_count(spec.system, ask.seen, decks)
    left = Fraction(decks * CARDS_PER_DECK - ask.played, CARDS_PER_DECK)
    true = spec.count_at(ask).played_by(decks) if spec.system.balanced and left > 0 else None
    return Counts(running, true, left, len(ask.seen))


def judged_step(
    spec: TableSpec,
    ask: Ask,
    answers: Mapping[str, str],
    stored: Mapping[str, Mapping[str, Any]],
    bankroll: Fraction,
    *,
    caches: Caches | None = None,
    wonging: Wonging | None = None,
) -> list[Judged]:
    """The decisions of the step played where the table waited at ``ask``: each graded answer
    as stored (``stored``: attempt rows by ask name), and a decision the table did not grade
    (a play or insurance left out of what it grades, one chosen again after one taken back),
    graded now from the learner's ``answers`` (by ask name) by the same drill; ``wonging``,
    at a back-counting table's bet step, what the step did (:func:`~drills.table_session.
    wonging_of`: a seated learner is asked to stay or leave, not to come in or watch)."""
    wide = replace(spec, graded=spec.graded | {"strategy", "insurance"})
    found: list[Judged] = []
    for asked in step_asks(wide, ask, bankroll, caches=caches, wonging=wonging):
        row = stored.get(asked.name)
        if row is not None:
            cost = Fraction(row["ev_cost"]) if row["ev_cost"] else None
            found.append(
                Judged(
                    asked.name,
                    row["answer"],
                    row["right_answer"],
                    bool(row["correct"]),
                    cost,
                    question=row.get("question") or asked.notation,
                )
            )
            continue
        if asked.name not in answers:
            continue
        grade: Grade = get_drill(asked.drill).grade(
            asked.notation, answers[asked.name], spec.rules, caches=caches
        )
        found.append(
            Judged(
                asked.name,
                grade.answer,
                grade.right_answer,
                grade.correct,
                grade.ev_cost,
                graded_then=False,
                question=asked.notation,
            )  # fmt: skip
        )
    return found


# -- a counting session --------------------------------------------------------------------


@dataclass(frozen=True)
class CountStep:
    """One step of a counting session replayed: what it showed, the counts after it, and the
    learner's counts where a checkpoint fell after it."""

    index: int
    counts: Counts
    asked: tuple[Judged, ...]


def count_step(
    session: CountingSession, index: int, answers: Mapping[tuple[int, str], Answered]
) -> CountStep:
    """Step ``index`` (from 0) of ``session``: the counts after its cards, and the answers
    (``answers``: by checkpoint and ask) of a checkpoint asked after it."""
    seen = session.seen(index)
    running = running_count(session.counting_system, seen, session.decks)
    left = Fraction(session.decks * CARDS_PER_DECK - len(seen), CARDS_PER_DECK)
    true = None
    if session.counting_system.balanced and left > 0:
        true = tray_true_count(
            running, session.decks, len(seen), session.convention, session.resolution
        )
    asked: list[Judged] = []
    for checkpoint, spec in enumerate(session.checkpoints):
        if spec.after != index:
            continue
        for ask in spec.asks:
            answered = answers.get((checkpoint, ask))
            if answered is not None:
                asked.append(Judged(ask, answered.answer, answered.right_answer, answered.correct))
    return CountStep(index, Counts(running, true, left, len(seen)), tuple(asked))


def ask_label(name: str) -> str:
    """A counting checkpoint's ask in words ("Running count")."""
    return say(ASK_LABELS[name]) if name in ASK_LABELS else name


# A table step that no drill grades (a bet where bets are not graded, the next round dealt),
# in words, by its first word.
STEP_WORDS = {
    "bet": N_("You bet %(amounts)s."),
    "deal": N_("You dealt the next round."),
    "count": N_("You gave the count."),
    "insure": N_("You answered insurance."),
}
