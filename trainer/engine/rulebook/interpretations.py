"""Every place a source text leaves a rule open, with the sentence it reads: the text's own words
(in Russian, as the text has them), an English gloss, how the trainer plays it and, where one
exists, the rule option that plays it otherwise.

Each has a key (``"000-reserve"``); a verdict that depends on one names it with :func:`naming`
(the payout of a premium hand on a tie, the dealer's reshuffle before a round, the deal's
worth at an auction), and the rules page lists every one of a game's under its preset
(:func:`interpretations_for`). :mod:`.readings` holds the readings a learner can try one rule
away, with their house edges; this module is the whole list, those included.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import N_, say

__all__ = ["INTERPRETATIONS", "PRESET_INTERPRETATIONS", "Interpretation", "interpretations_for"]


@dataclass(frozen=True)
class Interpretation:
    """One open rule of a source text, and how the trainer reads it."""

    key: str  # "000-reserve": the source's number, then the topic
    source: str  # "000", "002"
    topic: str  # in English, a few words
    quote: str  # the text's sentence, in Russian, word for word
    gloss: str  # the sentence in English (shown on the English page only: not in the catalogue)
    ours: str  # how the trainer plays it
    option: str = ""  # the rule option that plays it otherwise, where there is one

    def naming(self) -> str:
        """The interpretation as a verdict names it: ``"an interpretation of text 000: too few
        cards for the next deal"``."""
        return say(
            "an interpretation of text %(source)s: %(topic)s",
            source=self.source,
            topic=say(self.topic).lower(),
        )


