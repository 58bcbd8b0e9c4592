"""Rules in plain words: the summary lines a learner reads under every question and chart.

The engine names options by their field names (``dealer_hits_soft_17``); a learner reads
"Dealer hits soft 17". Everything the interface says about a rule set is written here, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trainer.engine.rulebook.rule_options import DEAL_FACES
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "CHOICE_LABELS",
    "OPTION_LABELS",
    "PRESET_TITLES",
    "SOURCES",
    "OptionLabel",
    "change_words",
    "choice_label",
    "short_summary",
    "summary_lines",
    "title",
]


@dataclass(frozen=True)
class OptionLabel:
    """How the interface names one rule option: a label and one line of help."""

    label: str
    help: str


# Each preset's name in plain words; the source texts' games say which text they come from.
PRESET_TITLES: dict[str, str] = {
    "permanent-bank": "Blackjack with a permanent bank (source 000)",
    "twenty-one-club": "Club twenty-one (source 002)",
    "twenty-one-home": "Home twenty-one (source 002)",
    "casino-boxes": "Casino blackjack with boxes (source 003)",
    "russian-bank": "The Russian banking game (source 004)",
    "vegas-6d-s17": "Las Vegas, 6 decks, dealer stands on soft 17",
    "vegas-6d-h17": "Las Vegas, 6 decks, dealer hits soft 17",
    "double-deck": "Double deck, dealer hits soft 17",
    "single-deck": "Single deck, dealer hits soft 17",
    "custom": "Custom rules",
}

# The four historical texts (in Russian) the trainer follows, which "(source 002)" names.
SOURCES: dict[str, str] = {
    "000": "Blackjack with a permanent bank: a Hoyle-style casino game with two decks and a "
    "joker as the cut card.",
    "002": "Blackjack and twenty-one: one game from the French vingt-et-un, in its club rules "
    "(a house dealer, bonus hands) and its home rules (the deal passes round the table).",
    "003": "Casino blackjack: the modern European and Russian casino game, with boxes that "
    "up to three players bet on.",
    "004": "The Russian variant: a 19th-century banking game where every player holds the "
    "bank in turn.",
}

# Every rule option's label and help line, in the rules model's order. An option added to the
# model gets its line here (a test checks that every option has one).
OPTION_LABELS: dict[str, OptionLabel] = {
    "decks": OptionLabel("Decks", "How many 52-card decks are shuffled together (1 to 8)."),
    "penetration": OptionLabel(
        "Cut card", "The share of the pack dealt before the reshuffle: 3/4, 0.8, or 1 for all."
    ),
    "reshuffle_reserve": OptionLabel(
        "Reshuffle reserve", "Reshuffle before a round when fewer cards than this are left."
    ),
    "burn_cards": OptionLabel("Burn cards", "Cards taken off the top after each shuffle."),
    "burn_ace_reshuffles": OptionLabel(
        "An ace may not be burned", "A burned ace means a new shuffle and cut (source 002)."
    ),
    "burn_shown": OptionLabel(
        "The burned card is shown",
        "Yes: shown to the table and counted (source 002); no: burned face down, unseen.",
    ),
    "dealer_hits_soft_17": OptionLabel(
        "Dealer hits soft 17", "The dealer draws to a soft 17 (an ace counted 11) too."
    ),
    "dealer_stands_on": OptionLabel(
        "Dealer stands on", "The lowest total the dealer or banker stands on (12 to 21)."
    ),
    "hole_card": OptionLabel(
        "Dealer's second card",
        "Peek: dealt at once and checked for a natural; none: dealt after everyone has played.",
    ),
    "no_hole_card_loses": OptionLabel(
        "A late dealer natural takes",
        "Without a hole card: every bet, doubles and splits too, or the original bet only.",
    ),
    "dealer_natural_takes_all": OptionLabel(
        "Banker's dealt 21 takes all", "It beats every hand, a punter's dealt 21 too (source 004)."
    ),
    "dealer_natural_must_be_announced": OptionLabel(
        "Dealer's natural must be announced",
        "Unannounced before the first player draws, it counts as a plain 21 (source 000).",
    ),
    "banker_best": OptionLabel(
        "The banker plays his best",
        "Yes: he draws as best serves the bank, by what he sees (source 004); no: by a total.",
    ),
    "double_on": OptionLabel("Double down on", "The two-card totals a player may double on."),
    "double_after_split": OptionLabel(
        "Double after a split", "A hand made by splitting may be doubled."
    ),
    "max_split_hands": OptionLabel(
        "Split to at most", "Hands one box may be split into: 1 means no splitting."
    ),
    "resplit_aces": OptionLabel("Resplit aces", "A split ace that draws another ace may split."),
    "split_aces_one_card": OptionLabel(
        "Split aces get one card", "Each split ace gets one card and no more."
    ),
    "split_by": OptionLabel(
        "Split pairs of", "Rank: two kings; value: any two ten-value cards, a king and a queen."
    ),
    "split_deal_order": OptionLabel(
        "Split hands are dealt",
        "In turn: the first hand is played out first; both first: each gets a card at once.",
    ),
    "surrender": OptionLabel(
        "Surrender",
        "Give up two cards for half the stake: late (void against a dealer natural), "
        "early (before he can have one), or none.",
    ),
    "surrender_vs_ace": OptionLabel(
        "Surrender against an ace", "Surrender is offered when the dealer shows an ace."
    ),
    "insurance": OptionLabel(
        "Insurance", "Against a dealer's ace, a side bet of up to half the stake paying 2:1."
    ),
    "max_draws": OptionLabel(
        "Most cards drawn", "At most this many cards drawn to a hand (none: no limit)."
    ),
    "blackjack_pays": OptionLabel("A natural pays", "An ace and a ten-card as the first two."),
    "dealer_blackjack_collects": OptionLabel(
        "Dealer's natural collects", "What the dealer's own natural takes from each stake."
    ),
    "dealer_bust_pays": OptionLabel(
        "A busted dealer pays", "What each standing hand wins when the dealer busts."
    ),
    "ties": OptionLabel("Ties", "Push: the stake comes back; dealer: the dealer wins ties."),
    "tie_pays_bonus": OptionLabel(
        "A bonus hand paid on a tie",
        "Yes: a bonus hand tying the dealer's 21 is paid; no: a tie pays nothing (source 002).",
    ),
    "five_card_21_pays": OptionLabel("21 with five cards pays", "A bonus hand; none: not paid."),
    "six_card_21_pays": OptionLabel("21 with six cards pays", "A bonus hand; none: not paid."),
    "seven_seven_seven_pays": OptionLabel("7-7-7 pays", "A bonus hand; none: not paid."),
    "six_seven_eight_pays": OptionLabel("8-7-6 pays", "A bonus hand; none: not paid."),
    "min_bet": OptionLabel("Smallest bet", "The table minimum, in chips."),
    "max_bet": OptionLabel("Largest bet", "The table maximum, in chips (none: no maximum)."),
    "max_seats": OptionLabel(
        "Most players", "Players seated besides the dealer (none: any number; source 002: 12)."
    ),
    "deal_method": OptionLabel(
        "Deal method",
        "Source 002's three deals: 1 and 2 bet first; 3 bets after the first card.",
    ),
    "deal_faces": OptionLabel(
        "Cards dealt face up",
        "Which dealt cards the table sees; drawn cards come face up, except where none is.",
    ),
    "bet_after_deal": OptionLabel(
        "Bets after the deal", "Stakes go down once the two cards are dealt (source 004)."
    ),
    "box_bettors": OptionLabel(
        "Bettors on a box", "The box's owner and up to two co-bettors (source 003)."
    ),
    "table_rotation": OptionLabel(
        "The deal passes", "Who deals next: nobody (a house dealer), a natural, or after a pack."
    ),
    "deal_auction": OptionLabel(
        "The deal is auctioned",
        "Yes: when the deal would pass, it is sold to the highest bidder (source 002, at home).",
    ),
}

# Choices in plain words, where the option's own word would not be plain.
CHOICE_LABELS: dict[str, dict[str, str]] = {
    "double_on": {
        "any": "any two cards",
        "9-11": "9, 10 and 11",
        "10-11": "10 and 11",
        "none": "no doubling",
    },
    "split_by": {"rank": "one rank", "value": "one value"},
    "surrender": {"none": "none", "late": "late", "early": "early"},
    "hole_card": {"peek": "peek", "none": "none (after play)"},
    "no_hole_card_loses": {"all": "every bet", "original": "the original bet only"},
    "ties": {"push": "push", "dealer": "to the dealer"},
    "split_deal_order": {"in-turn": "in turn", "both-first": "both first"},
    "deal_faces": {
        "casino": "the players' cards and the dealer's first",
        "players-down": "the dealer's first card only (source 000)",
        "first-down": "every second card, the dealer's too (source 002)",
        "dealer-second-up": "the dealer's second card only (source 002, method 2)",
        "all-down": "none, drawn cards neither (source 004)",
    },
    # RULES.md 002, deal methods: "крапом вверх" (back up) is face down.
    "deal_method": {
        "1": "bets first, each player's second card face up",
        "2": "bets first, the players' cards both face down",
        "3": "first card face down, then bets, then the second card face up",
    },
    "table_rotation": {
        "none": "never (a house dealer)",
        "natural-takes-deal": "to a natural",
        "bank-passes-after-pack": "left after each pack",
    },
}


def title(rules: Rules) -> str:
    """The preset's name in plain words (``"Club twenty-one (source 002)"``)."""
    return PRESET_TITLES.get(rules.name, rules.name)


