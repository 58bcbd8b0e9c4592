"""Card counting systems, running counts, deck estimation and true counts, exactly.

The systems are data (``data/counting_systems.json``), each with its source named:
``find_system("hi-lo")``. Tags are indexed by blackjack value like a shoe composition (ace
first, ten-value last); Red 7 counts red sevens only, so its tag depends on the suit.

Counts are :class:`~fractions.Fraction` (Wong Halves has halves), so a learner's answer is
compared exactly. A true count is ``running / decks remaining``, with the decks estimated to a
resolution (exact, full, half or quarter deck) and the result rounded by a convention (exact,
floor, truncate, round), both the learner's choice.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from importlib import resources
from typing import Any

from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "SYSTEMS",
    "CountStudy",
    "CountingSystem",
    "DeckResolution",
    "InvalidCountError",
    "TrueCountConvention",
    "UnknownSystemError",
    "UnsuitedCardError",
    "estimate_decks",
    "find_system",
    "running_count",
    "study_counts",
    "system_slugs",
    "true_count",
]

_TAG_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


class UnknownSystemError(ValueError):
    """No counting system has that name."""


class UnsuitedCardError(ValueError):
    """The system's tag for this card depends on its suit, and the card has none."""


class InvalidCountError(ValueError):
    """A count cannot be worked out from these numbers (no decks left, unknown convention)."""


@dataclass(frozen=True)
class CountingSystem:
    """One card counting system: tags by value, balance, and the start of an unbalanced count.

    ``tags[value - 1]`` is the tag of a card of that value (ace first, ten-value last);
    ``red_tags``, where not ``None``, are the tags of red cards (Red 7). An unbalanced system
    starts a fresh shoe at ``irc_offset + irc_per_deck * decks``.
    """

    slug: str
    name: str
    tags: tuple[Fraction, ...]
    balanced: bool
    level: int
    book: str
    author: str
    year: int
    red_tags: tuple[Fraction, ...] | None = None
    irc_offset: Fraction = Fraction(0)
    irc_per_deck: Fraction = Fraction(0)
    pivot: Fraction | None = None
    key_counts: tuple[tuple[int, Fraction], ...] = ()
    ace_side_count: bool = False
    source_note: str = ""
    # Integer tags scaled by a common denominator, for fast exact sums.
    _scale: int = field(init=False, repr=False, compare=False)
    _black: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _red: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.tags) != 10:
            raise ValueError(f"{self.name}: a system needs ten tags (A, 2-9, T)")
        red = self.red_tags if self.red_tags is not None else self.tags
        scale = math.lcm(*(tag.denominator for tag in (*self.tags, *red)))
        object.__setattr__(self, "_scale", scale)
        object.__setattr__(self, "_black", tuple(int(tag * scale) for tag in self.tags))
        object.__setattr__(self, "_red", tuple(int(tag * scale) for tag in red))

    @property
    def source(self) -> str:
        """The book the system comes from: ``"Blackjack for Blood, Bryce Carlson (1992)"``."""
        note = f"; {self.source_note}" if self.source_note else ""
        return f"{self.book}, {self.author} ({self.year}){note}"

    @property
    def suit_matters(self) -> bool:
        """The tag of some card depends on its colour (Red 7)."""
        return self.red_tags is not None and self.red_tags != self.tags

    def tag(self, card: Card) -> Fraction:
        """The tag of one card.

        :raises UnsuitedCardError: when the tag depends on the suit and the card has none.
        """
        return Fraction(self._scaled_tag(card), self._scale)

    def _scaled_tag(self, card: Card) -> int:
        index = card.value - 1
        black = self._black[index]
        red = self._red[index]
        if black == red:
            return black
        suit = card.suit
        if suit is None:
            raise UnsuitedCardError(
                f"{self.name} counts a {card.rank.label} by its colour: {card} needs a suit"
            )
        return red if suit.is_red else black

    def initial_running_count(self, decks: int) -> Fraction:
        """Where a fresh shoe of ``decks`` decks starts: 0 if balanced, KO 4 - 4 x decks."""
        return self.irc_offset + self.irc_per_deck * decks

    def full_shoe_total(self, decks: int) -> Fraction:
        """The sum of the tags over ``decks`` full decks (0 for a balanced system)."""
        red = self.red_tags if self.red_tags is not None else self.tags
        # Per deck, each value has four cards (two red, two black); ten-value cards sixteen.
        per_deck = sum(
            (black + red_tag) * (8 if value == 10 else 2)
            for value, black, red_tag in zip(range(1, 11), self.tags, red, strict=True)
        )
        return Fraction(per_deck * decks)

    def key_count(self, decks: int) -> Fraction:
        """The running count at which the source says the player first has the edge.

        :raises InvalidCountError: when the source gives no key count for that many decks.
        """
        for number, count in self.key_counts:
            if number == decks:
                return count
        known = ", ".join(str(number) for number, _ in self.key_counts) or "none"
        raise InvalidCountError(
            f"{self.name} gives no key count for {decks} decks (its source gives: {known})"
        )

    def tags_text(self) -> dict[str, str]:
        """The tags by rank symbol as text (``"+1"``, ``"-1/2"``), for the UI."""
        out = {key: _signed(tag) for key, tag in zip(_TAG_KEYS, self.tags, strict=True)}
        if self.red_tags is not None:
            for key, black, red in zip(_TAG_KEYS, self.tags, self.red_tags, strict=True):
                if black != red:
                    out[key] = f"{_signed(red)} red, {_signed(black)} black"
        return out


