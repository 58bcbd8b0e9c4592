"""Bidding for the deal: 002's home game sold the deal "by auction, as in chemin de fer"; the
learner names the most the deal is worth paying, graded against its worth.

The question names its rules, the number of punters and their stake, in that order::

    twenty-one-home deal_auction=true|4|5     # four punters staking 5 chips a round

The worth is :func:`trainer.engine.banker.auction.deal_worth`: the holder's expected profit
while he keeps the deal (the bank's expectation a round, times the rounds until a punter's
natural passes the deal). Its reading of the text (what the price buys, to whom it is paid) is
the interpretation ``002-auction``, which the verdict names. Nobody works the worth out to the
chip at a table, so a bid within a tenth of it is right; a bid above the worth costs what it
overpays (the deal makes less than it cost), a bid below costs nothing but the deal (the
engine's players bid the worth and take it), both in bets of the punters' stake.

The drill is asked at the home game only (the auction is a custom of players who deal): a
question naming other rules is refused, and so is a bid below nothing or past the table's
maximum stake, each naming the rule it breaks.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    NamesItsRules,
    Question,
)
from drills.caches import Caches
from drills.card_values import doubling_words, values_words
from drills.method3_figures import game_ready
from drills.refusals import NO_RULES
from trainer.engine.banker.auction import (
    InvalidBidError,
    bank_edge,
    check_bid,
    deal_worth,
    passing_chance,
)
from trainer.engine.banker.doubling import doubling_chance, redoubling_cards
from trainer.engine.rulebook.interpretations import INTERPRETATIONS
from trainer.engine.rulebook.rule_words import OPTION_LABELS
from trainer.engine.rulebook.rules import InvalidRulesError, Rules, find_preset
from trainer.engine.words import said
from trainer.words import N_, money, number, plain_amount, plural, say

__all__ = ["DRILL", "SLUG", "DealAuction", "auction_notation"]

SLUG = "deal-auction"
HOME = "twenty-one-home"
_PUNTERS = range(2, 12)  # 002: two to twelve players, the dealer one of them
_STAKES = (1, 2, 3, 5, 10)
_LEEWAY = Fraction(1, 10)  # a bid within a tenth of the worth is right
_BID_RE = re.compile(r"-?[0-9]{1,7}(?:\.[0-9]{1,2})?")
_NOTATION_RE = re.compile(r"(?P<rules>[^|]{1,200})\|(?P<punters>[0-9]{1,2})\|(?P<stake>[0-9]{1,4})")


def auction_notation(rules: Rules, punters: int, stake: int) -> str:
    """The notation of a question: the deal, ``punters`` punters staking ``stake`` each."""
    return f"{rules.notation()}|{punters}|{stake}"


def read_auction(notation: str) -> tuple[Rules, int, int]:
    """The rules, the punters and their stake a question names.

    :raises InvalidQuestionError: for a notation the drill could not have written, rules that
        hold no auction (naming the rule), or a number of punters or a stake the table refuses.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a bid for the deal names the rules, the punters and their stake")
        )
    try:
        rules = Rules.parse(match["rules"])
    except InvalidRulesError as error:  # the option's label, not its engine name
        why = said(error)
        if why is not None and error.option in OPTION_LABELS:
            raise InvalidQuestionError.said_as(
                N_("%(rule)s: %(error)s"), rule=say(OPTION_LABELS[error.option].label), error=why
            ) from None
        cause = InvalidQuestionError.caused_by(error, NO_RULES).said
        raise InvalidQuestionError(_plain(error), said=cause) from None
    if not rules.deal_auction:
        raise InvalidQuestionError.said_as(
            N_("These rules do not sell the deal: there is no auction.")
        )
    if rules.replace(deal_auction=False) != find_preset(HOME):
        raise InvalidQuestionError.said_as(
            N_("Bidding for the deal is asked at home twenty-one only.")
        )
    punters, stake = int(match["punters"]), int(match["stake"])
    if punters not in _PUNTERS:
        raise InvalidQuestionError.said_as(
            N_("Home twenty-one seats %(least)s to %(most)s punters beside the dealer, not "
               "%(punters)s."),
            least=number(min(_PUNTERS)),
            most=number(max(_PUNTERS)),
            punters=number(punters),
        )  # fmt: skip
    if rules.max_bet is not None and not rules.min_bet <= stake <= rules.max_bet:
        raise InvalidQuestionError.said_as(
            N_("A stake of %(stake)s is outside the table's limits."), stake=money(stake)
        )
    return rules, punters, stake


def _plain(error: InvalidRulesError) -> str:
    """A rules error in the learner's words: the option's label, not its engine name."""
    text = str(error)
    if error.option in OPTION_LABELS and text.startswith(f"{error.option}: "):
        return f"{OPTION_LABELS[error.option].label}: {text.removeprefix(error.option + ': ')}"
    return text


def read_bid(text: str, rules: Rules) -> Fraction:
    """The learner's bid, in chips.

    :raises InvalidAnswerError: for no amount, or a bid the auction refuses (below nothing,
        past the table's maximum), saying which rule it breaks in plain words.
    """
    typed = plain_amount((text or "").strip())[:16]
    if not _BID_RE.fullmatch(typed):
        raise InvalidAnswerError(say("Type your bid in chips, like 25 or 12.50."))
    try:
        return check_bid(rules, Fraction(typed))
    except InvalidBidError:
        if Fraction(typed) < 0:
            raise InvalidAnswerError(
                say("A bid for the deal is 0 chips or more: nobody is paid to take it.")
            ) from None
        raise InvalidAnswerError(
            say("A bid for the deal is at most the table's maximum stake, %(limit)s chips: "
                "that is the table's limit.", limit=_limit(rules.max_bet))
        ) from None  # fmt: skip


