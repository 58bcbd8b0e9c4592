"""Table dealing: the learner holding the deal or the bank (002 home, 004), each of the
dealer's choices graded by what it is worth to the bank; and, the deal passed on at 002 home,
the learner's redouble as a punter, graded by what it is worth to them.

These questions are asked at the table (``/table``: :class:`~drills.base.AskedAtTable`); each is an
attempt like any other, re-drilled from the mistakes page. Two kinds, each notation holding
everything the grade needs (the rules are the attempt's):

- a draw or a stand at the dealer's turn: the dealer's cards, each punter's hand still
  standing as the dealer sees it (``?`` a face-down card, its stake, ``split`` for a split
  hand) and the cards he has not seen, by value (ace first, tens last)::

      draw TS 6H against ? 5C stake 1; 8H 8D stake 2 split; unseen 3 4 4 3 4 4 4 3 4 12

  graded by :func:`trainer.engine.banker.dealer_choice.draw_evs`: standing now against drawing one
  card and then choosing best;
- doubling every bet (002 deal method 3), from the dealer's first card, the punters' stakes
  before the double and, two or more, how many (the figures are one punter's: the verdict
  says so)::

      double 7S stakes 3 punters 3

  graded by :func:`trainer.engine.banker.doubling.double_evs`;
- a punter's redouble after the dealer doubled (002 deal method 3), from the punter's first
  card and his stake after the double::

      redouble AS stake 2

  graded by :func:`trainer.engine.banker.doubling.redouble_evs` (each names its approximations).

The cost of a wrong choice is the expectation given up: the bank's in bets of the table
minimum, the punter's own (a redouble) in bets of his stake, as a play's is of the hand's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

from drills.base import (
    AskedAtTable,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    Question,
    cost_of_bet,
)
from drills.base import LearnerState as LearnerState
from drills.bet_sizing import minimums
from drills.caches import Caches
from drills.face_down_play import SIGHT
from drills.method3_figures import game_ready
from drills.refusals import CARDS_NOT_CARDS
from drills.skill_words import rules_and_rest
from drills.table_dealing_grades import (
    KEYS,
    TIE,
    grade_double,
    grade_redouble,
    graded,
    money_words,
)
from trainer.engine.banker.dealer_choice import StandingHand, draw_evs, unseen_values
from trainer.engine.banker.doubling import double_evs
from trainer.engine.banker.face_down import bank_draw_evs, face_down_game
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.hand import Hand
from trainer.engine.play.round import Round
from trainer.engine.play.settlement import RoundResult, hand_total, is_natural
from trainer.engine.play.table_game import Ask
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, N_plural, money, number, plural, quoted, say

__all__ = [
    "DRILL",
    "KEYS",
    "SLUG",
    "TableDealing",
    "bank_ev",
    "dealer_grade",
    "dealer_notation",
    "double_notation",
    "redouble_notation",
    "settled_at_once",
    "standing_hands",
]

SLUG = "table-dealing"
_LABELS = {"H": "Draw a card", "S": "Stand", "D": "Double every bet", "N": "Do not double"}
_REDOUBLE_LABELS = {"D": "Double your stake again", "N": "Do not redouble"}
# The answers as stored ("draw") in words, neither the other's negation ("no double, not double").
_ANSWER_WORDS = {"draw": N_("draw"), "stand": N_("stand"), "double": N_("double every bet"),
                 "no double": N_("leave the bets as they are"),
                 "redouble": N_("double your stake again"),
                 "no redouble": N_("leave your stake as it is")}  # fmt: skip
_MAX_LENGTH = 700
_CARD = r"[2-9TJQKA][SHDC]"
_STAKE = r"\d{1,9}(?:/\d{1,9})?"
_DRAW_RE = re.compile(
    rf"draw (?P<dealer>(?:{_CARD} ){{2,11}})against (?P<hands>.*?)"
    r"unseen (?P<unseen>(?:\d{1,3} ){9}\d{1,3})"
)
_HAND_RE = re.compile(
    rf"(?P<cards>(?:(?:\?|{_CARD}) ){{1,11}})stake (?P<stake>{_STAKE})(?P<split> split)?"
)
_PUNTERS = r"(?: punters (?P<punters>[2-9]|1[0-9]))?"
_DOUBLE_RE = re.compile(rf"double (?P<first>{_CARD}) stakes (?P<stakes>{_STAKE}){_PUNTERS}")
_REDOUBLE_RE = re.compile(rf"redouble (?P<first>{_CARD}) stake (?P<stake>{_STAKE})")


def standing_hands(round_: Round) -> list[StandingHand]:
    """The punters' hands still standing against the dealer, as the dealer sees them."""
    standing = []
    for seat in range(round_.seat_count):
        faces = round_.shown_in_play(seat)
        hands = round_.hands(seat)
        for hand, shown, stake in zip(hands, faces, round_.stakes(seat), strict=True):
            cards = hand.cards
            split = len(hands) > 1
            if hand.total > 21:
                continue  # a bust is shown and settled at once
            if face_down_game(round_.rules):  # 004 as dealt: the cards count, not shown
                standing.append(StandingHand((), len(cards), stake, split))
                continue
            if is_natural(cards, split=split):
                continue  # a natural is shown and settled at once
            seen = tuple(card for card, up in zip(cards, shown, strict=True) if up)
            standing.append(StandingHand(seen, len(cards) - len(seen), stake, split))
    return standing


