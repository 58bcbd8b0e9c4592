"""A punter's stake: at the players' own games (002 home, 004) a punter stakes on cards he has
seen, so the stake is graded by what those cards are worth, not by a count.

Asked at the table (``/table``: :class:`~drills.base.AskedAtTable`) where the learner sits as a
punter; each is an attempt, re-drilled from the mistakes page. The notation holds the cards the
stake is made on, the bankroll the learner has then and the risk of ruin of the table's ramp::

    stake KS 6C bankroll 1000 risk 0.05          # 004: two cards, no banker card shown
    stake KS 6C v AD bankroll 1000 risk 0.05     # 004 with the banker's first card face up
    stake JS bankroll 1000 risk 0.05             # 002 home: the first card, face down

The right stake is :func:`trainer.engine.banker.punter_stake.kelly_stake`: the bet ramp's Kelly rule
applied to the edge of the cards (:func:`~trainer.engine.banker.punter_stake.stake_edge`, its
approximations named there), never more than the bankroll. Nobody works an edge out to the
unit at a table, so a stake within a quarter of the right one counts as right; the cost of
any stake is what it gives up beside the right one, ``(right - stake) x edge`` where that is
a loss (a stake above the right one on cards with an edge stakes more of the bankroll than
the ramp would, but loses no expectation), in bets of the table minimum.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from drills.base import (
    AskedAtTable,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidOptionError,
    InvalidQuestionError,
    Question,
)
from drills.base import LearnerState as LearnerState
from drills.bet_sizing import cost_words, minimums, read_bankroll, read_risk
from drills.caches import Caches
from drills.dealing.table_words import amount, card_words, cards_words
from drills.face_down_play import SIGHT
from drills.method3_figures import game_ready
from drills.refusals import CARDS_NOT_CARDS, NO_RAMP
from drills.skill_words import rules_and_rest
from trainer.engine.article import a_or_an
from trainer.engine.banker.face_down import face_down_game
from trainer.engine.banker.punter_stake import StakeEdge, kelly_stake, stake_edge, stakes_on_cards
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.hand import Hand
from trainer.engine.indices.edge import kelly_fraction
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, money, number, plain_amount, quoted, say
from trainer.words import signed as signed_number

__all__ = ["DRILL", "SLUG", "PunterStake", "stake_notation"]

SLUG = "punter-stake"
_CARD = r"[2-9TJQKA][SHDC]"
_NOTATION_RE = re.compile(
    rf"stake (?P<cards>{_CARD}(?: {_CARD})?)(?: v (?P<up>{_CARD}))? "
    r"bankroll (?P<bankroll>[0-9]{1,10}) risk (?P<risk>0\.[0-9]{1,4})"
)
_MONEY_RE = re.compile(r"[0-9]{1,10}(?:\.[0-9]{1,2})?")
_LEEWAY = Fraction(1, 4)  # a stake within a quarter of the right one is right


def stake_notation(
    rules: Rules, cards: tuple[Card, ...], up: Card | None, bankroll: Fraction, risk: Fraction
) -> str:
    """The notation of a punter's stake on ``cards`` (and the banker's ``up`` card at 004),
    the learner having ``bankroll`` (whole units of money, rounded down)."""
    shown = " ".join(str(card) for card in cards[: stakes_on_cards(rules)])
    shows_up = rules.bet_after_deal and not face_down_game(rules)
    versus = f" v {up}" if shows_up and up is not None else ""
    whole = max(int(bankroll), 1)
    return f"stake {shown}{versus} bankroll {whole} risk {float(risk):g}"


def read_stake(
    notation: str, rules: Rules
) -> tuple[tuple[Card, ...], Card | None, Fraction, Fraction]:
    """The cards, up card, bankroll and risk of a stake question.

    :raises InvalidQuestionError: for a notation the table could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a punter's stake names the cards, the bankroll and the risk of ruin")
        )
    try:
        cards = tuple(Card.parse(word) for word in match["cards"].split())
        up = Card.parse(match["up"]) if match["up"] else None
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    seen = stakes_on_cards(rules)
    if seen == 0:
        raise InvalidQuestionError.said_as(N_("these rules take every stake before the deal"))
    shows_up = rules.bet_after_deal and not face_down_game(rules)
    if len(cards) != seen or (up is not None) != shows_up:
        shape = N_("a punter here stakes on one card (text 002)")
        if seen == 2 and shows_up:
            shape = N_("a punter here stakes on two cards and the banker's up card (text 004)")
        elif seen == 2:
            shape = N_("a punter here stakes on two cards alone (text 004)")
        raise InvalidQuestionError.said_as(shape)
    try:
        bankroll = read_bankroll(match["bankroll"], rules)
        risk = read_risk(match["risk"])
    except InvalidOptionError as error:
        raise InvalidQuestionError.caused_by(error, NO_RAMP) from None
    return cards, up, bankroll, risk


def _amount(value: Fraction) -> str:
    """An amount as the table's header writes it: grouped and with the learner's decimal mark
    ("2 000", "12,50" in Russian; "2,000", "12.50" in English)."""
    return money(value)