def _signed(value: Fraction) -> str:
    return f"+{value}" if value > 0 else str(value)


def running_count(
    system: CountingSystem, cards: Iterable[Card], decks: int | None = None
) -> Fraction:
    """The running count after ``cards``, from the system's initial count for ``decks`` decks.

    With ``decks`` left out the count starts at 0 (the sum of the tags only).

    :raises UnsuitedCardError: for Red 7 and a seven without a suit.
    """
    black = system._black
    red = system._red
    total = 0
    if black == red:
        for card in cards:
            total += black[card.value - 1]
    else:
        for card in cards:
            total += system._scaled_tag(card)
    start = system.initial_running_count(decks) if decks is not None else Fraction(0)
    return start + Fraction(total, system._scale)


class TrueCountConvention(Enum):
    """How a true count is rounded to a whole number (or not)."""

    EXACT = "exact"
    FLOOR = "floor"  # toward minus infinity: -1.5 -> -2
    TRUNCATE = "truncate"  # toward zero: -1.5 -> -1
    ROUND = "round"  # to the nearest, halves away from zero: 2.5 -> 3, -2.5 -> -3


class DeckResolution(Enum):
    """How finely the decks remaining are estimated; the value is the step in decks."""

    EXACT = "exact"
    FULL = "full"
    HALF = "half"
    QUARTER = "quarter"

    @property
    def step(self) -> Fraction | None:
        return {
            "exact": None,
            "full": Fraction(1),
            "half": Fraction(1, 2),
            "quarter": Fraction(1, 4),
        }[str(self._value_)]


def _enum(kind: type[Any], value: Any, what: str) -> Any:
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        choices = ", ".join(member.value for member in kind)
        raise InvalidCountError(f"unknown {what} {value!r}; use one of {choices}") from None


def estimate_decks(
    decks: Fraction | int | str, resolution: DeckResolution | str = DeckResolution.EXACT
) -> Fraction:
    """Decks rounded to the nearest step of ``resolution`` (halfway rounds up), at least one step.

    ``estimate_decks(Fraction(7, 4), "half")`` is 2; ``estimate_decks(Fraction(1, 10), "full")``
    is 1. Used for decks remaining (true count) and decks played (deck estimation drill).

    :raises InvalidCountError: for a negative number of decks or an unknown resolution.
    """
    chosen: DeckResolution = _enum(DeckResolution, resolution, "deck resolution")
    value = Fraction(decks)
    if value < 0:
        raise InvalidCountError(f"decks cannot be negative, not {value}")
    step = chosen.step
    if step is None:
        return value
    steps = math.floor(value / step + Fraction(1, 2))
    return max(1, steps) * step


