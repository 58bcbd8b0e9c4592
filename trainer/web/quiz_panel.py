"""The basic-strategy quiz's htmx answer panel put together in Python from kept pieces, without
Jinja on the answer's road.

The quiz's template draws its panel from pieces kept by what they show
(:class:`~trainer.web.kept.KeptPieces`): the hand answered, the feedback on it, the next
question's form, the learner's figures and the quiz's links. Each piece's values (what is filled
in each time) and key (everything else it shows) are worked out here, by the functions the
template calls too (:data:`TEMPLATE_GLOBALS`), so the template and this road look up the same
pieces. Once a panel has been drawn by the template, the text between its pieces is kept too
(the ``"strategy panel"`` piece, its holes the four pieces); an answer whose pieces are all kept
is then put together from them (:func:`assembled`), byte for byte the panel the template would
draw, and any other is drawn by the template (:func:`panel_response`), which keeps what it drew.
Every answer is graded and stored before either road is taken: only the drawing is spared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from flask import current_app
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from drills import Question
from drills.strategy_chart import choice_words
from trainer.web.catalogue import request_locale
from trainer.web.kept import KeptPieces, noting_pieces
from trainer.web.security import csrf_token
from trainer.web.support import dealer_of, name_the_dealer, render, request_game
from trainer.web.verdicts import paragraphs, verdict_line
from trainer.words import N_, cost_percent, number, percent, say, seconds

_Piece = tuple[tuple[Any, ...], tuple[Any, ...]]  # (the values filled in, the key)

# The panel's pieces, in the order it draws them: the text between them is kept as one piece.
_PANEL = "strategy panel"
_PARTS = ("strategy verdict", "strategy question", "drill figures", "strategy links")
_SHAPE = ("feedback", "question", "figures", "links")  # the one shape this road puts together


def _cards() -> Any:
    """The card macros, kept (``kept_cards``), or the template's own where nothing is kept."""
    env = current_app.jinja_env
    return env.globals.get("kept_cards") or env.get_template("_cards.html").module


def _said(text: str) -> Markup:
    """``say(text)`` for a sentence without placeholders, as markup (as the template's ``_``
    says it: the catalogue's words), kept by the language and the game whose words name the
    dealer."""
    key = (request_locale(), request_game(), text)
    found = _SAID.get(key)
    if found is None:
        if len(_SAID) >= 1024:
            _SAID.clear()
        found = _SAID[key] = Markup(say(text))
    return found


_SAID: dict[tuple[str, str | None, str], Markup] = {}


def hand(held: Any, label: Markup, *, small: bool = False) -> Markup:
    """The card macros' ``hand`` of the cards ``held``: its shell (the macro's markup for no
    cards, kept by the language, the label and the size) around each card's kept markup, as
    the macro writes it; a hand kept whole by its cards was mostly drawn afresh, two-card hands
    alone being some 1,300 by their suits. Where templates reload (``make dev``), the macro."""
    cards = _cards()
    env = current_app.jinja_env
    if env.auto_reload:
        return Markup(cards.hand(list(held), label=label, small=small))
    shells = current_app.extensions.setdefault("trainer.hand_shells", {})
    key = (request_locale(), type(label), label, small)
    shell = shells.get(key)
    if shell is None:
        empty = str(cards.hand([], label=label, small=small))
        if not empty.endswith(_HAND_END):
            return Markup(cards.hand(list(held), label=label, small=small))
        shell = shells[key] = empty[: -len(_HAND_END)]
    return Markup(shell + "".join([cards.card(card) for card in held]) + _HAND_END)


_HAND_END = "</div>"


def question_piece(
    question: Question,
    settings: Any,
    question_rules: Any,
    error: str | None,
    csrf: str,
    token: str,
    asked_at: int,
    seal: str | None,
) -> _Piece:
    """The question form's values (its hidden fields' values and the cards) and key (all else
    the form shows: the settings, the prompt, the count shown, the plays allowed, an error)."""
    view = question.view
    up = view.get("up")
    # (Markup, as the template's ``_`` says it: the catalogue's words.)
    up_cards = hand([up], _said(N_("Dealer's up card"))) if up else ""
    hand_cards = hand(view["hand"], _said(N_("Your hand")))
    fills = (csrf, question.notation, token, asked_at, seal, up_cards, hand_cards)
    key = (
        settings,
        question.prompt,
        view.get("note"),
        repr(view.get("count")),  # (a text: quicker to key by than what it writes)
        bool(up),
        view.get("drawn"),
        view.get("doubled"),  # 002's method 3: whether the dealer doubled, said below the cards
        repr(view["keys"]),
        question_rules,
        error,
    )
    return fills, key


