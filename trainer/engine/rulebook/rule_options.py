"""Rule options as text: their kinds, the errors naming them, and reading and writing values.

The rules model (:mod:`trainer.engine.rulebook.rules`) validates a whole table; this module reads
one option's value from text, bounded before it is read, and writes it back exactly, so the
notation ``"vegas-6d-s17 penetration=2/3 min_bet=2.5"`` round-trips.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from trainer.engine.words import N_, Said, SaidError, quoted, say

__all__ = [
    "DEAL_FACES",
    "MAX_NOTATION_LENGTH",
    "MAX_VALUE_LENGTH",
    "OPTION_CHOICES",
    "InvalidRulesError",
    "OptionValueError",
    "RulesNotationError",
    "UnknownOptionError",
    "UnknownPresetError",
    "FRACTION_OPTIONS",
    "exact_number",
    "format_ratio",
    "said_of",
    "option_to_text",
    "parse_ratio",
    "read_value",
]


class InvalidRulesError(SaidError):
    """A rule option is out of range or contradicts another option."""

    def __init__(
        self, message: str, *, option: str | None = None, said: Said | None = None
    ) -> None:
        super().__init__(message, said=said)
        self.option = option  # the option at fault, when one is (forms show the error beside it)


class UnknownPresetError(InvalidRulesError):
    """No preset has that name."""


class UnknownOptionError(InvalidRulesError):
    """The rules model has no option of that name."""


class OptionValueError(InvalidRulesError):
    """An option's value cannot be read: not a number, not one of its choices, or too long."""


class RulesNotationError(InvalidRulesError):
    """A rules notation is not a preset name followed by ``option=value`` words."""


# Bounds checked before any text is read: a notation, and one option's value. A value is a
# short number or word; the longest notation changes every option (about 1,200 characters).
MAX_NOTATION_LENGTH = 2000
MAX_VALUE_LENGTH = 24
# Numbers as text, checked before Fraction() or int() sees them (so "1e9999999" never becomes a
# number with ten million digits): whole, decimal, a/b and a:b forms of modest size.
_NUMBER = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,6})?|[0-9]{1,9}/[0-9]{1,9}")
_RATIO = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?|[0-9]{1,6}[:/][0-9]{1,6}")
_WHOLE = re.compile(r"-?[0-9]{1,6}")
_LONG_WHOLE = re.compile(r"[0-9]{7,}")
_LONG_RATIO = re.compile(r"[0-9]+(?:[.:/][0-9]+)?")  # a ratio's shape, whatever its length


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

# Which cards of the deal the players at the table see face up (every drawn card is face up),
# marked for the catalogue: said (trainer.engine.words.say) where they are read.
DEAL_FACES: dict[str, str] = {
    "casino": N_("the players' cards face up, the dealer's first card up and his second down"),
    "players-down": N_(
        "the players' cards face down, the dealer's first card up and his second down"
    ),
    "first-down": N_("everyone's first card face down and second card face up, the dealer's too"),
    "dealer-second-up": N_("the players' cards face down, the dealer's first down and second up"),
    # 004 as its text deals it: nobody's card is shown, drawn ones neither; the table sees how
    # many cards each hand holds, and a punter past 21 shows it.
    "all-down": N_(
        "every card face down, drawn cards too: the table sees how many cards each "
        "hand holds, and a bust"
    ),
}
OPTION_CHOICES["deal_faces"] = tuple(DEAL_FACES)

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
_OPTIONAL_INTS = {"max_draws", "max_seats"}
_OPTIONAL_MONEY = {"max_bet"}
_MONEY_OPTIONS = {"min_bet", "max_bet"}
# Every option held as a Fraction (ratios, money and the penetration).
FRACTION_OPTIONS = frozenset(_RATIO_OPTIONS | _MONEY_OPTIONS | {"penetration"})