_ALL = (
    # -- 000, blackjack with a permanent bank ------------------------------------------------
    Interpretation(
        "000-reserve",
        "000",
        N_("Too few cards for the next deal"),
        "Перед любой сдачей сдающий может собрать, перетасовать и дать снять все карты, если "
        "считает, что карт не хватит для проведения очередной сдачи.",
        (
            "Before any deal the dealer may gather, shuffle and have cut all the cards, if he "
            "thinks there are not enough cards for the next deal."
        ),
        N_(
            "What the dealer 'thinks' is a fixed reserve: he reshuffles before a round when fewer "
            "than 15 cards are left."
        ),
        "reshuffle_reserve",
    ),
    Interpretation(
        "000-joker",
        "000",
        N_("The joker at the bottom"),
        "Сдающий продолжает пользоваться первоначально перетасованной колодой, пока не дойдет "
        "до показанной немой карты, которая свидетельствует об окончании перетасованных карт.",
        (
            "The dealer goes on dealing from the pack as first shuffled until he reaches the blank "
            "card showing at the bottom, which marks the end of the shuffled cards."
        ),
        N_("The joker is the cut card at the bottom of the pack, so the whole pack is dealt."),
        "penetration",
    ),
    Interpretation(
        "000-split",
        "000",
        N_("Who splits a pair, and how often"),
        "Если первые две карты одного из игроков окажутся в одном номинале (например, два "
        "валета или две шестерки), сдающий имеет право расценивать их как две отдельные руки.",
        (
            "If a player's first two cards are of one rank (two jacks or two sixes, say), the "
            "dealer has the right to treat them as two separate hands."
        ),
        N_(
            "The player chooses to split (the dealer deals the two hands); a pair of one rank, "
            "split once, each hand drawing as usual."
        ),
        "max_split_hands",
    ),
    Interpretation(
        "000-natural",
        "000",
        N_("What the dealer's natural takes"),
        "При этом выплаты игроков не должны превышать величину их исходных ставок.",
        ("Then what the players pay must not exceed their original stakes."),
        N_(
            "The dealer has looked under his ten or ace, so his natural is known before anyone "
            "draws and takes the original stakes only."
        ),
        "hole_card",
    ),
    Interpretation(
        "000-soft-17",
        "000",
        N_("The dealer's ace"),
        "При наличии у сдающего туза он обязан оценить его в 11 очков и остаться при своих, "
        "если такая оценка обеспечивает ему на картах не менее 17, но не более 21 очка.",
        (
            "A dealer holding an ace must count it 11 and stand, if that makes his cards at least "
            "17 and at most 21."
        ),
        N_("The dealer stands on a soft 17."),
        "dealer_hits_soft_17",
    ),
    # -- 002, blackjack / twenty-one, club and home -------------------------------------------
    Interpretation(
        "002-tie-premium",
        "002",
        N_("A tie with a premium hand"),
        "Если он стоит на 21 или имеет меньшее число очков, он собирает с каждого, кто имеет "
        "меньший счет, выплачивает тем, у кого счет больше, но не платит ничего тому, у кого "
        "равное с ним число очков.",
        (
            "If he stands on 21 or less, he collects from everyone with a lower count, pays those "
            "with a higher count, but pays nothing to one with a count equal to his."
        ),
        N_(
            "A premium (five or six cards to 21, 7-7-7, 8-7-6) is paid to a winner: a premium hand "
            "that ties the dealer's 21 is paid nothing (at home, a tie goes to the dealer)."
        ),
        "tie_pays_bonus",
    ),
    Interpretation(
        "002-premiums-at-home",
        "002",
        N_("The premiums at home"),
        "ТОЛЬКО В ДОМАШНЕЙ ИГРЕ действуют два специфических правила",
        ("ONLY IN THE HOME GAME do two rules of its own apply"),
        N_(
            "The premiums (РАСЧЕТЫ) are for club and home alike; the home game changes only ties "
            "and the natural."
        ),
        "five_card_21_pays",
    ),
    Interpretation(
        "002-pack",
        "002",
        N_("One pack or two"),
        "Обычная колода в 52 листа. Чаще используют две стасованные колоды.",
        ("An ordinary pack of 52 cards. More often two packs shuffled together are used."),
        N_("The club deals two packs, the home game one."),
        "decks",
    ),
    Interpretation(
        "002-players",
        "002",
        N_("How many players"),
        "ЧИСЛО ИГРАЮЩИХ. От двух до двенадцати.",
        ("NUMBER OF PLAYERS. From two to twelve."),
        N_(
            "The twelve are those who play against the dealer: at most 12 players besides him "
            "(the trainer's own table seats fewer)."
        ),
        "max_seats",
    ),
    Interpretation(
        "002-club-deal",
        "002",
        N_("How the club deals"),
        "При сдаче используются различные методы, зависящие от метода торговли и ставок: 1. "
        "Каждый игрок до сдачи делает ставку. Затем каждый каждый игрок, включая сдатчика, "
        "получает по одной карте крапом вверх и по одной карте - крапом вниз.",
        (
            "Different methods are used in the deal, depending on the way of betting: 1. Each "
            "player stakes before the deal. Then every player, the dealer included, gets one card "
            "face down and one card face up."
        ),
        N_(
            "The text names the third method as the home game's and none as the club's: the club "
            "deals by the first (stakes first, then a card face down and a card face up to "
            "everyone, the dealer too)."
        ),
        "deal_method",
    ),
    Interpretation(
        "002-burn",
        "002",
        N_("The burned card"),
        'Сдатчик может "сжечь" карту - предъявить её и положить крапом вниз под колоду.',
        ("The dealer may 'burn' a card: show it and put it back down (face up) under the pack."),
        N_(
            "One card is burned after each shuffle, shown to the table, and lies face up at the "
            "bottom: it is the cut card, and the pack is dealt down to it."
        ),
        "burn_shown",
    ),
    Interpretation(
        "002-split",
        "002",
        N_("The variant: splitting a pair"),
        "Если игрок получает в сдаче пару, типа двух шестерок или двух валетов, он может "
        "считать их за две руки.",
        (
            "If a player is dealt a pair, such as two sixes or two jacks, he may count them as two "
            "hands."
        ),
        N_(
            "A pair of one rank, split once; the dealer gives each hand a card, then each is "
            "played as usual."
        ),
        "max_split_hands",
    ),
    Interpretation(
        "002-home-dealer",
        "002",
        N_("The home dealer's drawing"),
        "В домашней игре сдатчик может действовать по своему усмотрению.",
        ("In the home game the dealer may act as he sees fit."),
        N_(
            "The trainer's dealer draws to 16 and stands on 17; a learner dealing draws as he "
            "chooses, each draw graded by what it is worth to the bank."
        ),
        "dealer_stands_on",
    ),
    Interpretation(
        "002-home-ties",
        "002",
        N_("Two naturals at home"),
        "При ничьей получает сдатчик.",
        ("On a tie, the dealer collects."),
        N_(
            "A natural against the dealer's natural is a tie, and goes to the dealer: the player "
            "loses his stake (once, not double)."
        ),
        "ties",
    ),
    Interpretation(
        "002-home-natural",
        "002",
        N_("The natural at home"),
        'Сдатчик, как и любой игрок, собирает выигрыш в двойном размере за "Блек Джек".',
        ("The dealer, like any player, collects double for a 'Black Jack'."),
        N_(
            "'Like any player': a player's natural is paid double too, and the dealer's collects "
            "double from every stake."
        ),
        "blackjack_pays",
    ),
    Interpretation(
        "002-method-3",
        "002",
        N_("What the punters see under deal method 3"),
        "Каждый игрок, включая сдатчика, получает карту крапом вверх. Просмотрев её, каждый "
        "игрок делает ставку. Сдатчик, просмотрев свою карту, может удвоить все ставки.",
        (
            "Every player, the dealer included, gets a card face down. Having looked at it, each "
            "player stakes. The dealer, having looked at his card, may double every stake."
        ),
        N_(
            "The dealer's first card is his hole card; the punters see his second card and "
            "whether he doubled, and read the double: a dealer who doubles holds a card he "
            "doubles on. The text gives the dealer no rule for when to double (he may), so the "
            "game is played at its equilibrium: the dealer doubles on some first cards always "
            "and on others at random, with chances that leave him nothing to gain by changing "
            "them, and the punters play their best for what his choice tells them, redoubling "
            "where that is worth it. These figures are for one punter against the dealer: at a "
            "table the punters also read the cards the other punters show and, after a split, "
            "their other hand, and the more punters there are, the more that lowers the bank's "
            "edge (by about a third of a percentage point at six punters, by less than one point "
            "at a full table of eleven)."
        ),
        "deal_method",
    ),
    Interpretation(
        "002-auction",
        "002",
        N_("The auction for the deal"),
        'Среди некоторых групп игроков принято определять сдатчика аукционом, как в "Шмен-дефер".',
        (
            "Among some groups of players it is the custom to settle the dealer by auction, as in "
            "chemin de fer."
        ),
        N_(
            "With the auction on, the deal is sold to the highest bidder whenever it would pass: "
            "the price, in chips, is shared equally among the other players, and buys the deal "
            "until a punter's natural takes it (then it is sold again). The deal is worth the "
            "holder's expected profit while he keeps it, and every player bids that, yours made "
            "for you at the trainer's table (the drill “Bidding for the deal” asks for your own); "
            "of equal bids, the one nearest the dealer's left buys it. Chemin de fer's own "
            "auction sells the bank for the size of the bank put up, not a price: that reading "
            "is not played."
        ),
        "deal_auction",
    ),
    # -- 004, the Russian bank ----------------------------------------------------------------
    Interpretation(
        "004-three-draws",
        "004",
        N_("At most three cards drawn"),
        "Если нужное число очков не пришло после сдачи, то можно составить его посредством "
        "прикупки, которая возможна как для понтеров, так и для банкомета. Прикупать можно не "
        "больше трех карт.",
        (
            "If the points wanted did not come with the deal, they may be made up by drawing, "
            "which the punters and the banker alike may do. No more than three cards may be "
            "drawn."
        ),
        N_(
            "The limit holds for the banker as for the punters: a hand has at most five cards, "
            "and one that has drawn three stands."
        ),
        "max_draws",
    ),
    Interpretation(
        "004-busted-banker",
        "004",
        N_("What a busted banker pays"),
        "Закупившийся (проигравший) банкомет выплачивает все ставки понтеров вдвое.",
        ("A banker who has overdrawn (and lost) pays every punter's stake double."),
        N_(
            "He pays double the stakes of the punters still standing: a punter who went past 21 "
            "lost at once, before the banker drew."
        ),
        "dealer_bust_pays",
    ),
    Interpretation(
        "004-talia",
        "004",
        N_("The talia"),
        "Когда банкомет окончит талию, т.е. сыграет все карты двух колод, банк переходит к "
        "понтеру, сидящему слева.",
        (
            "When the banker finishes the talia, that is, has played every card of the two packs, "
            "the bank passes to the punter sitting on his left."
        ),
        N_(
            "The text does not say what becomes of a round the pack runs out in: the trainer "
            "finishes it from that talia's discards, shuffled, and then passes the bank left."
        ),
        "penetration",
    ),
)

INTERPRETATIONS: dict[str, Interpretation] = {item.key: item for item in _ALL}

_PLAYERS = ("002-players", "002-tie-premium", "002-pack", "002-burn", "002-split")
_CLUB = ("002-club-deal", *_PLAYERS)
# Each of the texts' presets, the interpretations it plays by, in the order a round meets them.
PRESET_INTERPRETATIONS: dict[str, tuple[str, ...]] = {
    "permanent-bank": ("000-joker", "000-reserve", "000-natural", "000-split", "000-soft-17"),
    "twenty-one-club": _CLUB,
    "twenty-one-home": (
        *_PLAYERS,
        "002-method-3",
        "002-home-dealer",
        "002-home-ties",
        "002-home-natural",
        "002-premiums-at-home",
        "002-auction",
    ),
    "russian-bank": ("004-three-draws", "004-busted-banker", "004-talia"),
}


def interpretations_for(rules: Rules) -> tuple[Interpretation, ...]:
    """The interpretations of the text ``rules``' preset comes from, in order (none for the
    modern presets)."""
    return tuple(INTERPRETATIONS[key] for key in PRESET_INTERPRETATIONS.get(rules.name, ()))
