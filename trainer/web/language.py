"""The learner's language: Flask-Babel set up on the app, and the words' helpers
(:mod:`trainer.words`) given to every template.

English is the only language until the Russian catalogue lands; the locale selector is the one
place that will choose between them.
"""

from __future__ import annotations

from flask import Flask, has_request_context
from flask_babel import Babel, get_locale, get_translations

from trainer import words

LANGUAGES = (words.ENGLISH,)


def select_locale() -> str:
    return words.ENGLISH


def request_locale() -> str:
    """The locale of the request being answered (English outside one)."""
    locale = get_locale() if has_request_context() else None
    return str(locale) if locale is not None else words.ENGLISH


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    # The words' helpers read the request's catalogue (outside a request: none, English).
    words.use(get_translations, request_locale)
    app.jinja_env.globals.update(
        say=words.say,
        plural=words.plural,
        number=words.number,
        signed=words.signed,
        bets=words.bets,
        a_or_an=words.a_or_an,
    )
