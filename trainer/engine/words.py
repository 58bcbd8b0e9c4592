"""The one place every sentence a learner reads passes through, so that each can be translated:
the core of the trainer's words, kept in the engine so that the engine's own sentences (the
rules in plain words, the table's refusals) go through it too. :mod:`trainer.words` builds on it
and adds the numbers written the way the learner's language writes them (Babel's); the engine
imports only the standard library's gettext here.

Write whole sentences with named placeholders, never sentences glued from pieces, and plurals
through the catalogue::

    say("Dealer draws to %(total)s", total=number(16))
    plural("%(count)s deck, dealt to the end of the pack",
           "%(count)s decks, dealt to the end of the pack", rules.decks)

A word kept in a table of the module (an option's label, a preset's title) is marked with
:func:`N_` where it is written and said with :func:`say` where it is read (a sentence for one
and for many with :func:`N_plural`, said with :func:`plural`): the catalogue finds
it by the mark, the learner reads it in their language. ``pybabel extract`` finds every string
passed here by the names :data:`KEYWORDS` lists.

Until a caller installs a catalogue with :func:`use` (the web layer, per request), the words are
English and the numbers written as English writes them ("10,000", "1.50").
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from typing import Any, Self, TypeVar

__all__ = [
    "KEYWORDS",
    "N_",
    "N_as",
    "N_plural",
    "Said",
    "dealer_named",
    "dealing_at",
    "game_named",
    "nested_quotes",
    "SaidError",
    "number",
    "plural",
    "quoted",
    "said",
    "say",
    "say_as",
    "use",
]

# The names `pybabel extract -k` is given, beside gettext's own (`_`, `gettext`, `ngettext`).
KEYWORDS = ("say", "plural:1,2", "N_", "N_plural:1,2", "say_as:1c,2", "N_as:1c,2")

Number = int | float | Fraction | Decimal
_Text = TypeVar("_Text", bound=str)  # a sentence: text, or a template's Markup


def _english_number(value: Number, digits: int = 0) -> str:
    """``value`` rounded to ``digits`` places, grouped as English writes it ("10,000"), a
    negative with the true minus, as the web's numbers are (``trainer.words.number``): a
    sentence said before any app installed those read "-7.50" beside "−7.50" after."""
    exact = Decimal(value.numerator) / value.denominator if isinstance(value, Fraction) else value
    text = f"{Decimal(str(exact)) if isinstance(exact, float) else Decimal(exact):,.{digits}f}"
    return text.replace("-", "\u2212")


_translations: Callable[[], gettext.NullTranslations] = gettext.NullTranslations
_number: Callable[[Number, int], str] = _english_number


def use(
    translations: Callable[[], gettext.NullTranslations],
    numbers: Callable[[Number, int], str] | None = None,
    game: Callable[[], str | None] | None = None,
) -> None:
    """Read the catalogue from ``translations`` from now on (the web's, per request), write
    numbers with ``numbers`` (the learner's language's), and name the dealer as the seed text
    ``game()`` does (the learner's game's: :func:`dealing_at`), where given."""
    global _translations, _number, _game_of
    _translations = translations
    if numbers is not None:
        _number = numbers
    if game is not None:
        _game_of = game


def _filled(text: str, values: dict[str, Any]) -> str:
    return text % values if values else text


# The dealer as the seed texts name him: 002's club and home twenty-one say сдатчик, 000's
# permanent bank сдающий (a participle: its endings are not дилер's), 004's bank банкомёт.
# The catalogue's Russian says дилер (003's casino, today's games); at those games each form
# of it is said in the text's word, in one place. English keeps "dealer" (it has no such
# words to choose from).
# The punters likewise: the catalogue says понтёр (004's word, the banking game's), and 002's
# text says игрок for the players who stake against the dealer (a quote of 004's own
# "понтер", written without ё, is left as it is).
_DEALER_FORMS = {
    "002": {"дилер": "сдатчик", "дилера": "сдатчика", "дилеру": "сдатчику",
            "дилером": "сдатчиком", "дилере": "сдатчике", "дилеры": "сдатчики",
            "дилеров": "сдатчиков",
            "понтёр": "игрок", "понтёра": "игрока", "понтёру": "игроку", "понтёром": "игроком",
            "понтёре": "игроке", "понтёры": "игроки", "понтёров": "игроков",
            "понтёрам": "игрокам", "понтёрами": "игроками", "понтёрах": "игроках"},
    "000": {"дилер": "сдающий", "дилера": "сдающего", "дилеру": "сдающему",
            "дилером": "сдающим", "дилере": "сдающем", "дилеры": "сдающие",
            "дилеров": "сдающих"},
    "004": {"дилер": "банкомёт", "дилера": "банкомёта", "дилеру": "банкомёту",
            "дилером": "банкомётом", "дилере": "банкомёте", "дилеры": "банкомёты",
            "дилеров": "банкомётов",
            "игрок": "понтёр", "игрока": "понтёра", "игроку": "понтёру", "игроком": "понтёром",
            "игроке": "понтёре", "игроки": "понтёры", "игроков": "понтёров",
            "игрокам": "понтёрам", "игроками": "понтёрами", "игроках": "понтёрах"},
}  # fmt: skip
_DEALER = re.compile(
    r"\b(?:[Дд]илер(?:ом|ов|а|у|е|ы)?|[Пп]онтёр(?:ами|ам|ах|ом|ов|а|у|е|ы)?"
    r"|[Ии]грок(?:ами|ам|ах|ом|ов|а|у|е|и)?)\b"
)
_UNSET = "unset"
_game_here: ContextVar[str | None] = ContextVar("game_here", default=_UNSET)
_game_of: Callable[[], str | None] = lambda: None  # noqa: E731 (the web's, per request)


@contextmanager
def dealing_at(text: str | None) -> Iterator[None]:
    """Within it, the dealer is named as the seed text ``text`` names him ("002", "000"; None
    or another text: the catalogue's word), whatever the learner's own game: a page naming
    several games' rules says each in its own words."""
    token = _game_here.set(text)
    try:
        yield
    finally:
        _game_here.reset(token)


def game_named() -> str | None:
    """The seed text whose words name the dealer here (:func:`dealing_at`, else the web's
    request's game): what a piece of a page kept for reuse is kept by, beside its language."""
    here = _game_here.get()
    return _game_of() if here == _UNSET else here


def dealer_named(text: str) -> str:
    """A sentence of the catalogue (before its placeholders are filled: a value, such as
    another game's rules, keeps its own words) with the dealer and the punters named as the
    game's text names them (:func:`dealing_at`)."""
    if "илер" not in text and "онтёр" not in text and "грок" not in text:
        return text
    forms = _DEALER_FORMS.get(game_named() or "")
    if forms is None:
        return text

    def named(match: re.Match[str]) -> str:
        word = match.group(0)
        said = forms.get(word.lower(), word.lower())
        return said[0].upper() + said[1:] if word[0].isupper() else said

    return _DEALER.sub(named, text)


def nested_quotes(text: _Text) -> _Text:
    """``text`` with guillemets inside guillemets written as Russian typography nests them,
    „…“ inside «…»: a game's name carries its own («Клубное «Двадцать одно»»), and a sentence
    that quotes it would otherwise read «… «Клубное «Двадцать одно»»». Unbalanced marks are
    left as they are. The type of ``text`` is kept (a template's ``Markup``)."""
    if text.count("\u00ab") < 2:
        return text
    written, depth = [], 0
    for char in text:
        if char == "\u00ab":
            depth += 1
            written.append("\u201e" if depth > 1 else char)
        elif char == "\u00bb" and depth > 0:
            written.append("\u201c" if depth > 1 else char)
            depth -= 1
        else:
            written.append(char)
    return type(text)("".join(written))


def say(text: str, **values: Any) -> str:
    """``text`` in the learner's language, its ``%(name)s`` placeholders filled from ``values``."""
    return nested_quotes(_filled(dealer_named(_translations().gettext(text)), values))


def say_as(context: str, text: str, **values: Any) -> str:
    """``text`` as the catalogue says it in ``context`` (gettext's ``msgctxt``), where one
    English word is two in the learner's language: "Surrender" is the play's verb on its button
    ("play": Сдаться) and the rule's name elsewhere (Сарэнда). Where the catalogue has nothing
    for ``text`` in ``context``, as :func:`say` says it."""
    translations = _translations()
    chosen = translations.pgettext(context, text)
    if chosen == text:
        chosen = translations.gettext(text)
    return nested_quotes(_filled(dealer_named(chosen), values))


def plural(singular: str, many: str, count: int, /, **values: Any) -> str:
    """The sentence for ``count`` of something, in the form the learner's language uses for it;
    ``%(count)s`` in either form is ``count`` written by :func:`number` (unless ``values``
    gives it written otherwise: ``count="0.25"``)."""
    chosen = _translations().ngettext(singular, many, count)
    return nested_quotes(_filled(dealer_named(chosen), {"count": number(count), **values}))


def number(value: Number, digits: int = 0) -> str:
    """``value`` rounded to ``digits`` places and written as the learner's language writes it
    ("10,000", "1.5")."""
    return _number(value, digits)


def money(value: Number) -> str:
    """An amount as a learner reads it: whole with no decimals ("25", "10,000"; "10 000" in
    Russian), else to the cent ("7.50"; "7,50" in Russian); a negative with the true minus."""
    whole = value.is_integer() if isinstance(value, float) else Fraction(value).denominator == 1
    return number(value, 0 if whole else 2)


def quoted(text: str) -> str:
    """``text`` as typed, between the quotation marks of the learner's language (“hilo”,
    «hilo»): what a refusal names of the learner's input, never Python's ``repr`` quotes. A
    control character (a NUL, a line break) shows as “�”, and past :data:`QUOTED_LENGTH`
    characters the text is cut at an ellipsis: a refusal of 5,000 ones quoted them all."""
    shown = "".join(c if c.isprintable() else "\ufffd" for c in text[: QUOTED_LENGTH + 1])
    if len(shown) > QUOTED_LENGTH:
        shown = shown[: QUOTED_LENGTH - 1] + "\u2026"
    return say("“%(typed)s”", typed=shown)


QUOTED_LENGTH = 40


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for the mark)
    """``text`` as it is: marked for the catalogue where it is written, said with :func:`say`
    where it is read."""
    return text


def N_as(context: str, text: str) -> str:  # noqa: N802 (after N_)
    """``text`` as it is: marked for the catalogue in ``context`` (:func:`say_as`)."""
    return text


def N_plural(singular: str, many: str) -> tuple[str, str]:  # noqa: N802 (after N_)
    """A sentence for one and for many, as it is: marked for the catalogue as one plural
    message where it is written, said with :func:`plural` where it is read."""
    return singular, many


# A message of the catalogue (marked with :func:`N_` where it is written, or a plural message's
# two forms marked with :func:`N_plural`, its values then giving the ``count``) and its values.
Said = tuple[str | tuple[str, str], dict[str, Any]]


class SaidError(ValueError):
    """An error a learner may read: its text (English) is the command line's and the logs';
    ``said``, where the raiser gives it, is the same in the catalogue's words (a message marked
    with :func:`N_` and its named values), which :func:`said` says in the learner's language."""

    def __init__(self, message: str, *, said: Said | None = None) -> None:
        super().__init__(message)
        self.said = said

    @classmethod
    def said_as(cls, text: str, /, **values: Any) -> Self:
        """The error whose text is the message ``text`` (marked with :func:`N_`) filled from
        ``values`` in English, and said in the learner's language where they read it."""
        return cls(_filled(text, values), said=(text, values))

    @classmethod
    def said_plural(cls, forms: tuple[str, str], count: int, /, **values: Any) -> Self:
        """The error whose text is the plural message ``forms`` (marked with :func:`N_plural`)
        for ``count``, filled from ``values`` in English, and said in the learner's language in
        the form it uses for ``count`` where they read it."""
        english = forms[0] if count == 1 else forms[1]
        filled = {"count": _english_number(count), **values}
        return cls(_filled(english, filled), said=(forms, {"count": count, **values}))


def said(error: BaseException) -> str | None:
    """``error``'s message in the learner's language, where its raiser gave it in the
    catalogue's words (:class:`SaidError`); None where it did not."""
    found = getattr(error, "said", None)
    if found is None:
        return None
    text, values = found
    if isinstance(text, tuple):
        rest = {name: value for name, value in values.items() if name != "count"}
        singular, many = text
        return plural(singular, many, values["count"], **rest)
    return say(text, **values)
