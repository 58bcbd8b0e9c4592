"""Counting sessions: a sequence of cards dealt from a real shoe, shown step by step, with
checkpoints where the learner gives the count. The server keeps the session (see
``trainer/store/counting.py``); every checkpoint answer is an attempt whose question is the
checkpoint's notation (:mod:`drills.counting.checkpoint`), so it can be graded again from the
text alone.

Three kinds, one drill each:

- ``running`` (:data:`RUNNING`): cards one, two or three at a time, or whole
  rounds dealt to a table, with checkpoints on the way and at the end;
- ``countdown`` (:data:`COUNTDOWN`): one deck with a few cards secretly removed,
  then the final count and the count of the missing cards;
- ``shoe`` (:data:`SHOE`): rounds at a table, engine seats and dealer, from the
  shuffle to the cut card; the running and true count asked at random round starts.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from drills.base import AskedInSessions, Drill, Grade, Question, SessionAsk
from drills.caches import Caches
from drills.counting.checkpoint import Checkpoint, read_checkpoint
from drills.counting.flip_time import flip_ms
from drills.counting.miscount import miscount_view
from drills.counting.notation import MAX_DECKS, cards_text, format_count
from drills.counting.places import Place, after_words, place_of, went_wrong_words
from drills.counting.preferences import CountPreferences, convention_words
from drills.counting.tray import tray_for
from drills.skill_words import decks_words, system_words
from trainer.engine.counting import SYSTEMS, CountingSystem, running_count
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, cards_a_second, number, say

_SPEED = re.compile(r"[0-9]{1,3}(\.[0-9]{1,6})?")  # in a skill's key: "hi-lo 6d at 1.5 cards/s"
# A true count checkpoint's skill in words, by deck resolution.
_TC_SKILL = {
    "full": N_("%(ask)s, %(system)s, %(convention)s, to the full deck, %(decks)s"),
    "half": N_("%(ask)s, %(system)s, %(convention)s, to the half deck, %(decks)s"),
    "quarter": N_("%(ask)s, %(system)s, %(convention)s, to the quarter deck, %(decks)s"),
}

KINDS = ("running", "countdown", "shoe")
GROUPS = ("1", "2", "3", "rounds")
ASK_LABELS = {
    "rc": N_("Running count"),
    "tc": N_("True count"),
    "missing": N_("Count of the missing cards"),
}
# The session page's answer field of each ask.
FIELDS = {"rc": "running", "tc": "true", "missing": "missing"}
MIN_SPEED, MAX_SPEED = Fraction(1, 4), Fraction(20)
MAX_SEATS = 7
MAX_ROUNDS = 400


class InvalidSessionError(ValueError):
    """A counting session cannot be set up with these settings."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field  # the set-up form's field that is wrong, where one is


# A round whose deal leaves cards face down (002) is shown in two steps: as it was played,
# those cards drawn as backs and not counted, then with them turned over at its end.
PHASES = ("", "play", "turned")


@dataclass(frozen=True)
class Step:
    """What one flip shows: some cards, or a whole round (its hands, by who holds them).

    ``cards`` are the cards the step shows for the first time: what is counted at it. A round
    in ``phase`` ``"play"`` has ``faces`` (one per hand, True for each card face up), and its
    ``cards`` are its face-up ones; its ``"turned"`` step that follows shows the round whole,
    its ``cards`` the ones turned over."""

    cards: tuple[Card, ...]  # in the order they left the shoe (a round: by hand)
    label: str = ""
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    phase: str = ""
    faces: tuple[tuple[bool, ...], ...] = ()

    @property
    def title(self) -> str:
        """The step's label, saying which view of its round it is."""
        if self.phase == "play":
            return say("%(step)s, as played (face-down cards unseen)", step=self.label_words)
        if self.phase == "turned":
            return say("%(step)s, its face-down cards turned over", step=self.label_words)
        return self.label_words

    @property
    def label_words(self) -> str:
        """The step's label in the learner's language ("Round 7", "Burned")."""
        round_number = self.label.removeprefix("Round ")
        if round_number.isdecimal():
            return say("Round %(number)s", number=number(int(round_number)))
        return say(self.label) if self.label else ""

    @property
    def held(self) -> tuple[tuple[str, tuple[tuple[Card, bool], ...]], ...]:
        """Each hand by who holds it, each card with whether it is face up at this step."""
        faces = self.faces or tuple((True,) * len(cards) for _, cards in self.hands)
        return tuple(
            (who, tuple(zip(cards, up, strict=True)))
            for (who, cards), up in zip(self.hands, faces, strict=True)
        )

    def to_json(self) -> dict[str, Any]:
        raw: dict[str, Any] = {
            "label": self.label,
            "cards": cards_text(self.cards),
            "hands": [[who, cards_text(cards)] for who, cards in self.hands],
        }
        if self.phase:
            raw["phase"] = self.phase
        if self.faces:
            raw["faces"] = ["".join("u" if up else "d" for up in hand) for hand in self.faces]
        return raw

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Step:
        phase = str(raw.get("phase", ""))
        return cls(
            cards=_cards(raw["cards"]),
            label=str(raw.get("label", "")),
            hands=tuple((str(who), _cards(cards)) for who, cards in raw.get("hands", [])),
            phase=phase if phase in PHASES else "",
            faces=tuple(tuple(mark == "u" for mark in hand) for hand in raw.get("faces", [])),
        )


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(part) for part in text.split())


