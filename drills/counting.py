"""What every counting drill shares: the learner's counting preferences, counts and decks as
text, card sequences as text, checkpoints, and the discard tray drawn to scale.

The preferences (a system, a true-count convention and a deck resolution) are the learner's;
the web layer keeps them in the session and hands them to a drill as the page's options
(``system``, ``convention``, ``resolution``), so every counting drill follows them.

A **checkpoint** is one count asked about a sequence of cards, written so that the right answer
is derived from the notation alone:

- ``"rc hi-lo 6d: 5H KD 2C"``: the running count after those cards, from the system's initial
  running count for a 6-deck shoe;
- ``"tc hi-lo floor half 6d: 5H KD 2C"``: the true count after them, the decks remaining
  (6 x 52 less the cards seen) estimated to the half deck and the result floored;
- ``"missing hi-lo: 5H KD ..."``: the count of the cards of one deck that are *not* listed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drills import Grade, InvalidAnswerError, InvalidQuestionError
from trainer.engine.cards import Card, InvalidCardError
from trainer.engine.counting import (
    SYSTEMS,
    CountingSystem,
    UnknownSystemError,
    estimate_decks,
    find_system,
    running_count,
    true_count,
)

CARDS_PER_DECK = 52
MAX_DECKS = 8
CONVENTIONS = ("floor", "truncate", "round")
RESOLUTIONS = ("full", "half", "quarter")
CONVENTION_LABELS = {
    "floor": "Floor (round down: +2.7 is +2, -1.5 is -2)",
    "truncate": "Truncate (toward zero: +2.7 is +2, -1.5 is -1)",
    "round": "Round (to the nearest: +2.7 is +3, -1.5 is -2)",
}
RESOLUTION_LABELS = {
    "full": "Full decks",
    "half": "Half decks",
    "quarter": "Quarter decks",
}
STEPS = {"full": Fraction(1), "half": Fraction(1, 2), "quarter": Fraction(1, 4)}
# No true count a learner meets at a table is anywhere near this.
TRUE_COUNT_BOUND = 60


@dataclass(frozen=True)
class CountPreferences:
    """The learner's counting system and how they turn a running count into a true count."""

    system: str = "hi-lo"
    convention: str = "floor"
    resolution: str = "half"

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> CountPreferences:
        """The preferences in a page's options; anything unknown falls back to the default."""
        default = cls()
        system = str(options.get("system", ""))
        convention = str(options.get("convention", ""))
        resolution = str(options.get("resolution", ""))
        return cls(
            system=system if system in SYSTEMS else default.system,
            convention=convention if convention in CONVENTIONS else default.convention,
            resolution=resolution if resolution in RESOLUTIONS else default.resolution,
        )

    def as_options(self) -> dict[str, str]:
        return {
            "system": self.system,
            "convention": self.convention,
            "resolution": self.resolution,
        }

    @property
    def counting_system(self) -> CountingSystem:
        return SYSTEMS[self.system]


def system_choices() -> list[tuple[str, str]]:
    return [(system.slug, system.name) for system in SYSTEMS.values()]


# -- numbers as text ---------------------------------------------------------------------------


def format_count(value: Fraction) -> str:
    """A count as a learner writes it: ``"+3"``, ``"0"``, ``"-1.5"``."""
    value = Fraction(value)
    text = _decimal(abs(value))
    if value > 0:
        return f"+{text}"
    if value < 0:
        return f"-{text}"
    return "0"


def format_decks(value: Fraction) -> str:
    """Decks as a learner writes them: ``"2"``, ``"2.5"``, ``"0.75"``."""
    return _decimal(Fraction(value))


def _decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    # Halves and quarters (and their like) have a short exact decimal; anything else a fraction.
    denominator = value.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator != 1:
        return str(value)
    places = 1
    while (value * 10**places).denominator != 1:
        places += 1
    return f"{float(value):.{places}f}"


_NUMBER_RE = re.compile(r"([+-]?)\s*(\d{1,4})(?:[.,](\d{1,3}))?(?:\s*(½|¼|¾))?", re.ASCII)
_FRACTION_RE = re.compile(r"([+-]?)\s*(?:(\d{1,4})\s+)?(\d{1,4})\s*/\s*(\d{1,2})", re.ASCII)
_VULGAR = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}


