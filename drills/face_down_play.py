"""A punter's play at 004 as its text deals it: no banker card is shown, so the play is graded
by the punters' chart of one column (:mod:`trainer.engine.banker.face_down`), for the exact
cards held and how many of them were drawn (the banker reads the draws).

Part of the table's play drill (:mod:`drills.table_play`, the same slug): its notation is the
hand and ``v ?``, the banker's cards unseen::

    TS 6H v ?
    TS 2H 3C v ?

The right play is the fixed point's: the punter's best against the banker who plays his best,
each against the other. The EVs are the stand's and the draw's per unit staked, given no
banker's dealt 21 (a punter plays only then); their approximation is named in
:mod:`trainer.engine.banker.face_down`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drills.base import Grade, InvalidAnswerError, InvalidQuestionError, Question
from drills.dealing.table_words import cards_words
from drills.method3_figures import banker_fixed_point
from drills.refusals import BUST_OR_21, CARDS_NOT_CARDS, not_allowed
from drills.strategy_chart import PLAY_KEYS, offered
from trainer.engine.banker.face_down import face_down_game
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand, InvalidHandError
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, N_plural, cost_percent, plural, quoted, say
from trainer.words import signed as signed_number

__all__ = [
    "FACE_DOWN_KEYS",
    "FaceDownPlay",
    "grade",
    "is_face_down",
    "notation_of",
    "question",
    "read_hand",
    "skill",
]

WORDS = {"H": "draw", "S": "stand"}
# The answer keys at 004, where a punter draws (the word of the game's text), in button order.
FACE_DOWN_KEYS: dict[str, str] = {**PLAY_KEYS, "H": "Draw"}
# The interpretation a verdict at 004's deal depends on, named as the rules page names it.
SIGHT = N_("(as the rules page reads the text under “Who sees what”: no card is shown)")
_NOTATION_RE = re.compile(r"(?P<hand>(?:[2-9TJQKA][SHDC] ){2,12})v \?")
_TIE = 1e-9


def is_face_down(notation: str) -> bool:
    """Whether a table decision's notation shows no banker card (``v ?``)."""
    return (notation or "").endswith(" v ?")


def notation_of(cards: tuple[Card, ...]) -> str:
    """The notation of a punter's decision with no banker card shown."""
    return " ".join(str(card) for card in cards) + " v ?"


@dataclass(frozen=True)
class FaceDownPlay:
    hand: Hand
    evs: dict[str, float]  # "S" and "H", per unit staked, given no banker's dealt 21
    right: str

    @property
    def drawn(self) -> int:
        return len(self.hand) - 2

    def cost(self, answer: str) -> float:
        return max(self.evs[self.right] - self.evs.get(answer, self.evs[self.right]), 0.0)


def work_out(notation: str, rules: Rules) -> FaceDownPlay:
    """:raises InvalidQuestionError: for a notation the table could not have written.
    :raises GamePendingError: while the banker's fixed point is not worked out (a job's)."""
    hand = read_hand(notation, rules)
    key = tuple(sorted(card.value for card in hand.cards))
    values = banker_fixed_point(rules).punter.values.get(key)  # never worked out here
    if values is None:
        raise InvalidQuestionError.said_as(N_("no punter holds these cards at this table"))
    stand, hit = values
    evs = {"S": stand, "H": hit}
    return FaceDownPlay(hand, evs, "H" if hit > stand + _TIE else "S")


