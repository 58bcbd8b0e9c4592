"""Rules in plain words: the summary lines a learner reads under every question and chart.

The engine names options by their field names (``dealer_hits_soft_17``); a learner reads
"Dealer hits soft 17". Everything the interface says about a rule set is written here, once,
through the catalogue (:mod:`trainer.engine.words`): each line a whole sentence with named
placeholders, its plurals by :func:`~trainer.engine.words.plural`; the tables' words marked
with ``N_`` and said where they are read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Concatenate, ParamSpec, TypeVar

from trainer.engine.rulebook.deal_words import deal_lines
from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import N_, N_plural, dealing_at, money, number, plural, say

__all__ = [
    "CHOICE_LABELS",
    "OPTION_LABELS",
    "PRESET_TEXTS",
    "PRESET_TITLES",
    "chosen_title",
    "SOURCES",
    "OptionLabel",
    "change_words",
    "choice_label",
    "dealer_lines",
    "payout_lines",
    "short_summary",
    "source_words",
    "summary_lines",
    "title",
]


@dataclass(frozen=True)
class OptionLabel:
    """How the interface names one rule option: a label and one line of help, each written
    marked for the catalogue and read in the learner's language."""

    label_text: str
    help_text: str

    @property
    def label(self) -> str:
        return say(self.label_text)

    @property
    def help(self) -> str:
        return say(self.help_text)


# Each preset's name in plain words; where a game is chosen, a source text's game says which
# text it comes from (:func:`chosen_title`), and nowhere else.
PRESET_TITLES: dict[str, str] = {
    "permanent-bank": N_("Blackjack with a permanent bank"),
    "twenty-one-club": N_("Club twenty-one"),
    "twenty-one-home": N_("Home twenty-one"),
    "casino-boxes": N_("Casino blackjack with boxes"),
    "russian-bank": N_("The Russian banking game"),
    "vegas-6d-s17": N_("Las Vegas, 6 decks, dealer stands on soft 17"),
    "vegas-6d-h17": N_("Las Vegas, 6 decks, dealer hits soft 17"),
    "double-deck": N_("Double deck, dealer hits soft 17"),
    "single-deck": N_("Single deck, dealer hits soft 17"),
    "custom": N_("Custom rules"),
}

# The text each source game comes from ("(text 002)" where the game is chosen).
PRESET_TEXTS: dict[str, str] = {
    "permanent-bank": "000",
    "twenty-one-club": "002",
    "twenty-one-home": "002",
    "casino-boxes": "003",
    "russian-bank": "004",
}

# The four historical texts (in Russian) the trainer follows, which "(text 002)" names.
SOURCES: dict[str, str] = {
    "000": N_(
        "Blackjack with a permanent bank: a Hoyle-style casino game with two decks and a "
        "joker as the cut card."
    ),
    "002": N_(
        "Blackjack and twenty-one: one game from the French vingt-et-un, in its club rules "
        "(a house dealer, bonus hands) and its home rules (the deal passes round the table)."
    ),
    "003": N_(
        "Casino blackjack: the modern European and Russian casino game, with boxes that "
        "up to three players bet on."
    ),
    "004": N_(
        "The Russian variant: a 19th-century banking game where every player holds the "
        "bank in turn."
    ),
}

