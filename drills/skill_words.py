"""A reviewable item's key in plain words, for the pages that list items (Today, the next step).

An item's key (:meth:`drills.base.Drill.skill`) is written for the store: ``"vegas-6d-s17:
hard 16 v 10"``, ``"hi-lo floor half 6d"``, ``"natural-6-5"``. What a learner reads is ``"hard
16 against a 10 (Las Vegas Strip, 6 decks, S17)"``, ``"Hi-Lo, floor, to the half deck, 6
decks"``, ``"A natural at 6:5"``. A key these helpers cannot read is shown as it is.
"""

from __future__ import annotations

import re

from trainer.engine.article import a_or_an
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.words import plural, say

__all__ = ["decks_words", "rules_and_rest", "system_words", "words_of"]

_AGAINST_RE = re.compile(r"\bv (A|10|[2-9])\b")
# 004 as dealt: a row with no banker card, by the cards drawn ("hard 14 v ?1").
_UNSEEN_RE = re.compile(r"^(?P<row>(?:hard|soft) [0-9]{1,2}) v \?(?P<drawn>[0-9])$")
_DECKS_RE = re.compile(r"^([1-8])d$")
_SYSTEM_RE = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(slug) for slug in sorted(SYSTEMS, key=len, reverse=True))
    + r")(?![\w-])"
)  # fmt: skip


def _against(match: re.Match[str]) -> str:
    up = match[1]
    return "against " + a_or_an("ace" if up == "A" else up)


def _unseen(match: re.Match[str]) -> str:
    drawn, row = int(match["drawn"]), match["row"]
    if drawn == 0:
        return say("%(row)s, two cards dealt, no banker card shown", row=row)
    return plural(
        "%(row)s, %(count)s card drawn, no banker card shown",
        "%(row)s, %(count)s cards drawn, no banker card shown",
        drawn,
        row=row,
    )


def system_words(text: str) -> str:
    """Each counting system's slug in ``text`` by its name (``"hi-lo"`` -> ``"Hi-Lo"``)."""
    return _SYSTEM_RE.sub(lambda match: SYSTEMS[match[1]].name, text)


def decks_words(text: str) -> str:
    """``"6d"`` -> ``"6 decks"``, ``"1d"`` -> ``"1 deck"``; anything else as it is."""
    match = _DECKS_RE.match(text)
    if match is None:
        return text
    return plural("%(count)s deck", "%(count)s decks", int(match[1]))


def rules_and_rest(key: str) -> tuple[Rules | None, str]:
    """The rules a key starts with (``"<notation>: ..."``) and the rest, or None and the key."""
    notation, colon, rest = key.partition(": ")
    if not colon:
        return None, key
    try:
        return Rules.parse(notation), rest
    except InvalidRulesError:
        return None, key


def words_of(key: str) -> str:
    """A key in plain words: its rules named as the footer names them, a cell's up card said
    "against a 10" (at 004 as dealt, ``"v ?1"`` as "1 card drawn, no banker card shown"), each
    system by its name, each ``"6d"`` as "6 decks"."""
    rules, rest = rules_and_rest(key)
    words = rest.split(" ")
    counted = [word for word in (words[0], words[-1]) if word in SYSTEMS and len(words) > 1]
    if counted:  # a cell played by the count: "hi-lo hard 16 v 10", "insurance hi-lo"
        words.remove(counted[0])
    text = _UNSEEN_RE.sub(_unseen, " ".join(decks_words(word) for word in words))
    text = _AGAINST_RE.sub(_against, text)
    text = system_words(text.rstrip(",")) + (
        f" at the {SYSTEMS[counted[0]].name} count" if counted else ""
    )
    return f"{text} ({short_summary(rules)})" if rules is not None else text
