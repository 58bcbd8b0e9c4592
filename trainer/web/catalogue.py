"""The request's locale and catalogue, each looked up once a request (Flask-Babel's own lookups
walk the app context several times a call, and a quiz answer says some thirty strings): what
the words' helpers, the templates' gettext and the markup kept by language
(:mod:`trainer.web.kept`) read. Outside a request, English."""

from __future__ import annotations

from babel.support import NullTranslations
from flask import current_app, g, has_request_context
from flask_babel import get_locale, get_translations

from trainer import words


def request_locale() -> str:
    """The locale of the request being answered (English outside one), looked up once a
    request (as :func:`request_translations`)."""
    try:
        return g.locale_code  # type: ignore[no-any-return]
    except AttributeError:  # not looked up yet (one look at g: this is asked some 20 times)
        pass
    except RuntimeError:  # outside an application's context
        return words.ENGLISH
    if not has_request_context():
        return words.ENGLISH
    # The app's own choice (trainer.web.language.select_locale: always a code it offers, as
    # Flask-Babel's get_locale would name it), without making Babel's Locale each request.
    selector = getattr(current_app.extensions.get("babel"), "locale_selector", None)
    if selector is not None:
        found = g.locale_code = str(selector() or words.ENGLISH)
        return found
    locale = get_locale()
    found = g.locale_code = str(locale) if locale is not None else words.ENGLISH
    return found


def request_translations() -> NullTranslations:
    """The request's catalogue, Flask-Babel's ``get_translations``, looked up once a request: its
    own lookup walks the app context some ten times a string, and a quiz answer says some
    twenty (a tenth of the answer's CPU time). Flask-Babel keeps a request's locale and
    catalogue for the whole request too (until its ``refresh``, which this app does not call:
    the language switch answers with a redirect)."""
    try:
        return g.translations  # type: ignore[no-any-return]
    except (AttributeError, RuntimeError):  # not looked up yet, or outside a request
        pass
    if not has_request_context():
        return get_translations()
    # Flask-Babel keeps each language's catalogue for the app's life (its domain's cache, by
    # the locale): kept here by the locale too, its lookup's walks are made once.
    kept = current_app.extensions.setdefault("trainer.catalogues", {})
    code = request_locale()
    found = kept.get(code)
    if found is None:
        found = kept[code] = get_translations()
    g.translations = found
    return found  # type: ignore[no-any-return]
