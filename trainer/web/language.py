"""The learner's language: Flask-Babel set up on the app, the choice of language for each
request, the switch that changes it, and the words' helpers (:mod:`trainer.words`) given to
every template.

The languages offered are ``app.config["LANGUAGES"]`` (codes with a catalogue under
``trainer/translations``; English always). A request's language is, in order:

1. the one the learner chose with the switch (kept with the learner, ``users.language``; a
   visitor who is not a learner yet keeps it in the session);
2. the browser's (``Accept-Language``), the best match among those offered;
3. English.

A code that is not offered, chosen or sent, is English: never an error.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, Flask, current_app, g, has_request_context, request, session
from flask_babel import Babel
from jinja2 import pass_context
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from drills.strategy_chart import choice_words, stored_play_words
from trainer import words
from trainer.store import users
from trainer.web.catalogue import request_locale, request_translations
from trainer.web.keys import chart_letters, key_letter
from trainer.web.security import safe_next
from trainer.web.support import LANGUAGE_KEY, current_user, get_db, request_game
from trainer.words import dealer_named, nested_quotes

RUSSIAN = "ru"

# Each language named in its own words, as the switch shows it (not translated: a reader who
# cannot read the page's language must still find their own).
NAMES = {words.ENGLISH: "English", RUSSIAN: "Русский"}


bp = Blueprint("language", __name__)


def offered() -> tuple[str, ...]:
    """The languages this app offers, English first."""
    return tuple(current_app.config["LANGUAGES"])


def _chosen() -> str | None:
    """The language the learner (or this session's visitor) chose with the switch, if any."""
    user = current_user()
    if user is not None and user.language is not None:
        return user.language
    kept = session.get(LANGUAGE_KEY)
    return kept if isinstance(kept, str) else None


def select_locale() -> str:
    """This request's language (see the module's note): always one that is offered. Outside a
    request (a ``flask --app trainer`` command, whose errors say what a learner would read),
    English."""
    if not has_request_context():
        return words.ENGLISH
    if "language" not in g:
        languages = offered()
        chosen = _chosen()
        if chosen in languages:
            g.language = chosen
        else:
            sent = request.headers.get("Accept-Language", "")
            g.language = _best_match(sent, languages) or words.ENGLISH
    return g.language  # type: ignore[no-any-return]


def _best_match(sent: str, languages: tuple[str, ...]) -> str | None:
    """The best of ``languages`` for the ``Accept-Language`` header ``sent`` (Werkzeug's
    match), kept by the header for a browser's usual one (parsing it took some 20 us a
    request)."""
    if len(sent) > _KEPT_HEADER:
        return parse_accept_header(sent, LanguageAccept).best_match(languages)
    return _kept_match(sent, languages)


_KEPT_HEADER = 200


@functools.lru_cache(maxsize=256)
def _kept_match(sent: str, languages: tuple[str, ...]) -> str | None:
    return parse_accept_header(sent, LanguageAccept).best_match(languages)


@bp.post("/language")
def switch() -> Response:
    """Speak the language chosen from now on, for this learner (or visitor), and go back to the
    page the switch was on. A code not offered is English."""
    code = request.form.get("language", "")[:16]
    language = code if code in offered() else words.ENGLISH
    session[LANGUAGE_KEY] = language
    user = current_user()
    if user is not None:
        users.set_language(get_db(), user.id, language)
    g.pop("language", None)
    back = safe_next(request.form.get("next"), "/")
    response = current_app.redirect(back, 303)
    return response


def _switch_choices() -> list[tuple[str, str]]:
    return [(code, NAMES.get(code, code)) for code in offered()]


def init_app(app: Flask) -> None:
    # Russian beside English: a Russian browser gets it, and every page has the switch.
    # LANGUAGES = ("en",) in instance/config.py offers English alone.
    app.config.setdefault("LANGUAGES", (words.ENGLISH, RUSSIAN))
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    Babel(app, locale_selector=select_locale)
    app.register_blueprint(bp)
    # The words' helpers and the templates' gettext read the request's catalogue (outside a
    # request: none, English), as Flask-Babel's own callables do, but looked up once a request
    # (``install_gettext_callables``: the i18n extension's, which Flask-Babel added).
    words.use(request_translations, request_locale, request_game)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        # The dealer in the game's text's word (before the values are filled in: another
        # game's rules keep theirs), as the words' own sentences are (trainer.words.say).
        gettext=lambda s: dealer_named(request_translations().ugettext(s)),
        ngettext=lambda s, p, n: dealer_named(request_translations().ungettext(s, p, n)),
        newstyle=True,
        pgettext=lambda c, s: request_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: request_translations().unpgettext(c, s, p, n),
    )
    for name in ("gettext", "_", "ngettext", "pgettext", "npgettext"):  # „…“ inside «…»
        app.jinja_env.globals[name] = _nesting(app.jinja_env.globals[name])
    app.jinja_env.globals.update(
        say=words.say,
        say_as=words.say_as,  # a word in a context ("play": the play's verb on its button)
        plural=words.plural,
        number=words.number,
        signed=words.signed,
        bets=words.bets,
        money=words.money,
        money_said=words.money,  # the same, where a page's context names a dict "money"
        said_numbers=words.said_numbers,  # a stored answer's numbers, in the learner's language
        percent=words.percent,
        seconds=words.seconds,  # a time with its unit, on one line
        card_speed=words.card_speed,  # cards per second, the unit in its number's form
        cards_a_second=words.cards_a_second,
        day=words.day,
        day_month=words.day_month,
        a_or_an=words.a_or_an,
        choice_words=choice_words,  # a key's label in a verdict's sentence
        stored_play_words=stored_play_words,  # an old attempt's English play, in its words
        key_letter=key_letter,
        page_language=request_locale,
        language_choices=_switch_choices,
    )
    app.add_template_filter(_chart_letters, "chart_letters")  # a chart code, the buttons' letters
    app.add_template_filter(_after_colon, "after_colon")  # a sentence put after a colon


@pass_context
def _chart_letters(_context: Any, code: str) -> str:
    """:func:`chart_letters` as a filter that reads the request's language: taking the context
    keeps Jinja from working it out once at compile time on a literal (``"S" | chart_letters``
    said "S" to every language after an English page compiled it)."""
    return chart_letters(code)


@pass_context
def _after_colon(_context: Any, sentence: str) -> str:
    """A sentence put after a colon, as the request's language writes it: Russian goes on in
    lower case («Мы читаем так: удвоить можно…», not «так: Удвоить»: a walk); a word all in
    capitals (KO) or a single letter (A) keeps its case; English writes the sentence as it is."""
    if request_locale() == "ru" and sentence[1:2].islower() and sentence[:1].isupper():
        return sentence[:1].lower() + sentence[1:]
    return sentence


def _nesting(found: Any) -> Any:
    """The template's gettext ``found`` (Jinja's, which fills the placeholders itself), its
    sentence's quotes nested as the words' own are (:func:`trainer.words.nested_quotes`)."""

    @pass_context
    def filled(context: Any, *args: Any, **values: Any) -> Any:
        return nested_quotes(context.call(found, *args, **values))

    return filled
