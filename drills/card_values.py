"""A card's value as a sentence names it ("an ace", "a ten", "an 8"; in Russian the value
alone: "туз", "десятка", "8"), a few of them as a list ("a five or a six"), and the first cards
002's dealer doubles on at deal method 3 ("an ace or a ten (always) or a five or a six (at
times)"): words the drills of the home game share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from trainer.engine.article import a_or_an
from trainer.words import N_, number, say

__all__ = ["against_words", "doubling_words", "not_values_words", "value_words", "values_words"]

_VALUE_WORDS = {1: N_("an ace"), 10: N_("a ten")}
_ARTICLES = {"a": N_("a %(card)s"), "an": N_("an %(card)s")}


def value_words(value: int) -> str:
    """A card's value (1 to 10) as a sentence names it: "an ace", "a ten", "an 8"."""
    if value in _VALUE_WORDS:
        return say(_VALUE_WORDS[value])
    return say(_ARTICLES[a_or_an(str(value)).split(" ")[0]], card=number(value))


def values_words(values: Iterable[int]) -> str:
    """Values in order as a list: "a five or a six"; "no card" for none."""
    names = [value_words(value) for value in sorted(values)]
    if not names:
        return say("no card")
    if len(names) == 1:
        return names[0]
    return say("%(some)s or %(last)s", some=say(", ").join(names[:-1]), last=names[-1])


def not_values_words(values: Iterable[int]) -> str:
    """None of the values, as a list: "not an ace or a ten" (in Russian «не туз и не
    десятка»)."""
    names = [value_words(value) for value in sorted(values)]
    if len(names) == 1:
        return say("not %(card)s", card=names[0])
    return say("not %(some)s or %(last)s", some=say(", ").join(names[:-1]), last=names[-1])


def doubling_words(chances: Sequence[float]) -> str:
    """The first cards a dealer doubling with ``chances`` (by value, ace first) doubles on:
    always, then at times."""
    always = values_words(card for card, p in enumerate(chances, 1) if p == 1)
    sometimes = [card for card, p in enumerate(chances, 1) if 0 < p < 1]
    if not sometimes:
        return always
    return say(
        "%(always)s (always) or %(sometimes)s (at times)",
        always=always,
        sometimes=values_words(sometimes),
    )


def against_words(up: str) -> str:
    """Against a dealer's up card by its chart key ("A", "2" to "10"), as a verdict says it:
    "against an ace" (in Russian «против туза», not a Latin A), "against 7"."""
    return say("against an ace") if up == "A" else say("against %(up)s", up=up)