def parse_ratio(text: str | Fraction | int) -> Fraction:
    """Parse ``"3:2"``, ``"6:5"``, ``"1.5"`` or ``"2"`` into the winnings per unit staked.

    :raises OptionValueError: when the text is not a positive ratio of modest size.
    """
    if isinstance(text, Fraction | int) and not isinstance(text, bool):
        value = Fraction(text)
    else:
        raw = str(text).strip()
        if not _RATIO.fullmatch(raw):
            shown = str(text)[:MAX_VALUE_LENGTH]
            if _LONG_RATIO.fullmatch(raw):  # "99999999999:1" is a ratio, of too many digits
                raise OptionValueError(
                    f"{shown!r} has too many digits: a ratio takes at most six each side",
                    said=(
                        N_("%(value)s has too many digits: a ratio takes at most six each side"),
                        {"value": quoted(shown)},
                    ),
                )
            raise OptionValueError(
                f"{shown!r} is not a ratio like 3:2", said=_not_a_ratio(quoted(shown))
            )
        try:
            value = Fraction(raw.replace(":", "/"))
        except ZeroDivisionError:
            raise OptionValueError(f"{text!r} is not a ratio like 3:2",
                                   said=_not_a_ratio(quoted(str(text)))) from None  # fmt: skip
    if value <= 0:
        raise OptionValueError(
            f"{text!r} is not a positive ratio",
            said=(N_("%(value)s is not a positive ratio"), {"value": quoted(str(text))}),
        )
    return value


# The rules' validation reasons (:meth:`Rules._validate`: the command line's, naming options)
# as sentences of the catalogue (:func:`said_of`), naming the rules in words: by their shape,
# where they carry values, else word for word.
_IN_RANGE = re.compile(r"must be ([0-9]+)(?: \(no split\))? to ([0-9]+), not (\S+)")
_OR_NONE = re.compile(r"must be ([0-9]+) to ([0-9]+) or none, not (\S+)")
_ONE_OF = re.compile(r"must be one of ([a-z0-9, -]+), not ('[^']*')")
_METHOD = re.compile(r"must be 1, 2 or 3, not (\S+)")
_AT_LEAST_MIN = re.compile(r"must be at least min_bet \((\S+)\)")
_METHOD_FACES = re.compile(r"deal method ([0-9]) deals (.+): deal_faces must be \S+, not \S+")
_RANGES = (
    (_IN_RANGE, N_("must be %(low)s to %(high)s, not %(value)s")),
    (_OR_NONE, N_("must be %(low)s to %(high)s, or none (no limit), not %(value)s")),
)
_FIXED: dict[str, str] = {
    "must be at least 0 and less than the pack": N_(
        "must be at least 0 and less than the whole pack"
    ),
    "only applies when dealer_stands_on is 17": N_("applies only where the dealer stands on 17"),
    "needs max_split_hands of 3 or more": N_("needs splitting to 3 hands or more"),
    "needs a hand that may act": N_("needs a hand that may act"),
    "must be a ratio above 0:1 and at most 10:1": N_("must be a ratio above 0:1 and at most 10:1"),
    "must be above 0": N_("must be above 0"),
    "3 needs hole_card peek (the dealer gets two cards)": N_(
        "3 needs the dealer's second card dealt at once and checked for a natural"
    ),
    "where a tie goes to the dealer, it pays nothing at all": N_(
        "where a tie goes to the dealer, it pays nothing at all"
    ),
    "only players who deal sell the deal (text 002's home game, where a natural takes the "
    "deal); a table with a house dealer has none to sell": N_(
        "only players who deal sell the deal (text 002's home game, where a natural takes the "
        "deal); a table with a house dealer has none to sell"
    ),
    "all-down is text 004's deal, where a punter holds the bank (table_rotation "
    "bank-passes-after-pack); no text deals every card face down at another table": N_(
        "every card face down is text 004's deal, where a punter holds the bank and it passes "
        "after the pack; no text deals every card face down at another table"
    ),
    "all-down deals no pairs to split: max_split_hands must be 1": N_(
        "with every card face down there are no pairs to split: allow no splitting"
    ),
    "the banker's best play is worked out for text 004's deal, every card face down "
    "(deal_faces all-down); with cards face up he stands on dealer_stands_on": N_(
        "the banker's best play is worked out for text 004's deal, every card face down; with "
        "cards face up he stands on the total the rules set"
    ),
}


def said_of(why: str) -> Said | None:
    """A validation reason ("must be 1 to 8, not 9") as the catalogue says it, in words a
    learner reads (the rules by their names, a value typed in the language's quotation marks);
    None for a reason it does not know (its text is the command line's)."""
    if why in _FIXED:
        return _FIXED[why], {}
    for pattern, text in _RANGES:
        found = pattern.fullmatch(why)
        if found is not None:
            low, high, value = found.groups()
            return text, {"low": low, "high": high, "value": value}
    found = _ONE_OF.fullmatch(why)
    if found is not None:  # the choices are the notation's words: the form offers them in words
        return N_("%(value)s is not one of this rule's choices"), {
            "value": quoted(found.group(2)[1:-1])
        }
    found = _METHOD.fullmatch(why)
    if found is not None:
        return N_("must be 1, 2 or 3, not %(value)s"), {"value": found.group(1)}
    found = _AT_LEAST_MIN.fullmatch(why)
    if found is not None:
        return N_("must be at least the smallest bet (%(bet)s)"), {"bet": found.group(1)}
    found = _METHOD_FACES.fullmatch(why)
    if found is not None:
        faces = next((words for words in DEAL_FACES.values() if words == found.group(2)), "")
        return N_("deal method %(method)s deals %(faces)s"), {
            "method": found.group(1),
            "faces": say(faces) if faces else found.group(2),
        }
    return None