# Every rule option's label and help line, in the rules model's order. An option added to the
# model gets its line here (a test checks that every option has one).
OPTION_LABELS: dict[str, OptionLabel] = {
    "decks": OptionLabel(N_("Decks"), N_("How many 52-card decks are shuffled together (1 to 8).")),
    "penetration": OptionLabel(
        N_("Cut card (how much of the pack is dealt)"),
        N_("The share of the pack dealt before the reshuffle: 3/4, 0.8, or 1 for all."),
    ),
    "reshuffle_reserve": OptionLabel(
        N_("Reshuffle reserve"), N_("Reshuffle before a round when fewer cards than this are left.")
    ),
    "burn_cards": OptionLabel(N_("Burn cards"), N_("Cards taken off the top after each shuffle.")),
    "burn_ace_reshuffles": OptionLabel(
        N_("A burned ace means a new shuffle"),
        N_("Yes: an ace that comes up to be burned means a new shuffle and cut (text 002)."),
    ),
    "burn_shown": OptionLabel(
        N_("The burned card is shown"),
        N_("Yes: shown to the table and counted (text 002); no: burned face down, unseen."),
    ),
    "dealer_hits_soft_17": OptionLabel(
        N_("Dealer hits soft 17"), N_("The dealer draws to a soft 17 (an ace counted 11) too.")
    ),
    "dealer_stands_on": OptionLabel(
        N_("Dealer stands on"), N_("The lowest total the dealer or banker stands on (12 to 21).")
    ),
    "hole_card": OptionLabel(
        N_("Dealer's second card"),
        N_("Peek: dealt at once and checked for a natural; none: dealt after everyone has played."),
    ),
    "no_hole_card_loses": OptionLabel(
        N_("A late dealer natural takes"),
        N_("Without a hole card: every bet, doubles and splits too, or the original bet only."),
    ),
    "dealer_natural_takes_all": OptionLabel(
        N_("Banker's dealt 21 takes all"),
        N_("It beats every hand, a punter's dealt 21 too (text 004)."),
    ),
    "dealer_natural_must_be_announced": OptionLabel(
        N_("Dealer's natural must be announced"),
        N_("Unannounced before the first player draws, it counts as a plain 21 (text 000)."),
    ),
    "banker_best": OptionLabel(
        N_("The banker plays his best"),
        N_("Yes: he draws as best serves the bank, by what he sees (text 004); no: by a total."),
    ),
    "double_on": OptionLabel(
        N_("Double down on"), N_("The two-card totals a player may double on.")
    ),
    "double_after_split": OptionLabel(
        N_("Double after a split"), N_("A hand made by splitting may be doubled.")
    ),
    "max_split_hands": OptionLabel(
        N_("Split to at most"), N_("Hands one box may be split into: 1 means no splitting.")
    ),
    "resplit_aces": OptionLabel(
        N_("Resplit aces"), N_("A split ace that draws another ace may split.")
    ),
    "split_aces_one_card": OptionLabel(
        N_("Split aces get one card"), N_("Each split ace gets one card and no more.")
    ),
    "split_by": OptionLabel(
        N_("Split pairs of"),
        N_("Rank: two kings; value: any two ten-value cards, a king and a queen."),
    ),
    "split_deal_order": OptionLabel(
        N_("Split hands are dealt"),
        N_("In turn: the first hand is played out first; both first: each gets a card at once."),
    ),
    "surrender": OptionLabel(
        N_("Surrender"),
        N_(
            "Give up two cards for half the stake: late (void against a dealer natural), "
            "early (before he can have one), or none."
        ),
    ),
    "surrender_vs_ace": OptionLabel(
        N_("Surrender against an ace"), N_("Surrender is offered when the dealer shows an ace.")
    ),
    "insurance": OptionLabel(
        N_("Insurance"),
        N_("Against a dealer's ace, a side bet of up to half the stake paying 2:1."),
    ),
    "max_draws": OptionLabel(
        N_("Most cards drawn"), N_("At most this many cards drawn to a hand (none: no limit).")
    ),
    "blackjack_pays": OptionLabel(
        N_("A natural pays"), N_("An ace and a ten-card as the first two.")
    ),
    "dealer_blackjack_collects": OptionLabel(
        N_("Dealer's natural collects"), N_("What the dealer's own natural takes from each stake.")
    ),
    "dealer_bust_pays": OptionLabel(
        N_("A busted dealer pays"), N_("What each standing hand wins when the dealer busts.")
    ),
    "ties": OptionLabel(
        N_("Ties"), N_("“Push”: the stake comes back; “to the dealer”: the dealer wins ties.")
    ),
    "tie_pays_bonus": OptionLabel(
        N_("A bonus hand paid on a tie"),
        N_("Yes: a bonus hand tying the dealer's 21 is paid; no: a tie pays nothing (text 002)."),
    ),
    "five_card_21_pays": OptionLabel(
        N_("21 with five cards pays"), N_("A bonus hand; none: not paid.")
    ),
    "six_card_21_pays": OptionLabel(
        N_("21 with six cards pays"), N_("A bonus hand; none: not paid.")
    ),
    "seven_seven_seven_pays": OptionLabel(N_("7-7-7 pays"), N_("A bonus hand; none: not paid.")),
    "six_seven_eight_pays": OptionLabel(N_("8-7-6 pays"), N_("A bonus hand; none: not paid.")),
    "min_bet": OptionLabel(N_("Smallest bet"), N_("The table minimum, in chips.")),
    "max_bet": OptionLabel(
        N_("Largest bet"), N_("The table maximum, in chips (none: no maximum).")
    ),
    "max_seats": OptionLabel(
        N_("Most players"),
        N_("Players seated besides the dealer (none: any number; text 002: 12)."),
    ),
    "deal_method": OptionLabel(
        N_("Deal method"),
        N_("Source 002's three deals: 1 and 2 bet first; 3 bets after the first card."),
    ),
    "deal_faces": OptionLabel(
        N_("Cards dealt face up"),
        N_("Which dealt cards the table sees; drawn cards come face up, except where none is."),
    ),
    "bet_after_deal": OptionLabel(
        N_("Bets after the deal"), N_("Stakes go down once the two cards are dealt (text 004).")
    ),
    "box_bettors": OptionLabel(
        N_("Bettors on a box"), N_("The box's owner and up to two co-bettors (text 003).")
    ),
    "table_rotation": OptionLabel(
        N_("The deal passes"),
        N_("Who deals next: nobody (a house dealer), a natural, or after a pack."),
    ),
    "deal_auction": OptionLabel(
        N_("The deal is auctioned"),
        N_("Yes: when the deal would pass, it is sold to the highest bidder (text 002, at home)."),
    ),
}

