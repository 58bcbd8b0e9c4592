"""The basic-strategy chart as every drill and page reads it: the chart a rule set plays, and
the words of its plays and of the insurance answers, in the order the buttons show them.

The quiz (:mod:`drills.strategy_quiz`), table play (:mod:`drills.table_play`), the deviations
(:mod:`drills.deviations`), the table and the strategy page all read the chart here, so that
none of them imports another's drill.
"""

from __future__ import annotations

from drills.caches import Caches, strategy_dir
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Chart, chart
from trainer.engine.strategy.cache import cached
from trainer.words import N_, say, say_as

__all__ = [
    "EVEN_MONEY_KEYS",
    "INSURANCE_KEYS",
    "PLAY_KEYS",
    "offered",
    "cached_chart_for",
    "chart_for",
    "choice_words",
    "stored_play_words",
]

# The answer keys, in the order the buttons show them.
PLAY_KEYS: dict[str, str] = {
    "H": "Hit",
    "S": "Stand",
    "D": "Double",
    "P": "Split",
    "R": "Surrender",
}
INSURANCE_KEYS: dict[str, str] = {"I": "Take insurance", "N": "No insurance"}
EVEN_MONEY_KEYS: dict[str, str] = {"I": "Take even money", "N": "No, play the natural"}


def offered(keys: dict[str, str], rules: Rules) -> dict[str, str]:
    """The answer keys of a game that has the play at all: no Double button where the rules
    allow no double (004, 002's home game), no Split where no pair is split, no Surrender
    where there is none. A play the rules allow but not this hand keeps its button, disabled
    with its reason."""
    never = {
        "D": rules.double_on == "none",
        "P": rules.max_split_hands <= 1,
        "R": rules.surrender == "none",
    }
    return {key: label for key, label in keys.items() if not never.get(key, False)}


# The keys' labels as a verdict's sentence says them ("Not quite: stand, not hit."): each a
# whole message, not the button's label lowered.
_CHOICE_WORDS: dict[str, str] = {
    "Hit": N_("hit"),
    "Stand": N_("stand"),
    "Draw": N_("draw"),  # a punter's hit at 004 (drills.face_down_play.FACE_DOWN_KEYS)
    "Double": N_("double"),
    "Split": N_("split"),
    "Surrender": N_("surrender"),
    "Take insurance": N_("take insurance"),
    "No insurance": N_("decline insurance"),
    "Take even money": N_("take even money"),
    "No, play the natural": N_("play the natural out"),
}


def choice_words(label: str) -> str:
    """A key's label (:data:`PLAY_KEYS`, :data:`INSURANCE_KEYS`, :data:`EVEN_MONEY_KEYS`, 004's
    "Draw") in a verdict's words, in the learner's language; another label lowered, as it is."""
    said = _CHOICE_WORDS.get(label)
    return say(said) if said is not None else label.lower()


# A play as an old attempt may have stored it, in English (the button's label, or a verdict's
# word, in any case), by the key's label it names.
_STORED_PLAYS: dict[str, str] = {
    **{label.lower(): label for keys in (PLAY_KEYS, INSURANCE_KEYS, EVEN_MONEY_KEYS)
       for label in keys.values()},
    **{words.lower(): label for label, words in _CHOICE_WORDS.items()},
}  # fmt: skip


def stored_play_words(stored: str) -> str:
    """An answer as stored, in the learner's words where it names a play in English ("Hit",
    "hit", "take insurance": said as the button says it, lowered where it was stored lowered);
    anything else (a key, a number, a sentence) as it is."""
    label = _STORED_PLAYS.get(stored.strip().lower())
    if label is None:
        return stored
    said = say_as("play", label)
    return said.lower() if stored.strip().islower() else said


def pair_words(row: str) -> str:
    """A chart's pair row as a learner reads it: "8-8", and the aces' "A-A" in the learner's
    language (the letter is English's)."""
    return say("A-A") if row == "A-A" else row


def chart_for(rules: Rules, *, caches: Caches | None = None) -> Chart:
    """The chart these rules play (from ``caches``' charts when it is there)."""
    return chart(rules, cache_dir=strategy_dir(caches))


def cached_chart_for(rules: Rules, *, caches: Caches | None = None) -> Chart | None:
    """The chart these rules play if it is worked out already (memory or disk), else None."""
    return cached(rules, cache_dir=strategy_dir(caches))
