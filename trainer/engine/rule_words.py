"""Rules in plain words: the summary lines a learner reads under every question and chart.

The engine names options by their field names (``dealer_hits_soft_17``); a learner reads
"Dealer hits soft 17". Everything the interface says about a rule set is written here, once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.engine.rules import Rules

__all__ = ["summary_lines"]


def _ratio(value: Fraction) -> str:
    return f"{value.numerator}:{value.denominator}"


def _money(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def summary_lines(rules: Rules) -> list[str]:
    """Plain-English lines describing the table, the pack first, the interpretations last."""
    return [
        *_pack_and_dealer(rules),
        *_player_options(rules),
        *_payouts(rules),
        f"Bets {_money(rules.min_bet)} to {_money(rules.max_bet)}",
        *rules.interpretation,
    ]


def _pack_and_dealer(rules: Rules) -> list[str]:
    decks = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}"
    if rules.penetration == 1:
        lines = [f"{decks}, dealt to the end of the pack"]
    else:
        lines = [f"{decks}, cut card at {float(rules.penetration):.0%} of the pack"]
    if rules.dealer_stands_on == 17:
        lines.append(
            "Dealer hits soft 17" if rules.dealer_hits_soft_17 else "Dealer stands on all 17s"
        )
    else:
        lines.append(f"Dealer draws to {rules.dealer_stands_on - 1}")
    if rules.hole_card == "peek":
        lines.append("Dealer checks for a natural before anyone plays")
    else:
        lost = "every bet" if rules.no_hole_card_loses == "all" else "the original bet only"
        lines.append(f"No hole card: a dealer natural takes {lost}")
    lines.append(f"Naturals pay {_ratio(rules.blackjack_pays)}")
    return lines


def _player_options(rules: Rules) -> list[str]:
    double = {
        "any": "Double on any two cards",
        "9-11": "Double on 9, 10 and 11 only",
        "10-11": "Double on 10 and 11 only",
        "none": "No doubling",
    }[rules.double_on]
    if rules.double_on != "none":
        double += ", after splits too" if rules.double_after_split else ", not after splits"
    lines = [double]
    if rules.max_split_hands == 1:
        lines.append("No splitting")
    else:
        by = "any two ten-value cards" if rules.split_by == "value" else "pairs of one rank"
        aces = "aces may be resplit" if rules.resplit_aces else "aces split once"
        one = ", one card each" if rules.split_aces_one_card else ""
        lines.append(f"Split {by} to {rules.max_split_hands} hands; {aces}{one}")
    if rules.surrender == "none":
        lines.append("No surrender")
    else:
        vs_ace = "" if rules.surrender_vs_ace else " (not against an ace)"
        lines.append(f"{rules.surrender.capitalize()} surrender{vs_ace}")
    lines.append("Insurance pays 2:1" if rules.insurance else "No insurance")
    if rules.max_draws is not None:
        lines.append(f"At most {rules.max_draws} cards drawn to a hand")
    return lines


def _payouts(rules: Rules) -> list[str]:
    lines: list[str] = []
    if rules.ties == "dealer":
        lines.append("Ties go to the dealer")
    bonuses = [
        (rules.five_card_21_pays, "21 with five cards"),
        (rules.six_card_21_pays, "21 with six cards"),
        (rules.seven_seven_seven_pays, "7-7-7"),
        (rules.six_seven_eight_pays, "8-7-6"),
    ]
    for pays, what in bonuses:
        if pays is not None:
            lines.append(f"{what} pays {_ratio(pays)}")
    if rules.dealer_blackjack_collects != 1:
        lines.append(f"The dealer's natural collects {_ratio(rules.dealer_blackjack_collects)}")
    if rules.dealer_natural_takes_all:
        lines.append("A banker's dealt 21 takes every stake, dealt 21s too")
    if rules.dealer_bust_pays != 1:
        lines.append(f"A busted dealer pays {_ratio(rules.dealer_bust_pays)}")
    return lines
