"""Where a checkpoint of a counting session stands, in words: after card 9, after round 7, the
count gone wrong between cards 9 and 14. Each a whole sentence for the catalogue, so that a
language can decline the place (Russian: «после 9-й карты», «между 9-й и 14-й картами»)."""

from __future__ import annotations

from fractions import Fraction

from drills.counting.notation import format_count
from trainer.words import N_, number, say

__all__ = ["Place", "after_words", "place_of", "went_wrong_words"]

# A place: ("card", 9) after the ninth card, ("round", 7) after round 7, ("burn", 0) the burn.
Place = tuple[str, int]

_AFTER = {
    "card": N_("after card %(number)s"),
    "round": N_("after round %(number)s"),
    "burn": N_("after the burn"),
}
# The count gone wrong by a place (in the first stretch), by the place where the stretch ends.
_WRONG_BY = {
    "card": N_("The count went wrong by card %(end)s: off by %(off)s in that stretch."),
    "round": N_("The count went wrong by round %(end)s: off by %(off)s in that stretch."),
    "burn": N_("The count went wrong at the burn: off by %(off)s in that stretch."),
}
# ... and between two places (a later stretch), by the kinds of the places at its two ends: a
# session is dealt in cards or in rounds, a burn only before its first round.
_WRONG_BETWEEN = {
    ("card", "card"): N_(
        "The count went wrong between cards %(start)s and %(end)s: off by %(off)s in that stretch."
    ),
    ("round", "round"): N_(
        "The count went wrong between rounds %(start)s and %(end)s: off by %(off)s in that stretch."
    ),
    ("burn", "round"): N_(
        "The count went wrong between the burn and round %(end)s: off by %(off)s in that stretch."
    ),
}


def place_of(label: str, cards_seen: int) -> Place:
    """The place where a step labelled ``label`` ends, ``cards_seen`` cards dealt by then."""
    if label == "Burned":
        return ("burn", 0)
    round_number = label.removeprefix("Round ")
    if round_number.isdecimal():
        return ("round", int(round_number))
    return ("card", cards_seen)


def after_words(place: Place) -> str:
    """Where a checkpoint stands: "after card 9", "after round 7"."""
    kind, at = place
    return say(_AFTER[kind], number=number(at))


def went_wrong_words(start: Place | None, end: Place, off: Fraction) -> str:
    """The count gone wrong by ``off`` in a stretch: up to ``end`` from the start of the cards
    (``start`` None), else between the checkpoint at ``start`` and the one at ``end``."""
    values = {"end": number(end[1]), "off": format_count(off)}
    between = _WRONG_BETWEEN.get((start[0], end[0])) if start is not None else None
    if start is None or between is None:
        return say(_WRONG_BY[end[0]], **values)
    return say(between, start=number(start[1]), **values)
