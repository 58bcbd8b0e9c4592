"""The ace side count of an ace-neutral system (Hi-Opt I and II, Omega II, Uston APC), exactly.

Such a system tags the ace 0, so that its count plays hands well; but an ace left in the shoe
is worth as much to the player's bet as a ten (blackjacks pay 3:2), so the aces are counted on
the side and the count is corrected for the bet. The method, as the systems' books give it:

- aces expected to have been played: 4 per deck played (the discard tray, to the learner's
  deck resolution); the aces left over (or under) the expected are ``expected - seen``; per
  deck left, that surplus over the decks remaining;
- **the bet**: add the surplus to the running count at the weight of a ten-value card (one
  point per ace in Hi-Opt I, two in Hi-Opt II and Omega II, three in Uston APC), then divide by
  the decks left for the betting true count;
- **insurance**: insurance wins on a ten in the hole and on nothing else, and an ace left over
  the expected is a non-ten left, so the rest of the shoe holds fewer tens per card (a third of
  a ten per ace). The side count therefore lowers the insurance count, at the least-squares
  weight :func:`insurance_ace_weight` works out from the system's tags over a deck: -2/3 point
  per surplus ace in Hi-Opt I, -7/6 in Hi-Opt II, -4/3 in Omega II and -16/9 in Uston APC
  (Advanced Omega II players take -1, that to a whole point: tests/data/aces/published.json).
  It is rounded as the bet is: added to the running count unrounded, the sum divided by the
  decks left and only the true count rounded, once, by the learner's convention and deck
  resolution.

Published figures this module is checked against: tests/data/aces/published.json. Sources:
Lance Humble and Carl Cooper, *The World's Greatest Blackjack Book* (1980) for Hi-Opt I
and II; Bryce Carlson, *Blackjack for Blood* (1992) for Omega II; Ken Uston, *Million Dollar
Blackjack* (1981) for the Advanced Point Count.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trainer.engine.counting import CountingSystem, InvalidCountError, true_count

__all__ = [
    "ACES_PER_DECK",
    "AceReading",
    "NoAceSideCountError",
    "ace_weight",
    "insurance_ace_weight",
    "read_aces",
]

ACES_PER_DECK = 4
# How many cards of each value a deck holds, ace first and the ten-values last (as the tags).
_IN_A_DECK = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)


class NoAceSideCountError(InvalidCountError):
    """The system counts aces in its main count: it keeps no ace side count."""


def ace_weight(system: CountingSystem) -> Fraction:
    """How many points of the running count one ace over the expected is worth for the bet:
    the weight of a ten-value card in the system (1 in Hi-Opt I, 2 in Hi-Opt II).

    :raises NoAceSideCountError: for a system that counts its aces (Hi-Lo, KO...).
    """
    if not system.ace_side_count:
        raise NoAceSideCountError(f"{system.name} counts aces in its count: no side count")
    return -system.tags[9]


def insurance_ace_weight(system: CountingSystem) -> Fraction:
    """How many points of the running count one ace over the expected is worth for insurance:
    the least-squares weight over a deck (each value as often as a deck holds it) of the tens
    on the system's tags and on the aces, ``-(tens per ace) / (tens per point)``: -2/3 in
    Hi-Opt I, -7/6 in Hi-Opt II, -4/3 in Omega II, -16/9 in Uston APC. Negative: an ace left
    is a non-ten left, so the rest of the shoe holds fewer tens per card.

    :raises NoAceSideCountError: for a system that counts its aces (Hi-Lo, KO...).
    """
    ace_weight(system)  # refuses a system without a side count
    cards = sum(_IN_A_DECK)
    tags = system.tags
    aces = (1, *(0,) * 9)
    tens = (*(0,) * 9, 1)

    def cov(xs: tuple[Fraction | int, ...], ys: tuple[Fraction | int, ...]) -> Fraction:
        mean_x = Fraction(sum(n * x for n, x in zip(_IN_A_DECK, xs, strict=True)), cards)
        mean_y = Fraction(sum(n * y for n, y in zip(_IN_A_DECK, ys, strict=True)), cards)
        return sum(
            (n * (x - mean_x) * (y - mean_y) for n, x, y in zip(_IN_A_DECK, xs, ys, strict=True)),
            Fraction(0),
        )

    # The normal equations of tens = a + per_point * tag + per_ace * ace, solved exactly.
    tt, ta, aa = cov(tags, tags), cov(tags, aces), cov(aces, aces)
    ty, ay = cov(tags, tens), cov(aces, tens)
    determinant = tt * aa - ta * ta
    per_point = (ty * aa - ta * ay) / determinant
    per_ace = (tt * ay - ta * ty) / determinant
    return -per_ace / per_point


@dataclass(frozen=True)
class AceReading:
    """What the ace side count says at one point of a shoe, and what it changes."""

    expected: Fraction  # aces expected in the decks played
    surplus: Fraction  # aces left over the expected (negative: under it)
    per_deck: Fraction  # the surplus per deck left
    weight: Fraction  # points of the running count per ace, for the bet
    betting_running: Fraction  # the running count corrected for the aces
    betting_true: Fraction  # ... per deck left, rounded as the learner rounds
    insurance_weight: Fraction  # points of the running count per ace, for insurance
    insurance_running: Fraction  # the running count corrected for the aces, for insurance
    insurance_true: Fraction  # ... per deck left, rounded as the learner rounds


def read_aces(
    system: CountingSystem,
    decks: int,
    decks_played: Fraction,
    aces_seen: int,
    running: Fraction,
    convention: str = "exact",
    resolution: str = "exact",
) -> AceReading:
    """The ace side count after ``decks_played`` of ``decks`` decks (the tray as estimated) with
    ``aces_seen`` aces among them and the main count at ``running``.

    Both corrections are rounded alike: the surplus times the weight (:func:`ace_weight` for
    the bet, :func:`insurance_ace_weight` for insurance, a fraction) is added to the running
    count unrounded, and only the true count of the sum is rounded, by ``convention`` to the
    decks left estimated to ``resolution`` (:func:`~trainer.engine.counting.true_count`).

    :raises NoAceSideCountError: for a system without a side count.
    :raises InvalidCountError: for no decks left, or more aces seen than the shoe holds.
    """
    weight = ace_weight(system)
    left = decks - Fraction(decks_played)
    if decks_played < 0 or left <= 0:
        raise InvalidCountError(f"{decks_played} decks played of {decks} leaves none to count")
    if not 0 <= aces_seen <= ACES_PER_DECK * decks:
        raise InvalidCountError(f"a shoe of {decks} decks holds {ACES_PER_DECK * decks} aces")
    expected = ACES_PER_DECK * Fraction(decks_played)
    surplus = expected - aces_seen
    adjusted = running + weight * surplus
    insurance_weight = insurance_ace_weight(system)
    insuring = running + insurance_weight * surplus
    return AceReading(
        expected=expected,
        surplus=surplus,
        per_deck=surplus / left,
        weight=weight,
        betting_running=adjusted,
        betting_true=true_count(adjusted, left, convention, resolution),
        insurance_weight=insurance_weight,
        insurance_running=insuring,
        insurance_true=true_count(insuring, left, convention, resolution),
    )