def _not_a_ratio(shown: str) -> Said:
    return N_("%(value)s is not a ratio like 3:2"), {"value": shown}


def format_ratio(value: Fraction | None) -> str:
    """``Fraction(3, 2)`` -> ``"3:2"``, ``Fraction(2)`` -> ``"2:1"``, ``None`` -> ``"none"``."""
    if value is None:
        return "none"
    return f"{value.numerator}:{value.denominator}"


def exact_number(value: Fraction) -> str:
    """A number as short exact text: ``"5"``, ``"0.75"``, ``"2.5"``, or ``"2/3"`` when no
    decimal of at most six places is exact."""
    for places in range(7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            if places == 0:
                return str(scaled.numerator)
            sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled.numerator))
            digits = digits.rjust(places + 1, "0")
            return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return f"{value.numerator}/{value.denominator}"


def option_to_text(option: str, value: Any, *, json_ready: bool = False) -> Any:
    """One option's value as its exact text (as the notation writes it) or JSON form."""
    if option in _RATIO_OPTIONS:
        return format_ratio(value)
    if option in _MONEY_OPTIONS or option == "penetration":
        if value is None:
            return None if json_ready else "none"
        if json_ready:
            return int(value) if value.denominator == 1 else float(value)
        return exact_number(value)
    if json_ready:
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def read_value(option: str, value: Any, default: Any) -> Any:
    """One option's value from text (or a value of its type), by the kind of option it is and
    its ``default`` (booleans and whole numbers are told by the default's type)."""
    text = value.strip().lower() if isinstance(value, str) else None
    if option in _RATIO_OPTIONS:
        if option in _OPTIONAL_RATIOS and (value is None or text == "none"):
            return None
        return parse_ratio(value)
    if option in _MONEY_OPTIONS or option == "penetration":
        if option in _OPTIONAL_MONEY and (value is None or text == "none"):
            return None
        if text is None:
            return Fraction(value)
        if text[:1] in "-\u2212" and _NUMBER.fullmatch(text[1:].strip()):  # a number, below 0
            raise OptionValueError(
                f"expected a number above 0, not {value!r}",
                said=(N_("expected a number above 0, not %(value)s"), {"value": quoted(value)}),
            )
        if not _NUMBER.fullmatch(text):
            raise OptionValueError(
                f"expected a number like 10, 2.5 or 3/4, not {value!r}",
                said=(N_("expected a number like 10, 2.5 or 3/4, not %(value)s"),
                      {"value": quoted(str(value))}),
            )  # fmt: skip
        return Fraction(text)
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionValueError(
            f"expected true or false, not {value!r}",
            said=(N_("expected true or false, not %(value)s"), {"value": quoted(str(value))}),
        )
    if option in _OPTIONAL_INTS:
        if value is None or text == "none":
            return None
        return _int(value)
    if isinstance(default, int):
        return _int(value)
    if option in OPTION_CHOICES:
        return text if text is not None else value
    return value


def _int(value: Any) -> int:
    if not isinstance(value, (bool, int)) and _LONG_WHOLE.fullmatch(str(value).strip()):
        # A whole number past the digits any rule takes: said so ("expected a whole number,
        # not “1000000”" for 1,000,000 decks read as a typing mistake: a walk).
        raise OptionValueError(
            f"{value!r} is far too large for this rule",
            said=(N_("%(value)s is far too large for this rule"), {"value": quoted(str(value))}),
        )
    if isinstance(value, bool) or (
        not isinstance(value, int) and not _WHOLE.fullmatch(str(value).strip())
    ):
        raise OptionValueError(
            f"expected a whole number, not {value!r}",
            said=(N_("expected a whole number, not %(value)s"), {"value": quoted(str(value))}),
        )
    if isinstance(value, int):
        return value
    return int(str(value).strip())