# Choices in plain words, where the option's own word would not be plain.
CHOICE_LABELS: dict[str, dict[str, str]] = {
    "double_on": {
        "any": N_("any two cards"),
        "9-11": N_("9, 10 and 11"),
        "10-11": N_("10 and 11"),
        "none": N_("no doubling"),
    },
    "split_by": {"rank": N_("one rank"), "value": N_("one value")},
    "surrender": {"none": N_("none"), "late": N_("late"), "early": N_("early")},
    "hole_card": {"peek": N_("peek"), "none": N_("none (after play)")},
    "no_hole_card_loses": {"all": N_("every bet"), "original": N_("the original bet only")},
    "ties": {"push": N_("push"), "dealer": N_("to the dealer")},
    "split_deal_order": {"in-turn": N_("in turn"), "both-first": N_("both first")},
    "deal_faces": {
        "casino": N_("the players' cards and the dealer's first"),
        "players-down": N_("the dealer's first card only (text 000)"),
        "first-down": N_("every second card, the dealer's too (text 002)"),
        "dealer-second-up": N_("the dealer's second card only (text 002, method 2)"),
        "all-down": N_("none, drawn cards neither (text 004)"),
    },
    # RULES.md 002, deal methods: "крапом вверх" (back up) is face down.
    "deal_method": {
        "1": N_("bets first, each player's second card face up"),
        "2": N_("bets first, the players' cards both face down"),
        "3": N_("first card face down, then bets, then the second card face up"),
    },
    "table_rotation": {
        "none": N_("never (a house dealer)"),
        "natural-takes-deal": N_("to a natural"),
        "bank-passes-after-pack": N_("left after each pack"),
    },
}


_Args = ParamSpec("_Args")
_Said = TypeVar("_Said")


def in_its_words(
    function: Callable[Concatenate[Rules, _Args], _Said],
) -> Callable[Concatenate[Rules, _Args], _Said]:
    """``function`` of some rules, said in the words of the rules' own text: the dealer is
    002's сдатчик and 000's сдающий in Russian (:func:`trainer.engine.words.dealing_at`)."""

    @functools.wraps(function)
    def said(rules: Rules, /, *args: _Args.args, **kwargs: _Args.kwargs) -> _Said:
        with dealing_at(PRESET_TEXTS.get(rules.name)):
            return function(rules, *args, **kwargs)

    return said


