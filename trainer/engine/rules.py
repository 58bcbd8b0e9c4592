"""The rules model: one frozen value with every option, validated, and the named presets.

Rule variants are data, not subclasses: a table plays by a :class:`Rules`, and a preset is just
a named :class:`Rules` (``find_preset("casino-boxes")``). Option names are part of the public
interface: the replay and strategy commands, the web forms and the store all use them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "OPTION_CHOICES",
    "PRESETS",
    "InvalidRulesError",
    "Rules",
    "UnknownOptionError",
    "UnknownPresetError",
    "find_preset",
    "format_ratio",
    "parse_ratio",
    "preset_names",
]


class InvalidRulesError(ValueError):
    """A rule option is out of range or contradicts another option."""


class UnknownPresetError(InvalidRulesError):
    """No preset has that name."""


class UnknownOptionError(InvalidRulesError):
    """The rules model has no option of that name."""


# Options whose value is one word out of a fixed set.
OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "double_on": ("any", "9-11", "10-11", "none"),
    "split_by": ("rank", "value"),
    "surrender": ("none", "late", "early"),
    "hole_card": ("peek", "none"),
    "no_hole_card_loses": ("all", "original"),
    "ties": ("push", "dealer"),
    "split_deal_order": ("in-turn", "both-first"),
    "table_rotation": ("none", "natural-takes-deal", "bank-passes-after-pack"),
}

# Ratio options; "none" is allowed where the option is optional (a bonus not paid).
_RATIO_OPTIONS = {
    "blackjack_pays",
    "dealer_blackjack_collects",
    "dealer_bust_pays",
    "five_card_21_pays",
    "six_card_21_pays",
    "seven_seven_seven_pays",
    "six_seven_eight_pays",
}
_OPTIONAL_RATIOS = {
    "five_card_21_pays",
    "six_card_21_pays",
    "seven_seven_seven_pays",
    "six_seven_eight_pays",
}
_OPTIONAL_INTS = {"max_draws"}
_MONEY_OPTIONS = {"min_bet", "max_bet"}


def parse_ratio(text: str | Fraction | int) -> Fraction:
    """Parse ``"3:2"``, ``"6:5"``, ``"1.5"`` or ``"2"`` into the winnings per unit staked.

    :raises InvalidRulesError: when the text is not a positive ratio.
    """
    if isinstance(text, Fraction | int) and not isinstance(text, bool):
        value = Fraction(text)
    else:
        raw = str(text).strip()
        try:
            if ":" in raw:
                num, den = raw.split(":", 1)
                value = Fraction(int(num), int(den))
            else:
                value = Fraction(raw)
        except (ValueError, ZeroDivisionError):
            raise InvalidRulesError(f"{text!r} is not a ratio like 3:2") from None
    if value <= 0:
        raise InvalidRulesError(f"{text!r} is not a positive ratio")
    return value


def format_ratio(value: Fraction | None) -> str:
    """``Fraction(3, 2)`` -> ``"3:2"``, ``Fraction(2)`` -> ``"2:1"``, ``None`` -> ``"none"``."""
    if value is None:
        return "none"
    return f"{value.numerator}:{value.denominator}"


@dataclass(frozen=True)
class Rules:
    """Every option of a blackjack table, frozen and validated on construction.

    Field names are the public option names (``RULES.md``; the replay and strategy commands).
    """

    name: str = "custom"
    # The pack
    decks: int = 6
    penetration: Fraction = Fraction(3, 4)  # share of the pack dealt before the cut card
    reshuffle_reserve: int = 0  # reshuffle before a round when fewer cards than this are left
    burn_cards: int = 1  # burned after each shuffle
    burn_ace_reshuffles: bool = False  # 002: an ace may not be burned: reshuffle and cut again
    # The dealer
    dealer_hits_soft_17: bool = False
    dealer_stands_on: int = 17  # the dealer draws below this total (home dealer and banker policy)
    hole_card: str = "peek"  # "peek": dealt and checked under a ten or ace; "none": drawn last
    no_hole_card_loses: str = "all"  # no hole card: what a dealer natural takes ("original" bets)
    dealer_natural_takes_all: bool = False  # 004: a banker's dealt 21 beats a punter's dealt 21
    dealer_natural_must_be_announced: bool = False  # 000: unannounced, it counts as a plain 21
    # Player options
    double_on: str = "any"
    double_after_split: bool = True
    max_split_hands: int = 4  # 1 means no splitting
    resplit_aces: bool = False
    split_aces_one_card: bool = True
    split_by: str = "rank"
    split_deal_order: str = "in-turn"
    surrender: str = "late"
    surrender_vs_ace: bool = True
    insurance: bool = True
    max_draws: int | None = None  # 004: at most three cards drawn to a hand
    # Payouts
    blackjack_pays: Fraction = Fraction(3, 2)
    dealer_blackjack_collects: Fraction = Fraction(1)  # 002 home: the dealer collects 2:1
    dealer_bust_pays: Fraction = Fraction(1)  # 004: a busted banker pays every stake 2:1
    ties: str = "push"
    five_card_21_pays: Fraction | None = None
    six_card_21_pays: Fraction | None = None
    seven_seven_seven_pays: Fraction | None = None
    six_seven_eight_pays: Fraction | None = None
    # Betting and table
    min_bet: Fraction = Fraction(1)
    max_bet: Fraction = Fraction(1000)
    deal_method: int = 1  # 002: 1 and 2 bets first; 3 bets after the first card, dealer doubles
    bet_after_deal: bool = False  # 004: stakes are placed after the two cards are dealt
    box_bettors: int = 1  # 003: a box holds its owner and up to two co-bettors
    table_rotation: str = "none"
    interpretation: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name in _RATIO_OPTIONS | _MONEY_OPTIONS | {"penetration"}:
            value = getattr(self, name)
            if value is not None and not isinstance(value, Fraction):
                object.__setattr__(self, name, Fraction(value))
        self._validate()

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The public option names, in declaration order (``name`` and notes excluded)."""
        return tuple(
            f.name for f in dataclasses.fields(cls) if f.name not in ("name", "interpretation")
        )

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed; values may be text (``"3:2"``, ``"true"``).

        :raises UnknownOptionError: for a name that is not an option.
        :raises InvalidRulesError: for a bad value or a contradiction, naming the option.
        """
        parsed = {name: parse_option(name, value) for name, value in options.items()}
        if not parsed:
            return self
        name = self.name if self.name.endswith("(modified)") else f"{self.name} (modified)"
        return dataclasses.replace(self, name=name, **parsed)

    # -- validation -------------------------------------------------------------------------

    def _validate(self) -> None:
        def bad(option: str, why: str) -> InvalidRulesError:
            return InvalidRulesError(f"{option}: {why}")

        for option, choices in OPTION_CHOICES.items():
            if getattr(self, option) not in choices:
                given = getattr(self, option)
                raise bad(option, f"must be one of {', '.join(choices)}, not {given!r}")
        if not 1 <= self.decks <= 8:
            raise bad("decks", f"must be 1 to 8, not {self.decks}")
        if not 0 < self.penetration <= 1:
            raise bad("penetration", f"must be above 0 and at most 1, not {self.penetration}")
        if not 0 <= self.burn_cards <= 10:
            raise bad("burn_cards", f"must be 0 to 10, not {self.burn_cards}")
        if not 0 <= self.reshuffle_reserve < 52 * self.decks:
            raise bad("reshuffle_reserve", "must be at least 0 and less than the pack")
        if not 12 <= self.dealer_stands_on <= 21:
            raise bad("dealer_stands_on", f"must be 12 to 21, not {self.dealer_stands_on}")
        if self.dealer_hits_soft_17 and self.dealer_stands_on != 17:
            raise bad("dealer_hits_soft_17", "only applies when dealer_stands_on is 17")
        if not 1 <= self.max_split_hands <= 8:
            raise bad("max_split_hands", f"must be 1 (no split) to 8, not {self.max_split_hands}")
        if self.resplit_aces and self.max_split_hands < 3:
            raise bad("resplit_aces", "needs max_split_hands of 3 or more")
        if self.max_draws is not None and not 1 <= self.max_draws <= 10:
            raise bad("max_draws", f"must be 1 to 10 or none, not {self.max_draws}")
        if self.surrender != "none" and self.max_draws == 0:
            raise bad("surrender", "needs a hand that may act")
        for option in ("blackjack_pays", "dealer_blackjack_collects", "dealer_bust_pays"):
            if not 0 < getattr(self, option) <= 10:
                raise bad(option, "must be a ratio above 0:1 and at most 10:1")
        if self.min_bet <= 0:
            raise bad("min_bet", "must be above 0")
        if self.max_bet < self.min_bet:
            raise bad("max_bet", f"must be at least min_bet ({self.min_bet})")
        if self.deal_method not in (1, 2, 3):
            raise bad("deal_method", f"must be 1, 2 or 3, not {self.deal_method}")
        if self.deal_method == 3 and self.hole_card != "peek":
            raise bad("deal_method", "3 needs hole_card peek (the dealer gets two cards)")
        if not 1 <= self.box_bettors <= 3:
            raise bad("box_bettors", f"must be 1 to 3, not {self.box_bettors}")

    # -- presentation -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready values (ratios as ``"3:2"``, money as numbers)."""
        out: dict[str, Any] = {}
        for option in self.option_names():
            out[option] = option_to_text(option, getattr(self, option), json_ready=True)
        return out

    def summary(self) -> list[str]:
        """Plain-English lines describing the table, for the UI."""
        lines = [
            f"{self.decks} deck{'s' if self.decks > 1 else ''}"
            + (
                ", dealt to the end of the pack"
                if self.penetration == 1
                else f", cut card at {float(self.penetration):.0%} of the pack"
            ),
        ]
        if self.dealer_stands_on == 17:
            lines.append(
                "Dealer hits soft 17" if self.dealer_hits_soft_17 else "Dealer stands on all 17s"
            )
        else:
            lines.append(f"Dealer draws to {self.dealer_stands_on - 1}")
        if self.hole_card == "peek":
            lines.append("Dealer checks for a natural before anyone plays")
        else:
            lost = "every bet" if self.no_hole_card_loses == "all" else "the original bet only"
            lines.append(f"No hole card: a dealer natural takes {lost}")
        lines.append(f"Naturals pay {format_ratio(self.blackjack_pays)}")
        double = {
            "any": "Double on any two cards",
            "9-11": "Double on 9, 10 and 11 only",
            "10-11": "Double on 10 and 11 only",
            "none": "No doubling",
        }[self.double_on]
        if self.double_on != "none":
            double += ", after splits too" if self.double_after_split else ", not after splits"
        lines.append(double)
        if self.max_split_hands == 1:
            lines.append("No splitting")
        else:
            by = "any two ten-value cards" if self.split_by == "value" else "pairs of one rank"
            aces = "aces may be resplit" if self.resplit_aces else "aces split once"
            one = ", one card each" if self.split_aces_one_card else ""
            lines.append(f"Split {by} to {self.max_split_hands} hands; {aces}{one}")
        if self.surrender == "none":
            lines.append("No surrender")
        else:
            vs_ace = "" if self.surrender_vs_ace else " (not against an ace)"
            lines.append(f"{self.surrender.capitalize()} surrender{vs_ace}")
        lines.append("Insurance pays 2:1" if self.insurance else "No insurance")
        if self.max_draws is not None:
            lines.append(f"At most {self.max_draws} cards drawn to a hand")
        if self.ties == "dealer":
            lines.append("Ties go to the dealer")
        bonuses = [
            (self.five_card_21_pays, "21 with five cards"),
            (self.six_card_21_pays, "21 with six cards"),
            (self.seven_seven_seven_pays, "7-7-7"),
            (self.six_seven_eight_pays, "8-7-6"),
        ]
        for pays, what in bonuses:
            if pays is not None:
                lines.append(f"{what} pays {format_ratio(pays)}")
        if self.dealer_blackjack_collects != 1:
            lines.append(
                f"The dealer's natural collects {format_ratio(self.dealer_blackjack_collects)}"
            )
        if self.dealer_natural_takes_all:
            lines.append("A banker's dealt 21 takes every stake, dealt 21s too")
        if self.dealer_bust_pays != 1:
            lines.append(f"A busted dealer pays {format_ratio(self.dealer_bust_pays)}")
        lines.append(f"Bets {_money(self.min_bet)} to {_money(self.max_bet)}")
        lines.extend(self.interpretation)
        return lines


