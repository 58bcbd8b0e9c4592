"""The path: the drills in the order a learner meets them, from hand totals to the dealer's
drills, and where a learner stands on it.

A newcomer answers one question (:data:`STARTS`: new to blackjack, knows basic strategy, counts
already, deals) and the steps that answer says they know are skipped (:data:`SKIPS`); a
placement check (:func:`placement_asks`, :func:`placed`) may mark more steps as known. Each
:class:`Step` says what it teaches in one line and what "done" means: a few :class:`Bar` s on
the figures the progress page already keeps (a drill's answers and right answers, the counting
speed reached at 90% right). :func:`walk` puts a learner's figures against the steps and names
the step to continue with. Pure: no Flask, no store; the web reads the figures and draws it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from drills import get_drill, registry
from drills.base import (
    AsksOnItsPage,
    Drill,
    DrillError,
    Grade,
    LearnerState,
    Question,
    rules_for,
)
from drills.caches import Caches
from drills.count_study import StudyNotForGameError, StudyPendingError
from drills.counting.session import RunningCount
from drills.method3_figures import GamePendingError
from trainer.engine.banker.punter_stake import stakes_on_cards
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, quoted, say


class UnknownStartError(ValueError):
    """The answer to "where do you start?" is none of the four."""


# The one question's answers, in the order the home page offers them (marked for the catalogue:
# the templates say them through it).
STARTS: dict[str, str] = {
    "new": N_("I am new to blackjack"),
    "basic": N_("I know basic strategy"),
    "counts": N_("I count cards already"),
    "deals": N_("I deal, or am training to"),
}
NINETY = Fraction(9, 10)
# A step's mastery rests on the learner's last answers to each drill, not on every answer ever
# given: a learner's first tries (most of them wrong while learning) would otherwise hold a
# step back long after they have learnt it, and a lapse long ago would count for as much as
# today's. By answers rather than by weeks, so that a learner back after a month away is still
# where they were. 100 is the largest bar's count (basic strategy), and enough answers to tell
# 90% right from 80% (a standard error of 3 points).
RECENT_ANSWERS = 100


@dataclass(frozen=True)
class Bar:
    """Done with a drill: at least ``answers`` answers, ``accuracy`` of them right."""

    drill: str
    answers: int
    accuracy: Fraction = NINETY


@dataclass(frozen=True)
class Step:
    key: str
    title: str  # marked N_, said where shown
    teaches: str  # one line
    drills: tuple[str, ...]  # the drills' slugs, in the order to take them
    bars: tuple[Bar, ...] = ()
    speed: float | None = None  # done: a running count kept at this many cards a second
    # The options the step's links open its drills with (its questions those it teaches).
    options: tuple[tuple[str, str], ...] = ()


STEPS: tuple[Step, ...] = (
    Step(
        "totals",
        N_("Hand totals"),
        N_("Add up a hand and tell soft from hard: the ace counts 11 unless that busts it."),
        ("hand-totals",),
        (Bar("hand-totals", 20),),
    ),
    Step(
        "basic",
        N_("Basic strategy"),
        N_(
            "The best play of every hand against the dealer's card: hard, soft, pairs, surrender "
            "and insurance."
        ),
        ("basic-strategy",),
        (Bar("basic-strategy", 100),),
    ),
    Step(
        "payouts",
        N_("Payouts"),
        N_("What a win pays: naturals, insurance, even money, surrender, split and doubled hands."),
        ("payout-math",),
        (Bar("payout-math", 20),),
        # The casino's payouts the step names, not the historical games' bonuses and doubles
        # (a walk through the path met 7-7-7 and the Russian bank's dealt 21 by its fifth).
        options=(("mix", "casino"),),
    ),
    Step(
        "running",
        N_("Running count"),
        N_("Keep a running count as the cards fall, and keep it up at speed."),
        ("running-count", "deck-countdown"),
        speed=1.0,
    ),
    Step(
        "true",
        N_("Deck estimation and true count"),
        N_(
            "Judge the decks left from the discard tray and turn the running count into a true "
            "count."
        ),
        ("deck-estimation", "true-count", "ace-side-count", "shoe-count", "shoe-penetration"),
        (Bar("deck-estimation", 20), Bar("true-count", 20)),
    ),
    Step(
        "deviations",
        N_("Deviations"),
        N_("Play a hand by the count where it beats basic strategy."),
        ("deviations",),
        (Bar("deviations", 50),),
    ),
    Step(
        "bets",
        N_("Bet sizing"),
        N_("Bet more when the count is in your favour, by a ramp sized for your bankroll."),
        ("bet-sizing",),
        (Bar("bet-sizing", 20),),
    ),
    Step(
        "table",
        N_("The table"),
        N_("Whole rounds from a real shoe: bets, plays and the count together."),
        ("table-play", "table-dealing", "punter-stake", "back-count", "deal-auction"),
        (Bar("table-play", 100),),
    ),
    Step(
        "dealer",
        N_("The dealer's drills"),
        N_("Deal, pay and fix misdeals as the dealer does, and catch a dealer's slips."),
        ("irregularities", "procedure", "table-payouts", "catch-the-dealer"),
        (Bar("procedure", 20), Bar("irregularities", 20), Bar("table-payouts", 10)),
    ),
)
BY_KEY: dict[str, Step] = {step.key: step for step in STEPS}
# The drills whose answers the steps' bars measure.
BAR_DRILLS: tuple[str, ...] = tuple(dict.fromkeys(bar.drill for s in STEPS for bar in s.bars))

# The steps each answer to the one question says the learner knows (or, for a dealer, does not
# need first): they are skipped, still one click away.
SKIPS: dict[str, frozenset[str]] = {
    "new": frozenset(),
    "basic": frozenset({"totals", "basic"}),
    "counts": frozenset({"totals", "basic", "payouts", "running", "true"}),
    "deals": frozenset({"basic", "running", "true", "deviations", "bets", "table"}),
}


# The drills of games whose players deal in turn (002 home, 004), asked nowhere else.
GAME_DRILLS = ("punter-stake", "table-dealing", "deal-auction")


def game_drills(rules: Rules) -> tuple[str, ...]:
    """Of :data:`GAME_DRILLS`, those ``rules``' game has: a punter's stakes and the dealing
    where the deal passes (a punter's stakes where he stakes on cards dealt), the auction
    with the home game whose option it is ("some groups sell the deal")."""
    players_deal = rules.table_rotation != "none"
    has = {
        "punter-stake": players_deal and stakes_on_cards(rules) > 0,
        "table-dealing": players_deal,
        "deal-auction": rules.deal_auction or rules.table_rotation == "natural-takes-deal",
    }
    return tuple(slug for slug in GAME_DRILLS if has[slug])


# The drills the site's "Counting drills" menu item leads to (the running count's step and
# the true count's): their pages are in that section of the menu.
COUNTING_DRILLS = frozenset(
    slug for step in STEPS if step.key in ("running", "true") for slug in step.drills
)


def grouped(drills: Mapping[str, Drill]) -> list[tuple[Step, list[Drill]]]:
    """The drills under their steps, in the path's order."""
    return [(step, [drills[slug] for slug in step.drills if slug in drills]) for step in STEPS]


# Every drill by slug, read once from the registry (which never changes).
_DRILLS = registry()


def title(slug: str) -> str:
    """A drill's title, from the registry, in the learner's language."""
    return _DRILLS[slug].title if slug in _DRILLS else slug


def read_start(text: str) -> str:
    """The start an answer names.

    :raises UnknownStartError: for anything but the four.
    """
    if text not in STARTS:
        raise UnknownStartError(
            say("choose one of the four answers; %(typed)s is not one", typed=quoted(text[:30]))
        )
    return text


def read_known(text: str) -> frozenset[str]:
    """The steps a stored list names (``"totals basic"``), the unknown ones left out."""
    return frozenset(key for key in text.split() if key in BY_KEY)


def known_text(known: frozenset[str]) -> str:
    """The steps as stored, in the path's order."""
    return " ".join(step.key for step in STEPS if step.key in known)


class State(Enum):
    DONE = "done"  # its bars are met
    KNOWN = "known"  # the placement check showed the learner knows it
    SKIPPED = "skipped"  # the learner's start skips it
    CURRENT = "current"  # the step to continue with
    AHEAD = "ahead"


@dataclass(frozen=True)
class Figures:
    """What the learner has done: per drill, answers and right answers (of their last
    :data:`RECENT_ANSWERS`); and the fastest running count kept at 90% right, in cards a
    second (0 for none)."""

    answers: Mapping[str, tuple[int, int]]
    speed: float = 0.0


@dataclass(frozen=True)
class BarProgress:
    bar: Bar
    answers: int
    correct: int

    @property
    def met(self) -> bool:
        return self.answers >= self.bar.answers and self.correct >= self.bar.accuracy * (
            self.answers
        )


@dataclass(frozen=True)
class StepState:
    step: Step
    state: State
    bars: tuple[BarProgress, ...]
    speed: float  # the fastest running count kept at 90% right (the running-count step's bar)

    @property
    def started(self) -> bool:
        counted = self.step.speed is not None and self.speed > 0
        return counted or any(progress.answers for progress in self.bars)

    @property
    def met(self) -> bool:
        speed_met = self.step.speed is None or self.speed >= self.step.speed
        return speed_met and all(progress.met for progress in self.bars)


@dataclass(frozen=True)
class Walk:
    start: str | None
    steps: tuple[StepState, ...]

    @property
    def current(self) -> StepState | None:
        """The step to continue with; None when every step is done, known or skipped."""
        return next((s for s in self.steps if s.state is State.CURRENT), None)


def walk(start: str | None, known: frozenset[str], figures: Figures) -> Walk:
    """Every step's state for a learner: done when its bars are met, else known (placement),
    skipped (the start), and the first of the rest is the one to continue with."""
    skipped = SKIPS.get(start or "new", frozenset())
    found: list[StepState] = []
    current_seen = False
    for step in STEPS:
        bars = tuple(BarProgress(bar, *figures.answers.get(bar.drill, (0, 0))) for bar in step.bars)
        shown = StepState(step, State.AHEAD, bars, figures.speed)
        if shown.met:
            state = State.DONE
        elif step.key in known:
            state = State.KNOWN
        elif step.key in skipped:
            state = State.SKIPPED
        elif not current_seen:
            state, current_seen = State.CURRENT, True
        else:
            state = State.AHEAD
        found.append(StepState(step, state, bars, figures.speed))
    return Walk(start, tuple(found))


def continue_drill(step: Step, answers: Mapping[str, tuple[int, int]]) -> str:
    """The drill to open for a step: the first of its bars' drills not met yet, else its first
    drill."""
    for bar in step.bars:
        done, right = answers.get(bar.drill, (0, 0))
        if not BarProgress(bar, done, right).met:
            return bar.drill
    return step.drills[0]


# What a table grades of the learner's play, by the step that teaches it: what a table set up
# grades unless the learner chooses otherwise is what their path has taught them (a walk: a
# newcomer's first table asked for the count every round). Basic strategy and its insurance
# (never, without the count) are what a table is for: always (None). The tray and cover are
# ticked by hand.
TABLE_CHECKS: dict[str, str | None] = {
    "strategy": None,
    "insurance": None,
    "counts": "running",
    "deviations": "deviations",
    "bets": "bets",
}
# The starts whose skipped steps the learner knows (a dealer's skips are steps they do not need
# first: not learnt).
KNOWS_ITS_SKIPS = frozenset({"basic", "counts"})


def passed(walk: Walk) -> frozenset[str]:
    """The steps a learner has learnt: done, known (the placement check), or skipped by a
    start that says they know them."""
    learnt = {State.DONE, State.KNOWN}
    if walk.start in KNOWS_ITS_SKIPS:
        learnt.add(State.SKIPPED)
    return frozenset(state.step.key for state in walk.steps if state.state in learnt)


def table_checks(passed: frozenset[str] | None) -> list[str]:
    """What a table grades by default: basic strategy and insurance, and each check whose step
    the learner has learnt (``passed``: :func:`passed`); every check for a learner who has not
    said where they start (``None``)."""
    return [
        check
        for check, step in TABLE_CHECKS.items()
        if passed is None or step is None or step in passed
    ]


# -- the placement check --------------------------------------------------------------------

# What the placement check asks: (step, drill, the drill's options for the question), in order.
# Every step a learner can be placed past has its questions here; the table's and the
# dealer's steps are learnt at the table and by dealing, not placed.
PLACEMENT: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("totals", "hand-totals", ()),
    ("totals", "hand-totals", ()),
    ("basic", "basic-strategy", (("mix", "hard"),)),
    ("basic", "basic-strategy", (("mix", "soft"),)),
    ("basic", "basic-strategy", (("mix", "pairs"),)),
    ("payouts", "payout-math", (("mix", "natural-3-2"),)),
    ("running", "running-count", ()),
    ("true", "true-count", ()),
    ("true", "true-count", ()),
    # Where a newcomer's default answer (no insurance, basic strategy's play, the table
    # minimum) would be right, the drill draws another question ("telling").
    ("deviations", "deviations", (("telling", "1"),)),
    ("bets", "bet-sizing", (("telling", "1"),)),
)
# The steps whose questions need the count study of the rules and system (indices, the edge by
# count): while it is being worked out, the check asks the others.
NEED_STUDY = frozenset({"deviations", "bets"})