def answered_cards_piece(answered: Question) -> _Piece:
    """The hand answered, as its feedback shows it (small): its cards, whether an up card is
    shown and (002's method 3) whether the dealer doubled."""
    view = answered.view
    up = view.get("up")
    up_cards = hand([up], _said(N_("The dealer's up card you answered")), small=True) if up else ""
    hand_cards = hand(view["hand"], _said(N_("The hand you answered")), small=True)
    return (up_cards, hand_cards), (bool(up), view.get("doubled"))


def verdict_piece(
    answered: Question, grade: Any, repeated: bool, answered_rules: Any, shown: Markup
) -> _Piece:
    """The verdict on an answer, kept by the shape of the cell answered (the right play, the
    plays in the order of their EVs, the count shown, whether it was sent again and its rules),
    with what changes from cell to cell or answer to answer filled in: the hand answered
    (``shown``), the first line, the section's class, the why and the rest of the explanation
    (which name the play chosen), each EV row's marks as the play chosen (" chosen", " (yours)")
    or not, and the EVs themselves. Keyed by the cell's EVs and why, a verdict was drawn afresh
    for most answers a worker saw (some 1,600 of a game's in one language, a cell's why naming
    the play chosen), each some 2 ms."""
    view = answered.view
    done = view["play"]
    a = grade.answer
    natural = getattr(done, "natural", False)  # (004 as dealt: no naturals asked about)
    said = _said(N_("yours"))
    yours, also, blank = Markup(" (%s)") % said, Markup(", %s") % said, Markup("")
    marks = [" chosen" if a == play else "" for play in _PLAYS]
    marks += [yours if a == play else blank for play in _PLAYS]
    # The best play's row, chosen: "(best, yours)" (a walk read «(лучшее) (ваше)»).
    marks += [also if a == play else blank for play in _PLAYS]
    line = _first_line(done, grade, natural)
    why, rest = grade.why, grade.details
    # The EV rows as the template's dictsort orders them (stable: equal EVs in the dict's order).
    order = tuple(sorted(done.evs, key=done.evs.__getitem__, reverse=True))
    evs = [_ev_text(done.evs[play]) for play in order]
    fills = (shown, line, "right" if grade.correct else "wrong", why, paragraphs(rest))
    key = (
        grade.right_answer,
        order,
        repr(done.keys),  # (a text: quicker to key by than the dict it writes)
        done.insurance,
        natural,
        getattr(done, "doubled", None) is not None,  # (the caption: the double read)
        repr(view.get("count")),
        repeated,
        answered_rules,
        bool(why),
        bool(rest),
    )
    return (*fills, *marks, *evs), key


def _first_line(done: Any, grade: Any, natural: bool) -> Markup:
    """The verdict's first line: right or not, the right play and a mistake's cost."""
    keys, a = done.keys, grade.answer
    chosen, right = choice_words(keys[a]), choice_words(keys[grade.right_answer])
    if done.insurance and natural:  # even money: the right play and what the other costs
        cost_said = cost_percent(grade.ev_cost or 0)
        right_line: Any = (
            Markup(say("Right: take even money."))
            if a == "I"
            else Markup(say("Right: play the natural out."))
        )
        wrong_line: Any = (
            say(
                "Not quite: take even money; playing on costs %(percent)s%% of your bet.",
                percent=cost_said,
            )
            if grade.right_answer == "I"
            else say(
                "Not quite: play the natural out; even money costs %(percent)s%% of your bet.",
                percent=cost_said,
            )
        )
        cost = None
    else:
        right_line = say("Right: %(answer)s.", answer=chosen)
        if not done.insurance:
            wrong_line = say("Not quite: %(right)s, not %(answer)s.", right=right, answer=chosen)
        elif grade.right_answer == "I":  # a whole sentence each way
            wrong_line = Markup(say("Not quite: take insurance here."))
        else:
            wrong_line = Markup(say("Not quite: do not take insurance here."))
        cost = grade.ev_cost
    return escape(verdict_line(grade, right_line, wrong_line, cost))


def _ev_text(ev: float) -> str:
    """An EV as the verdict's table writes it ("+37.32%"), kept by the language."""
    key = (request_locale(), ev)
    found = _EV_TEXTS.get(key)
    if found is None:
        if len(_EV_TEXTS) >= 8192:
            _EV_TEXTS.clear()
        found = _EV_TEXTS[key] = percent(ev, 2, sign=True)
    return found


_EV_TEXTS: dict[tuple[str, float], str] = {}


_PLAYS = "HSDPRIN"  # the plays' keys, in the order of an EV row's marks


