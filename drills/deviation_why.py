"""Why a deviation's right play is right at the count asked (:mod:`drills.deviations`): the
cell and its index in words, the count played, each play's EV there, and where the EVs of these
very cards and the index part (the index is where the plays cross on average, rounded)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Protocol

from drills.hand_totals import total_words
from trainer.engine.counting import CountingSystem
from trainer.engine.indices import Play
from trainer.words import N_, say
from trainer.words import signed as signed_number


# What the explanation reads of a worked-out question (drills.deviations.Worked, which imports
# this module: named by its shape, not imported back).
class _Asked(Protocol):
    @property
    def system(self) -> CountingSystem: ...
    @property
    def insurance(self) -> bool: ...


class _Count(Protocol):
    @property
    def value(self) -> Fraction: ...
    @property
    def how(self) -> str: ...


class Worked(Protocol):
    @property
    def asked(self) -> _Asked: ...
    @property
    def cell(self) -> tuple[str, str]: ...
    @property
    def count(self) -> _Count: ...
    @property
    def plays(self) -> tuple[Play, ...]: ...
    @property
    def right(self) -> str: ...
    @property
    def evs(self) -> Mapping[str, float] | None: ...
    @property
    def basic(self) -> str: ...
    def cost(self, answer: str) -> float: ...


PLAY_WORDS = {
    "H": N_("hit"),
    "S": N_("stand"),
    "D": N_("double"),
    "P": N_("split"),
    "R": N_("surrender"),
    "I": N_("take insurance"),
    "N": N_("decline insurance"),
}


def _index_words(play: Play) -> str:
    values = {"play": say(PLAY_WORDS[play.play]), "index": signed_number(play.index)}
    if play.when == "at_or_above":
        return say("%(play)s at %(index)s or above", **values)
    return say("%(play)s below %(index)s", **values)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# The sentence that plays the count, by whether the system's count is a true count or running.
_AT_COUNT = {
    True: N_("At a true count of %(count)s the play is %(play)s."),
    False: N_("At a running count of %(count)s the play is %(play)s."),
}


_AGAINST = N_(
    "%(hand)s against %(up)s (%(system)s): basic strategy is %(basic)s; the index says %(indices)s."
)
_AGAINST_AN_ACE = N_(
    "%(hand)s against an ace (%(system)s): basic strategy is %(basic)s; the index says %(indices)s."
)


def explain(worked: Worked, answer: str) -> str:
    """Why the right play is right at this count, with each play's EV and the mistake's cost."""
    asked = worked.asked
    hand, up = worked.cell
    values = {
        "system": asked.system.name,
        "basic": say(PLAY_WORDS[worked.basic]),
        "indices": say("; ").join(_index_words(play) for play in worked.plays),
    }
    if asked.insurance:
        text = say(
            "Insurance (%(system)s): basic strategy is %(basic)s; the index says %(indices)s.",
            **values,
        )
    else:
        said = total_words(hand) if " " in hand else say("a pair of %(rank)s", rank=hand)
        # The ace said as a word, as the quiz says it (a walk read «против A» here).
        sentence = _AGAINST_AN_ACE if up == "A" else _AGAINST
        text = say(sentence, hand=_capital(said), up=up, **values)
    if worked.count.how:
        text += " " + worked.count.how
    text += " " + say(
        _AT_COUNT[asked.system.balanced],
        count=signed_number(worked.count.value),
        play=say(PLAY_WORDS[worked.right]),
    )
    if worked.evs is None:
        return text + " " + say("(No shoe at this depth reaches this count: no EVs to show.)")
    evs = say(", ").join(
        say("%(play)s %(ev)s%%", play=say(PLAY_WORDS[key]), ev=signed_number(ev * 100, 2))
        for key, ev in sorted(worked.evs.items(), key=lambda item: -item[1])
    )
    text += " " + say("The EV of each play at this count, per bet: %(evs)s.", evs=evs)
    best = max(worked.evs, key=worked.evs.__getitem__)
    # A mistake's cost is the verdict's first line's, not said again here (a walk read it twice).
    if answer != worked.right and worked.cost(answer) <= 0:
        # The why, first: the EVs shown say the other play is worth more (a walk).
        play = say(PLAY_WORDS[answer])
        first = say(
            "At exactly this count and with these cards %(play)s is worth as much or more: "
            "the index is where the two plays cross on average over the cell's hands, "
            "rounded to a whole count.",
            play=play,
        )
        text = f"{first} {text}"
    elif answer == worked.right and best != answer:
        # Right by the index, though the EVs shown for these very cards favour another play: the
        # why says so first (a walk read "Right: split." above "stand +72.02%, split +70.51%").
        first = say(
            "By the index %(play)s is right here, though with exactly these cards %(other)s is "
            "worth a little more: the index is where the two plays cross on average over the "
            "cell's hands, rounded to a whole count.",
            play=say(PLAY_WORDS[answer]),
            other=say(PLAY_WORDS[best]),
        )
        text = f"{first} {text}"
    return text