def true_count(
    running: Fraction | int | str,
    decks_remaining: Fraction | int | str,
    convention: TrueCountConvention | str = TrueCountConvention.EXACT,
    resolution: DeckResolution | str = DeckResolution.EXACT,
) -> Fraction:
    """The running count per deck remaining, decks estimated to ``resolution``, then rounded.

    ``true_count(7, Fraction(3, 2), "floor")`` is 4 (7 / 1.5 = 4.67); with ``"truncate"``
    -7 gives -4 and with ``"floor"`` -5.

    :raises InvalidCountError: when no decks remain, or for an unknown convention/resolution.
    """
    rounding: TrueCountConvention = _enum(TrueCountConvention, convention, "true count convention")
    decks = estimate_decks(decks_remaining, resolution)
    if decks <= 0:
        raise InvalidCountError("no decks remain: a true count needs cards left in the shoe")
    exact = Fraction(running) / decks
    if rounding is TrueCountConvention.EXACT:
        return exact
    if rounding is TrueCountConvention.FLOOR:
        return Fraction(math.floor(exact))
    if rounding is TrueCountConvention.TRUNCATE:
        return Fraction(math.trunc(exact))
    whole = math.floor(abs(exact) + Fraction(1, 2))
    return Fraction(whole if exact >= 0 else -whole)


# -- how often counts come up: dealing the engine's own shoes -----------------------------------


@dataclass(frozen=True)
class CountStudy:
    """How often each count stood at the start of a round, over many shoes dealt at a table.

    For a balanced system the count is the true count (by the study's convention and
    resolution); for an unbalanced one it is the running count from the initial count, the
    number such a system bets by.
    """

    system: str  # the system's slug
    rules: str  # the rules' name
    shoes: int
    rounds: int
    counts: tuple[tuple[Fraction, int], ...]  # (count, rounds started at it), lowest first

    @property
    def rounds_per_shoe(self) -> Fraction:
        return Fraction(self.rounds, self.shoes)

    def share(self, count: Fraction | int) -> Fraction:
        """The share of rounds that started at exactly ``count``."""
        return Fraction(sum(n for value, n in self.counts if value == count), self.rounds)

    def share_at_least(self, count: Fraction | int) -> Fraction:
        """The share of rounds that started at ``count`` or more (``+2`` or better...)."""
        return Fraction(sum(n for value, n in self.counts if value >= count), self.rounds)


def study_counts(
    rules: Rules,
    system: CountingSystem,
    rng: random.Random,
    *,
    shoes: int = 100,
    seats: int = 7,
    convention: TrueCountConvention | str = TrueCountConvention.FLOOR,
    resolution: DeckResolution | str = DeckResolution.EXACT,
    most_rounds: int | None = None,
) -> CountStudy:
    """Deal ``shoes`` shoes of ``rules`` at a table of ``seats`` and tally the count at every
    round's start, from the shuffle to the cut card. Seats draw to 17 like a dealer, every
    card dealt is seen (burned cards included), one minimum bet per seat. A pack dealt to its
    end that runs out inside a round goes on from its discards, counted afresh (the cards
    on the table then counted with it); ``most_rounds`` stops the study sooner (the
    simulator's bound: such a pack may go on for long).

    :param rng: a ``random.Random`` (seeded: the same study every time).
    :raises InvalidCountError: for fewer than one shoe or one seat.
    """
    from trainer.engine.deck.shoe import Shoe
    from trainer.engine.play.table import DrawToPolicy, Table

    if shoes < 1 or seats < 1:
        raise InvalidCountError(
            f"a study needs at least one shoe and one seat, not {shoes}/{seats}"
        )
    shoe = Shoe(rules, rng)
    players = seats if rules.table_rotation == "none" else seats + 1
    table = Table(rules, players, rules.min_bet * 10**9, shoe)
    policy = DrawToPolicy()
    bets = [rules.min_bet] * seats
    decks = rules.decks
    start = system.initial_running_count(decks)
    tally: dict[Fraction, int] = {}
    rounds = 0
    first_pack = shoe.shuffles
    while True:
        table.shuffle_if_due()
        # Fresh packs only: a refill of the discards mid-round (a pack dealt to its end) is
        # the same pack going on.
        if shoe.shuffles - shoe.refills - first_pack >= shoes or rounds == most_rounds:
            break
        seen = shoe.burned + shoe.carried + shoe.dealt()
        count = running_count(system, seen) + start
        if system.balanced:
            count = true_count(count, shoe.decks_remaining, convention, resolution)
        tally[count] = tally.get(count, 0) + 1
        rounds += 1
        table.play_round(bets, policy)
    return CountStudy(
        system=system.slug,
        rules=rules.name,
        shoes=shoes,
        rounds=rounds,
        counts=tuple(sorted(tally.items())),
    )


