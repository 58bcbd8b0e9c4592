"""The learner's stored preferences that drills follow (``Drill.preferences`` names one).

Kept in the store, so they survive a new guest session and signing in; read once a request.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import g

from drills.counting.preferences import CountPreferences
from trainer.store import counting as counting_store
from trainer.web.support import current_user, get_db


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


def options_for(name: str) -> dict[str, str]:
    """The page options of the preferences called ``name`` (none for ``""``).

    :raises KeyError: for a name no drill should declare.
    """
    return PREFERENCES[name]() if name else {}