def read_number(text: str, what: str) -> Fraction:
    """A number typed by a learner: ``"-3"``, ``"+2"``, ``"1.5"``, ``"2,5"``, ``"2 1/2"``, ``"2½"``.

    :raises InvalidAnswerError: naming ``what`` for anything else.
    """
    cleaned = " ".join(str(text or "").replace("−", "-").replace("–", "-").split())
    if not cleaned:
        raise InvalidAnswerError(f"Type {what}.")
    match = _NUMBER_RE.fullmatch(cleaned)
    if match:
        sign, whole, decimals, vulgar = match.groups()
        value = Fraction(int(whole))
        if decimals:
            value += Fraction(int(decimals), 10 ** len(decimals))
        if vulgar:
            value += _VULGAR[vulgar]
        return -value if sign == "-" else value
    match = _FRACTION_RE.fullmatch(cleaned)
    if match and int(match.group(4)) != 0:
        sign, whole, numerator, denominator = match.groups()
        value = int(whole or 0) + Fraction(int(numerator), int(denominator))
        return -value if sign == "-" else value
    raise InvalidAnswerError(
        f"Type {what} as a number, like +3, -2 or 1.5; {cleaned[:20]!r} is not one."
    )


def read_count(text: str, system: CountingSystem, bound: Fraction, what: str) -> Fraction:
    """A count in ``system``: a number between ``-bound`` and ``bound`` the system can reach.

    :raises InvalidAnswerError: for text that is not a number, a count out of reach, or a
        fraction the system's tags cannot make (a half in Hi-Lo).
    """
    value = read_number(text, what)
    if abs(value) > bound:
        raise InvalidAnswerError(
            f"{what.capitalize()} of {format_count(value)} is out of reach here: it lies "
            f"between {format_count(-bound)} and {format_count(bound)}."
        )
    step = Fraction(1, system._scale)
    if (value / step).denominator != 1:
        kind = "whole numbers" if step == 1 else f"steps of {format_decks(step)}"
        raise InvalidAnswerError(
            f"{system.name} counts in {kind}: {format_count(value)} is not one."
        )
    return value


def read_whole_count(text: str, what: str) -> Fraction:
    """A true count: a whole number between -60 and +60.

    :raises InvalidAnswerError: otherwise.
    """
    value = read_number(text, what)
    if value.denominator != 1:
        raise InvalidAnswerError(
            f"{what.capitalize()} is a whole number once rounded; {format_count(value)} is not."
        )
    if abs(value) > TRUE_COUNT_BOUND:
        raise InvalidAnswerError(
            f"{what.capitalize()} of {format_count(value)} is out of reach: true counts at a "
            f"table lie well within -{TRUE_COUNT_BOUND} and +{TRUE_COUNT_BOUND}."
        )
    return value


def read_decks(text: str, resolution: str, highest: int, what: str) -> Fraction:
    """Decks to the ``resolution``: a multiple of its step from 0 to ``highest``.

    :raises InvalidAnswerError: otherwise.
    """
    value = read_number(text, what)
    step = STEPS[resolution]
    if not 0 <= value <= highest:
        raise InvalidAnswerError(
            f"Give {what} as a number from 0 to {highest}, not {format_decks(value)}."
        )
    if (value / step).denominator != 1:
        raise InvalidAnswerError(
            f"Give {what} to the {RESOLUTION_LABELS[resolution].lower()[:-1]}: "
            f"a multiple of {format_decks(step)}; {format_decks(value)} is not."
        )
    return value


# -- cards as text -----------------------------------------------------------------------------


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def read_cards(text: str, decks: int) -> tuple[Card, ...]:
    """Suited cards separated by spaces, each at most ``decks`` times (one shoe of that size).

    :raises InvalidQuestionError: for anything else.
    """
    try:
        cards = tuple(Card.parse(part) for part in text.split())
    except InvalidCardError as error:
        raise InvalidQuestionError(f"the cards are not all cards: {error}") from None
    if any(card.suit is None for card in cards):
        raise InvalidQuestionError("every card of a counting question has its suit")
    if len(cards) > decks * CARDS_PER_DECK:
        raise InvalidQuestionError(f"a {decks}-deck shoe holds {decks * CARDS_PER_DECK} cards")
    copies = Counter(cards).most_common(1)
    if copies and copies[0][1] > decks:
        raise InvalidQuestionError(
            f"{copies[0][0]} comes {copies[0][1]} times: a {decks}-deck shoe has {decks}"
        )
    return cards