# -- the data --------------------------------------------------------------------------------


def _fraction(value: Any) -> Fraction:
    return Fraction(str(value)) if isinstance(value, str) else Fraction(value)


def _tags(raw: dict[str, Any], base: tuple[Fraction, ...] | None = None) -> tuple[Fraction, ...]:
    if base is None:
        missing = [key for key in _TAG_KEYS if key not in raw]
        if missing:
            raise ValueError(f"tags missing for {', '.join(missing)}")
        return tuple(_fraction(raw[key]) for key in _TAG_KEYS)
    return tuple(
        _fraction(raw[key]) if key in raw else tag for key, tag in zip(_TAG_KEYS, base, strict=True)
    )


def _system(raw: dict[str, Any]) -> CountingSystem:
    tags = _tags(raw["tags"])
    red = _tags(raw["red_tags"], tags) if "red_tags" in raw else None
    source = raw["source"]
    return CountingSystem(
        slug=raw["slug"],
        name=raw["name"],
        tags=tags,
        red_tags=red,
        balanced=bool(raw["balanced"]),
        level=int(raw["level"]),
        book=source["book"],
        author=source["author"],
        year=int(source["year"]),
        irc_offset=_fraction(raw.get("irc_offset", 0)),
        irc_per_deck=_fraction(raw.get("irc_per_deck", 0)),
        pivot=_fraction(raw["pivot"]) if "pivot" in raw else None,
        key_counts=tuple(
            (int(decks), _fraction(count)) for decks, count in raw.get("key_counts", {}).items()
        ),
        ace_side_count=bool(raw.get("ace_side_count", False)),
        source_note=source.get("note", ""),
    )


def _load() -> dict[str, CountingSystem]:
    text = (
        resources.files("trainer.engine")
        .joinpath("data/counting_systems.json")
        .read_text(encoding="utf-8")
    )
    systems = [_system(raw) for raw in json.loads(text)["systems"]]
    for system in systems:
        # The data must agree with itself: a balanced system sums to 0 over a deck.
        if system.balanced != (system.full_shoe_total(1) == 0):
            raise ValueError(f"{system.name}: 'balanced' disagrees with its tags")
    return {system.slug: system for system in systems}


SYSTEMS: dict[str, CountingSystem] = _load()


def system_slugs() -> tuple[str, ...]:
    return tuple(SYSTEMS)


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_BY_KEY: dict[str, CountingSystem] = {}
for _system_ in SYSTEMS.values():
    _BY_KEY[_key(_system_.slug)] = _system_
    _BY_KEY[_key(_system_.name)] = _system_


def find_system(name: str) -> CountingSystem:
    """The system by slug (``"hi-lo"``, ``"wong-halves"``) or name (``"Hi-Lo"``), any case.

    :raises UnknownSystemError: naming the systems there are.
    """
    system = SYSTEMS.get(name) or _BY_KEY.get(_key(str(name)))
    if system is None:
        raise UnknownSystemError(
            f"unknown counting system {name!r}; systems are: {', '.join(SYSTEMS)}"
        )
    return system