@dataclass(frozen=True)
class CheckpointSpec:
    """Ask ``asks`` once the steps up to index ``after`` (inclusive) have been shown."""

    after: int
    asks: tuple[str, ...]


# The rules a countdown is stored under: one deck, no table (a notation as every session's).
COUNTDOWN_RULES = Rules(decks=1)
# Sessions dealt before a countdown stored a notation wrote this in its place.
_OLD_COUNTDOWN_RULES = "one deck"


@dataclass(frozen=True)
class CountingSession:
    """One counting session as dealt: everything the server needs to grade it."""

    kind: str
    system: str
    convention: str
    resolution: str
    decks: int
    rules: str
    speed: Fraction  # cards per second
    steps: tuple[Step, ...]
    checkpoints: tuple[CheckpointSpec, ...]
    removed: tuple[Card, ...] = ()  # countdown: the cards secretly taken out of the deck
    seats: int = 0
    _starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        starts = [0]
        for step in self.steps:
            starts.append(starts[-1] + len(step.cards))
        object.__setattr__(self, "_starts", tuple(starts))

    @property
    def drill(self) -> str:
        return DRILL_OF_KIND[self.kind]

    @property
    def counting_system(self) -> CountingSystem:
        return SYSTEMS[self.system]

    def seen(self, after: int) -> tuple[Card, ...]:
        """Every card of the steps up to index ``after``, in order."""
        return tuple(card for step in self.steps[: after + 1] for card in step.cards)

    def checkpoint(self, index: int, ask: str) -> Checkpoint:
        spec = self.checkpoints[index]
        return Checkpoint(
            kind=ask,
            system=self.counting_system,
            decks=self.decks,
            cards=self.seen(spec.after),
            convention=self.convention,
            resolution=self.resolution,
        )

    def segment(self, index: int) -> range:
        """The steps shown before checkpoint ``index`` (after the previous one's)."""
        first = self.checkpoints[index - 1].after + 1 if index else 0
        return range(first, self.checkpoints[index].after + 1)

    def cards_in(self, steps: range) -> int:
        return self._starts[steps.stop] - self._starts[steps.start]

    def count_after(self, step: int) -> Fraction:
        return running_count(self.counting_system, self.seen(step), self.decks)

    @property
    def key_count(self) -> Fraction | None:
        """An unbalanced system's key count for this shoe, where its source gives one."""
        system = self.counting_system
        return dict(system.key_counts).get(self.decks)

    @property
    def initial_count(self) -> Fraction:
        return self.counting_system.initial_running_count(self.decks)

    def to_json(self) -> str:
        return json.dumps(
            {
                "kind": self.kind,
                "system": self.system,
                "convention": self.convention,
                "resolution": self.resolution,
                "decks": self.decks,
                "rules": self.rules,
                "speed": str(self.speed),
                "seats": self.seats,
                "steps": [step.to_json() for step in self.steps],
                "checkpoints": [[spec.after, list(spec.asks)] for spec in self.checkpoints],
                "removed": cards_text(self.removed),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> CountingSession:
        raw = json.loads(text)
        return cls(
            kind=raw["kind"],
            system=raw["system"],
            convention=raw["convention"],
            resolution=raw["resolution"],
            decks=int(raw["decks"]),
            rules=(
                COUNTDOWN_RULES.notation() if raw["rules"] == _OLD_COUNTDOWN_RULES else raw["rules"]
            ),
            speed=Fraction(raw["speed"]),
            seats=int(raw.get("seats", 0)),
            steps=tuple(Step.from_json(step) for step in raw["steps"]),
            checkpoints=tuple(
                CheckpointSpec(int(after), tuple(asks)) for after, asks in raw["checkpoints"]
            ),
            removed=_cards(raw.get("removed", "")),
        )


# -- the learner's answers, and the summary ----------------------------------------------


@dataclass(frozen=True)
class Answered:
    """One stored answer to one ask of one checkpoint."""

    answer: str
    right_answer: str
    correct: bool


def answer_token(session_id: str, index: int, ask: str) -> str:
    """The submission token of one ask of one checkpoint: each is stored once, never twice."""
    return f"cs-{session_id}-{index}-{ask}"


def next_checkpoint(session: CountingSession, answers: Mapping[tuple[int, str], Answered]) -> int:
    """The first checkpoint whose first ask, the running count, is not answered yet
    (``len(checkpoints)`` when all are; a true count may be left out: :func:`counted_once`)."""
    for index, spec in enumerate(session.checkpoints):
        if (index, spec.asks[0]) not in answers:
            return index
    return len(session.checkpoints)


def counted_once(grades: Mapping[str, Grade]) -> dict[str, Grade]:
    """A count check's grades (by ask name) as stored and counted: where the running count is
    wrong, the true count worked out from it is wrong with it, one slip that graded twice
    counted as two mistakes (the table's summary, the progress page, the path); so it is left
    out, and the check counts once, the running count's explanation saying so (it was left out
    unsaid: a learner's walk). With the running count right, the true count is graded."""
    running = grades.get("rc")
    if running is not None and not running.correct:
        kept = {name: grade for name, grade in grades.items() if name != "tc"}
        if "tc" in grades:
            kept["rc"] = replace(running, explanation=f"{running.explanation} {say(TC_LEFT_OUT)}")
        return kept
    return dict(grades)


TC_LEFT_OUT = N_("Your true count is not graded this time: it follows from the running count, "
                  "so one slip counts once.")  # fmt: skip


def _signed_number(text: str) -> Fraction:
    cleaned = text.replace("+", "").replace("\u2212", "-")  # a count as read: a true minus
    return Fraction(cleaned) if cleaned not in ("", "0") else Fraction(0)


def _place(session: CountingSession, after: int) -> Place:
    """Where step ``after`` ends: after card 26, round 7, the burn."""
    return place_of(session.steps[after].label, session._starts[after + 1])


def _went_wrong(session: CountingSession, where: range, after: int, off: Fraction) -> str:
    """Where the count went wrong since the checkpoint before, and by how much, in words."""
    start = _place(session, where.start - 1) if where.start else None
    return went_wrong_words(start, _place(session, after), off)


def _stretch(session: CountingSession, where: range) -> list[dict[str, Any]]:
    """The steps of a stretch where the count went wrong, with the count after each."""
    return [
        {
            "label": session.steps[at].title
            or say("Card %(number)s", number=number(session._starts[at] + 1)),
            "cards": session.steps[at].cards,
            "count": format_count(session.count_after(at)),
        }
        for at in where
    ]


def summary(
    session: CountingSession, answers: Mapping[tuple[int, str], Answered]
) -> list[dict[str, Any]]:
    """One row per checkpoint: the answers, and where the running count went wrong.

    A running count that is off by the same amount as at the checkpoint before carries an
    old slip; one whose error changed went wrong in the stretch since that checkpoint, and the
    row lists that stretch's steps with the count after each.
    """
    rows: list[dict[str, Any]] = []
    error_before = Fraction(0)
    for index, spec in enumerate(session.checkpoints):
        asks = []
        for ask in spec.asks:
            answered = answers.get((index, ask))
            asks.append({"ask": ask, "label": say(ASK_LABELS[ask]), "answered": answered})
        rc = answers.get((index, "rc"))
        note = ""
        stretch: list[dict[str, Any]] = []
        if rc is not None:
            error = _signed_number(rc.answer) - _signed_number(rc.right_answer)
            where = session.segment(index)
            if error == 0 and error_before != 0:
                note = say(
                    "Right again: you have corrected the earlier slip since the last checkpoint."
                )
            elif error != error_before:
                note = _went_wrong(session, where, spec.after, error - error_before)
                stretch = _stretch(session, where)
            elif error:
                note = say(
                    "Still off by %(off)s: a slip from before, carried on.", off=format_count(error)
                )
            error_before = error
        tc = answers.get((index, "tc"))
        if tc is not None and rc is not None and rc.correct and not tc.correct:
            note = (note + " " if note else "") + say(
                "The running count was right: the slip was in turning it into a true count."
            )
        rows.append(
            {
                "number": index + 1,
                "where": after_words(_place(session, spec.after)),
                "asks": asks,
                "note": note,
                "stretch": stretch,
            }
        )
    return rows


def page_view(
    session: CountingSession, answers: Mapping[tuple[int, str], Answered]
) -> dict[str, Any]:
    """What a session's page shows after ``answers``: the checkpoint asked now, with the
    steps dealt before it, or (all answered) the summary."""
    index = next_checkpoint(session, answers)
    done = index >= len(session.checkpoints)
    rows = summary(session, answers)
    view: dict[str, Any] = {
        "session": session,
        "index": index,
        "done": done,
        "ask_labels": {ask: say(label) for ask, label in ASK_LABELS.items()},
        "fields": FIELDS,
        # Each checkpoint's row so far: a verdict says where its count went wrong from it.
        "checkpoint_rows": rows,
    }
    if done:
        view["summary"] = rows
        view["right"] = sum(answered.correct for answered in answers.values())
        view["asked"] = len(answers)
        return view
    spec = session.checkpoints[index]
    steps = session.segment(index)
    seen = len(session.seen(spec.after))
    view.update(
        spec=spec,
        steps=[session.steps[at] for at in steps],
        first_step=steps.start,
        segment_cards=session.cards_in(steps),
        seen=seen,
        tray=tray_for(session.decks, seen),
    )
    return view


# -- the drills in the registry ----------------------------------------------------------


class SessionDrill(Drill, AskedInSessions):
    """A counting drill played as a session. Its page sets a session up; answers go to the
    session's checkpoints (``/counting/sessions/<id>``). A checkpoint missed there can be
    re-drilled from the mistakes page: the page then lists its cards and asks the count."""

    kind = ""
    situation_template = "drills/_counting_situation.html"
    session_template = "drills/counting_session.html"
    brisk_ms, slow_ms = 4_000, 15_000  # a count after a run of cards takes longer than a play

    def read_session(self, spec: str) -> CountingSession:
        return CountingSession.from_json(spec)

    def counted(self, grades: Mapping[str, Grade]) -> dict[str, Grade]:
        return counted_once(grades)

    def session_asks(
        self, session: CountingSession, session_id: str
    ) -> tuple[tuple[SessionAsk, ...], ...]:
        return tuple(
            tuple(
                SessionAsk(
                    name=ask,
                    notation=session.checkpoint(index, ask).notation,
                    field=FIELDS[ask],
                    token=answer_token(session_id, index, ask),
                )
                for ask in spec.asks
            )
            for index, spec in enumerate(session.checkpoints)
        )

    def session_view(
        self,
        session: CountingSession,
        session_id: str,
        grades: Mapping[str, Grade],
        *,
        caches: Caches | None = None,
    ) -> dict[str, Any]:
        answers = {}
        for index, spec in enumerate(session.checkpoints):
            for ask in spec.asks:
                grade = grades.get(answer_token(session_id, index, ask))
                if grade is not None:
                    answers[index, ask] = Answered(grade.answer, grade.right_answer, grade.correct)
        view = page_view(session, answers)
        if view["done"] and session.kind == "shoe":  # what its count errors cost at the table
            view.update(miscount_view(session, answers, caches))
        return view

    def skill(self, notation: str, rules: Rules) -> str:
        """A checkpoint re-drilled alone: its kind, system and shoe (``"rc hi-lo 6d"``)."""
        return notation.split(":", 1)[0]

    def skill_words(self, key: str) -> str:
        """``"Running count, Hi-Lo, 6 decks"``; ``"Counting Hi-Lo, 6 decks, at 1.5 cards a
        second"`` (a session's skill)."""
        words = key.split()
        if len(words) == 3 and words[0] in ASK_LABELS:
            return say("%(ask)s, %(system)s, %(decks)s", ask=say(ASK_LABELS[words[0]]),
                       system=system_words(words[1]), decks=decks_words(words[2]))  # fmt: skip
        if len(words) == 2 and words[0] in ASK_LABELS:
            return say("%(ask)s, %(system)s", ask=say(ASK_LABELS[words[0]]),
                       system=system_words(words[1]))  # fmt: skip
        if len(words) == 5 and words[0] in ASK_LABELS and words[3] in _TC_SKILL:
            label, system, convention, resolution, decks = words  # a true count: its rounding
            return say(_TC_SKILL[resolution], ask=say(ASK_LABELS[label]),
                       system=system_words(system),
                       convention=convention_words(convention),
                       decks=decks_words(decks))  # fmt: skip
        if len(words) == 5 and words[2:5:2] == ["at", "cards/s"] and _SPEED.fullmatch(words[3]):
            return say("Counting %(system)s, %(decks)s, at %(speed)s",
                       system=system_words(words[0]), decks=decks_words(words[1]),
                       speed=cards_a_second(Fraction(words[3])))  # fmt: skip
        return super().skill_words(key)

    def flip_ms(self, session: CountingSession, index: int) -> int:
        return flip_ms(
            session.speed, [len(session.steps[at].cards) for at in session.segment(index)]
        )

    def session_skill(self, session: CountingSession) -> str:
        """Counting in a system at a speed (``"hi-lo 6d at 1.5 cards/s"``)."""
        speed = f"{float(session.speed):g}"
        return f"{session.system} {session.decks}d at {speed} cards/s"

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        checkpoint = read_checkpoint(notation)
        if checkpoint.kind == "tc":
            view: dict[str, Any] = {"tray": tray_for(checkpoint.decks, len(checkpoint.cards))}
        else:
            view = {}
        view["checkpoint"] = checkpoint
        return Question(notation=notation, prompt=checkpoint.prompt, view=view)

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        """Grade a checkpoint's answer: on the session's page (:meth:`session_asks`), or
        re-drilled from the mistakes page (the cards listed), as part of a review batch."""
        return read_checkpoint(notation).grade(answer_text)


class RunningCount(SessionDrill):
    """Cards from a real shuffled shoe, one, two or three at a time or as whole rounds at a
    table, at the learner's speed; the count asked at checkpoints and at the end. Each
    checkpoint's answer is stored with its notation (``"rc hi-lo 6d: 5H KD ..."``)."""

    slug = "running-count"
    title = N_("Running count")
    description = N_(
        "Cards from a shuffled shoe, one, two or three at a time or dealt in rounds, at the "
        "speed you set: keep the running count and give it at each checkpoint."
    )
    template = "drills/counting_setup.html"
    kind = "running"
    adapts_speed = True

    def short_run(
        self, rng: random.Random, rules: Rules, options: Mapping[str, str], cards: int = 12
    ) -> Question:
        """One checkpoint over a short run of ``cards`` dealt from a shuffled shoe of the
        rules' decks, counted in the system ``options`` names (the learner's preferences): a
        running count asked of the cards all shown at once (the placement check's)."""
        system = CountPreferences.from_options(options).counting_system
        decks = min(rules.decks, MAX_DECKS)
        dealt = tuple(Shoe(Rules(decks=decks), rng).draw_many(cards))
        return self.question(Checkpoint("rc", system, decks, dealt).notation, rules)


class DeckCountdown(SessionDrill):
    """One deck with a few cards secretly taken out, shown card by card against the clock; then
    the final count, and the count of the cards that were missing (stored as ``"rc hi-lo 1d:
    ..."`` and ``"missing hi-lo: ..."``, the cards shown)."""

    slug = "deck-countdown"
    title = N_("Deck countdown")
    description = N_(
        "Count down a deck with some cards secretly removed, against the clock: give your "
        "final count, then the count of the missing cards."
    )
    template = "drills/counting_setup.html"
    kind = "countdown"


class ShoeCount(SessionDrill):
    """Rounds at a table, the engine playing the seats and the dealer, any preset, from the
    shuffle to the cut card. At random round starts the learner gives the running count (and,
    for a balanced system, the true count); at the end, a summary of where the count went
    wrong."""

    slug = "shoe-count"
    title = N_("Counting through a shoe")
    description = N_(
        "Rounds dealt at a table from the shuffle to the cut card: keep the count as the "
        "cards come, give the running and true count when asked, and see where it slipped."
    )
    template = "drills/counting_setup.html"
    kind = "shoe"
    adapts_speed = True


RUNNING = RunningCount()
COUNTDOWN = DeckCountdown()
SHOE = ShoeCount()
# The drill each kind of session belongs to.
DRILL_OF_KIND: dict[str, str] = {drill.kind: drill.slug for drill in (RUNNING, COUNTDOWN, SHOE)}