def choice_label(option: str, text: str) -> str:
    """One value of an option in plain words: ``"true"`` is yes, ``"9-11"`` is 9, 10 and 11."""
    if text in ("true", "false") and option not in CHOICE_LABELS:
        return "yes" if text == "true" else "no"
    return CHOICE_LABELS.get(option, {}).get(text, text)


def change_words(rules: Rules) -> list[str]:
    """The options changed from the preset in plain words: ``["Decks: 2", "Surrender: none"]``."""
    return [
        f"{OPTION_LABELS[option].label}: {choice_label(option, text)}"
        for option, text in rules.changes().items()
    ]


def short_summary(rules: Rules) -> str:
    """One line naming the rules: the preset's title and what was changed from it."""
    changed = change_words(rules)
    return title(rules) + (f"; changed: {'; '.join(changed)}" if changed else "")


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
        *_table(rules),
        *rules.interpretation,
    ]


def _pack_and_dealer(rules: Rules) -> list[str]:
    decks = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}"
    if rules.penetration == 1:
        lines = [f"{decks}, dealt to the end of the pack"]
    else:
        lines = [f"{decks}, cut card at {float(rules.penetration):.0%} of the pack"]
    if rules.banker_best:
        lines.append("The banker draws as best serves the bank, against what the table shows")
    elif rules.dealer_stands_on == 17:
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
    vs_ace = "" if rules.surrender_vs_ace else " (not against an ace)"
    if rules.surrender == "none":
        lines.append("No surrender")
    elif rules.hole_card == "none" and rules.surrender == "early":
        # No hole card: an early surrender comes before the dealer's second card is drawn.
        lines.append(
            "Surrender before the dealer's second card: against a 10 it works like early "
            f"surrender{vs_ace}"
        )
    elif rules.hole_card == "none":
        lines.append(f"Late surrender: void against a dealer natural{vs_ace}")
    else:
        lines.append(f"{rules.surrender.capitalize()} surrender{vs_ace}")
    lines.append("Insurance pays 2:1" if rules.insurance else "No insurance")
    if rules.max_draws is not None:
        lines.append(f"At most {rules.max_draws} cards drawn to a hand")
    return lines


def _table(rules: Rules) -> list[str]:
    if rules.max_bet is None:
        lines = [f"Bets of {_money(rules.min_bet)} or more, no table maximum"]
    else:
        lines = [f"Bets {_money(rules.min_bet)} to {_money(rules.max_bet)}"]
    if rules.max_seats is not None:
        lines.append(f"At most {rules.max_seats} players besides the dealer")
    if rules.deal_method != 1:
        lines.append(f"Deal method: {CHOICE_LABELS['deal_method'][str(rules.deal_method)]}")
    if rules.deal_faces != "casino":
        lines.append(f"Dealt with {DEAL_FACES[rules.deal_faces]}")
    if rules.deal_auction:
        lines.append("When the deal would pass, it is sold to the highest bidder")
    if rules.burn_cards and rules.burn_shown:
        lines.append("The burned card is shown to the table")
    return lines


def _payouts(rules: Rules) -> list[str]:
    lines: list[str] = []
    if rules.ties == "dealer":
        lines.append("Ties go to the dealer")
    if rules.tie_pays_bonus:
        lines.append("A bonus hand tying the dealer's 21 is paid its bonus")
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