def figures_piece(stats: Any, by_game: bool = False) -> _Piece:
    """The learner's figures for a drill (``_stats.html``): how many answered, the share right
    and the mean time, each in bold, kept by which of them there are and whether they are of
    the page's game (``by_game``) or of every game."""
    if not stats:
        return ("", "", ""), (False, None, by_game)
    bold = Markup("<strong>%s</strong>")
    count = bold % number(stats.attempts)
    share = bold % say(
        "%(share)s%%", share=number(int(round(stats.correct * 100 / stats.attempts, 0)))
    )
    timed = stats.mean_response_ms is not None
    mean_time = bold % seconds(stats.mean_response_ms / 1000, 1) if timed else ""
    return (count, share, mean_time), (True, not timed, by_game)


# What the templates call (set as globals by trainer.web.init_app).
TEMPLATE_GLOBALS = {
    "question_piece": question_piece,
    "answered_cards_piece": answered_cards_piece,
    "verdict_piece": verdict_piece,
    "figures_piece": figures_piece,
}


def fits(context: Mapping[str, Any]) -> bool:
    """Whether ``context`` is a panel of the shape this road puts together: the feedback on an
    answer and the next question of the quiz with its settings (not a timed run's, a review's,
    a refused answer's), with the learner's figures."""
    return (
        context.get("grade") is not None
        and context.get("answered") is not None
        and context.get("question") is not None
        and context.get("error") is None
        and context.get("settings") is not None
        and not context.get("timed")
        and not context.get("pending")
        and context.get("results") is None
        and context.get("review") is None
        and context.get("review_done") is None
        and bool(context.get("stats"))
    )


def _pieces() -> KeptPieces:
    return cast(KeptPieces, current_app.jinja_env.globals["kept_piece"])  # (support.init_app)


def assembled(context: Mapping[str, Any]) -> str | None:
    """The panel of ``context`` put together from its kept pieces; None where it is not of the
    shape (:func:`fits`) or a piece is not kept."""
    pieces = _pieces()
    if not (pieces.on and fits(context)):
        return None
    name_the_dealer(context["page_rules"])  # as the template's drawing would
    settings = context["settings"]
    feedback = _feedback(context, pieces)
    if feedback is None:
        return None
    fills, key = question_piece(
        context["question"],
        settings,
        context["question_rules"],
        None,
        csrf_token(),
        context["token"],
        context["asked_at"],
        context["seal"],
    )
    question = pieces.filled("strategy question", fills, *key)
    fills, key = figures_piece(context["stats"], context.get("stats_by_game", False))
    figures = pieces.filled("drill figures", fills, *key)
    links = pieces.filled("strategy links", (), settings)
    if question is None or figures is None or links is None:
        return None
    panel = pieces.filled(_PANEL, (feedback, question, figures, links), *_SHAPE)
    return None if panel is None else str(panel)


def _feedback(context: Mapping[str, Any], pieces: KeptPieces) -> Markup | None:
    """The panel's feedback from its kept pieces, in the words of the rules it was graded under
    (as the template draws it: ``in_answered_words``); None where a piece is not kept."""
    answered = context["answered"]
    with dealer_of(context["answered_rules"]):
        fills, key = answered_cards_piece(answered)
        shown = pieces.filled("strategy answered cards", fills, *key)
        if shown is None:
            return None
        fills, key = verdict_piece(
            answered, context["grade"], context["repeated"], context["answered_rules"], shown
        )
        feedback = pieces.filled("strategy verdict", fills, *key)
        if feedback is None:  # the cell's first answer here: its verdict drawn (and kept) alone
            _draw_feedback(context)
            feedback = pieces.filled("strategy verdict", fills, *key)
        return feedback


def _draw_feedback(context: Mapping[str, Any]) -> None:
    """Draw the panel's feedback alone (``_strategy_feedback.html``, with the context the page
    gives its templates), for the pieces it keeps: a cell's first verdict is drawn so, not with
    the whole panel (some half of a panel's drawing)."""
    env = current_app.jinja_env
    shown = dict(context)
    current_app.update_template_context(shown)
    env.get_template(_FEEDBACK).render(shown)


_FEEDBACK = "drills/_strategy_feedback.html"


def panel_response(template: str, context: dict[str, Any], status: int) -> Response:
    """The htmx panel of ``context``: put together from kept pieces (:func:`assembled`), else
    drawn by ``template``'s ``panel`` block, whose pieces and the text between them are kept."""
    body = assembled(context)
    if body is not None:
        made: Response = current_app.response_class(body, status=status)
        made.vary.add("HX-Request")
        return made
    if not fits(context):
        return render(template, block="panel", status=status, **context)
    with noting_pieces() as noted:
        response = render(template, block="panel", status=status, **context)
    first: dict[str, Markup] = {}
    for name, markup in noted:
        first.setdefault(name, markup)
    if all(name in first for name in _PARTS):
        drawn = response.get_data(as_text=True)
        _pieces().keep_drawn(_PANEL, drawn, [first[name] for name in _PARTS], *_SHAPE)
    return response