def dealer_notation(rules: Rules, ask: Ask) -> str | None:
    """The notation of the dealer's draw-or-stand where ``ask`` stops at his turn (None for
    any other step, and where every card of the pack has been seen, or every card but the
    punters' face-down ones: a draw would come from the discards, shuffled again, which the
    dealer's EVs do not price)."""
    round_ = ask.round
    if ask.kind != "draw" or round_ is None:
        return None
    standing = standing_hands(round_)
    hands = "; ".join(
        " ".join(["?"] * hand.hidden + [str(card) for card in hand.shown])
        + f" stake {hand.stake}"
        + (" split" if hand.split else "")
        for hand in standing
    )
    left = unseen_values(rules, ask.seen)
    # The pack used up but for the punters' face-down cards: a draw comes from the discards,
    # shuffled again, which these EVs do not price.
    if sum(left) <= sum(hand.hidden for hand in standing):
        return None
    unseen = " ".join(str(n) for n in left)
    dealer = " ".join(str(card) for card in round_.dealer_cards)
    return f"draw {dealer} against {hands + '; ' if hands else ''}unseen {unseen}"


def double_notation(ask: Ask) -> str | None:
    """The notation of the dealer's choice to double every bet where ``ask`` waits for it
    (the dealer's first card, the punters' stakes before the double), or None."""
    round_ = ask.round
    if ask.kind != "double" or round_ is None or not round_.dealer_cards:
        return None
    stakes = sum((sum(round_.stakes(seat)) for seat in range(round_.seat_count)), Fraction(0))
    punters = sum(1 for seat in range(round_.seat_count) if sum(round_.stakes(seat)))
    table = f" punters {punters}" if punters > 1 else ""
    return f"double {round_.dealer_cards[0]} stakes {stakes}{table}"


def redouble_notation(ask: Ask) -> str | None:
    """The notation of a punter's redouble where ``ask`` waits for it (his first card, his
    stake after the dealer's double), or None."""
    round_ = ask.round
    if ask.kind != "redouble" or round_ is None or ask.seat is None:
        return None
    first = round_.hands(ask.seat)[0].cards[0]
    return f"redouble {first} stake {sum(round_.stakes(ask.seat), Fraction(0))}"


@dataclass(frozen=True)
class DrawQuestion:
    dealer: tuple[Card, ...]
    hands: tuple[StandingHand, ...]
    unseen: tuple[int, ...]


def _stake(text: str) -> Fraction:
    stake = Fraction(text)  # the pattern allows digits and one slash only
    if stake <= 0 or stake > 10**9:
        raise InvalidQuestionError.said_as(
            N_("a stake of the question is above 0 and at most %(most)s"), most=number(10**9)
        )
    return stake


def _cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(word) for word in text.split())
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None


def read_draw(notation: str, rules: Rules) -> DrawQuestion:
    """:raises InvalidQuestionError: for a notation the table could not have written."""
    match = _DRAW_RE.fullmatch(notation) if len(notation) <= _MAX_LENGTH else None
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a dealer's draw names the dealer's cards, each punter's cards and stake, and the "
               "cards unseen")
        )  # fmt: skip
    dealer = _cards(match["dealer"])
    hands = []
    for text in [part for part in match["hands"].split("; ") if part][:24]:
        found = _HAND_RE.fullmatch(text.strip())
        if found is None:
            raise InvalidQuestionError.said_as(
                N_("a punter's hand of the question does not name its cards and its stake")
            )
        words = found["cards"].split()
        hidden = words.count("?")
        if face_down_game(rules):
            if hidden != len(words) or not 2 <= hidden <= 2 + (rules.max_draws or 9):
                raise InvalidQuestionError.said_as(
                    N_("at this game every punter's card is face down: two dealt, and at most "
                       "the draws allowed")
                )  # fmt: skip
        elif hidden > 1 or (hidden and words[0] != "?"):
            raise InvalidQuestionError.said_as(
                N_("a punter's hand has one face-down card at most, its first")
            )
        shown = _cards(" ".join(word for word in words if word != "?"))
        hands.append(StandingHand(shown, hidden, _stake(found["stake"]), bool(found["split"])))
    unseen = tuple(int(n) for n in match["unseen"].split())
    _check_cards(rules, dealer, hands, unseen)
    return DrawQuestion(dealer, tuple(hands), unseen)