def read_system(slug: str) -> CountingSystem:
    try:
        return find_system(slug)
    except UnknownSystemError as error:
        raise InvalidQuestionError(str(error)) from None


def read_decks_count(text: str) -> int:
    """``"6d"`` -> 6, for 1 to 8 decks.

    :raises InvalidQuestionError: otherwise.
    """
    match = re.fullmatch(r"([1-8])d", text)
    if match is None:
        raise InvalidQuestionError(f"{text!r} is not a number of decks from 1d to {MAX_DECKS}d")
    return int(match.group(1))


# -- checkpoints -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Checkpoint:
    """One count asked about the cards seen so far (see the module's notation)."""

    kind: str  # "rc", "tc" or "missing"
    system: CountingSystem
    decks: int
    cards: tuple[Card, ...]
    convention: str = "floor"
    resolution: str = "half"

    @property
    def notation(self) -> str:
        cards = cards_text(self.cards)
        if self.kind == "rc":
            return f"rc {self.system.slug} {self.decks}d: {cards}"
        if self.kind == "tc":
            return (
                f"tc {self.system.slug} {self.convention} {self.resolution} {self.decks}d: {cards}"
            )
        return f"missing {self.system.slug}: {cards}"

    @property
    def what(self) -> str:
        return {
            "rc": "the running count",
            "tc": "the true count",
            "missing": "the count of the missing cards",
        }[self.kind]

    @property
    def running(self) -> Fraction:
        """The running count after the cards, from the initial running count."""
        return running_count(self.system, self.cards, self.decks)

    @property
    def decks_remaining(self) -> Fraction:
        return Fraction(self.decks * CARDS_PER_DECK - len(self.cards), CARDS_PER_DECK)

    @property
    def right(self) -> Fraction:
        if self.kind == "rc":
            return self.running
        if self.kind == "tc":
            return true_count(self.running, self.decks_remaining, self.convention, self.resolution)
        return self.system.full_shoe_total(1) - running_count(self.system, self.cards)

    def read_answer(self, text: str) -> Fraction:
        """The learner's answer to this checkpoint.

        :raises InvalidAnswerError: for text that is not a count this checkpoint could have.
        """
        if self.kind == "tc":
            return read_whole_count(text, self.what)
        biggest = max(abs(tag) for tag in (*self.system.tags, *(self.system.red_tags or ())))
        if self.kind == "rc":
            start = abs(self.system.initial_running_count(self.decks))
            bound = start + biggest * len(self.cards)
        else:
            bound = biggest * (CARDS_PER_DECK - len(self.cards))
        return read_count(text, self.system, bound, self.what)

    def grade(self, text: str) -> Grade:
        """Grade a typed answer to this checkpoint.

        :raises InvalidAnswerError: for an answer not in the form asked for.
        """
        answer = self.read_answer(text)
        right = self.right
        return Grade(
            correct=answer == right,
            answer=format_count(answer),
            right_answer=format_count(right),
            explanation=self.explain(),
        )

    def explain(self) -> str:
        system = self.system
        if self.kind == "rc":
            start = system.initial_running_count(self.decks)
            begin = f"from {format_count(start)} (the initial count for {self.decks} decks)"
            begin = begin if start else "from 0"
            return (
                f"{system.name}, {begin}, over {len(self.cards)} cards: "
                f"{format_count(self.running)}."
            )
        if self.kind == "tc":
            remaining = self.decks_remaining
            estimate = estimate_decks(remaining, self.resolution)
            exact = self.running / estimate
            return (
                f"Running count {format_count(self.running)}; {len(self.cards)} of "
                f"{self.decks * CARDS_PER_DECK} cards seen, so {about_decks(remaining)} decks "
                f"remain, {format_decks(estimate)} to the "
                f"{RESOLUTION_LABELS[self.resolution].lower()[:-1]}. "
                f"{format_count(self.running)} / {format_decks(estimate)} = "
                f"{_approx(exact)}; {self.convention} gives {format_count(self.right)}."
            )
        total = system.full_shoe_total(1)
        seen = running_count(system, self.cards)
        return (
            f"A whole deck counts {format_count(total)} in {system.name}; the cards shown "
            f"count {format_count(seen)}, so the missing cards count "
            f"{format_count(total)} - ({format_count(seen)}) = {format_count(self.right)}."
        )


