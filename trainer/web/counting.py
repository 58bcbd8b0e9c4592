"""Counting pages: the learner's counting preferences, and counting sessions (a running count,
a deck countdown, counting through a shoe) kept server-side and answered checkpoint by checkpoint.

The preferences (system, true-count convention, deck resolution) live in the session. Every
counting drill reads them as its page options: a counting drill's page without them (or with
other ones) is redirected to the same page with the learner's own, and its answer form posts
them back, so the drills' ``new_question`` sees them in ``LearnerState.options``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, redirect, request, session, url_for
from werkzeug.wrappers import Response

from drills.counting import (
    CONVENTION_LABELS,
    CONVENTIONS,
    RESOLUTION_LABELS,
    RESOLUTIONS,
    CountPreferences,
    system_choices,
)
from trainer.engine.counting import SYSTEMS

bp = Blueprint("counting", __name__, url_prefix="/counting")

_PREFS_KEY = "counting"
# The drills whose questions follow the preferences through the generic drill pages.
PREFERENCE_DRILLS = ("true-count", "deck-estimation", "shoe-penetration")


def current_preferences() -> CountPreferences:
    """This learner's counting preferences (the defaults until they choose)."""
    stored = session.get(_PREFS_KEY)
    return CountPreferences.from_options(stored if isinstance(stored, dict) else {})


@bp.app_context_processor
def _counting_context() -> dict[str, Any]:
    return {
        # The tray and chart macros, usable in any block (as ``cards`` is).
        "counting_svg": current_app.jinja_env.get_template("drills/_counting_tray.html").module,
        "counting_prefs": current_preferences,
        "counting_choices": {
            "systems": system_choices(),
            "conventions": [(value, CONVENTION_LABELS[value]) for value in CONVENTIONS],
            "resolutions": [(value, RESOLUTION_LABELS[value]) for value in RESOLUTIONS],
        },
    }


@bp.before_app_request
def _preferences_in_the_url() -> Response | None:
    """A counting drill's page shows questions in the learner's preferences: put them in the URL."""
    if request.method != "GET" or request.endpoint != "drills.ask":
        return None
    slug = (request.view_args or {}).get("slug")
    if slug not in PREFERENCE_DRILLS:
        return None
    wanted = current_preferences().as_options()
    if all(request.args.get(name) == value for name, value in wanted.items()):
        return None
    return redirect(f"{request.path}?{urlencode(wanted)}", code=303)


@bp.post("/preferences")
def preferences() -> Response:
    form = request.form
    errors = []
    if form.get("system") not in SYSTEMS:
        errors.append(f"there is no counting system {form.get('system', '')[:30]!r}")
    if form.get("convention") not in CONVENTIONS:
        errors.append(f"true counts are rounded by {', '.join(CONVENTIONS)}")
    if form.get("resolution") not in RESOLUTIONS:
        errors.append(f"decks are estimated to the {', '.join(RESOLUTIONS)} deck")
    if errors:
        abort(
            400, description="Those counting preferences cannot be used: " + "; ".join(errors) + "."
        )
    prefs = CountPreferences(form["system"], form["convention"], form["resolution"])
    session[_PREFS_KEY] = prefs.as_options()
    return redirect(_local(form.get("next", "")), code=303)


def _local(path: str) -> str:
    """A path on this site to go back to; anything else goes to the drills."""
    if path.startswith("/") and not path.startswith("//") and "\\" not in path:
        return path
    return url_for("drills.index")