def _check_cards(
    rules: Rules, dealer: tuple[Card, ...], hands: list[StandingHand], unseen: tuple[int, ...]
) -> None:
    if hand_total(dealer) >= 21:
        raise InvalidQuestionError.said_as(N_("the dealer draws only below 21"))
    if rules.max_draws is not None and len(dealer) - 2 >= rules.max_draws:
        raise InvalidQuestionError.said_plural(
            N_plural("the dealer draws %(count)s card at most under these rules",
                     "the dealer draws %(count)s cards at most under these rules"),
            rules.max_draws,
        )  # fmt: skip
    shown = [*dealer, *(card for hand in hands for card in hand.shown)]
    left = unseen_values(rules, shown)
    for have, most in zip(unseen, left, strict=True):
        if have > most:
            raise InvalidQuestionError.said_as(
                N_("more cards of one value are unseen than the pack holds beside those shown")
            )
    if sum(unseen) < 1 or sum(unseen) < sum(hand.hidden for hand in hands):
        raise InvalidQuestionError.said_as(
            N_("too few cards are unseen for the face-down cards and a draw")
        )
    for hand in hands:
        if hand.shown and hand_total(hand.shown) > 21:
            raise InvalidQuestionError.said_as(
                N_("a bust hand is settled at once, not played against")
            )


def read_double(notation: str) -> tuple[Card, Fraction, int]:
    """The dealer's first card, the stakes and the punters (1 where none are named); raises
    InvalidQuestionError for a notation the table could not have written."""
    match = _DOUBLE_RE.fullmatch(notation)
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a dealer's double names the dealer's first card and the stakes")
        )
    return _cards(match["first"])[0], _stake(match["stakes"]), int(match["punters"] or 1)


def read_redouble(notation: str, rules: Rules) -> tuple[Card, Fraction]:
    """:raises InvalidQuestionError: for a notation the table could not have written."""
    if rules.deal_method != 3:
        raise InvalidQuestionError.said_as(
            N_("a punter redoubles only where the dealer may double the bets (text 002's "
               "third way of dealing)")
        )  # fmt: skip
    match = _REDOUBLE_RE.fullmatch(notation)
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a punter's redouble names the punter's first card and the stake")
        )
    return _cards(match["first"])[0], _stake(match["stake"])


def kind_of(notation: str) -> str:
    """``draw``, ``double`` or ``redouble``: the kind of the question."""
    kind = (notation or "").split(" ", 1)[0]
    if kind not in KEYS or len(notation) > _MAX_LENGTH:
        raise InvalidQuestionError.said_as(
            N_("a dealing choice is a dealer's draw, a dealer's double or a punter's redouble")
        )
    return kind


# A choice's key as :meth:`TableDealing.skill` writes it (after its rules), and its words.
_SKILL_RE = re.compile(
    r"^(?:the bank's (?P<total>[0-9]{1,2})"
    r"|(?P<word>doubling|redoubling) on (?P<card>A|[0-9]{1,2}))$"
)
_DOUBLING = {
    ("doubling", False): N_("doubling on %(card)s"),
    ("doubling", True): N_("doubling on A"),
    ("redoubling", False): N_("redoubling on %(card)s"),
    ("redoubling", True): N_("redoubling on A"),
}


@lru_cache(maxsize=256)
def _draw_evs(notation: str, rules: Rules) -> dict[str, float]:
    """What standing and drawing are worth to the bank (worked out once a notation: a step is
    graded, then priced for luck and skill)."""
    question = read_draw(notation, rules)
    if face_down_game(rules):
        seen = [(float(hand.stake), hand.hidden - 2) for hand in question.hands]
        return bank_draw_evs(rules, [card.value for card in question.dealer], seen)
    return draw_evs(rules, question.dealer, question.hands, question.unseen)


def bank_ev(notation: str, rules: Rules) -> float:
    """What the right choice is worth to the bank, in money (for luck and skill): doubling
    the bets, the whole round's expectation; at the dealer's turn, that of the hands still
    standing (the busts and naturals are settled already: :func:`settled_at_once`)."""
    game_ready(rules)  # the game's figures, never worked out in a request
    if kind_of(notation) == "double":
        first, stakes, _ = read_double(notation)
        return max(double_evs(rules, first.value, float(stakes)).values())
    return max(_draw_evs(notation, rules).values())