@in_its_words
def title(rules: Rules) -> str:
    """The preset's name in plain words (``"Club twenty-one"``)."""
    return say(PRESET_TITLES[rules.name]) if rules.name in PRESET_TITLES else rules.name


@in_its_words
def chosen_title(rules: Rules) -> str:
    """The preset's name where a game is chosen: a source text's game names its text once
    (``"Club twenty-one (text 002)"``); everywhere else the game's own name (:func:`title`)."""
    text = PRESET_TEXTS.get(rules.name)
    if text is None:
        return title(rules)
    return say("%(game)s (text %(number)s)", game=title(rules), number=text)


def source_words() -> dict[str, str]:
    """Each source text's line, by its number, in the learner's language (each in its own
    words: 002's names the dealer сдатчик whatever game the learner plays)."""
    lines = {}
    for text_number, line in SOURCES.items():
        with dealing_at(text_number):
            lines[text_number] = say(line)
    return lines


def choice_label(option: str, text: str) -> str:
    """One value of an option in plain words: ``"true"`` is yes, ``"9-11"`` is 9, 10 and 11."""
    if text in ("true", "false") and option not in CHOICE_LABELS:
        return say("yes") if text == "true" else say("no")
    found = CHOICE_LABELS.get(option, {}).get(text)
    return say(found) if found is not None else text


@in_its_words
def change_words(rules: Rules) -> list[str]:
    """The options changed from the preset in plain words: ``["Decks: 2", "Surrender: none"]``."""
    return [
        say(
            "%(option)s: %(value)s",
            option=OPTION_LABELS[option].label,
            value=choice_label(option, text),
        )
        for option, text in rules.changes().items()
    ]


@in_its_words
def short_summary(rules: Rules) -> str:
    """One line naming the rules: the preset's title and what was changed from it, in brackets
    (each change is "Option: value": after "changes:" a walk read two colons in a row)."""
    changes = "; ".join(change_words(rules))  # ("but": the title may name a rule changed)
    if not changes:
        return title(rules)
    return say("%(name)s, but with these changes (%(changes)s)", name=title(rules), changes=changes)


def _ratio(value: Fraction) -> str:
    return say("%(won)s:%(staked)s", won=number(value.numerator), staked=number(value.denominator))


@in_its_words
def summary_lines(rules: Rules) -> list[str]:
    """Plain-English lines describing the table, the pack first, the interpretations last."""
    return [
        *_pack_and_dealer(rules),
        *_player_options(rules),
        *_payouts(rules),
        *_table(rules),
        *(say(line) for line in rules.interpretation),  # the presets' own, marked N_
    ]


# The words of the English interpretations that bear on what a hand is paid (the interpretations
# are the presets' own sentences; every other line is chosen by the rule it states).
_PAYOUT_INTERPRETATION_WORDS = ("pay", "insurance", "urrender", "tie", "hole card", "collects")


@in_its_words
def dealer_lines(rules: Rules) -> list[str]:
    """The lines of :func:`summary_lines` that bind the dealer: how he draws, and his hole card."""
    return _pack_and_dealer(rules)[1:-1]


@in_its_words
def payout_lines(rules: Rules) -> list[str]:
    """The lines of :func:`summary_lines` that bear on what a hand is paid, chosen by the rules
    they state (not by their words, which are the learner's language)."""
    dealer = _pack_and_dealer(rules)
    options = _player_options(rules)
    hole_card = [dealer[-2]] if rules.hole_card != "peek" else []
    surrender_and_insurance = [_surrender(rules), options[options.index(_surrender(rules)) + 1]]
    interpretations = [
        say(line)
        for line in rules.interpretation
        if any(word in line.lower() for word in _PAYOUT_INTERPRETATION_WORDS)
    ]
    return [*hole_card, dealer[-1], *surrender_and_insurance, *_payouts(rules), *interpretations]