def _limit(amount: Fraction | None) -> str:
    """The table's maximum stake as a learner reads it ("10,000", «10 000»)."""
    return _chips(None) if amount is None else money(amount)


def _chips(amount: Fraction | float | None) -> str:
    if amount is None:
        return "no limit"
    value = float(amount)
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"


def _doubling(rules: Rules) -> str:
    """The cards the dealer doubles on (002 method 3's equilibrium): always, then at times."""
    return doubling_words([doubling_chance(rules, card) for card in range(1, 11)])


class DealAuction(Drill, AsksOnItsPage, NamesItsRules):
    slug = SLUG
    title = N_("Bidding for the deal")
    description = N_(
        "At home twenty-one the deal may be sold to the highest bidder. Name the most the "
        "deal is worth paying: what the bank makes while you hold it, until a punter's natural "
        "takes it."
    )
    template = "drills/deal_auction.html"
    situation_template = "drills/_deal_auction_situation.html"
    brisk_ms = 15_000
    slow_ms = 60_000

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        home = find_preset(HOME).replace(deal_auction=True)
        notation = auction_notation(home, rng.choice(_PUNTERS), rng.choice(_STAKES))
        return self.question(notation, rules, caches=caches)

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """The rules the question is played under (its notation names them)."""
        return read_auction(notation)[0]

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        table, punters, stake = read_auction(notation)
        game_ready(table)  # the game's figures, never worked out in a request
        return Question(
            notation=auction_notation(table, punters, stake),
            prompt=say("The deal is up for sale. What is the most it is worth paying, in chips?"),
            view={
                "punters": punters,
                "stake": stake,
                "limit": _limit(table.max_bet),
                "doubles_on": _doubling(find_preset(HOME)),
            },
        )

    def skill(self, notation: str, rules: Rules) -> str:
        return "deal-worth"

    def skill_words(self, key: str) -> str:
        return say("The deal's worth at an auction")

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        table, punters, stake = read_auction(notation)
        bid = read_bid(answer_text, table)
        game_ready(table)
        worth = Fraction(deal_worth(table, punters, stake)).limit_denominator(100)
        right = abs(bid - worth) <= _LEEWAY * worth
        cost = max(bid - worth, Fraction(0)) / stake
        return Grade(
            correct=right,
            answer=_chips(bid),
            right_answer=_chips(worth),
            explanation=explain(table, punters, stake, bid),
            ev_cost=cost,
            # The overpayment in chips, not as a share of the stake ("406% of a bet").
            cost_words=say("Paying that gives away %(chips)s.", chips=chips(bid - worth))
            if bid > worth
            else None,
        )


def explain(rules: Rules, punters: int, stake: int, bid: Fraction) -> str:
    """The worth worked out, in sentences a learner can follow with a pencil."""
    home = find_preset(HOME)
    edge = bank_edge(home)
    chance = float(passing_chance(rules, punters))
    a_round = punters * stake * edge
    worth = deal_worth(rules, punters, stake)
    if bid > Fraction(worth) * (1 + _LEEWAY):
        verdict = say("Above the worth you pay more than the deal will make you.")
    elif bid < Fraction(worth) * (1 - _LEEWAY):
        verdict = say("Below the worth another player, bidding what it is worth, takes the deal.")
    else:
        verdict = say("Bid up to that, and no more.")
    why = say(
        "The bank makes %(a_round)s a round from %(punters)s punters staking %(stake)s, and you "
        "hold the deal %(rounds)s rounds on average: %(worth)s.",
        a_round=chips(Fraction(a_round)),
        punters=number(punters),
        stake=number(stake),
        rounds=number(1 / chance, 1),
        worth=chips(Fraction(worth)),
    )
    worked = plural(
        "The bank expects %(edge)s%% of each stake a round (the dealer doubling on %(doubles)s, "
        "a punter redoubling on %(redoubles)s): with %(count)s punter staking %(stake)s, "
        "%(round)s chips a round.",
        "The bank expects %(edge)s%% of each stake a round (the dealer doubling on %(doubles)s, "
        "a punter redoubling on %(redoubles)s): with %(count)s punters staking %(stake)s, "
        "%(round)s chips a round.",
        punters,
        edge=number(edge * 100, 1),
        doubles=_doubling(home),
        redoubles=values_words(redoubling_cards(home)),
        stake=number(stake),
        round=number(a_round, 2),
    )
    held = say(
        "A punter's natural that the dealer does not match passes the deal in %(chance)s%% of "
        "rounds, so you hold it %(rounds)s rounds on average: the deal is worth %(round)s × "
        "%(factor)s = %(worth)s chips.",
        chance=number(chance * 100, 1),
        rounds=number(1 / chance, 1),
        round=number(a_round, 2),
        factor=number(1 / chance, 2),
        worth=number(worth, 2),
    )
    rests = say(
        "This rests on %(interpretation)s: the price is shared among the other players and buys "
        "the deal until a punter's natural.",
        interpretation=INTERPRETATIONS["002-auction"].naming(),
    )
    working = f"{worked} {held} {verdict} {rests}"
    return f"{why}\n{working}"


def chips(amount: Fraction) -> str:
    """An amount of chips as a learner reads it ("1 chip", "5.94 chips"): a whole number takes
    its own plural form, a fraction the form of 2."""
    shown = round(float(amount), 2)
    whole = int(shown) if shown.is_integer() else 2
    return plural("%(count)s chip", "%(count)s chips", abs(whole),
                  count=number(shown, 0 if shown.is_integer() else 2))  # fmt: skip


DRILL = DealAuction()