def _money(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def option_to_text(option: str, value: Any, *, json_ready: bool = False) -> Any:
    """One option's value as its text (or JSON) form."""
    if option in _RATIO_OPTIONS:
        return format_ratio(value)
    if option in _MONEY_OPTIONS or option == "penetration":
        if json_ready:
            return int(value) if value.denominator == 1 else float(value)
        return _money(value) if option != "penetration" else str(float(value))
    if json_ready:
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def parse_option(option: str, value: Any) -> Any:
    """Turn a text value (``"true"``, ``"3:2"``, ``"6"``, ``"none"``) into the option's type.

    Values that already have the right type pass through.

    :raises UnknownOptionError: when ``option`` is not an option of the rules model.
    :raises InvalidRulesError: when the value cannot be read for that option.
    """
    fields = {f.name: f for f in dataclasses.fields(Rules)}
    if option not in fields or option in ("name", "interpretation"):
        raise UnknownOptionError(f"unknown rule option {option!r}")
    default = fields[option].default
    text = value.strip().lower() if isinstance(value, str) else None
    try:
        if option in _RATIO_OPTIONS:
            if option in _OPTIONAL_RATIOS and (value is None or text == "none"):
                return None
            return parse_ratio(value)
        if option in _MONEY_OPTIONS or option == "penetration":
            result = Fraction(text) if text is not None else Fraction(value)
            return result
        if isinstance(default, bool):
            if isinstance(value, bool):
                return value
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise InvalidRulesError(f"{option}: expected true or false, not {value!r}")
        if option in _OPTIONAL_INTS:
            if value is None or text == "none":
                return None
            return _int(value)
        if isinstance(default, int):
            return _int(value)
        if option in OPTION_CHOICES:
            return text if text is not None else value
    except InvalidRulesError as exc:
        if str(exc).startswith(f"{option}:"):
            raise
        raise InvalidRulesError(f"{option}: {exc}") from None
    except (ValueError, ZeroDivisionError, TypeError):
        raise InvalidRulesError(f"{option}: cannot read {value!r}") from None
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool):
        raise InvalidRulesError(f"expected a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise InvalidRulesError(f"expected a whole number, not {value!r}") from None


_VEGAS = Rules(
    name="vegas-6d-s17",
    decks=6,
    penetration=Fraction(3, 4),
    dealer_hits_soft_17=False,
    double_on="any",
    double_after_split=True,
    max_split_hands=4,
    resplit_aces=False,
    split_aces_one_card=True,
    surrender="late",
    hole_card="peek",
    blackjack_pays=Fraction(3, 2),
    min_bet=Fraction(5),
    max_bet=Fraction(1000),
)

# What 002's club and home games share: the pack dealt down to the burned card (an ace may not
# be burned), naturals shown at once, no doubling, the variant's one split of a pair by rank with
# one card to each hand, then played as usual.
_TWENTY_ONE = Rules(
    name="twenty-one",
    penetration=Fraction(1),
    burn_cards=1,
    burn_ace_reshuffles=True,
    hole_card="peek",
    double_on="none",
    double_after_split=False,
    max_split_hands=2,
    split_aces_one_card=False,
    split_by="rank",
    split_deal_order="both-first",
    surrender="none",
    insurance=False,
    min_bet=Fraction(1),
    max_bet=Fraction(100),
)

PRESETS: dict[str, Rules] = {
    # 000: Hoyle-style casino game with a permanent bank.
    "permanent-bank": Rules(
        name="permanent-bank",
        decks=2,
        # The joker lies at the bottom and the discards go under it: the whole pack is dealt.
        penetration=Fraction(1),
        # "The dealer may reshuffle if the cards left may not last the round": we take 15 cards.
        reshuffle_reserve=15,
        burn_cards=0,
        dealer_hits_soft_17=False,
        hole_card="peek",
        double_on="none",
        double_after_split=False,
        max_split_hands=2,
        split_aces_one_card=False,  # each split hand gets one card, then draws as usual
        split_by="rank",
        split_deal_order="both-first",
        surrender="none",
        insurance=False,
        dealer_natural_must_be_announced=True,
        min_bet=Fraction(1),
        max_bet=Fraction(10),
        interpretation=(
            "Interpretation: the joker is the cut card at the bottom, so the whole pack is dealt; "
            "the dealer reshuffles before a round when fewer than 15 cards are left.",
        ),
    ),
    # 002, club rules: a house dealer, bonus hands.
    "twenty-one-club": dataclasses.replace(
        _TWENTY_ONE,
        name="twenty-one-club",
        decks=2,
        five_card_21_pays=Fraction(2),
        six_card_21_pays=Fraction(3),
        seven_seven_seven_pays=Fraction(3),
        six_seven_eight_pays=Fraction(2),
        interpretation=(
            "Interpretation: a bonus is paid when the hand makes 21 and is not beaten "
            "(a dealer natural beats it).",
        ),
    ),
    # 002, home rules: a rotating dealer, bets after the first card, ties to the dealer.
    "twenty-one-home": dataclasses.replace(
        _TWENTY_ONE,
        name="twenty-one-home",
        decks=1,
        dealer_stands_on=17,
        blackjack_pays=Fraction(2),
        dealer_blackjack_collects=Fraction(2),
        ties="dealer",
        deal_method=3,
        table_rotation="natural-takes-deal",
        interpretation=(
            "Interpretation: the home dealer 'draws as he likes'; we let him draw to 16 "
            "and stand on 17.",
            "Interpretation: a natural against the dealer's natural is a tie, and ties go to "
            "the dealer: the player loses the stake (once, not double).",
        ),
    ),
    # 003: modern European casino with boxes, no hole card.
    "casino-boxes": Rules(
        name="casino-boxes",
        decks=6,
        penetration=Fraction(3, 4),
        hole_card="none",
        no_hole_card_loses="all",
        double_on="9-11",
        double_after_split=True,
        max_split_hands=4,
        resplit_aces=False,
        split_aces_one_card=True,
        split_by="value",
        split_deal_order="in-turn",
        surrender="late",
        surrender_vs_ace=False,
        insurance=True,
        box_bettors=3,
        min_bet=Fraction(10),
        max_bet=Fraction(1000),
        interpretation=(
            "Interpretation: the text never mentions a peek, so the dealer's second card comes "
            "after every box has played and a dealer natural takes doubled and split bets too.",
        ),
    ),
    # 004: the Russian banking game.
    "russian-bank": Rules(
        name="russian-bank",
        decks=2,
        penetration=Fraction(1),
        burn_cards=0,
        hole_card="peek",
        dealer_natural_takes_all=True,
        double_on="none",
        double_after_split=False,
        max_split_hands=1,
        surrender="none",
        insurance=False,
        max_draws=3,
        blackjack_pays=Fraction(2),
        dealer_bust_pays=Fraction(2),
        bet_after_deal=True,
        table_rotation="bank-passes-after-pack",
        min_bet=Fraction(1),
        max_bet=Fraction(1000),
        interpretation=(
            "Interpretation: the banker 'may draw as he likes'; we let him draw to 16 and stand "
            "on 17. The pack is played to its end (a talia), then the bank passes left.",
            "Interpretation: 'at most three cards drawn' holds for the banker too.",
        ),
    ),
    "vegas-6d-s17": _VEGAS,
    "vegas-6d-h17": dataclasses.replace(_VEGAS, name="vegas-6d-h17", dealer_hits_soft_17=True),
    "double-deck": dataclasses.replace(
        _VEGAS,
        name="double-deck",
        decks=2,
        penetration=Fraction(2, 3),
        dealer_hits_soft_17=True,
        surrender="none",
        min_bet=Fraction(10),
    ),
    "single-deck": dataclasses.replace(
        _VEGAS,
        name="single-deck",
        decks=1,
        penetration=Fraction(1, 2),
        dealer_hits_soft_17=True,
        double_after_split=False,
        surrender="none",
        min_bet=Fraction(10),
    ),
}


def preset_names() -> tuple[str, ...]:
    """The names of the presets, seed variants first."""
    return tuple(PRESETS)


def find_preset(name: str) -> Rules:
    """The preset of that name.

    :raises UnknownPresetError: naming the presets that exist.
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownPresetError(
            f"unknown preset {name!r}; presets are: {', '.join(PRESETS)}"
        ) from None
