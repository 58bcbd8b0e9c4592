"""The one place a learner's words pass through, so that each can be translated.

Write whole sentences with named placeholders, never sentences glued from pieces::

    say("Your running count is %(count)s.", count=signed(rc))
    plural("%(count)s seat", "%(count)s seats", seats)

Numbers go through :func:`number` (and :func:`signed`, :func:`money`, :func:`percent`,
:func:`bets`, :func:`cost_percent`), which writes them the way the learner's language does
("10,000" and "7.50" in English, "10 000" and "7,50" in Russian), and dates through
:func:`day` and :func:`day_month` ("4 Dec 2026", "4 дек. 2026 г."). What a form, a link or
a stored answer carries is never written by these: it is read back, so it stays in its ASCII
notation. Outside a request (the command line, a drill graded in a test) the words are English
and the numbers formatted for English. In templates the same functions are ``_``,
``ngettext``, ``number``, ``signed``, ``money``, ``percent``, ``day`` and ``day_month``.

``say``, ``plural`` and ``N_`` are :mod:`trainer.engine.words`' own (the engine's sentences go
through them too), so there is one road: this module adds the numbers. The catalogue is
Flask-Babel's (gettext): ``pybabel extract`` finds every string passed here by the names
:data:`KEYWORDS` lists.
"""

from __future__ import annotations

import functools
import gettext
import math
import re
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from babel import Locale
from babel import dates as babel_dates
from babel import numbers as babel_numbers

from trainer.engine import words as _core
from trainer.engine.article import a_or_an  # "an 8", "a 10": English's article
from trainer.engine.words import (  # one road
    KEYWORDS,
    N_,
    N_as,
    N_plural,
    SaidError,
    dealer_named,
    dealing_at,
    money,
    nested_quotes,
    plural,
    quoted,
    said,
    say,
    say_as,
)

__all__ = [
    "ENGLISH",
    "MINUS",
    "KEYWORDS",
    "N_",
    "N_as",
    "N_plural",
    "a_or_an",
    "bets",
    "cost_percent",
    "counted",
    "day",
    "day_month",
    "dealer_named",
    "dealing_at",
    "decimal_comma",
    "locale",
    "money",
    "nested_quotes",
    "number",
    "plural",
    "percent",
    "plain_amount",
    "quoted",
    "said_numbers",
    "said",
    "SaidError",
    "say",
    "seconds",
    "card_speed",
    "cards_a_second",
    "say_as",
    "share_percent",
    "signed",
    "trimmed",
    "use",
]

ENGLISH = "en"
MINUS = "\u2212"  # the one minus sign a learner reads
NO_BREAK = "\u00a0"  # between a number and its unit ("0,2 с")


# Where the words find the learner's locale: English until the web layer installs its own with
# :func:`use` (Flask-Babel's, per request). No Flask here, so that the drills write their
# sentences through these helpers too.
_locale_of: Callable[[], str] = lambda: ENGLISH  # noqa: E731


def use(
    translations: Callable[[], gettext.NullTranslations],
    locale: Callable[[], str],
    game: Callable[[], str | None] | None = None,
) -> None:
    """Read the catalogue and the locale from these from now on (the web's, per request): the
    engine's sentences too (:mod:`trainer.engine.words`), their numbers written by
    :func:`number`, the dealer named as the text ``game()`` names him (:func:`dealing_at`)."""
    global _locale_of
    _locale_of = locale
    _core.use(translations, number, game)


def locale() -> str:
    """The learner's locale now (English outside a request): what the words are written in."""
    return _locale_of()


_locale = locale


def number(value: int | float | Fraction | Decimal, digits: int = 0) -> str:
    """``value`` rounded to ``digits`` places and written with the language's grouping and
    decimal mark ("10,000", "1.5"); each kept by the locale and the value's ``repr`` (a page
    writes the same few numbers again and again, and Babel's writing is some 20 us a number)."""
    try:
        key = (_locale(), digits, type(value), repr(value))
        return _written[key]
    except KeyError:
        pass
    except ValueError:  # an integer too long to write as text (a visitor's): not kept
        return _number(value, digits)
    if len(_written) >= 8192:
        _written.clear()
    _written[key] = text = _number(value, digits)
    return text


_written: dict[tuple[str, int, type, str], str] = {}


def _number(value: int | float | Fraction | Decimal, digits: int) -> str:
    shape = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    if isinstance(value, Fraction):
        value = float(value)
    plain = _plain(value, digits)
    if plain is not None:
        return plain
    try:
        text = _decimal(value, shape)
    except InvalidOperation:  # past Decimal's 28 digits (a number a visitor typed): as it is
        text = str(value)
    # One minus sign on every page: the true minus (U+2212), as :func:`signed` writes it, not
    # the hyphen the locale's data gives ("-4" beside "−1" at the table read as two signs).
    return text.replace("-", MINUS)


