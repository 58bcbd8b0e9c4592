"""Money as the payout drill reads and writes it: a learner's typed amount, and amounts shown."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from drills.base import InvalidAnswerError
from trainer.words import decimal_comma, plain_amount, quoted, say

ABSURD = Decimal(1_000_000)
CENT = Fraction(1, 100)

# -- amounts ------------------------------------------------------------------------------------

_AMOUNT_RE = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")
_GROUPED_RE = re.compile(r"[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")


def read_amount(text: str, *, signed: bool) -> Decimal:
    """An amount typed by the learner: ``22.5``, ``22.50``, ``$22.50``, ``1,000``, ``-7.50``;
    in a language with a decimal comma, ``22,50`` (its comma the decimal mark).

    :raises InvalidAnswerError: for text that is not an amount, a negative amount where a
        payment is asked, more than two decimals, or an absurd size.
    """
    shown = (text or "").strip()
    raw = shown.replace("\u2212", "-").replace(" ", "")
    if not raw:
        raise InvalidAnswerError(say("Type an amount, like 22.50."))
    sign = ""
    if raw[0] in "+-":
        sign, raw = raw[0], raw[1:]
    raw = raw.removeprefix("$")
    if not sign and raw[:1] in ("+", "-"):
        sign, raw = raw[0], raw[1:]
    if decimal_comma():  # "22,50" in Russian
        raw = plain_amount(raw)
    elif _GROUPED_RE.fullmatch(raw):  # "1,000" in English
        raw = raw.replace(",", "")
    if not _AMOUNT_RE.fullmatch(raw):
        raise InvalidAnswerError(
            say("%(typed)s is not an amount: type a number like 22.50.", typed=quoted(shown))
        )
    amount = Decimal(sign.replace("+", "") + raw)
    if amount < 0 and not signed:
        raise InvalidAnswerError(
            say("The question asks what is paid: an amount of 0 or more, not a negative one.")
        )
    if abs(amount) > ABSURD:
        raise InvalidAnswerError(
            say("%(typed)s is far beyond any payout at these tables.", typed=shown)
        )
    if "." in raw and len(raw.partition(".")[2]) > 2:
        raise InvalidAnswerError(say("Money is paid to the cent: at most two decimals."))
    return amount


def money_text(amount: Fraction | Decimal | int) -> str:
    """An amount as the drill writes it: ``15``, ``22.50``, ``\u22127.50`` (a true minus)."""
    value = Fraction(amount)
    if value.denominator == 1:
        return str(value.numerator).replace("-", "\u2212")
    cents = value * 100
    if cents.denominator != 1:
        return str(Decimal(value.numerator) / Decimal(value.denominator)).replace("-", "\u2212")
    whole = abs(cents.numerator)
    sign = "\u2212" if value < 0 else ""  # the true minus a learner reads (read back too)
    return f"{sign}{whole // 100}.{whole % 100:02d}"


def signed_text(amount: Fraction) -> str:
    return f"+{money_text(amount)}" if amount > 0 else money_text(amount)
