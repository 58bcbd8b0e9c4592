"""The basic-strategy quiz's words on a play worked out (:class:`drills.strategy_play.Play`): why
the right answer is right (:func:`explain`: the verdict's why, then its details) and why a play
that is not allowed is not (:func:`illegal_reason`), each a whole sentence of the catalogue with
its numbers written by :mod:`trainer.words`, in the learner's language; and a quiz item's cell
in words (:func:`item_words`), for the pages that list items.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drills.dealing.table_words import cards_words
from drills.method3_quiz import double_words
from drills.play_why import play_why
from drills.skill_words import rules_and_rest
from drills.strategy_cells import Cell
from drills.strategy_chart import PLAY_KEYS, choice_words, pair_words
from drills.strategy_play import Play, ShownCount
from trainer.engine.article import a_or_an
from trainer.engine.counting import SYSTEMS
from trainer.engine.indices import Play as IndexPlay
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, locale, number, say, signed

__all__ = ["explain", "illegal_reason", "item_words"]

# What a chart cell's code says to do, as the chart's sentence names it.
_MEANING = {"H": N_("hit"), "S": N_("stand"), "P": N_("split"), "D/H": N_("double, else hit"),
            "D/S": N_("double, else stand"), "R/H": N_("surrender, else hit"),
            "R/S": N_("surrender, else stand"), "R/P": N_("surrender, else split")}  # fmt: skip
# A cell as the chart's sentence names it, by its section and whether the dealer shows an ace.
_CELL = {
    ("hard", False): N_("hard %(row)s against %(up)s"),
    ("soft", False): N_("soft %(row)s against %(up)s"),
    ("pairs", False): N_("%(pair)s against %(up)s"),
    ("hard", True): N_("hard %(row)s against an ace"),
    ("soft", True): N_("soft %(row)s against an ace"),
    ("pairs", True): N_("%(pair)s against an ace"),
}
# A chart cell as a reviewable item's words name it (the pages that list items: the answers,
# Today, the next step).
_ITEM = {
    ("hard", False): N_("hard %(row)s against %(up)s"),
    ("soft", False): N_("soft %(row)s against %(up)s"),
    ("pairs", False): N_("pairs %(row)s against %(up)s"),
    ("hard", True): N_("hard %(row)s against an ace"),
    ("soft", True): N_("soft %(row)s against an ace"),
    ("pairs", True): N_("pairs %(row)s against an ace"),
}
_ARTICLES = {"a": N_("a %(card)s"), "an": N_("an %(card)s")}
# The insurance index in words: what it says to do, at or above its count or below it.
_INDEX = {
    ("I", "at_or_above"): N_("take it at %(index)s or above"),
    ("I", "below"): N_("take it below %(index)s"),
    ("N", "at_or_above"): N_("decline it at %(index)s or above"),
    ("N", "below"): N_("decline it below %(index)s"),
}
# The counted insurance's sentence, by the count's kind (true or running) and the index's play.
_BY_THE_INDEX = {
    (True, "I"): N_(
        "At a %(system)s true count of %(count)s the insurance index (%(index)s) says take it; "
        "the insurance bet is worth %(worth)s%% of your bet here, with these cards."
    ),
    (True, "N"): N_(
        "At a %(system)s true count of %(count)s the insurance index (%(index)s) says decline "
        "it; the insurance bet is worth %(worth)s%% of your bet here, with these cards."
    ),
    (False, "I"): N_(
        "At a %(system)s running count of %(count)s the insurance index (%(index)s) says take "
        "it; the insurance bet is worth %(worth)s%% of your bet here, with these cards."
    ),
    (False, "N"): N_(
        "At a %(system)s running count of %(count)s the insurance index (%(index)s) says "
        "decline it; the insurance bet is worth %(worth)s%% of your bet here, with these cards."
    ),
}
# The insurance bet's why: how often it wins against the one time in three it needs (it pays
# 2:1), not its worth again (the verdict's first line says what a mistake cost: a walk read
# the cost twice and no reason).
_INSURANCE = {
    "I": N_(
        "Insurance pays 2:1, so it gains when the dealer has a ten-value card under the ace more "
        "than one time in three; with these cards he has one %(chance)s%% of the time: take it."
    ),
    "N": N_(
        "Insurance pays 2:1, so it gains when the dealer has a ten-value card under the ace more "
        "than one time in three; with these cards he has one %(chance)s%% of the time: decline "
        "it."
    ),
}
# The same where the dealer has no card under the ace (003's casino: his second card is dealt
# after the players' play, and the insurance is on it).
_INSURANCE_NO_HOLE = {
    "I": N_(
        "Insurance pays 2:1, so it gains when the dealer's second card, dealt after yours, is a "
        "ten-value card more than one time in three; with these cards it is one %(chance)s%% of "
        "the time: take it."
    ),
    "N": N_(
        "Insurance pays 2:1, so it gains when the dealer's second card, dealt after yours, is a "
        "ten-value card more than one time in three; with these cards it is one %(chance)s%% of "
        "the time: decline it."
    ),
}


def ten_under_the_ace(worth: float) -> float:
    """The chance of a ten-value card under the dealer's ace, from the insurance bet's worth per
    unit of the main bet (half a bet at 2:1: worth = 1.5 x chance - 0.5)."""
    return (worth + 0.5) / 1.5


# Each explanation kept by all it reads of a play (never its cards: the situation) and the
# language: the quiz explains the same few hundred cells again and again.
_EXPLAINED: dict[tuple[Any, ...], str] = {}


def explain(play: Play, chosen: str | None = None) -> str:
    """Why the right answer is right: its first sentence the verdict's why (beside the play
    ``chosen``, a wrong answer's, where it has a worth: "standing ..., hitting ..." for a hit,
    not the runner-up a learner did not choose), the rest (the chart's word on the cell) its
    details, lines apart."""
    evs = tuple((name, repr(ev)) for name, ev in play.evs.items())  # -0.0 apart from 0.0
    key: tuple[Any, ...] = (locale(), play.cell, play.code, play.right, play.insurance)
    key += (play.natural, evs, play.shown, play.indices, play.grid, chosen)
    key += (play.doubled, play.doubling, play.hole_card)
    try:
        found = _EXPLAINED.get(key)
    except TypeError:  # a count or index that cannot be a key
        return _explained(play, chosen)
    if found is None:
        if len(_EXPLAINED) >= 8192:
            _EXPLAINED.clear()
        found = _EXPLAINED[key] = _explained(play, chosen)
    return found


def _explained(play: Play, chosen: str | None = None) -> str:
    if play.shown is not None:
        return _by_the_count(play, play.shown)
    if play.insurance:
        if play.natural:
            return say(
                "Even money wins %(taken)s%% of your bet for sure; playing the natural out wins "
                "%(out)s%% of it on average.",
                taken=number(play.evs["I"] * 100),
                out=number(play.evs["N"] * 100, 1),
            )
        chance = ten_under_the_ace(play.evs["I"])
        sentences = _INSURANCE if play.hole_card else _INSURANCE_NO_HOLE
        return say(sentences[play.right], chance=number(chance * 100, 2))
    if play.doubled is not None:
        said = double_words(play.doubled, play.doubling, play.situation.up.value)
        return f"{play_why(play.evs, play.right, chosen)}\n{said}"
    return f"{play_why(play.evs, play.right, chosen)}\n{_chart_says(play)}"


def _cell_words(cell: Cell, said: Mapping[tuple[str, bool], str]) -> str:
    """A chart cell in the words of ``said`` (by its section and whether it is against an ace),
    its up card with English's article where one is said."""
    ace = cell.up == "A"
    up = "" if ace else say(_ARTICLES[a_or_an(cell.up).split(" ")[0]], card=cell.up)
    return say(said[cell.section, ace], row=cell.row, pair=pair_words(cell.row), up=up)


def item_words(key: str) -> str | None:
    """A quiz item's key (``"vegas-6d-s17: hard 16 v 9"``) in the learner's words, as
    :func:`drills.skill_words.words_of` writes it in English ("hard 16 against a 9 (Las Vegas,
    6 decks, ...)"); None for a key that is no chart cell against an up card."""
    rules, rest = rules_and_rest(key)
    section, _, system = rest.partition(" ")
    if section == "insurance" and (not system or system in SYSTEMS):
        words = (
            say("insurance, decided by the %(system)s count", system=SYSTEMS[system].name)
            if system
            else say("insurance")
        )
    else:
        try:
            cell = Cell.parse(rest)
        except ValueError:
            return None
        if cell.up.startswith("?"):  # 004 as dealt: no banker card
            return None
        words = _cell_words(cell, _ITEM)
    return f"{words} ({short_summary(rules)})" if rules is not None else words


def _chart_says(play: Play) -> str:
    """What the chart says in the cell: its code's meaning, and the right play where the code
    names more than one."""
    cell = play.cell
    words = _cell_words(cell, _CELL)
    meaning = say(_MEANING[play.code]) if play.code in _MEANING else play.code
    right = choice_words(PLAY_KEYS[play.right])
    if play.code == play.right:
        return say("The chart for these rules says %(meaning)s for %(cell)s.",
                   meaning=meaning, cell=words)  # fmt: skip
    return say(
        "The chart for these rules says %(meaning)s for %(cell)s: here, %(right)s.",
        meaning=meaning,
        cell=words,
        right=right,
    )


def _by_the_count(play: Play, shown: ShownCount) -> str:
    """Insurance by the count shown: what the index says there, and the bet's worth here."""
    bet = play.evs["I"] if not play.natural else 1.0 - play.evs["N"]
    index = say("; ").join(_index_words(index) for index in play.indices) or say(
        "none from %(low)s to %(high)s: never take it",
        low=signed(play.grid[0]),
        high=signed(play.grid[1]),
    )
    text = say(
        _BY_THE_INDEX[shown.system.balanced, play.right],
        system=shown.system.name,
        count=signed(shown.count),
        index=index,
        worth=signed(bet * 100, 2),
    )
    if (bet > 0) != (play.right == "I"):
        text += " " + say(
            "With these very cards the bet is worth the other way: the index is the count "
            "where it breaks even over the hands you may hold, rounded to a whole count, and "
            "the count is what you play by."
        )
    return text


def _index_words(index: IndexPlay) -> str:
    return say(_INDEX[index.play, index.when], index=signed(index.index))


def illegal_reason(play: Play, answer: str, rules: Rules) -> str:
    """Why a play that is not in ``play.evs`` is not allowed, in one sentence."""
    hand = play.situation.hand
    if answer == "P":
        if rules.max_split_hands == 1:
            return say("these rules allow no splitting")
        return say("%(hand)s is not a pair you may split", hand=cards_words(hand))
    if answer == "D":
        if rules.double_on == "none":
            return say("these rules allow no doubling")
        if rules.double_on != "any":
            return say(
                "these rules allow doubling on %(totals)s only, and this hand is %(total)s",
                totals=rules.double_on,
                total=number(hand.total),
            )
    if answer == "R":
        if rules.surrender == "none":
            return say("these rules allow no surrender")
        if play.situation.up.is_ace and not rules.surrender_vs_ace:
            return say("these rules allow no surrender against an ace")
        return say("surrender is not allowed here")
    return say("that play is not allowed here")