def placement_asks() -> tuple[tuple[str, str, dict[str, str]], ...]:
    """The placement check's questions to draw: step, drill, the drill's options."""
    return tuple((step, drill, dict(options)) for step, drill, options in PLACEMENT)


@dataclass(frozen=True)
class Placement:
    """A placement check as drawn: each question's step, drill and question (``asked``), and
    the steps left out because their count study is still being worked out (``waiting``: the
    error saying which, to start its work)."""

    asked: tuple[tuple[str, Drill, Question], ...]
    waiting: tuple[str, ...] = ()
    pending: StudyPendingError | None = None


def draw_placement(
    rng: random.Random,
    rules: Rules,
    counting: Mapping[str, str],
    *,
    caches: Caches | None = None,
) -> Placement:
    """The placement check's questions under ``rules``, each drawn by its drill (the counting
    ones in the learner's ``counting`` preferences, as page options): a running count over a
    short run of dealt cards, the others as on the drill's page.

    :raises InvalidOptionError: where a drill cannot ask by its options (a bug in
        :data:`PLACEMENT`).
    """
    asked: list[tuple[str, Drill, Question]] = []
    waiting: list[str] = []
    pending: StudyPendingError | None = None
    for step, slug, options in placement_asks():
        drill = get_drill(slug)
        if isinstance(drill, RunningCount):
            question = drill.short_run(rng, rules, counting)
        elif isinstance(drill, AsksOnItsPage):
            learner = LearnerState(options={**counting, **options})
            try:
                question = drill.new_question(rng, rules, learner, caches=caches)
            except StudyNotForGameError:
                if step not in NEED_STUDY:
                    raise
                continue  # 004 dealt face down: no count study, no such question to place by
            except StudyPendingError as error:
                if step not in NEED_STUDY:
                    raise
                waiting += [step] if step not in waiting else []
                pending = error
                continue
        else:  # PLACEMENT names only drills that ask one of these two ways
            raise TypeError(f"the placement check cannot draw a question of {slug}")
        asked.append((step, drill, question))
    return Placement(tuple(asked), tuple(waiting), pending)