def settled_at_once(result: RoundResult, rules: Rules) -> Fraction:
    """The bank's net of the punters' hands settled before the dealer's turn (a bust, a
    natural), as :func:`standing_hands` leaves them out (at 004 as dealt a natural is not
    shown: the banker plays against it, so only the busts). The rules are needed: without
    them a face-down natural would be counted twice, here and in :func:`bank_ev`."""
    hidden = face_down_game(rules)
    return -sum(
        (
            hand.net
            for seat in result.seats
            for hand in seat.hands
            if hand.total > 21 or (not hidden and is_natural(hand.cards, split=hand.split))
        ),
        Fraction(0),
    )


def _grade_draw(notation: str, answer: str, rules: Rules) -> Grade:
    question = read_draw(notation, rules)
    evs = _draw_evs(notation, rules)
    count = len(question.hands)
    if face_down_game(rules):
        reading = say(
            "reading each punter by his stake and how many cards he drew, against the punters' "
            "best play by the chart of one column %(sight)s",
            sight=say(SIGHT),
        )
    elif any(hand.hidden for hand in question.hands):
        reading = say("counting the punters' face-down cards among the cards you have not seen")
    else:
        reading = say("against the punters' cards as the table shows them")
    # The why in one short sentence; how the two were worked out behind Details (the whole
    # was one sentence of some 60 words at 004, the verdict's why: a walk).
    held = Hand(tuple(question.dealer))
    # A soft total said so, as the table shows it («мягкие 19» above «При вашей сумме 19»).
    one, many = _DRAW_WHY[held.is_soft]
    why = plural(
        one, many, count, total=held.total, stand=money_words(evs["S"]), draw=money_words(evs["H"])
    )
    why += " " + say(
        "Drawing is one card and then the best choice; both are worked out %(reading)s.",
        reading=reading,
    )
    if abs(evs["S"] - evs["H"]) <= TIE:  # the bank's money either way: say so, and in what
        why += " " + say(
            "Both are worth the same to the bank here (%(value)s in chips), so neither costs "
            "anything.",
            value=money_words(evs["S"]),
        )
    return graded("draw", evs, answer, why, rules.min_bet)


_DRAW_WHY = {
    False: N_plural(
        "On your %(total)s against %(count)s hand still standing, standing is worth %(stand)s "
        "to the bank and drawing %(draw)s, in chips.",
        "On your %(total)s against %(count)s hands still standing, standing is worth "
        "%(stand)s to the bank and drawing %(draw)s, in chips.",
    ),
    True: N_plural(
        "On your soft %(total)s against %(count)s hand still standing, standing is worth "
        "%(stand)s to the bank and drawing %(draw)s, in chips.",
        "On your soft %(total)s against %(count)s hands still standing, standing is worth "
        "%(stand)s to the bank and drawing %(draw)s, in chips.",
    ),
}


