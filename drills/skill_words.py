"""A reviewable item's key in plain words, for the pages that list items (Today, the next step).

An item's key (:meth:`drills.base.Drill.skill`) is written for the store: ``"vegas-6d-s17:
hard 16 v 10"``, ``"hi-lo floor half 6d"``, ``"natural-6-5"``. What a learner reads is ``"hard
16 against a 10 (Las Vegas Strip, 6 decks, S17)"``, ``"Hi-Lo, rounded down, to the half deck, 6
decks"``, ``"A natural at 6:5"``. A key these helpers cannot read is shown as it is.
"""

from __future__ import annotations

import re

from drills.strategy_chart import pair_words
from trainer.engine.article import a_or_an
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.words import N_, plural, say

__all__ = ["decks_words", "rules_and_rest", "system_words", "words_of"]

_AGAINST_RE = re.compile(r"\bv (A|10|[2-9])\b")
# 004 as dealt: a row with no banker card, by the cards drawn ("hard 14 v ?1").
_UNSEEN_RE = re.compile(r"^(?P<row>(?:hard|soft) [0-9]{1,2}) v \?(?P<drawn>[0-9])$")
# A chart cell against an up card, as the table, the quiz and the deviations key it: "hard 16 v
# 10", a deviation's pair row alone ("8-8 v 6"), "insurance v A", and how the table played it
# (", 3 cards or more", ", split"; a natural's ", early surrender").
_CELL_RE = re.compile(
    r"^(?:(?P<section>hard|soft|pairs) )?(?P<row>[0-9]{1,2}|[0-9A]{1,2}-[0-9A]{1,2}|insurance"
    r"|natural) v (?P<up>A|10|[2-9])(?P<how>, 3 cards or more|, split|, early surrender)?$"
)
# 004 as the table deals it: the punter's row with no banker card ("hard 16, no banker card",
# "hard 15, no banker card, 1 drawn").
_FACE_DOWN_RE = re.compile(
    r"^(?P<section>hard|soft) (?P<row>[0-9]{1,2}), no banker card(?:, (?P<drawn>[0-9]) drawn)?$"
)
_HAND = {"hard": N_("hard %(total)s"), "soft": N_("soft %(total)s")}
# A cell in words, by its section ("" for a deviation's pair row) and whether the dealer shows
# an ace; the up card otherwise with English's article ("a 10", "an 8").
_CELL = {
    ("hard", False): N_("hard %(row)s against %(up)s"),
    ("soft", False): N_("soft %(row)s against %(up)s"),
    ("pairs", False): N_("pairs %(row)s against %(up)s"),
    ("", False): N_("%(pair)s against %(up)s"),
    ("natural", False): N_("natural against %(up)s"),
    ("hard", True): N_("hard %(row)s against an ace"),
    ("soft", True): N_("soft %(row)s against an ace"),
    ("pairs", True): N_("pairs %(row)s against an ace"),
    ("", True): N_("%(pair)s against an ace"),
    ("natural", True): N_("natural against an ace"),
    ("insurance", True): N_("insurance against an ace"),
}
_ARTICLES = {"a": N_("a %(card)s"), "an": N_("an %(card)s")}
_HOW = {
    ", 3 cards or more": N_("%(cell)s, 3 cards or more"),
    ", split": N_("%(cell)s, split"),
    ", early surrender": N_("%(cell)s, early surrender"),
}
_DECKS_RE = re.compile(r"^([1-8])d$")
_SYSTEM_RE = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(slug) for slug in sorted(SYSTEMS, key=len, reverse=True))
    + r")(?![\w-])"
)  # fmt: skip


# An up card in a key no cell pattern reads, by the article English gives it ("against a 10",
# "against an 8"), said through the catalogue like the cells' own.
_AGAINST = {"a": N_("against a %(card)s"), "an": N_("against an %(card)s")}


def _against(match: re.Match[str]) -> str:
    up = match[1]
    if up == "A":
        return say("against an ace")
    return say(_AGAINST[a_or_an(up).split(" ")[0]], card=up)


def _unseen(match: re.Match[str]) -> str:
    section, _, total = match["row"].partition(" ")
    drawn, row = int(match["drawn"]), say(_HAND[section], total=total)
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
    system by its name, each ``"6d"`` as "6 decks", in the learner's language; a key no cell
    pattern reads is shown as it is, but for those words (no English joined to it)."""
    rules, rest = rules_and_rest(key)
    words = rest.split(" ")
    counted = [word for word in (words[0], words[-1]) if word in SYSTEMS and len(words) > 1]
    if counted:  # a cell played by the count: "hi-lo hard 16 v 10", "insurance hi-lo"
        words.remove(counted[0])
    said = _said(" ".join(words))
    if said is None:  # a key no cell pattern reads: as it is, its decks, systems and up card said
        text = _UNSEEN_RE.sub(_unseen, " ".join(decks_words(word) for word in words))
        said = system_words(_AGAINST_RE.sub(_against, text).rstrip(","))
    if counted:
        said = say("%(cell)s, played by the %(system)s count", cell=said,
                   system=SYSTEMS[counted[0]].name)  # fmt: skip
    return f"{said} ({short_summary(rules)})" if rules is not None else said


def _said(rest: str) -> str | None:
    """A cell against an up card, or a row dealt face down, in the learner's words; None for
    any other key."""
    cell = _CELL_RE.match(rest)
    if cell is not None:
        section, row, up = cell["section"] or "", cell["row"], cell["up"]
        if row in ("insurance", "natural"):
            section = row
        message = _CELL.get((section, up == "A"))
        if message is None:
            return None
        card = say(_ARTICLES[a_or_an(up).split(" ")[0]], card=up) if up != "A" else ""
        pair = pair_words(row)
        said = say(message, row=pair if section == "pairs" else row, pair=pair, up=card)
        return say(_HOW[cell["how"]], cell=said) if cell["how"] else said
    face_down = _FACE_DOWN_RE.match(rest)
    if face_down is None:
        return None
    row = say(_HAND[face_down["section"]], total=face_down["row"])
    if face_down["drawn"] is None:
        return say("%(row)s, no banker card", row=row)
    return plural("%(row)s, no banker card, %(count)s drawn",
                  "%(row)s, no banker card, %(count)s drawn", int(face_down["drawn"]),
                  row=row)  # fmt: skip