def read_hand(notation: str, rules: Rules) -> Hand:
    """The punter's hand a decision names, read without the banker's figures (whether a punter
    playing his best chart holds it is :func:`work_out`'s check).

    :raises InvalidQuestionError: for a notation the table could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a decision with no banker card shown names the punter's hand only")
        )
    if not face_down_game(rules):
        raise InvalidQuestionError.said_as(
            N_("the banker's card is hidden only where every card is dealt face down (text "
               "004's deal)")
        )  # fmt: skip
    try:
        hand = Hand.parse(match["hand"])
    except InvalidHandError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    most = rules.max_draws
    if hand.is_bust or hand.total >= 21 or is_natural(hand.cards):
        raise InvalidQuestionError.said_as(BUST_OR_21)
    if most is not None and len(hand) - 2 >= most:
        raise InvalidQuestionError.said_plural(
            N_plural("a hand draws %(count)s card at most under these rules",
                     "a hand draws %(count)s cards at most under these rules"),
            most,
        )  # fmt: skip
    return hand


def question(notation: str, rules: Rules) -> Question:
    worked = work_out(notation, rules)
    view: dict[str, Any] = {
        "hand": worked.hand,
        "up": None,
        "split_hands": 0,
        "keys": [
            (key, label, key in WORDS) for key, label in offered(FACE_DOWN_KEYS, rules).items()
        ],
    }
    return Question(notation=notation, prompt=say("Your play?"), view=view)


def _row(hand: Hand) -> str:
    return f"{'soft' if hand.is_soft else 'hard'} {hand.total}"


def skill(notation: str, rules: Rules) -> str:
    """``"russian-bank: hard 16, no banker card"``, ``"...: hard 15, no banker card, 1 drawn"``."""
    worked = work_out(notation, rules)
    text = f"{rules.notation()}: {_row(worked.hand)}, no banker card"
    return text + (f", {worked.drawn} drawn" if worked.drawn else "")


def explain(worked: FaceDownPlay, answer: str) -> str:
    """One short sentence of why (the two plays' worth, the better one first, in the word the
    heading uses: draw or stand), then the working for "Details": the hand, the chart and the
    reading of the text it depends on."""
    hand = worked.hand
    stand = signed_number(worked.evs["S"] * 100, 2)
    draw = signed_number(worked.evs["H"] * 100, 2)
    if worked.right == "H":
        why = say("Drawing is worth %(draw)s%% of the bet here, standing %(stand)s%%.",
                  draw=draw, stand=stand)  # fmt: skip
    else:
        why = say("Standing is worth %(stand)s%% of the bet here, drawing %(draw)s%%.",
                  draw=draw, stand=stand)  # fmt: skip
    # The hand, then how its play is worked out (which says no banker card is shown: the two
    # said it twice, a walk).
    if worked.drawn == 0:
        held = say("Your %(row)s (%(cards)s) on your two dealt cards:",
                   row=_row_words(hand), cards=cards_words(hand.cards))  # fmt: skip
    else:
        held = plural(
            "Your %(row)s (%(cards)s) after %(count)s card drawn:",
            "Your %(row)s (%(cards)s) after %(count)s cards drawn:",
            worked.drawn, row=_row_words(hand), cards=cards_words(hand.cards),
        )  # fmt: skip
    how = say(
        "the play comes from the punters' chart of one column, worked out against the banker "
        "who plays his best and reads how many cards you drew. No banker card is shown at "
        "this game, as the rules page reads the text under “Who sees what”."
    )
    text = f"{why}\n{held} {how}"
    cost = worked.cost(answer)
    if answer != worked.right and cost > 0:
        text += " " + say("To %(play)s costs %(percent)s%% of the bet.",
                          play=say(_VERBS[answer]), percent=cost_percent(cost))  # fmt: skip
    return text


_VERBS = {"H": N_("draw"), "S": N_("stand")}


def _row_words(hand: Hand) -> str:
    if hand.is_soft:
        return say("soft %(total)s", total=hand.total)
    return say("hard %(total)s", total=hand.total)


def grade(notation: str, answer_text: str, rules: Rules) -> Grade:
    worked = work_out(notation, rules)
    answer = (answer_text or "").strip().upper()
    if answer not in PLAY_KEYS:
        raise InvalidAnswerError(
            say(
                "Answer with one of the plays on the buttons; %(answer)s is not one of them.",
                answer=quoted(answer_text),
            )
        )
    if answer not in WORDS:
        raise not_allowed(answer)
    tie = abs(worked.evs["H"] - worked.evs["S"]) <= _TIE
    return Grade(
        correct=answer == worked.right or tie,
        answer=answer,
        right_answer=worked.right,
        explanation=explain(worked, answer),
        ev_cost=Fraction(f"{worked.cost(answer):.6f}"),
    )


def right_ev(notation: str, rules: Rules) -> float:
    """The right play's EV per unit staked, for luck and skill."""
    worked = work_out(notation, rules)
    return worked.evs[worked.right]