def about_decks(value: Fraction) -> str:
    """Decks exactly where a learner would write them (2.5, 0.75), else about (0.71)."""
    return format_decks(value) if 4 % value.denominator == 0 else f"about {float(value):.2f}"


def _approx(value: Fraction) -> str:
    if value.denominator == 1:
        return format_count(value)
    sign = "+" if value > 0 else "-"
    return f"{sign}{abs(float(value)):.2f}"


_CHECKPOINT_RE = re.compile(
    r"(?P<kind>rc|tc|missing) (?P<system>[a-z0-9-]+)"
    r"(?: (?P<convention>[a-z]+) (?P<resolution>[a-z]+))?"
    r"(?: (?P<decks>[1-8]d))?: ?(?P<cards>.*)"
)


def read_checkpoint(notation: str) -> Checkpoint:
    """The checkpoint written ``notation``.

    :raises InvalidQuestionError: when it is not one a counting drill asks.
    """
    match = _CHECKPOINT_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError("a counting checkpoint reads like 'rc hi-lo 6d: 5H KD'")
    kind = match["kind"]
    system = read_system(match["system"])
    has_conversion = match["convention"] is not None
    if has_conversion != (kind == "tc"):
        raise InvalidQuestionError("only a true count names a convention and a resolution")
    if (match["decks"] is None) != (kind == "missing"):
        raise InvalidQuestionError("a running or true count names the decks, 'missing' does not")
    decks = read_decks_count(match["decks"]) if match["decks"] else 1
    cards = read_cards(match["cards"], decks)
    convention = match["convention"] or "floor"
    resolution = match["resolution"] or "half"
    if convention not in CONVENTIONS or resolution not in RESOLUTIONS:
        raise InvalidQuestionError(f"unknown convention or resolution in {notation[:40]!r}")
    if kind != "rc" and len(cards) >= decks * CARDS_PER_DECK:
        raise InvalidQuestionError("a true count or missing cards need cards left unseen")
    return Checkpoint(kind, system, decks, cards, convention, resolution)


# -- the discard tray ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TrayView:
    """A discard tray drawn to scale: a tray that holds the whole shoe, with a one-deck stack
    beside it for reference. Lengths are SVG user units."""

    decks: int
    played: int
    width: int = 220
    height: int = 180
    tray_x: int = 20
    tray_width: int = 110
    ref_x: int = 160
    ref_width: int = 44
    top: int = 12

    @property
    def bottom(self) -> int:
        return self.height - 14

    @property
    def inner(self) -> int:
        return self.bottom - self.top

    def _span(self, cards: int) -> Fraction:
        return Fraction(self.inner * cards, self.decks * CARDS_PER_DECK)

    @property
    def stack_height(self) -> str:
        return _svg_number(self._span(self.played))

    @property
    def stack_y(self) -> str:
        return _svg_number(self.bottom - self._span(self.played))

    @property
    def deck_height(self) -> str:
        return _svg_number(self._span(CARDS_PER_DECK))

    @property
    def deck_y(self) -> str:
        return _svg_number(self.bottom - self._span(CARDS_PER_DECK))

    @property
    def edges(self) -> list[str]:
        """The y of a faint line every 13 cards of the stack, like card edges."""
        return [
            _svg_number(self.bottom - self._span(cards)) for cards in range(13, self.played, 13)
        ]


def _svg_number(value: Fraction) -> str:
    return f"{float(value):.2f}"


def tray_for(decks: int, played: int) -> TrayView:
    return TrayView(decks=decks, played=played)
