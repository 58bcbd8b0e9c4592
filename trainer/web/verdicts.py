"""Where an answer's verdict is shown, whichever road took it (Post/Redirect/Get).

With JavaScript off an answer form posts, and the page answering the POST would be the
verdict: a reload or the back button would send the answer again. So a plain form's answer,
once stored, is sent (303) to a GET address of its stored attempt (:func:`see_verdict`), which
shows that attempt's verdict graded again, to its own learner alone
(:func:`stored_attempt_or_404`); htmx gets the block it swaps in, with no redirect. The drill
road (``/drills/<slug>/answered/<id>``), the basic-strategy quiz and its timed runs, a counting
session's checkpoints and the dealer-catching runs each give the address of their own page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import abort, redirect, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from drills import Grade, Question
from trainer.store import attempts
from trainer.web.rules_form import readable_rules
from trainer.web.support import current_user, get_db, is_htmx
from trainer.words import cost_percent, said_numbers, say

__all__ = ["Answered", "answered_again", "see_verdict", "stored_attempt_or_404", "verdict_line"]

# Names of an answer form's query that its verdict's address does not take on (with every name
# starting "_": url_for's own, such as _external, which would make it another host's address).
_NOT_KEPT = frozenset({"again", "attempt_id", "slug", "session_id"})


@dataclass(frozen=True)
class Answered:
    """One answer through the road: the question, and its grade with the stored attempt (and
    whether it is new), or (a malformed answer, nothing stored) what is wrong with it."""

    question: Question
    grade: Grade | None
    attempt: attempts.Attempt | None = None
    created: bool = False
    error: str | None = None

    @property
    def feedback(self) -> dict[str, Any]:
        """What a drill page shows of it (:func:`page`'s feedback names)."""
        return {
            "answered": self.question,
            "grade": self.grade,
            "response_ms": self.attempt.response_ms if self.attempt else None,
            "repeated": not self.created,
            # The rules it was graded under (in a review batch, not the next question's).
            "answered_rules": readable_rules(self.attempt.rules) if self.attempt else None,
        }


def see_verdict(
    answered: Answered | attempts.Attempt | None,
    shown: Callable[[], Response],
    endpoint: str,
    values: Mapping[str, Any] | None = None,
    *,
    again: bool = False,
) -> Response:
    """Where an answer stored by any road shows its verdict (Post/Redirect/Get): for htmx,
    ``shown()`` (the block it swaps in); a plain form's answer is sent (303) to ``endpoint``'s
    GET address of its stored attempt (``attempt_id``, ``values`` and the answer form's own
    query, such as the counting preferences), so that a reload or the back button sends
    nothing again. An answer sent before (``again``, or an :class:`Answered` not new) says so
    there (``again=1``: counted once)."""
    if isinstance(answered, Answered):
        again = again or not answered.created
        found = answered.attempt
    else:
        found = answered
    if is_htmx() or found is None:
        return shown()
    kept = {
        name: value
        for name, value in request.args.items()
        if name not in _NOT_KEPT and not name.startswith("_")
    }
    query: dict[str, Any] = {**kept, **(values or {}), **({"again": "1"} if again else {})}
    address = url_for(endpoint, attempt_id=found.id, _anchor="feedback", **query)
    return redirect(address, code=303)


def answered_again() -> bool:
    """Whether a verdict's GET address says its answer had been sent before (counted once)."""
    return request.args.get("again") == "1"


def stored_attempt_or_404(attempt_id: int) -> attempts.Attempt:
    """The current learner's stored attempt ``attempt_id``; anyone else's, or none, is a 404."""
    user = current_user()
    found = attempts.get_attempt(get_db(), user.id, attempt_id) if user is not None else None
    if found is None:
        abort(404)
    return found


def paragraphs(text: str) -> Markup:
    """``text``'s lines as paragraphs (its blank lines left out), as a verdict's details write
    them (``drills/_verdict.html``, and the quiz's kept verdict its fill)."""
    return Markup("").join(Markup("<p>%s</p>") % line for line in text.split("\n") if line.strip())


def verdict_line(
    grade: Grade,
    right: Any = None,
    wrong: Any = None,
    cost: Any = None,
    heading: Any = None,
) -> Any:
    """A verdict's first line (``drills/_verdict.html``, the templates' ``verdict_line``): the
    ``heading`` given, else ``right`` or ``wrong`` as the answer was (the drill's own words by
    default), then a wrong answer's ``cost`` (the grade's words for it, or its share of a bet).
    Markup where what it is made of is, as the template's ``~`` joins them. A quiz that keeps its
    verdict by what it shows fills this line in, worked out for each answer."""
    if heading is not None:
        line = heading
    elif grade.correct:
        line = right or say("Right: %(answer)s.", answer=said_numbers(grade.answer))
    else:
        line = wrong or say(
            "Not quite: the answer is %(right)s, not %(answer)s.",
            right=said_numbers(grade.right_answer),
            answer=said_numbers(grade.answer),
        )
    if not grade.correct and cost:
        said = grade.cost_words or say(
            "It costs %(percent)s%% of the bet.", percent=cost_percent(cost)
        )
        line = _joined(line, " ", said)
    return line


def _joined(*parts: Any) -> Any:
    """``parts`` joined as a template's ``~`` joins them: markup, the text in it escaped, where
    one of them is markup; else text."""
    if any(isinstance(part, Markup) for part in parts):
        return Markup("").join(parts)
    return "".join(str(part) for part in parts)