def _plain(value: int | float | Decimal, digits: int) -> str | None:
    """What :func:`_decimal` writes of a whole or float ``value`` from 0 to 10**15 to
    ``digits`` places (at most 6), without Babel (some 20 us a number: a quiz answer's
    figures write two new ones each time): rounded to its places as Babel rounds it (the
    decimal of its shortest text, in the context's rounding), the whole part grouped by
    threes, as the pattern ``#,##0.00`` groups it, with the locale's own marks; None for any
    other value (a negative, a negative zero, a Decimal: Babel's)."""
    kind = type(value)
    if kind is int:
        if not 0 <= value < _PLAIN_BELOW:
            return None
        if digits == 0:
            whole, rounded = str(value), ""
        else:
            whole, rounded = str(value), "0" * digits
    elif kind is float:
        if not 0.0 <= value < _PLAIN_BELOW or math.copysign(1.0, value) < 0:
            return None
        if not 0 <= digits < len(_QUANTA):
            return None
        written = f"{Decimal(str(value)).quantize(_QUANTA[digits]):f}"
        whole, _, rounded = written.partition(".")
    else:
        return None
    group, point = _marks(_locale())
    grouped = whole[-3:]
    whole = whole[:-3]
    while whole:
        grouped = whole[-3:] + group + grouped
        whole = whole[:-3]
    return grouped + (point + rounded if digits > 0 else "")


_PLAIN_BELOW = 10**15
_QUANTA = tuple(Decimal(1).scaleb(-places) for places in range(7))


@functools.cache
def _marks(code: str) -> tuple[str, str]:
    """The locale's group and decimal marks (its Latin digits' own)."""
    locale = _babel_locale(code)
    return babel_numbers.get_group_symbol(locale), babel_numbers.get_decimal_symbol(locale)


def _decimal(value: int | float | Decimal, shape: str) -> str:
    """Babel's ``format_decimal(value, format=shape, locale=...)`` in the learner's locale, the
    pattern and the locale parsed once (parsing them was three quarters of its time, and a page
    writes tens of numbers)."""
    return str(_pattern(shape).apply(value, _babel_locale(_locale())))


@functools.cache
def _pattern(shape: str) -> babel_numbers.NumberPattern:
    return babel_numbers.parse_pattern(shape)


@functools.cache
def _babel_locale(code: str) -> Locale:
    return Locale.parse(code)


def signed(value: int | float | Fraction | Decimal, digits: int = 0) -> str:
    """``value`` with its sign always written ("+3", "−2", "0"), as counts are read."""
    text = number(-value if value < 0 else value, digits)
    rounded = round(float(value), digits)
    if rounded > 0:
        return "+" + text
    if rounded < 0:
        return MINUS + text
    return text


def bets(value: float, digits: int = 2) -> str:
    """An amount in bets, to at most ``digits`` places ("0.4 bets", "1 bet"), as costs are
    priced."""
    return counted(value, N_plural("%(count)s bet", "%(count)s bets"), digits)


def counted(value: float | Fraction, words: tuple[str, str], digits: int = 2) -> str:
    """An amount of a unit (``words``: its message for one and for many, marked with
    :func:`N_plural`) to at most ``digits`` places: "0.4 bets", "12.5 table minimums"."""
    shown = round(float(value), digits)
    text = _at_most(shown, digits)
    # The form for the number itself where it is whole ("1 bet", "5 ставок"); a fraction takes
    # the form of 2 ("1.5 bets", "1,5 ставки").
    whole = int(shown) if float(shown).is_integer() else 2
    return plural(*words, abs(whole), count=text)


def cost_percent(cost: int | float | Fraction | Decimal) -> str:
    """A cost in bets as a share of the bet, in percent, for a sentence's ``%(percent)s%%``
    ("It costs 3.40% of the bet."): to two places ("3.40", "16.67", "150.00"), as the EVs
    beside it in a verdict are ("the insurance bet is worth −3.40% of your bet here"). The one
    way a verdict, the mistakes page and the progress pages write a cost's share, so that the
    same cost reads the same on each."""
    return number(Fraction(cost) * 100, 2)


def share_percent(share: int | float | Fraction | Decimal) -> str:
    """A share of a table minimum, in percent, for a sentence's ``%(percent)s%%`` ("50% of the
    minimum"): to at most two places, its trailing zeros dropped ("50", "12.5"), as a number of
    minimums is (:func:`counted`): a bet's cost in minimums, not a play's share of the bet."""
    return trimmed(Fraction(share) * 100)


def trimmed(value: int | float | Fraction | Decimal, digits: int = 2) -> str:
    """``value`` to at most ``digits`` places in the learner's language, its trailing zeros
    dropped ("5.98", "5.5", "6"; «5,98» in Russian): a figure such as decks left or a speed."""
    return _at_most(round(float(value), digits), digits)


