"""A dealing choice's grade (:mod:`drills.table_dealing`): the keys of each kind of choice,
the grade from what each choice is worth, and the words of a dealer's double and a punter's
redouble (002 deal method 3): what the bank (or the punter) expects on the first card, in money
on the stakes at hand.
"""

from __future__ import annotations

from fractions import Fraction

from drills.base import Grade
from drills.card_values import value_words, values_words
from trainer.engine.banker.doubling import (
    double_evs,
    doubling_cards,
    doubling_chance,
    players_ev_against,
    redouble_evs,
    redoubled_ev,
)
from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.rules import Rules
from trainer.words import money, number, plural, say
from trainer.words import signed as signed_number

__all__ = ["KEYS", "TIE", "card_words", "grade_double", "grade_redouble", "graded", "money_words"]

# The keys of each kind of question, and the answer each stands for.
KEYS = {
    "draw": {"H": "draw", "S": "stand"},
    "double": {"D": "double", "N": "no double"},
    "redouble": {"D": "redouble", "N": "no redouble"},
}
TIE = 1e-9  # EVs closer than this are the same

card_words = value_words  # a card's value as a sentence names it


def money_words(value: float) -> str:
    """An amount won or lost, signed, to two places: "+0.06", "−0.10"."""
    return f"{signed_number(value, 2)}"


def graded(kind: str, evs: dict[str, float], answer: str, why: str, per: Fraction) -> Grade:
    """The grade of ``answer`` to a choice of ``kind`` worth ``evs`` in money (by key; a tie
    to the second key, standing or not doubling), its cost in bets of ``per``: the table
    minimum for the bank's choices, the punter's own stake for a redouble."""
    act, rest = KEYS[kind]
    best = act if evs[act] > evs[rest] + TIE else rest
    chosen = next(key for key, word in KEYS[kind].items() if word == answer)
    cost = max(evs.values()) - evs[chosen]
    return Grade(
        correct=chosen == best or cost <= TIE,
        answer=answer,
        right_answer=KEYS[kind][best],
        explanation=why,
        ev_cost=Fraction(f"{cost / float(per):.6f}"),
    )


def grade_double(first: Card, stakes: Fraction, punters: int, answer: str, rules: Rules) -> Grade:
    """The dealer's double on his first card ``first``, the punters' stakes ``stakes`` in all
    (``punters`` of them), graded by what it is worth to the bank."""
    players = players_ev_against(rules, first.value)
    evs = double_evs(rules, first.value, float(stakes))
    why = say(
        "Your first card is %(card)s: against it the punters expect %(players)s%% of their "
        "bets, so the bank expects %(bank)s%%.",
        card=card_words(first.value),
        players=signed_number(players * 100, 2),
        bank=signed_number(-players * 100, 2),
    )
    said = {"leave": money_words(evs["N"]), "double": money_words(evs["D"]),
            "stakes": money(stakes)}  # fmt: skip
    if punters > 1:  # the stakes' total; the percentages one punter's (the rules page's by size)
        why += " " + plural(
            "On the stakes of your %(count)s punter, %(stakes)s in all, that is %(leave)s if "
            "you leave them, and %(double)s if you double them; the percentages are the game's "
            "against one punter, and at your table each also reads the others' cards.",
            "On the stakes of your %(count)s punters, %(stakes)s in all, that is %(leave)s if "
            "you leave them, and %(double)s if you double them; the percentages are the game's "
            "against one punter, and at your table each also reads the others' cards.",
            punters,
            **said,
        )
    else:
        why += " " + say(
            "On stakes of %(stakes)s that is %(leave)s if you leave them, and %(double)s if "
            "you double them.",
            **said,
        )
    why += " " + say(
        "The punters' figures are their best play reading whether you doubled (a dealer who "
        "doubles holds a card he doubles on), the redoubles counted."
    )
    chance = doubling_chance(rules, first.value)
    if 0 < chance < 1:
        why += " " + say(
            "At the game's equilibrium the dealer doubles on %(card)s with a chance of "
            "%(chance)s%%: there both choices are worth the same to the bank, so neither "
            "costs anything.",
            card=card_words(first.value),
            chance=number(chance * 100, 1),
        )
    return graded("double", evs, answer, why, rules.min_bet)


def grade_redouble(first: Card, stake: Fraction, answer: str, rules: Rules) -> Grade:
    """A punter's redouble on his first card ``first``, his stake ``stake`` after the dealer's
    double, graded by what it is worth to him."""
    evs = redouble_evs(rules, first.value, float(stake))
    ev = redoubled_ev(rules, first.value)
    doubled = values_words(doubling_cards(rules))
    why = say(
        "Your first card is %(card)s and the dealer doubled, so his first card is one he "
        "doubles on (%(doubled)s): you expect %(expect)s%% of your stake. On your stake of "
        "%(stake)s that is %(leave)s if you leave it, and %(redouble)s if you redouble.",
        card=card_words(first.value),
        doubled=doubled,
        expect=signed_number(ev * 100, 2),
        stake=money(stake),
        leave=money_words(evs["N"]),
        redouble=money_words(evs["D"]),
    )
    return graded("redouble", evs, answer, why, stake)