def _pack_and_dealer(rules: Rules) -> list[str]:
    if rules.penetration == 1:
        lines = [
            plural(
                "%(count)s deck, dealt to the end of the pack",
                "%(count)s decks, dealt to the end of the pack",
                rules.decks,
            )
        ]
    else:
        lines = [
            plural(
                "%(count)s deck, cut card at %(percent)s%% of the pack",
                "%(count)s decks, cut card at %(percent)s%% of the pack",
                rules.decks,
                percent=number(rules.penetration * 100),
            )
        ]
    if rules.banker_best:
        lines.append(say("The banker draws as best serves the bank, against what the table shows"))
    elif rules.dealer_stands_on == 17:
        lines.append(
            say("Dealer hits soft 17")
            if rules.dealer_hits_soft_17
            else say("Dealer stands on all 17s")
        )
    else:
        lines.append(say("Dealer draws to %(total)s", total=number(rules.dealer_stands_on - 1)))
    if rules.hole_card == "peek" and rules.players_bank:
        lines.append(say("The banker looks at his own cards before anyone plays"))
    elif rules.hole_card == "peek":
        lines.append(say("Dealer checks for a natural before anyone plays"))
    elif rules.no_hole_card_loses == "all":
        lines.append(say("No hole card: a dealer natural takes every bet"))
    else:
        lines.append(say("No hole card: a dealer natural takes the original bet only"))
    if rules.players_bank:  # 004 names no natural: «21 очко пришло при сдаче»
        lines.append(say("A dealt 21 pays %(ratio)s", ratio=_ratio(rules.blackjack_pays)))
    else:
        lines.append(say("Naturals pay %(ratio)s", ratio=_ratio(rules.blackjack_pays)))
    return lines


_DOUBLE_ON = {
    "any": (
        N_("Double on any two cards, after splits too"),
        N_("Double on any two cards, not after splits"),
    ),
    "9-11": (
        N_("Double on 9, 10 and 11 only, after splits too"),
        N_("Double on 9, 10 and 11 only, not after splits"),
    ),
    "10-11": (
        N_("Double on 10 and 11 only, after splits too"),
        N_("Double on 10 and 11 only, not after splits"),
    ),
}
# How pairs are split, by (split_by, resplit_aces, split_aces_one_card): one sentence each, for
# one hand and for many (there are always two or more).
_SPLITS = {
    ("rank", True, False): N_plural(
        "Split pairs of one rank to %(count)s hand; aces may be resplit",
        "Split pairs of one rank to %(count)s hands; aces may be resplit",
    ),
    ("rank", False, False): N_plural(
        "Split pairs of one rank to %(count)s hand; aces split once",
        "Split pairs of one rank to %(count)s hands; aces split once",
    ),
    ("rank", True, True): N_plural(
        "Split pairs of one rank to %(count)s hand; aces may be resplit, one card each",
        "Split pairs of one rank to %(count)s hands; aces may be resplit, one card each",
    ),
    ("rank", False, True): N_plural(
        "Split pairs of one rank to %(count)s hand; aces split once, one card each",
        "Split pairs of one rank to %(count)s hands; aces split once, one card each",
    ),
    ("value", True, False): N_plural(
        "Split any two ten-value cards to %(count)s hand; aces may be resplit",
        "Split any two ten-value cards to %(count)s hands; aces may be resplit",
    ),
    ("value", False, False): N_plural(
        "Split any two ten-value cards to %(count)s hand; aces split once",
        "Split any two ten-value cards to %(count)s hands; aces split once",
    ),
    ("value", True, True): N_plural(
        "Split any two ten-value cards to %(count)s hand; aces may be resplit, one card each",
        "Split any two ten-value cards to %(count)s hands; aces may be resplit, one card each",
    ),
    ("value", False, True): N_plural(
        "Split any two ten-value cards to %(count)s hand; aces split once, one card each",
        "Split any two ten-value cards to %(count)s hands; aces split once, one card each",
    ),
}