def _at_most(value: float, digits: int) -> str:
    """``value`` to at most ``digits`` places, its trailing zeros dropped ("0.4", "12.5"), a
    negative with the true minus."""
    return _decimal(value, "#,##0." + "#" * digits).replace("-", MINUS)


def percent(share: int | float | Fraction | Decimal, digits: int = 0, *, sign: bool = False) -> str:
    """``share`` (a fraction of 1) as a percentage to ``digits`` places: "33%", "0.33%" in
    English, "33 %", "0,33 %" in Russian (the catalogue's sentence puts the sign, after a
    no-break space); ``sign``: with its sign always written ("+1.50%", "−25.19%"), as EVs are."""
    value = Fraction(share) * 100
    return say("%(share)s%%", share=signed(value, digits) if sign else number(value, digits))


def card_speed(value: float | Fraction) -> str:
    """A dealing speed, to at most two places: "1 card per second", "2.5 cards per second"
    (a counting session's page said "1 cards per second")."""
    return counted(value, N_plural("%(count)s card per second", "%(count)s cards per second"))


def cards_a_second(value: float | Fraction, digits: int = 2) -> str:
    """A dealing speed inside a sentence, to at most ``digits`` places: "1 card a second",
    "2.5 cards a second"."""
    return counted(value, N_plural("%(count)s card a second", "%(count)s cards a second"), digits)


def seconds(value: int | float | Fraction | Decimal | str, digits: int = 0) -> str:
    """A time in seconds to ``digits`` places, kept with its unit on one line: "0.2 s",
    "0,2 с" (a no-break space: at 390 px the unit wrapped alone onto a line of its own); a
    text ``value`` is put as it is ("#", for a script to fill in)."""
    shown = value if isinstance(value, str) else number(value, digits)
    return say("%(seconds)s s", seconds=shown).replace(" ", NO_BREAK)


def day(value: date) -> str:
    """A date as the learner's language writes it, short: "4 Dec 2026", "4 дек. 2026 г."."""
    return babel_dates.format_date(value, format="medium", locale=_locale())


def day_time(value: datetime) -> str:
    """A moment as the learner's language writes it, its day short and its time to the minute,
    read as ``value``'s own clock reads it: "Dec 5, 2026, 2:00 AM", "5 дек. 2026 г., 02:00"."""
    code = _locale()
    shape = _babel_locale(code).datetime_formats["medium"]
    clock = babel_dates.format_time(value, format="short", tzinfo=value.tzinfo, locale=code)
    return str(shape).format(clock, day(value.date()))


def day_month(value: date) -> str:
    """A day and its month, for a chart's axis: "4 Dec", "4 дек."."""
    return babel_dates.format_date(value, format="d MMM", locale=_locale())


_SPACES = dict.fromkeys(map(ord, " \u00a0\u202f\u2009"), None)


def decimal_comma() -> bool:
    """Whether the learner's language writes a decimal comma ("7,50" in Russian)."""
    return bool(babel_numbers.get_decimal_symbol(_locale()) == ",")


def plain_amount(text: str) -> str:
    """An amount or a number a learner typed, as its ASCII notation (what the forms' patterns
    read): the one reader of every money and number field. Grouping spaces (a space, a
    no-break space) are dropped; in Russian the comma is the decimal mark ("1 000,50" is
    1000.50), in English a comma groups thousands ("1,000.50" is 1000.50: groups of three
    digits only, so that "7,50" is not read as 750: it comes back as typed, stripped, for the
    field's refusal to quote it)."""
    typed = text.strip()
    grouped = typed.translate(_SPACES)
    if "," not in grouped:
        return grouped
    if decimal_comma() and "." not in grouped:  # "7,50", "1 000,50"
        return grouped.replace(",", ".")
    if _GROUPED.fullmatch(grouped):  # "1,000", "1,000.50"
        return grouped.replace(",", "")
    return typed  # "7,50" in English, "1.000,50": not read as another number


# A number grouped by commas the English way ("1,000", "-12,345.6").
_GROUPED = re.compile(r"[+\-\u2212]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")


_STORED_NUMBER = re.compile(r"(?<![\w.,])(-?)(\d+)(?:\.(\d+))?(?!\w)")


def said_numbers(text: object) -> str:
    """A stored answer's numbers (``"17.15"``, ``"+1.5"``, ``"-3"``, ``"\u221210.50; +35"``:
    ASCII digits, a point) in the learner's language, each to the places it has ("17,15" in
    Russian), a hyphen before one the true minus; other signs and words as they are."""

    def written(match: re.Match[str]) -> str:
        sign, whole, places = match.group(1), match.group(2), match.group(3) or ""
        return number(Decimal(f"{sign}{whole}.{places}" if places else sign + whole), len(places))

    if not isinstance(text, str):  # a template's value not there (no answer yet): as it is
        return str(text)
    return _STORED_NUMBER.sub(written, text)
