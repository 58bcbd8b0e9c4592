"""The learner's stored preferences that drills follow (``FollowsPreferences.preferences``
names one).

Kept in the store, so they survive a new guest session and signing in; read once a request.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask import g
from werkzeug.wrappers import Response

from drills.counting.preferences import CountPreferences, preference_errors
from trainer.store import counting as counting_store
from trainer.web.support import current_user, get_db, render


def current_counting_preferences() -> CountPreferences:
    """This learner's counting preferences (the defaults until they choose)."""
    if "counting_prefs" not in g:
        user = current_user()
        stored = counting_store.get_preferences(get_db(), user.id) if user else {}
        g.counting_prefs = CountPreferences.from_options(stored)
    return g.counting_prefs  # type: ignore[no-any-return]


# By the name a drill declares: the preferences as page options.
PREFERENCES: dict[str, Callable[[], dict[str, str]]] = {
    "counting": lambda: current_counting_preferences().as_options(),
}


# By the name a drill declares: what is wrong with the preferences a page's options give.
CHECKS: dict[str, Callable[[Mapping[str, str]], dict[str, str]]] = {
    "counting": preference_errors,
}


def errors_in(name: str, options: Mapping[str, str]) -> dict[str, str]:
    """What is wrong with the preferences called ``name`` that ``options`` give, by field
    (nothing for ``""``)."""
    return CHECKS[name](options) if name else {}


def preferences_error_page(errors: Mapping[str, str], back: str, lead: str) -> Response:
    """The counting preferences form, a 400: each message in ``errors`` beside its field,
    ``lead`` above it; choosing sends the learner to ``back`` (nothing is stored here)."""
    return render(
        "counting_preferences.html", status=400, prefs_errors=errors, prefs_next=back, lead=lead
    )


def options_for(name: str) -> dict[str, str]:
    """The page options of the preferences called ``name`` (none for ``""``).

    :raises KeyError: for a name no drill should declare.
    """
    return PREFERENCES[name]() if name else {}