def _player_options(rules: Rules) -> list[str]:
    if rules.double_on == "none":
        lines = [say("Players may not double down")]
    else:
        after, not_after = _DOUBLE_ON[rules.double_on]
        lines = [say(after if rules.double_after_split else not_after)]
    if rules.max_split_hands == 1:
        lines.append(say("No splitting"))
    else:
        by = "value" if rules.split_by == "value" else "rank"
        one, many = _SPLITS[by, rules.resplit_aces, rules.split_aces_one_card]
        lines.append(plural(one, many, rules.max_split_hands))
    lines.append(_surrender(rules))
    lines.append(say("Insurance pays 2:1") if rules.insurance else say("No insurance"))
    if rules.max_draws is not None:
        lines.append(
            plural(
                "At most %(count)s card drawn to a hand",
                "At most %(count)s cards drawn to a hand",
                rules.max_draws,
            )
        )
    return lines


def _surrender(rules: Rules) -> str:
    vs_ace = rules.surrender_vs_ace
    if rules.surrender == "none":
        return say("No surrender")
    if rules.hole_card == "none" and rules.surrender == "early":
        # No hole card: an early surrender comes before the dealer's second card is drawn.
        if vs_ace:
            return say(
                "Surrender before the dealer's second card: against a 10 it works like early "
                "surrender"
            )
        return say(
            "Surrender before the dealer's second card: against a 10 it works like early "
            "surrender (not against an ace)"
        )
    if rules.hole_card == "none":
        if vs_ace:
            return say("Late surrender: void against a dealer natural")
        return say("Late surrender: void against a dealer natural (not against an ace)")
    if rules.surrender == "early":
        return say("Early surrender") if vs_ace else say("Early surrender (not against an ace)")
    return say("Late surrender") if vs_ace else say("Late surrender (not against an ace)")


def _table(rules: Rules) -> list[str]:
    if rules.max_bet is None:
        lines = [say("Bets of %(least)s or more, no table maximum", least=money(rules.min_bet))]
    else:
        lines = [
            say(
                "Bets %(least)s to %(most)s",
                least=money(rules.min_bet),
                most=money(rules.max_bet),
            )
        ]
    if rules.max_seats is not None:
        lines.append(
            plural(
                "At most %(count)s player besides the dealer",
                "At most %(count)s players besides the dealer",
                rules.max_seats,
            )
        )
    lines.extend(deal_lines(rules, CHOICE_LABELS["deal_method"]))
    return lines


# The bonus hands, each with what it pays (its ratio).
_BONUSES = (
    ("five_card_21_pays", N_("21 with five cards pays %(ratio)s")),
    ("six_card_21_pays", N_("21 with six cards pays %(ratio)s")),
    ("seven_seven_seven_pays", N_("7-7-7 pays %(ratio)s")),
    ("six_seven_eight_pays", N_("8-7-6 pays %(ratio)s")),
)


def _payouts(rules: Rules) -> list[str]:
    lines: list[str] = []
    if rules.ties == "dealer":
        lines.append(say("Ties go to the dealer"))
    if rules.tie_pays_bonus:
        lines.append(say("A bonus hand tying the dealer's 21 is paid its bonus"))
    for option, line in _BONUSES:
        pays = getattr(rules, option)
        if pays is not None:
            lines.append(say(line, ratio=_ratio(pays)))
    if rules.dealer_blackjack_collects != 1:
        ratio = _ratio(rules.dealer_blackjack_collects)
        lines.append(say("The dealer's natural collects %(ratio)s", ratio=ratio))
    if rules.dealer_natural_takes_all:
        lines.append(say("A banker's dealt 21 takes every stake, dealt 21s too"))
    if rules.dealer_bust_pays != 1:
        busted = N_("A busted dealer pays %(ratio)s")
        if rules.players_bank:
            busted = N_("A busted banker pays %(ratio)s")
        lines.append(say(busted, ratio=_ratio(rules.dealer_bust_pays)))
    return lines
