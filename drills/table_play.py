"""Table play: one decision at a table, any hand (three cards or more, a split hand), graded by
basic strategy or, where the count is given, by the computed index at the learner's count.

Asked at the table (:class:`~drills.base.AskedAtTable`), one per decision of the learner's
boxes, each an attempt like any other, re-drilled from the mistakes page.

Notation: the hand and the dealer's up card, how many hands the box holds after a split, and,
where deviations are graded, the count as the learner keeps it (system, true-count rounding,
the running count with every card seen counted, the cards in the discard tray)::

    TS 3H 3C v TD
    8S 3D v 6H split 2
    TS 6H v TD hi-lo floor half rc +7 played 130
    TS 6H v ?                 # 004 as its text deals it: no banker card (drills.face_down_play)

The right play: the chart's (its cell's code, by the pair row while the pair may be split,
else by total, with the chart's exceptions for three cards or more and for split hands), the
first of its letters the hand may play. With a count, a cell with an index plays it at the
true count the learner's rounding gives (unbalanced: the running count); the chart's play for
cards apart from their total too (:func:`plays_the_chart`). The EVs: the engine's for these
cards (:func:`trainer.engine.strategy.action_evs`), at an index cell at the count
(:func:`trainer.engine.indices.reading.evs_as_read`); a split hand's, its cards dealt fresh.
Long because a decision's reading, its working and its words share one private record.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from drills import face_down_play, method3_quiz, method3_reading
from drills.base import (
    AnswersByKey,
    AskedAtTable,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    Question,
)
from drills.base import LearnerState as LearnerState
from drills.caches import Caches
from drills.card_values import against_words
from drills.count_study import COUNT, PLAYED, ROUNDING, SYSTEM, rounding_words, signed, study_for
from drills.hand_totals import total_words
from drills.method3_quiz import double_words
from drills.method3_reading import NOTHING_MORE, Reading
from drills.play_why import play_why
from drills.refusals import BUST_OR_21, CARDS_NOT_CARDS, not_allowed
from drills.strategy_chart import PLAY_KEYS, chart_for, offered, pair_words
from drills.table_count import TableCount, evs_at, read_count
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.hand import Hand, InvalidHandError, Situation
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.legality import (
    NATURAL_EARLY,
    early_surrender_offered,
    why_not_double,
    why_not_hit,
    why_not_split,
    why_not_surrender,
)
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import InvalidSituationError, action_evs
from trainer.engine.strategy.dealer import full_shoe
from trainer.words import N_, number, plural, quoted, say
from trainer.words import signed as signed_number

__all__ = ["DRILL", "SLUG", "TablePlay", "notation_of", "work_out"]

SLUG = "table-play"
WORDS = {"H": N_("hit"), "S": N_("stand"), "D": N_("double"), "P": N_("split"),
         "R": N_("surrender")}  # fmt: skip
_TIE = 1e-9
_APART = N_("The chart plays these cards apart from their total: %(play)s; the index is the "
            "total's, not theirs, so both plays are right.")  # fmt: skip
_NOTATION_RE = re.compile(
    r"(?P<hand>(?:[2-9TJQKA][SHDC] ){2,11})v (?P<up>[2-9TJQKA][SHDC])"
    r"(?: split (?P<hands>[2-8]))?"
    rf"(?: {SYSTEM} {ROUNDING} rc {COUNT} {PLAYED})?{method3_reading.PATTERN}"
    r"(?P<doubled> (?:not )?doubled)?"  # 002's method 3: whether the dealer doubled
)


def notation_of(
    cards: tuple[Card, ...],
    up: Card,
    split_hands: int = 0,
    count: TableCount | None = None,
    doubled: bool | None = None,
    reading: Reading = NOTHING_MORE,
) -> str:
    """The notation of one decision (``split_hands``: the hands on the box after a split;
    ``doubled``: at 002's method 3, whether the dealer doubled; ``reading``: what else the
    punter has seen there)."""
    text = " ".join(str(card) for card in cards) + f" v {up}"
    if split_hands:
        text += f" split {split_hands}"
    text += count.suffix() if count is not None else ""
    return text + (reading.suffix() + method3_quiz.suffix(doubled) if doubled is not None else "")


@dataclass(frozen=True)
class Decision:
    situation: Situation
    split_hands: int
    count: TableCount | None
    doubled: bool | None = None  # 002's method 3: whether the dealer doubled
    reading: Reading = NOTHING_MORE  # and what else the punter has seen there

    @property
    def split(self) -> bool:
        return self.split_hands > 0


def read_decision(notation: str, rules: Rules) -> Decision:
    """:raises InvalidQuestionError: for a notation the table could not have written."""
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a table decision names the hand and the dealer's up card (and the count, where "
               "one is kept)")
        )  # fmt: skip
    try:
        hand = Hand.parse(match["hand"])
        up = Card.parse(match["up"])
    except (InvalidCardError, InvalidHandError) as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    hands = int(match["hands"]) if match["hands"] else 0
    natural = not hands and is_natural(hand.cards)
    if natural and not early_surrender_offered(rules, up.value):
        raise InvalidQuestionError.said_as(
            N_("a natural has no play to choose, except early surrender before the peek")
        )
    if hand.is_bust or (hand.total == 21 and not natural):
        raise InvalidQuestionError.said_as(BUST_OR_21)
    count = None
    if match["system"]:
        count = read_count(match, rules)
    if hands > rules.max_split_hands:
        raise InvalidQuestionError.said_as(
            N_("these rules split to %(most)s hands at most"), most=number(rules.max_split_hands)
        )
    doubled = None if match["doubled"] is None else not match["doubled"].startswith(" not")
    if doubled is not None and not method3_quiz.reads_the_double(rules):
        raise InvalidQuestionError.said_as(N_("only 002's deal method 3 has the dealer double"))
    if match["punters"] and doubled is None:
        raise InvalidQuestionError.said_as(N_("only 002's deal method 3 has the dealer double"))
    reading = method3_reading.read_reading(match["punters"], match["seen"], rules)
    return Decision(Situation(hand, up), hands, count, doubled, reading)


def asked_early(rules: Rules, decision: Decision) -> bool:
    """Whether the decision is asked before the dealer checks for a natural (early surrender:
    a box's two first cards against a ten or an ace, where the dealer peeks)."""
    situation = decision.situation
    two = len(situation.hand) == 2 and not decision.split
    return two and early_surrender_offered(rules, situation.up.value)


def _is_natural(decision: Decision) -> bool:
    return not decision.split and is_natural(decision.situation.hand.cards)


def legal_plays(rules: Rules, decision: Decision) -> dict[str, str | None]:
    """Each play's letter and why it is not allowed (``None``: allowed)."""
    hand, up = decision.situation.hand, decision.situation.up
    cards = hand.cards
    if _is_natural(decision):  # asked early surrender: it stands, or surrenders
        surrender = why_not_surrender(rules, 2, up.value)
        return {
            "H": NATURAL_EARLY,
            "S": None,
            "D": NATURAL_EARLY,
            "P": NATURAL_EARLY,
            "R": surrender,
        }
    split_ace = decision.split and cards[0].value == 1
    reasons: dict[str, str | None] = {
        "H": why_not_hit(rules, len(cards), split_ace=split_ace),
        "S": None,
        "D": why_not_double(
            rules, len(cards), hand.total, hand.is_soft, split=decision.split, split_ace=split_ace
        ),
        "P": why_not_split(
            rules,
            len(cards),
            cards[0].value,
            cards[1].value,
            same_rank=len(cards) == 2 and cards[0].rank is cards[1].rank,
            hands_on_box=max(decision.split_hands, 1),
        )
        if len(cards) == 2
        else "split: only a two-card pair may be split",
        "R": why_not_surrender(
            rules,
            len(cards),
            up.value,
            acted=len(cards) > 2,
            split=decision.split,
            hands_on_box=max(decision.split_hands, 1),
        ),
    }
    return reasons


def _cell(hand: Hand, legal: Mapping[str, str | None]) -> tuple[str, str]:
    """The chart's (section, row) the hand is played by."""
    cards = hand.cards
    if len(cards) == 2 and legal["P"] is None:
        value = cards[0].value
        label = "A" if value == 1 else str(value)
        return "pairs", f"{label}-{label}"
    if hand.is_soft and 12 <= hand.total <= 21:  # soft 12: two aces not to be split
        return "soft", str(hand.total)
    return "hard", str(min(max(hand.total, 5), 21))


def _first_legal(code: str, legal: Mapping[str, str | None], total: int) -> str:
    for letter in code.split("/"):
        if legal.get(letter[:1]) is None and letter[:1] in legal:
            return letter[:1]
    return "S" if total >= 17 else "H"


@dataclass(frozen=True)
class Worked:
    decision: Decision
    cell: tuple[str, str, str]  # section, row, up
    code: str  # the chart's code, exceptions applied
    basic: str
    right: str
    index: tuple[tuple[str, int, str], ...]  # the cell's index plays (play, index, when), or ()
    count: Fraction | None  # the count played by
    legal: frozenset[str]
    evs: dict[str, float]
    evs_at_count: bool
    by_cards: bool = False  # cards apart from their total, with EVs at the count (not the index's)
    doubling: tuple[float, ...] = ()  # 002's method 3: the dealer's chances to double
    unread: str | None = None  # and the play the double alone gives, where the table changes it
    apart: bool = False  # the chart plays these cards apart from their total (its exception)

    @property
    def decision_notation(self) -> str:
        situation = self.decision.situation
        decision = self.decision
        return notation_of(
            situation.hand.cards, situation.up, decision.split_hands, decision.count,
            decision.doubled, decision.reading,
        )  # fmt: skip

    def cost(self, answer: str) -> float:
        if answer == self.right or answer not in self.evs or self.right not in self.evs:
            return 0.0
        return max(self.evs[self.right] - self.evs[answer], 0.0)


def right_ev(worked: Worked, rules: Rules) -> float | None:
    """The right play's EV per bet as the table asked it, for luck and skill: the engine's,
    but before the peek (early surrender) over every hole card, the dealer's natural too (the
    EV times P(no natural), less P(natural) times what it collects; a natural's already is)."""
    value = worked.evs.get(worked.right)
    if value is None or not asked_early(rules, worked.decision) or _is_natural(worked.decision):
        return value
    situation = worked.decision.situation
    left = list(full_shoe(rules.decks))
    for card in (*situation.hand.cards, situation.up):
        left[card.value - 1] -= 1
    natural = Fraction(left[9] if situation.up.value == 1 else left[0], sum(left))
    collects = float(rules.dealer_blackjack_collects)
    return float(1 - natural) * value - float(natural) * collects


@lru_cache(maxsize=2048)
def work_out(notation: str, rules: Rules, caches: Caches | None = None) -> Worked:
    """Everything about one decision (with a count, the count study must be worked out): the
    chart and the study read from ``caches``.

    :raises InvalidQuestionError: for a notation the table could not have written.
    :raises StudyPendingError: while the count study is being worked out.
    """
    decision = read_decision(notation, rules)
    hand, up = decision.situation.hand, decision.situation.up
    reasons = legal_plays(rules, decision)
    legal = frozenset(letter for letter, why in reasons.items() if why is None)
    section, row = _cell(hand, reasons)
    up_key = "A" if up.value == 1 else str(up.value)
    if decision.doubled is not None:  # 002's method 3: the game's play, reading the double
        return _reading_the_double(rules, decision, decision.doubled, legal, (section, row, up_key))
    chart = chart_for(rules, caches=caches)
    code = chart.codes.get(section, {}).get(row, {}).get(up_key, "")
    if not code:  # a cell the chart has no row for (soft 12): the best play for these cards
        exact = _evs(rules, hand, up, legal)
        code = max(exact, key=lambda k: exact[k]) if exact else ("S" if hand.total >= 17 else "H")
    found = chart.exceptions.get(section, {}).get(row, {}).get(up_key, {})
    by_total = code
    if len(hand) > 2 and "three_or_more" in found:
        code = found["three_or_more"]
    elif decision.split and "after_split" in found:
        code = found["after_split"]
    basic = _first_legal(code, reasons, hand.total)
    index: tuple[tuple[str, int, str], ...] = ()
    right, played_by, evs, at_count, by_cards = basic, None, None, False, False
    if decision.count is not None:
        count = decision.count
        played_by = count.played_by(rules.decks)
        table = study_for(rules, count.system, caches=caches).indices
        cell_hand = row if section == "pairs" else f"{section} {row}"
        plays = table.find(cell_hand, up_key)
        if plays:
            index = tuple((p.play, p.index, p.when) for p in plays)
            evs = evs_at(rules, count, hand, up, legal)
            at_count = evs is not None
            by_index = table.play_at(cell_hand, up_key, float(played_by)) or basic
            if by_index in legal:
                right = by_index
            # These cards play apart from their total (three or more, or a split hand): the
            # index is the total's, so a play their own EVs rate higher is right too.
            by_cards = at_count and code != by_total
    if evs is None:
        evs = _evs(rules, hand, up, legal)
    if _is_natural(decision) and "R" in legal:
        evs["R"] = -0.5  # early surrender: half the bet, whatever the dealer holds
    parts = (code, basic, right, index, played_by, legal, evs, at_count, by_cards)
    return Worked(decision, (section, row, up_key), *parts, apart=code != by_total)


def _reading_the_double(
    rules: Rules,
    decision: Decision,
    doubled: bool,
    legal: frozenset[str],
    cell: tuple[str, str, str],
) -> Worked:
    """A decision at 002's method 3, graded by the game's play for the dealer's ``doubled``."""
    hand, up = decision.situation.hand, decision.situation.up
    values = [card.value for card in hand]
    pair = values[0] if decision.split else 0
    evs, right, chances, unread = method3_reading.table_play(
        rules, values, up.value, doubled, legal, decision.reading, pair
    )
    parts = (right, right, right, (), None, legal, evs, False, False, chances, unread)
    return Worked(decision, cell, *parts)


def _evs(rules: Rules, hand: Hand, up: Card, legal: frozenset[str]) -> dict[str, float]:
    try:
        found = action_evs(rules, hand, up)
    except InvalidSituationError:
        return {}
    return {a.value: ev for a, ev in found.items() if a.value in legal}


def _index_words(play: str, index: int, when: str) -> str:
    values = {"play": say(WORDS[play]), "index": signed(index)}
    if when == "at_or_above":
        return say("%(play)s at %(index)s or above", **values)
    return say("%(play)s below %(index)s", **values)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _chart_words(worked: Worked) -> str:
    """The hand, the up card and what the chart says for it, as the explanation's sentence."""
    section, row, up = worked.cell
    what = (
        say("%(pair)s (a pair)", pair=pair_words(row))
        if section == "pairs"
        else total_words(f"{section} {row}")
    )
    cards = _cards_words(worked)
    letters = worked.code.split("/")  # the chart's code in words ("double, else hit")
    chart = say(", else ").join(say(WORDS[k]) if k in WORDS else k for k in letters)
    values = {"hand": _capital(what), "against": against_words(up), "cards": cards, "chart": chart}
    if letters[0] == worked.basic:  # its first play stands ("surrender, else hit, so surrender")
        values["chart"] = say(WORDS[worked.basic])
        return say("%(hand)s %(against)s (%(cards)s): the chart says %(chart)s.", **values)
    return say(
        "%(hand)s %(against)s (%(cards)s): the chart says %(chart)s, so %(play)s.",
        play=say(WORDS[worked.basic]),
        **values,
    )


def _cards_words(worked: Worked) -> str:
    """How many cards the hand holds, and whether it is a split hand: "3 cards"."""
    count = len(worked.decision.situation.hand)
    if worked.decision.split:
        return plural("%(count)s card, a split hand", "%(count)s cards, a split hand", count)
    return plural("%(count)s card", "%(count)s cards", count)


def _hand_words(worked: Worked) -> str:
    """The hand, the up card and its right play, as a verdict's sentence (no chart read)."""
    section, row, up = worked.cell
    what = say("%(pair)s (a pair)", pair=pair_words(row)) if section == "pairs" else None
    return say(
        "%(hand)s %(against)s (%(cards)s): %(play)s.",
        hand=_capital(what or total_words(f"{section} {row}")),
        against=against_words(up),
        cards=_cards_words(worked),
        play=say(WORDS[worked.right]),
    )


def _index_said(worked: Worked) -> str:
    """What the index says, and the play it gives at the learner's count."""
    count = signed(worked.count) if worked.count is not None else "?"
    # Said here, not where the work is kept (work_out's cache serves every language).
    index = say("; ").join(_index_words(*play) for play in worked.index)
    values = {"index": index, "count": count, "play": say(WORDS[worked.right])}
    if worked.decision.count and worked.decision.count.system.balanced:
        return say("The index says %(index)s; at your true count of %(count)s: %(play)s.", **values)
    return say("The index says %(index)s; at your running count of %(count)s: %(play)s.", **values)


def explain(worked: Worked, answer: str) -> str:
    """Why the right play is right, with each play's EV and the mistake's cost."""
    text = _chart_words(worked)
    if worked.decision.doubled is not None:  # 002's method 3: the double read, not the chart
        up = worked.decision.situation.up.value
        said = double_words(worked.decision.doubled, worked.doubling, up)
        # Where the table's cards change the play, that is the why, and comes first.
        unread = worked.unread and say(WORDS[worked.unread])
        why = method3_reading.unread_words(
            say(WORDS[worked.right]), unread, worked.decision.reading
        )
        text = f"{why}{_hand_words(worked)} {said}"
    if _is_natural(worked.decision):
        text = say(
            "A natural against %(up)s, before the dealer checks for blackjack: stand, and it is "
            "paid after the peek (a push against his blackjack); surrender gives up half the "
            "bet whatever he holds.",
            up=worked.cell[2],
        )
    if worked.index:
        said = _index_said(worked)
        # Where the index overrules the chart, it is the why, and comes first (a verdict's
        # first sentence is its why; the chart's play is not the right one here).
        text = f"{said} {text}" if worked.right != worked.basic else f"{text} {said}"
    if worked.evs:
        evs = say(", ").join(
            say("%(play)s %(ev)s%%", play=say(WORDS[key]), ev=signed_number(value * 100, 2))
            for key, value in sorted(worked.evs.items(), key=lambda item: -item[1])
        )
        text += " " + (
            say("EV of each play at this count, per bet: %(evs)s.", evs=evs)
            if worked.evs_at_count
            else say("EV of each play for these cards, per bet: %(evs)s.", evs=evs)
        )
    cost = worked.cost(answer)
    if answer != worked.right and not cost and worked.index and answer in worked.evs:
        # (12 against a 4 hit at a true count of 0, the index's stand: -21.11%, hit -21.04%)
        text += " " + say(
            "At the index the two plays are worth about the same, so this cost nothing here; "
            "the index's play is the one to learn."
        )
    # (A mistake's cost is not said again: the verdict's first line says it, a walk read it twice.)
    # A costly mistake the chart decides: its why, first, is what the two plays are worth (the
    # chart's word alone read as no reason on the mistakes page, a walk).
    plain = not (worked.index or _is_natural(worked.decision)) and worked.decision.doubled is None
    if plain and answer in worked.evs and worked.right in worked.evs and worked.cost(answer) > 0:
        text = f"{play_why(worked.evs, worked.right, answer)} {text}"
    if plays_the_chart(worked, answer):  # the why of the chart's play the index is not for
        text = f"{say(_APART, play=say(WORDS[answer]))} {text}"
    if beats_the_chart(worked, answer):  # the why of a right play not the chart's: first
        text = say("For these exact cards %(play)s is worth more than the chart's play (the chart "
                   "is by total, and these cards change the odds): both are right.",
                   play=say(WORDS[answer])) + f" {text}"  # fmt: skip
    return text


def beats_the_chart(worked: Worked, answer: str) -> bool:
    """Whether ``answer`` is worth more than the chart's play for the exact cards of the hand
    (a composition-dependent play; never where an index for these cards decides: one for
    their total does not, where the chart plays them apart from it)."""
    evs, right = worked.evs, worked.right
    if answer == right or (worked.index and not worked.by_cards):
        return False
    if answer not in evs or right not in evs:
        return False
    return evs[answer] > evs[right] + _TIE


def plays_the_chart(worked: Worked, answer: str) -> bool:
    """``answer`` the chart's play for cards apart from their total, and the total's index's, the
    count on its side of 0 (the chart's): right too (a walk's split 12)."""
    count = worked.count
    if not worked.apart or answer != worked.basic or answer == worked.right or count is None:
        return False
    return any(
        p == answer and (count <= 0 if w == "below" else count >= 0) for p, _, w in worked.index
    )


class TablePlay(Drill, AskedAtTable, AnswersByKey):
    slug = SLUG
    title = N_("Table play")
    description = N_(
        "Every decision you make at a table, graded by basic strategy or by the index at your "
        "count: re-drill the ones you got wrong."
    )
    template = "drills/table_play.html"
    situation_template = "drills/_table_play_situation.html"
    choice_word = "play"  # what the page calls an answer

    @staticmethod
    def lead(rules: Rules) -> str:
        """The drill's lead at ``rules``: at 002's deal method 3 a play is graded by the
        game's play for the dealer's double, not by basic strategy (a walk)."""
        if method3_quiz.reads_the_double(rules):
            return say(
                "Every decision you make as a punter at the home game's table, graded by the "
                "right play once the dealer's double and the cards shown on the table are read: "
                "re-drill the ones you got wrong."
            )
        return say(TablePlay.description)

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        if face_down_play.is_face_down(notation):  # 004 as dealt: no banker card
            return face_down_play.question(notation, rules)
        decision = read_decision(notation, rules)
        reasons = legal_plays(rules, decision)
        count = decision.count
        view: dict[str, Any] = {
            "hand": decision.situation.hand,
            "up": decision.situation.up,
            "split_hands": decision.split_hands,
            "doubled": decision.doubled,
            "punters": decision.reading.punters,
            "seen": decision.reading.seen and method3_reading.seen_words(decision.reading.seen),
            "keys": [
                (key, label, reasons[key] is None)
                for key, label in offered(PLAY_KEYS, rules).items()
            ],
        }
        if count is not None:
            view.update(
                system=count.system.name,
                running=signed(count.running),
                played=count.played,
                rounding=rounding_words(count.convention, count.resolution),
            )
        return Question(notation=notation, prompt=say("Your play?"), view=view)

    def answer_keys(self, notation: str, rules: Rules) -> Mapping[str, str]:
        """The play's keys; at 004 as dealt (no banker card), "H" is Draw."""
        if face_down_play.is_face_down(notation):
            return face_down_play.FACE_DOWN_KEYS
        return PLAY_KEYS

    def skill(self, notation: str, rules: Rules) -> str:
        """The chart cell under these rules, and the system where the count decides
        (``"vegas-6d-s17: hard 16 v 10, 3 cards"``, ``"...: pairs 8-8 v 6 hi-lo"``)."""
        if face_down_play.is_face_down(notation):
            return face_down_play.skill(notation, rules)
        decision = read_decision(notation, rules)
        hand = decision.situation.hand
        section, row = _cell(hand, legal_plays(rules, decision))
        up = decision.situation.up.value
        text = f"{rules.notation()}: {section} {row} v {'A' if up == 1 else up}"
        if _is_natural(decision):
            text = f"{rules.notation()}: natural v {'A' if up == 1 else up}, early surrender"
        elif len(hand) > 2:
            text += ", 3 cards or more"
        elif decision.split:
            text += ", split"
        return text + (f" {decision.count.system.slug}" if decision.count else "")

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:4].strip().upper()

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        if face_down_play.is_face_down(notation):
            return face_down_play.grade(notation, answer_text, rules)
        worked = work_out(notation, rules, caches)
        answer = (answer_text or "").strip().upper()
        if answer not in PLAY_KEYS:
            raise InvalidAnswerError(
                say(
                    "Answer with one of the plays on the buttons; %(answer)s is not one of them.",
                    answer=quoted(answer_text),
                )
            )
        if answer not in worked.legal:
            raise not_allowed(answer)
        tie = answer in worked.evs and worked.right in worked.evs and not worked.index
        tie = tie and abs(worked.evs[answer] - worked.evs[worked.right]) <= _TIE
        charted = plays_the_chart(worked, answer)
        return Grade(
            correct=answer == worked.right or tie or beats_the_chart(worked, answer) or charted,
            answer=answer,
            right_answer=worked.right,
            explanation=explain(worked, answer),
            ev_cost=Fraction(0) if charted else Fraction(f"{worked.cost(answer):.6f}"),
        )


DRILL = TablePlay()