def placed(results: Sequence[tuple[str, bool]]) -> frozenset[str]:
    """The steps the placement check shows the learner knows: those whose every question
    (``(step, right)``) was answered right."""
    steps: dict[str, bool] = {}
    for step, right in results:
        if step not in BY_KEY:
            raise KeyError(step)
        steps[step] = steps.get(step, True) and right
    return frozenset(step for step, right in steps.items() if right)


@dataclass(frozen=True)
class PlacedAnswer:
    """One placement question as graded: its step, drill and question, and the grade (``None``
    for a question left blank, which counts as not known)."""

    step: str
    drill: Drill
    question: Question
    grade: Grade | None

    @property
    def correct(self) -> bool:
        return self.grade is not None and self.grade.correct


class PlacementAnswerError(DrillError):
    """A placement answer the drill cannot read, naming the question (counted from 1)."""

    def __init__(self, number: int, error: DrillError) -> None:
        super().__init__(str(error))
        self.number = number
        self.error = error


def grade_placement(
    asked: Sequence[Sequence[str]],
    answers: Mapping[str, str],
    rules: Rules,
    *,
    caches: Caches | None = None,
) -> list[PlacedAnswer]:
    """Grade the placement check: ``asked`` its questions as drawn (step, drill slug, the
    question's notation), ``answers`` the form's fields (``q<number>-<field>``, each cut to 40
    characters), on ``rules``. Each drill grades its own answer, as on its page, reading the
    charts and count studies it was drawn from (``caches``, the app's).

    :raises PlacementAnswerError: for an answer a drill cannot read.
    :raises StudyPendingError: where a count study the check was drawn with is gone.
    """
    graded = []
    for number, (step, slug, notation) in enumerate(asked, start=1):
        drill = get_drill(slug)
        prefix = f"q{number}-"
        fields = {
            name[len(prefix) :]: value[:40]
            for name, value in answers.items()
            if name.startswith(prefix)
        }
        try:
            answer = drill.answer_text(fields)
            grade = (
                drill.grade(notation, answer, rules_for(drill, notation, rules), caches=caches)
                if answer
                else None
            )
        except (StudyPendingError, GamePendingError):  # gone since the check was drawn: a
            raise  # job works it out again
        except DrillError as error:
            raise PlacementAnswerError(number, error) from error
        question = drill.question(notation, rules, caches=caches)
        graded.append(PlacedAnswer(step, drill, question, grade))
    return graded
