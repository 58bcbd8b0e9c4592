"""An error page's heading and its standard sentence in the learner's language: Werkzeug names
each HTTP error ("Not Found") and gives it a default description in English; a view that says
why itself (``abort(400, description=say(...))``) keeps its own words."""

from __future__ import annotations

from typing import Any

from werkzeug.exceptions import HTTPException

from trainer.words import ENGLISH, N_, locale, said, say

__all__ = ["error_said", "error_words"]

# By status: the heading in plain words (a walk read "Bad Request" as jargon), and the sentence
# shown where the view gave none of its own.
_WORDS: dict[int, tuple[str, str]] = {
    400: (N_("Not accepted"), N_("The browser sent a request this site could not understand.")),
    403: (N_("Not allowed"), N_("You may not open this page.")),
    404: (
        N_("Page not found"),
        N_("There is no such page here. If you typed the address, check its spelling."),
    ),
    405: (N_("Not allowed that way"), N_("This page cannot be asked for that way.")),
    413: (N_("Too much sent"), N_("What was sent is larger than this site takes.")),
    429: (N_("Too many requests"), N_("Too many requests for now: try again a little later.")),
    500: (
        N_("Something went wrong"),
        N_("Something went wrong on the server: the page could not be made. Try again later."),
    ),
    503: (
        N_("Not available just now"),
        N_("The site cannot answer just now (maintenance, or too busy). Try again later."),
    ),
}


def error_words(error: HTTPException) -> tuple[str, Any]:
    """``error``'s heading, in plain words, and its message: in the learner's language where it
    is Werkzeug's own (its English default stays as it is in English), else the view's message
    as given."""
    heading, message = error.name, error.description or ""
    words = _WORDS.get(error.code or 500)
    if words is None:
        return heading, message
    werkzeugs = message == type(error).description and locale() != ENGLISH
    return say(words[0]), say(words[1]) if werkzeugs else message


def error_said(error: BaseException, fallback: str) -> str:
    """What an engine's or a drill's refusal says, in the learner's words: as its raiser said
    it in the catalogue's words (:class:`trainer.words.SaidError`), else ``fallback``, a
    sentence of the catalogue saying what was wrong without the detail. In English as in any
    other language: the error's own text is the command line's (option names, Python's quotes,
    "unknown preset ''; presets are: ..."), for the logs, never for a learner's page."""
    text = said(error)
    return text if text is not None else fallback
