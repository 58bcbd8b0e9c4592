"""The learner's counting preferences: a system, a true-count convention and a deck
resolution. The web layer keeps them in the session and hands them to a drill as the page's
options (``system``, ``convention``, ``resolution``), so every counting drill follows them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from trainer.engine.counting import SYSTEMS, CountingSystem
from trainer.words import N_, N_as, quoted, say, say_as, signed

CONVENTIONS = ("floor", "truncate", "round")
RESOLUTIONS = ("full", "half", "quarter")
CONVENTION_LABELS = {
    "floor": N_("Floor (round down: +2.7 is +2, −1.5 is −2)"),
    "truncate": N_("Truncate (toward zero: +2.7 is +2, −1.5 is −1)"),
    "round": N_("Round (to the nearest: +2.7 is +3, −1.5 is −2)"),
}
# A convention named inside a sentence ("Hi-Lo, rounded down, to the half deck"), in the
# catalogue's "true count" context (Russian names the rounding: «округление вниз»).
CONVENTION_WORDS = {
    "floor": N_as("true count", "rounded down"),
    "truncate": N_as("true count", "rounded toward zero"),
    "round": N_as("true count", "rounded to the nearest"),
}
RESOLUTION_LABELS = {
    "full": N_("Full decks"),
    "half": N_("Half decks"),
    "quarter": N_("Quarter decks"),
}
STEPS = {"full": Fraction(1), "half": Fraction(1, 2), "quarter": Fraction(1, 4)}


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


PREFERENCE_FIELDS = ("system", "convention", "resolution")


def preference_errors(options: Mapping[str, str]) -> dict[str, str]:
    """What is wrong with each counting preference ``options`` gives, by field, in a sentence
    to show beside it (a field left out is not checked)."""
    errors = {}
    system = options.get("system")
    if system is not None and system not in SYSTEMS:
        errors["system"] = say(
            "There is no counting system called %(system)s: choose one of the menu's.",
            system=quoted(system[:30]),
        )
    convention = options.get("convention")
    if convention is not None and convention not in CONVENTIONS:
        errors["convention"] = say(
            "True counts are rounded by %(ways)s, not %(typed)s.",
            ways=", ".join(CONVENTIONS),
            typed=quoted(convention[:20]),
        )
    resolution = options.get("resolution")
    if resolution is not None and resolution not in RESOLUTIONS:
        errors["resolution"] = say(
            "Decks are estimated to the %(ways)s deck, not %(typed)s.",
            ways=", ".join(RESOLUTIONS),
            typed=quoted(resolution[:20]),
        )
    return errors


def convention_words(convention: str) -> str:
    """A rounding convention named inside a sentence, in the learner's words (an unknown one
    as it is)."""
    if convention not in CONVENTION_WORDS:
        return convention
    return say_as("true count", CONVENTION_WORDS[convention])


def convention_choices() -> dict[str, str]:
    """Each rounding convention by name, its label in the learner's language."""
    return {value: say(CONVENTION_LABELS[value]) for value in CONVENTIONS}


def resolution_choices() -> dict[str, str]:
    """Each deck resolution by name, its label in the learner's language."""
    return {value: say(RESOLUTION_LABELS[value]) for value in RESOLUTIONS}


def system_choices() -> list[tuple[str, str]]:
    """Every system as (slug, its name and card values), for the menu it is chosen from."""
    return [(system.slug, f"{system.name}: {card_values(system)}") for system in SYSTEMS.values()]


_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")  # tags index: ace first, ten last


def card_values(system: CountingSystem) -> str:
    """A system's card values in a line: ``"2–6: +1; 7–9: 0; 10, A: −1"`` (a walk read "2-6
    +1, 7-9 0, 10 A −1" as engine text, "7-9 0" as a sum, and «+0,5, 3 4» in Russian as one
    number); a card whose value depends on its colour says so (``"7: +1 red, 0 black"``)."""
    tags = [*system.tags[1:], system.tags[0]]
    red = [*system.red_tags[1:], system.red_tags[0]] if system.red_tags else tags
    groups: list[tuple[list[str], str]] = []
    for rank, black_tag, red_tag in zip(_RANKS, tags, red, strict=True):
        if black_tag == red_tag:
            value = _signed(black_tag)
        else:
            value = say(
                "%(red)s red, %(black)s black", red=_signed(red_tag), black=_signed(black_tag)
            )
        if groups and groups[-1][1] == value and black_tag == red_tag:
            groups[-1][0].append(rank)
        else:
            groups.append(([rank], value))
    parts = []
    for ranks, value in groups:
        shown = (
            f"{ranks[0]}\u2013{ranks[-1]}"
            if len(ranks) > 2 and ranks[-1] != "A"
            else ", ".join(ranks)
        )
        parts.append(f"{shown}: {value}")
    if system.ace_side_count:
        return say("%(values)s; aces counted on the side", values="; ".join(parts))
    return "; ".join(parts)


def _signed(tag: Fraction) -> str:
    # As trainer.words writes every count: the true minus, the language's decimal mark ("+0,5"
    # in Russian); a whole tag to no places, a half to one, any other to two.
    return signed(tag, {1: 0, 2: 1}.get(tag.denominator, 2))