def _hand_words(cards: tuple[Card, ...], up: Card | None) -> str:
    if len(cards) == 1:
        return say("Your first card is %(card)s, the dealer's cards unknown",
                   card=card_words(cards[0]))  # fmt: skip
    hand = Hand(cards)
    total = number(hand.total)
    if hand.total == 21:
        held = say("dealt %(total)s", total=total)
    else:
        held = say("soft %(total)s", total=total) if hand.is_soft else total
    values = {"hand": held, "cards": cards_words(cards)}
    if up is None:  # 004 as its text deals it: no banker card shown
        return say("Your %(hand)s (%(cards)s), the banker's cards unseen", **values)
    return say("Your %(hand)s (%(cards)s) against the banker's %(up)s", up=card_words(up),
               **values)  # fmt: skip


def _value_words(value: int) -> str:
    return a_or_an({1: "ace", 10: "ten"}.get(value, str(value)))


# A stake's key as :meth:`PunterStake.skill` writes it (after its rules), and its words.
_SKILL_RE = re.compile(
    r"^a stake on (?:(?P<on>an ace|a ten|an? [2-9])|(?P<total>(?:soft )?[0-9]{1,2}))"
    r"(?: against (?P<up>an ace|a ten|an? [2-9]))?$"
)
_STAKE_ON = {"an ace": N_("a stake on an ace"), "a ten": N_("a stake on a ten")}
_AGAINST = {"an ace": N_("%(stake)s against an ace"), "a ten": N_("%(stake)s against a ten")}
_ARTICLES = {"a": N_("a %(card)s"), "an": N_("an %(card)s")}


def _card(words: str) -> str:
    """``"a 7"``, ``"an 8"`` in the learner's words ("7", "8" in Russian)."""
    article, _, card = words.partition(" ")
    return say(_ARTICLES[article], card=card)


class PunterStake(Drill, AskedAtTable):
    slug = SLUG
    title = N_("Stakes as a punter")
    description = N_(
        "Your stake as a punter at the players' own games (home twenty-one, the Russian banking "
        "game), made on the cards you hold: graded by what those cards are worth, with the bet "
        "ramp's Kelly rule. Re-drill the ones you got wrong."
    )
    template = "drills/punter_stake.html"
    situation_template = "drills/_punter_stake_situation.html"
    choice_word = "stake"

    def cost_said(self, cost: Fraction, question: str = "") -> str:
        return minimums(cost)  # the cost is in table minimums (grade), as its verdict says

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        cards, up, bankroll, risk = read_stake(notation, rules)
        view: dict[str, Any] = {
            "cards": cards,
            "up": up,
            "bankroll": _amount(bankroll),
            "risk": say("%(share)s%%", share=_as_g(float(risk) * 100)),
            "unit": _amount(rules.min_bet),
            "words": _hand_words(cards, up),
        }
        one = len(cards) == 1
        prompt = say("Your stake on this card?") if one else say("Your stake on these cards?")
        return Question(notation=notation, prompt=prompt, view=view)

    def skill(self, notation: str, rules: Rules) -> str:
        """The cards staked on, under these rules (``"twenty-one-home: a stake on an ace"``,
        ``"russian-bank: a stake on 19"``, ``"russian-bank deal_faces=casino: a stake on 19
        against a 6"``)."""
        cards, up, _, _ = read_stake(notation, rules)
        if len(cards) == 1:
            return f"{rules.notation()}: a stake on {_value_words(cards[0].value)}"
        hand = Hand(cards)
        total = f"{'soft ' if hand.is_soft else ''}{hand.total}"
        if up is None:
            return f"{rules.notation()}: a stake on {total}"
        return f"{rules.notation()}: a stake on {total} against {_value_words(up.value)}"

    def skill_words(self, key: str) -> str:
        """A stake's key (:meth:`skill`) in the learner's words: ``"a stake on 19 against a 6
        (...)"``, ``"ставка на 19 против 6 (...)"``."""
        rules, rest = rules_and_rest(key)
        found = _SKILL_RE.match(rest)
        if rules is None or found is None:
            return super().skill_words(key)
        on, total, up = found["on"], found["total"], found["up"]
        if on in _STAKE_ON:
            stake = say(_STAKE_ON[on])
        elif on is not None:
            stake = say("a stake on %(card)s", card=_card(on))
        else:
            soft, _, value = total.rpartition(" ")
            message = N_("a stake on soft %(total)s") if soft else N_("a stake on %(total)s")
            stake = say(message, total=number(int(value)))
        if up in _AGAINST:
            stake = say(_AGAINST[up], stake=stake)
        elif up is not None:
            stake = say("%(stake)s against %(up)s", stake=stake, up=_card(up))
        return f"{stake} ({short_summary(rules)})"

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:16]

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        cards, up, bankroll, risk = read_stake(notation, rules)
        stake = _read_stake(answer_text, rules, bankroll)
        game_ready(rules)  # 002's method 3: the game's figures, never worked out in a request
        edge = stake_edge(rules, cards, up)
        right = min(kelly_stake(rules, edge, bankroll, float(risk)), bankroll)
        lost = max((right - stake) * Fraction(f"{edge.edge:.6f}"), Fraction(0))
        return Grade(
            correct=abs(stake - right) <= right * _LEEWAY,
            answer=amount(stake),
            right_answer=amount(right),
            explanation=_explain(rules, cards, up, edge, bankroll, risk, right),
            ev_cost=lost / rules.min_bet,
            cost_words=cost_words(lost, rules),  # in table minimums, as the mistakes page says
        )