class TableDealing(Drill, AskedAtTable):
    slug = SLUG
    title = N_("Table dealing")
    description = N_(
        "Every choice you make holding the deal or the bank (doubling the bets, drawing or "
        "standing), graded by what it is worth to the bank, and your redoubles as a punter: "
        "re-drill the ones you got wrong."
    )
    template = "drills/table_play.html"  # one page for the table's drills
    choice_word = "choice"

    def cost_said(self, cost: Fraction, question: str = "") -> str:
        """The bank's choices in table minimums, as the table's verdict prices them (the
        mistakes page said "13.13% of the bet" for the table's "13.13% of the minimum"); a
        punter's redouble as a share of his stake."""
        if question.startswith(("draw ", "double ")):
            return minimums(cost)
        return cost_of_bet(cost)

    situation_template = "drills/_table_dealing_situation.html"

    @staticmethod
    def lead(rules: Rules) -> str:
        """The drill's lead at ``rules``: the bets are doubled and redoubled at 002's deal method
        3 only (at 004 the lead spoke of doubling the bets and redoubles: a walk)."""
        if rules.deal_method == 3:  # 002 home: the deal, no bank ("the deal or the bank")
            return say(
                "Every choice you make holding the deal (doubling the bets, drawing or "
                "standing), graded by what it is worth to the bank, and your redoubles as a "
                "punter: re-drill the ones you got wrong."
            )
        return say(
            "Every choice you make holding the bank (drawing or standing), graded by what it is "
            "worth to the bank: re-drill the ones you got wrong."
        )

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        kind = kind_of(notation)
        labels = _REDOUBLE_LABELS if kind == "redouble" else _LABELS
        keys = [(key, labels[key], True) for key in KEYS[kind]]
        said = {answer: say(_ANSWER_WORDS[answer]) for answer in KEYS[kind].values()}
        view: dict[str, Any] = {"kind": kind, "keys": keys, "answer_words": said}
        if kind == "redouble":
            first, stake = read_redouble(notation, rules)
            view.update(first=first, stakes=money(stake))
            return Question(notation=notation, prompt=say("Redouble your stake?"), view=view)
        if kind == "double":
            first, stakes, _ = read_double(notation)
            view.update(first=first, stakes=money(stakes))
            return Question(notation=notation, prompt=say("Double every bet?"), view=view)
        found = read_draw(notation, rules)
        view.update(
            dealer=found.dealer,
            total=hand_total(found.dealer),
            hands=[(hand.hidden, hand.shown, money(hand.stake)) for hand in found.hands],
            unseen=sum(found.unseen),
            bank=rules.players_bank,  # 004: the learner holds the bank
        )
        return Question(notation=notation, prompt=say("Draw or stand?"), view=view)

    def skill(self, notation: str, rules: Rules) -> str:
        """The dealer's total (or first card, doubling) under these rules
        (``"russian-bank: the bank's 16"``, ``"twenty-one-home: doubling on 7"``)."""
        kind = kind_of(notation)
        if kind in ("double", "redouble"):
            read = read_double(notation) if kind == "double" else read_redouble(notation, rules)
            first = read[0]
            value = "A" if first.value == 1 else first.value
            word = "doubling" if kind == "double" else "redoubling"
            return f"{rules.notation()}: {word} on {value}"
        return f"{rules.notation()}: the bank's {hand_total(read_draw(notation, rules).dealer)}"

    def skill_words(self, key: str) -> str:
        """A choice's key (:meth:`skill`) in the learner's words: ``"the bank's 16 (...)"``,
        ``"doubling on 7 (...)"``."""
        rules, rest = rules_and_rest(key)
        found = _SKILL_RE.match(rest)
        if rules is None or found is None:
            return super().skill_words(key)
        if found["total"] is not None:
            said = say("the bank's %(total)s", total=number(int(found["total"])))
        else:
            said = say(_DOUBLING[found["word"], found["card"] == "A"], card=found["card"])
        return f"{said} ({short_summary(rules)})"

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:10].strip()

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        kind = kind_of(notation)
        text = (answer_text or "").strip()
        answer = KEYS[kind].get(text.upper(), text.lower())
        if answer not in KEYS[kind].values():
            one, other = KEYS[kind]
            raise InvalidAnswerError(
                say(
                    "Answer with %(first)s or %(second)s; %(typed)s is not.",
                    first=one,
                    second=other,
                    typed=quoted(answer_text[:10]),
                )  # fmt: skip
            )
        # A double's or a redouble's notation is read (and refused) before the game's figures
        # are asked for: a stake of 0 read as "being worked out" on a cold cache.
        if kind == "double":
            graded = partial(grade_double, *read_double(notation))
        elif kind == "redouble":
            graded = partial(grade_redouble, *read_redouble(notation, rules))
        else:
            graded = partial(_grade_draw, notation)
        game_ready(rules)  # 004's banker, 002's method 3: never worked out in a request
        return graded(answer, rules)


DRILL = TableDealing()


def dealer_grade(rules: Rules, ask: Ask, step: str) -> Grade | None:
    """The grade of the dealer's step ``step`` (``draw``/``stand``, ``double 1/0``) where
    ``ask`` waits for it; None for any other step."""
    notation = dealer_notation(rules, ask) or double_notation(ask) or redouble_notation(ask)
    answer = {
        "draw": "H",
        "stand": "S",
        "double 1": "D",
        "double 0": "N",
        "redouble 1": "D",
        "redouble 0": "N",
    }.get(step)
    if notation is None or answer is None or answer not in KEYS[kind_of(notation)]:
        return None
    return DRILL.grade(notation, answer, rules)


def dealer_step(ask_kind: str, letter: str) -> str | None:
    """The step a dealer's key sends where the table waits at ``ask_kind``."""
    if ask_kind == "deal":
        return "deal"
    if ask_kind == "double":
        return {"D": "double 1", "N": "double 0"}.get(letter)
    if ask_kind == "draw":
        return {"H": "draw", "S": "stand"}.get(letter)
    if ask_kind == "redouble":
        return {"D": "redouble 1", "N": "redouble 0"}.get(letter)
    return None
