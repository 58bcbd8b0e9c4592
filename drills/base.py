"""What every drill does (:class:`Drill`: show a question, grade an answer, explain the
grade), the capabilities a drill may add, and the values that travel the answer road.

The road of one answer: the web layer asks a drill that asks on its own page
(:class:`AsksOnItsPage`) for ``drill.new_question(rng, rules, learner)`` and shows the
question's ``notation`` in a hidden field; on submit it calls ``drill.question(notation,
rules)`` (which re-reads and validates the notation) and ``drill.grade(notation,
drill.answer_text(form), rules)``, which re-derives the right answer from the notation alone, so
nothing the browser sends is trusted. A forged notation raises :class:`InvalidQuestionError`, an
answer in the wrong form :class:`InvalidAnswerError` (a 400, nothing stored); a merely wrong
answer is a :class:`Grade` with ``correct=False``. Each of these calls takes ``caches=``
(:class:`drills.caches.Caches`): where the results a drill reads are kept, the app's own
(``None``: the engine's default).

A drill's template (``drill.template``) extends ``drills/_page.html`` and defines a block
``panel`` holding the blocks ``feedback``, ``question`` and ``stats``; an htmx request gets
``panel`` only.

The capabilities are :class:`typing.Protocol` classes the road checks with ``isinstance``
(a drill names the ones it has among its bases, so that mypy checks it has them whole):

- :class:`AsksOnItsPage`: fresh questions on the drill's own page (``/drills/<slug>``);
- :class:`FollowsPreferences`: those questions follow the learner's stored preferences;
- :class:`NamesItsRules`: a question names the rules it is played under;
- :class:`CostlyFeedback`: grading or feedback that takes work worth caching and limiting;
- :class:`AskedInSessions`: questions asked at a session's checkpoints (counting sessions);
- :class:`AskedAtTable`: questions asked only at a seat at the table (``/table``);
- :class:`AnswersByKey`: answers are buttons' keys, named from a question's notation alone.

A drill without :class:`AsksOnItsPage` is asked elsewhere (a session, the table): its page
says where, and takes an answer only when a review batch re-drills one of its questions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, Self, cast, runtime_checkable

from drills.caches import Caches
from drills.skill_words import words_of
from trainer.engine.rulebook.rules import Rules
from trainer.words import SaidError, bets, cost_percent, said_numbers, say


class DrillError(SaidError):
    """A drill was given something it cannot accept (said in the catalogue's words where its
    raiser gives them: :class:`trainer.words.SaidError`)."""

    @classmethod
    def caused_by(cls, error: BaseException, text: str, /, **values: Any) -> Self:
        """The error for ``error``, caught where a drill reads its notation: in the cause's own
        catalogue words where it has them (:class:`trainer.words.SaidError`), else the message
        ``text`` (marked with :func:`trainer.words.N_`) filled from ``values`` (the cause's
        English after it in the error's text, for the command line and the logs)."""
        found = getattr(error, "said", None)
        if found is not None:
            return cls(str(error), said=found)
        made = cls.said_as(text, **values)  # the cause's own English kept for the logs
        return cls(f"{made}: {error}", said=made.said)


class UnknownDrillError(DrillError):
    """No drill has that slug."""


class InvalidQuestionError(DrillError):
    """The question notation is not one this drill could have asked."""


class InvalidAnswerError(DrillError):
    """The answer is not in the form the drill asks for (as opposed to merely wrong).
    ``field``: the form's input it was refused for, where the answer is typed in several (its
    page puts the focus there)."""

    def __init__(self, message: str, *, said: Any = None, field: str = "") -> None:
        super().__init__(message, said=said)
        self.field = field


class InvalidOptionError(DrillError):
    """A page option the drill reads (``LearnerState.options``) is not one it can ask by: the
    road shows the page with the message beside the option's ``field`` (a 400; a 200 where
    nothing sent was wrong, only the game chosen is not one the drill practises)."""

    def __init__(self, message: str, field: str = "", status: int = 400) -> None:
        super().__init__(message)
        self.field = field
        self.status = status


@dataclass(frozen=True)
class Question:
    """One question: its notation determines the right answer; ``view`` is what the page shows."""

    notation: str
    prompt: str
    view: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer, derived from the question's notation."""

    correct: bool
    answer: str  # the learner's answer, normalised, as stored
    right_answer: str
    explanation: str
    ev_cost: Fraction | None = None  # the mistake's cost in bets, where the drill has one
    # The cost as the verdict's first line says it, where "of a bet" would not say which bet
    # (a bet-sizing mistake is priced in table minimums, and in money): one short sentence.
    cost_words: str | None = None

    @property
    def why(self) -> str:
        """The explanation's first sentence: the one a verdict shows (write it as the why)."""
        return _first_sentence(self.explanation)[0]

    @property
    def details(self) -> str:
        """The rest of the explanation (the working, the EVs, the method): shown on demand."""
        return _first_sentence(self.explanation)[1]


# A sentence ends at a full stop (or ! ?) before a space and a capital (Latin or Cyrillic), a
# digit or a sign: not at a decimal point ("4.48 decks"), nor at a line that goes on in lower case.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZА-ЯЁ0-9+\-\u2212(])|\n+")


def _first_sentence(text: str) -> tuple[str, str]:
    parts = _SENTENCE_END.split(text.strip(), maxsplit=1)
    return parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")


@dataclass(frozen=True)
class PastAttempt:
    """One earlier answer of this learner to this drill."""

    question: str
    answer: str
    correct: bool
    ev_cost: Fraction | None
    created_at: str


@dataclass(frozen=True)
class SessionAsk:
    """One question of a session's checkpoint (:class:`AskedInSessions`): which of the
    checkpoint's questions it is, its notation (stored with the answer, graded by the drill's
    :meth:`~Drill.grade`), the form field its answer comes in, and its submission token."""

    name: str
    notation: str
    field: str
    token: str


@dataclass(frozen=True)
class LearnerState:
    """What a drill may know about the learner when it picks the next question."""

    user_id: int | None = None
    recent: tuple[PastAttempt, ...] = ()  # this drill's latest attempts, newest first
    options: Mapping[str, str] = field(default_factory=dict)  # the page's query options


class _SaidWhenRead:
    """A drill's title or description as its class writes it (marked with ``N_``), said in the
    learner's language each time it is read: the language is the request's, not the import's."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __get__(self, drill: object, owner: type | None = None) -> str:
        return say(self.text) if self.text else self.text


class Drill:
    """What every drill does: show the question a notation names, grade an answer to it and
    explain the grade (:attr:`Grade.explanation`); and name the skill a question asks, which
    its answer schedules for review. Subclasses set ``slug``, ``title``, ``description`` and
    ``template``, and add the capabilities they have (:class:`AsksOnItsPage` and the rest); the
    title and description are written in English, marked with ``N_``, and read in the
    learner's language."""

    slug: str = ""
    title: str = ""
    description: str = ""
    template: str = ""  # e.g. "drills/hand_totals.html"
    # Optional: a partial drawing ``view`` (a question's view) for the mistakes page; without
    # one, the page draws ``view["hand"]`` as cards, or shows the notation.
    situation_template: str = ""
    # How fast a right answer is (ms), for the spaced-repetition rating: at most ``brisk_ms``
    # is easy, over ``slow_ms`` hard.
    brisk_ms: int = 2_000
    slow_ms: int = 8_000
    # False where a question and its answer are the same under any rules (a hand's total): its
    # page names no rules (a newcomer read "dealer stands on soft 17" above a hand to add up).
    rules_matter: bool = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The title and description a subclass writes are said where they are read.
        super().__init_subclass__(**kwargs)
        for name in ("title", "description"):
            if isinstance(cls.__dict__.get(name), str):
                setattr(cls, name, _SaidWhenRead(cls.__dict__[name]))

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        """The question written ``notation``, for showing it again.

        :raises InvalidQuestionError: when this drill could not have asked it.
        """
        raise NotImplementedError

    def answer_text(self, form: Mapping[str, str]) -> str:
        """The submitted answer fields as the one text :meth:`grade` reads."""
        return str(form.get("answer", ""))

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        """Grade ``answer_text`` against the right answer derived from ``notation``, and explain
        the grade.

        :raises InvalidQuestionError: for a notation this drill could not have asked.
        :raises InvalidAnswerError: for an answer not in the form the drill asks for.
        """
        raise NotImplementedError

    def answered(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> tuple[Question, Grade]:
        """The question ``notation`` names and the grade of ``answer_text`` to it: what the road
        asks of one answer. By default :meth:`question`, then :meth:`grade`; a drill whose
        question takes work to read works it out once for both.

        :raises InvalidQuestionError: for a notation this drill could not have asked.
        :raises InvalidAnswerError: for an answer not in the form the drill asks for.
        """
        return (
            self.question(notation, rules, caches=caches),
            self.grade(notation, answer_text, rules, caches=caches),
        )

    def answer_words(self, answer: str) -> str:
        """An answer as :meth:`grade` writes it (:attr:`Grade.answer`, :attr:`Grade.right_answer`)
        in the learner's words, for a verdict's sentence and the mistakes page. By default as
        written, its numbers by the number helper ("1,000", «1 000»: :func:`said_numbers`, as
        the verdicts write them): a drill whose answers are words of English ("soft 17") says
        them through the catalogue, one answered on a button as the button names it."""
        return said_numbers(answer)

    def skill(self, notation: str, rules: Rules) -> str:
        """The skill a question asks (a question the road has read, so valid), as the key of
        the reviewable item an answer to it schedules: questions asking the same thing have
        one key (a chart cell under a rule set, a payout kind). By default the notation."""
        return notation

    def skill_words(self, key: str) -> str:
        """An item's key (:meth:`skill`) in plain words, for the pages that list items. By
        default :func:`drills.skill_words.words_of`: its rules, up card, systems and decks."""
        return words_of(key)

    def cost_said(self, cost: Fraction, question: str = "") -> str:
        """A mistake's cost (``Grade.ev_cost``) of the question ``question`` as the mistakes
        page says it: a share of the bet (:func:`cost_of_bet`), or in what the drill prices it
        (bet sizing: table minimums, as its verdict says)."""
        return cost_of_bet(cost)


def cost_of_bet(cost: Fraction) -> str:
    """A cost as a share of the bet, whatever its size ("3.40% of the bet", "150.16% of the
    bet"), as the verdicts say a play's cost."""
    return say("%(percent)s%% of the bet", percent=cost_percent(cost))


def share_or_bets(cost: Fraction) -> str:
    """A cost in bets as a learner reads it: a share of the bet up to one bet ("35.00% of the
    bet", as a play's verdict says it), else in bets ("2.13 bets", "39 bets", not "3,900.00%
    of the bet"): a payout's slip, a table's error, a coach's list of costly mistakes."""
    return cost_of_bet(cost) if cost <= 1 else bets(float(cost))


# -- the capabilities a drill may add -------------------------------------------------------


@runtime_checkable
class AsksOnItsPage(Protocol):
    """A drill that asks fresh questions on its own page (``/drills/<slug>``), one after each
    answer. A drill without it is asked elsewhere (:class:`AskedInSessions`,
    :class:`AskedAtTable`)."""

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        """A fresh question, drawn with ``rng`` (never the module-level random).

        :raises InvalidOptionError: for a page option (``learner.options``) it cannot ask by.
        """
        ...


@runtime_checkable
class FollowsPreferences(Protocol):
    """A drill whose questions follow the learner's stored preferences: ``preferences`` names
    them (``"counting"``: system, convention and resolution, :mod:`drills.counting.preferences`).
    The road puts them in the page's options (its URL), so ``new_question`` sees them in
    ``LearnerState.options`` and the answer form posts them back."""

    preferences: str


@runtime_checkable
class NamesItsRules(Protocol):
    """A drill whose question may name the rules it is played under (payout math, the
    dealing drills), rather than being played under the page's."""

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """The rules the question is played under, as stored with the attempt."""
        ...


@runtime_checkable
class CostlyFeedback(Protocol):
    """A drill whose grading or feedback takes work worth caching (the penetration drill's
    studies, from dealt shoes): the road limits the work not cached yet before it grades, and
    has the drill make its feedback's share of it before the page renders."""

    def feedback_data(
        self, answered: Question, options: Mapping[str, str], *, caches: Caches | None = None
    ) -> dict[str, Any]:
        """What the feedback shows beside the ``answered`` question that takes work to make
        (the penetration chart), by name, where it is worked out already: read by the view
        before it renders, never by the template, and never made here (what is not worked out
        is ``None``: the page links to where a job works it out, fetched by htmx, or a page of
        its own without JavaScript). ``options`` are the page's query options."""
        ...

    def uncached_work(self, notation: str, *, caches: Caches | None = None) -> str | None:
        """The expensive work not done yet (nothing cached) that answering ``notation`` would
        do now, in words ("a shoe-penetration study ..."), or None: what :meth:`Drill.grade`
        reads. The road counts it as expensive work, refused with a 429 past the limit, before
        it grades. None for a notation the drill does not read (grading it is the 400)."""
        ...


@runtime_checkable
class FiguresOffRequest(Protocol):
    """A drill whose grade reads figures worked out once per question and kept (a deviation's
    EVs at its count: seconds of CPU in a cold process, too long for a request). The road asks
    :meth:`figures_kept` before it grades; where they are not kept, a job works them out
    (:meth:`work_figures`) while the answer waits, and the grade then reads them."""

    def figures_kept(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> bool:
        """Whether grading ``notation`` under ``rules`` would find its figures kept (a notation
        the drill does not read: True, grading it is the 400)."""
        ...

    def work_figures(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> None:
        """Work out and keep ``notation``'s figures (in a job, never in a request)."""
        ...

    def check_answer(self, notation: str, answer_text: str, rules: Rules) -> str:
        """The answer, normalised, where it is one the drill grades (no figure read): a
        malformed one raises :class:`InvalidAnswerError` (or :class:`InvalidQuestionError`)
        before any figure is asked for, so that a refused answer starts no job."""
        ...


@runtime_checkable
class AskedInSessions(Protocol):
    """A drill whose questions are asked at a session's checkpoints (a counting session's
    page, ``/counting/sessions/<id>``, drawn with ``session_template``): the road takes a
    session's answers checkpoint by checkpoint (:meth:`session_asks`, graded with
    :meth:`Drill.grade` and stored like any other), and on ``/drills/<slug>/answer`` only when
    a review batch re-drills one of them."""

    session_template: str
    # Whether its speed follows the learner's level (drills/counting/pace.py): the road moves
    # the level after each checkpoint.
    adapts_speed: bool = False

    def read_session(self, spec: str) -> Any:
        """The session its store keeps as ``spec`` (a value with ``rules``, their notation)."""
        ...

    def session_asks(self, session: Any, session_id: str) -> tuple[tuple[SessionAsk, ...], ...]:
        """Each checkpoint's questions, in the order they are asked."""
        ...

    def session_view(
        self,
        session: Any,
        session_id: str,
        grades: Mapping[str, Grade],
        *,
        caches: Caches | None = None,
    ) -> dict[str, Any]:
        """What the session's page shows (``session_template``), by name, after the answers
        graded so far (by submission token): the checkpoint asked now or the summary."""
        ...

    def session_skill(self, session: Any) -> str:
        """The skill a session's checkpoints ask, such as counting in a system at a speed."""
        ...

    def flip_ms(self, session: Any, index: int) -> int:
        """How long the page's script takes to show checkpoint ``index``'s cards at the set
        speed (ms): a response time starts when the last is shown, not when the page is."""
        ...

    def counted(self, grades: Mapping[str, Grade]) -> dict[str, Grade]:
        """A checkpoint's grades (by ask name) as they are stored and counted: the road
        stores only these (a checkpoint is answered once its first ask is)."""
        ...


@runtime_checkable
class AskedAtTable(Protocol):
    """A drill whose questions are asked only at a seat at the table (``/table``, which makes
    them with :func:`drills.table_session.step_asks`): its page says so, and re-drills them
    from the mistakes page. (Drills with a page of their own are graded at the table too: a
    bet, insurance, a count check.)"""

    choice_word: str  # what its page calls an answer: "play", "choice", "stake"


@runtime_checkable
class AnswersByKey(Protocol):
    """A drill whose answers are its buttons' keys ("H" for Hit), which it names from a
    question's notation alone, working out none of its figures: the mistakes page says a stored
    answer in words while the question's game is still being worked out (004's banker)."""

    def answer_keys(self, notation: str, rules: Rules) -> Mapping[str, str]:
        """The keys the question's buttons answer with, and their labels (the English words,
        as the catalogue knows them), in button order.

        :raises InvalidQuestionError: for a notation this drill could not have asked.
        """
        ...


def capable(drill: object, capability: type) -> bool:
    """``isinstance(drill, capability)`` for one of the capabilities above, kept by the drill's
    class (its capabilities are its class's methods): a protocol's own check walks its members
    each time, some 10 us, and an answer's road asks four."""
    key = (type(drill), capability)
    try:
        return _CAPABLE[key]
    except KeyError:
        found = _CAPABLE[key] = isinstance(drill, capability)
        return found


_CAPABLE: dict[tuple[type, type], bool] = {}


def rules_for(drill: Drill, notation: str, rules: Rules) -> Rules:
    """The rules the question ``notation`` is played under, as stored with the attempt: the
    page's ``rules``, unless the drill's notation names its own (:class:`NamesItsRules`)."""
    if not capable(drill, NamesItsRules):
        return rules
    return cast(NamesItsRules, drill).rules_for(notation, rules)


def preferences_of(drill: Drill) -> str:
    """The preferences the drill's questions follow (:class:`FollowsPreferences`), or ``""``."""
    return drill.preferences if isinstance(drill, FollowsPreferences) else ""