def _read_stake(text: str, rules: Rules, bankroll: Fraction) -> Fraction:
    """A stake as the table would take it: an amount from the table minimum to the table
    maximum and the bankroll.

    :raises InvalidAnswerError: saying what is wrong, for anything else.
    """
    cleaned = plain_amount(text or "")  # "12,50" in Russian, "1,000" in English
    if not _MONEY_RE.fullmatch(cleaned):
        raise InvalidAnswerError(
            say(
                "Answer with an amount, such as %(least)s; %(typed)s is not one.",
                least=_amount(rules.min_bet),
                typed=quoted(text[:16]),
            )  # fmt: skip
        )
    stake = Fraction(cleaned)
    most = bankroll if rules.max_bet is None else min(bankroll, rules.max_bet)
    if not rules.min_bet <= stake <= most:
        values = {"least": _amount(rules.min_bet), "most": _amount(most), "stake": _amount(stake)}
        raise InvalidAnswerError(
            say("A stake here is %(least)s to %(most)s (your bankroll), not %(stake)s.", **values)
            if most == bankroll
            else say(
                "A stake here is %(least)s to %(most)s (the table maximum), not %(stake)s.",
                **values,
            )  # fmt: skip
        )
    return stake


def _worth(cards: tuple[Card, ...], up: Card | None) -> str:
    """What a unit staked on these cards is worked out against, in words."""
    if len(cards) == 2 and up is None:
        return say("played by the chart of one column against the banker playing his best, his "
                   "dealt 21 taking every stake; %(sight)s", sight=say(SIGHT)[1:-1])  # fmt: skip
    if up is not None:
        return say("played best for these cards, his dealt 21 taking every stake")
    return say("the dealer doubling on the cards he doubles on, and you redoubling where it pays")


def _as_g(value: float) -> str:
    """``value`` to as many places as it has (``"5"``, ``"2.5"``), in the learner's language."""
    places = len(f"{value:g}".partition(".")[2])
    return number(value, places)


def _explain(
    rules: Rules,
    cards: tuple[Card, ...],
    up: Card | None,
    edge: StakeEdge,
    bankroll: Fraction,
    risk: Fraction,
    right: Fraction,
) -> str:
    expects = signed_number(edge.edge * 100, 2)
    how = say("%(hand)s: a unit staked expects %(edge)s%% (%(worth)s).",
              hand=_hand_words(cards, up), edge=expects, worth=_worth(cards, up))  # fmt: skip
    if edge.edge <= 0:
        why = say("A unit staked on these cards expects %(edge)s%%: with no edge, stake the "
                  "table minimum, %(least)s.", edge=expects,
                  least=_amount(rules.min_bet))  # fmt: skip
        return f"{why}\n{how}"
    why = say("A unit staked on these cards expects %(edge)s%%, so your bankroll of "
              "%(bankroll)s takes a stake of %(right)s.", edge=expects, bankroll=_amount(bankroll),
              right=_amount(right))  # fmt: skip
    fraction = kelly_fraction(float(risk))
    ideal = fraction * float(bankroll) * edge.edge / edge.second_moment
    capped = ""
    if rules.max_bet is not None and right == rules.max_bet and ideal > float(right):
        capped = say(", held to the table maximum of %(most)s", most=_amount(rules.max_bet))
    elif right == bankroll and ideal > float(right):
        capped = say(", held to your bankroll of %(bankroll)s", bankroll=_amount(bankroll))
    kelly = say(
        "The ramp's Kelly rule: %(fraction)s (for a %(risk)s%% risk of ruin) × your bankroll "
        "%(bankroll)s × the edge %(edge)s / the result's mean square %(square)s (its variance "
        "plus the edge squared) = %(ideal)s, in whole units of %(unit)s: %(right)s%(capped)s. "
        "A stake within a quarter of it counts as right; one above it gives up no expectation "
        "but stakes more of your bankroll than the risk of ruin chosen allows.",
        fraction=number(fraction, 2),
        risk=_as_g(float(risk) * 100),
        bankroll=_amount(bankroll),
        edge=number(edge.edge, 4),
        square=number(edge.second_moment, 2),
        ideal=number(ideal, 2),
        unit=_amount(rules.min_bet),
        right=_amount(right),
        capped=capped,
    )
    return f"{why}\n{how} {kelly}"


DRILL = PunterStake()
