"""A table's sums: what the right answer of each step is worth, the shoe's errors by kind and
what they cost, and luck against skill (perfect play's expectation on the same cards, against
the result).

Pure arithmetic on a table replayed by the engine
(:class:`~trainer.engine.play.table_game.TableGame`) and its stored steps and graded attempts,
handed in by the caller: nothing here reads the store or a request. Money stays a
:class:`~fractions.Fraction`; the page writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from drills import face_down_play, table_dealing, table_play
from drills.caches import Caches
from drills.table_session import Asked, TableSpec
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.play.table_game import Ask, TableGame
from trainer.engine.rulebook.legality import early_surrender_offered
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, money, say
from trainer.words import number as written

__all__ = [
    "ASK_NAMES",
    "SEATED_WONG",
    "ask_name",
    "KINDS",
    "cards_that_matter",
    "count_of",
    "Error",
    "Luck",
    "StoredStep",
    "Sums",
    "error_words",
    "first_play_ev",
    "insured_share",
    "luck_of",
    "round_of_steps",
    "step_ev",
    "sums_of",
]

# What each graded question of a step is called on the page and in the summary (said in the
# learner's language where it is shown).
ASK_NAMES = {
    "play": N_("Play"),
    "insurance": N_("Insurance"),
    "rc": N_("Running count"),
    "tc": N_("True count"),
    "bet0": N_("Bet, box 1"),
    "bet1": N_("Bet, box 2"),
    "bet2": N_("Bet, box 3"),
    "dealer": N_("Draw or stand"),  # the learner dealing: table-dealing attempts
    "double": N_("Doubling the bets"),
    "redouble": N_("Redoubling"),  # a punter at 002 home, the dealer having doubled
    "stake": N_("Your stake"),  # a punter at 002 home or 004, on the cards seen
    "decks": N_("Decks left, from the tray"),  # a count check where the tray is judged
    "convert": N_("True count, from your count and decks left"),
    "wong": N_("Come in or watch"),  # a back-counter watching: the round worth playing at the count
    "boxes": N_("Boxes"),  # and on how many boxes
}
# A back-counter's choice where they played the round before (its question ``enter in ...``).
SEATED_WONG = N_("Stay or leave")


def ask_name(name: str, question: str) -> str:
    """What the ask ``name`` of ``question`` is called (a catalogue message, said where shown):
    a back-counter's choice is to stay or leave where they played the round before, to come in
    or watch where they watched it."""
    if name == "wong" and question.startswith("enter in "):
        return SEATED_WONG
    return ASK_NAMES[name]


# The kind each ask's errors are counted under in the summary (any other: "Bets").
KINDS = {
    "play": N_("Strategy"),
    "insurance": N_("Insurance"),
    "rc": N_("Counts"),
    "tc": N_("Counts"),
    "dealer": N_("Dealing"),
    "double": N_("Dealing"),
    "redouble": N_("Redoubling"),
    "stake": N_("Bets"),
    "decks": N_("Counts"),
    "convert": N_("Counts"),
    "wong": N_("Back-counting"),
    "boxes": N_("Back-counting"),
}
# The kinds whose cost is in table minimums: a bet off the ramp, a punter's stake, a
# back-counter's choice, the dealer's choice (for the bank). A play's, insurance's and a
# redouble's are in bets of the hand they are made on.
IN_MINIMUMS = frozenset(("Bets", "Dealing", "Back-counting"))


def in_minimums(name: str) -> bool:
    """Whether the ask ``name``'s cost is in table minimums (a bet's, ``bet0``), not in bets of
    its hand."""
    return KINDS.get(name, "Bets") in IN_MINIMUMS


# An error in words: what the learner did, and what was right ("you hit, where standing was
# right"), by the answers the drills store: each a catalogue phrase for its slot of the one
# sentence (error_words).
# TRANSLATORS: what the learner did, the first half of a summary's error line.
_DID = {
    "H": N_("you hit"),
    "S": N_("you stood"),
    "D": N_("you doubled"),
    "P": N_("you split"),
    "R": N_("you surrendered"),
    "I": N_("you took insurance"),
    "N": N_("you declined insurance"),
    "draw": N_("you drew a card"),
    "stand": N_("you stood"),
    "double": N_("you doubled the bets"),
    "no double": N_("you did not double the bets"),
    "redouble": N_("you redoubled your stake"),
    "no redouble": N_("you did not redouble"),
}
# TRANSLATORS: what was right, the second half of a summary's error line.
_RIGHT = {
    "H": N_("where hitting was right"),
    "S": N_("where standing was right"),
    "D": N_("where doubling was right"),
    "P": N_("where splitting was right"),
    "R": N_("where surrendering was right"),
    "I": N_("where taking it was right"),
    "N": N_("where declining it was right"),
    "draw": N_("where drawing a card was right"),
    "stand": N_("where standing was right"),
    "double": N_("where doubling them was right"),
    "no double": N_("where not doubling was right"),
    "redouble": N_("where redoubling was right"),
    "no redouble": N_("where not redoubling was right"),
}


# A back-counter's choice, stored as its key: what the learner chose, what the count said.
_WONG_DID = {
    "C": N_("you chose to come in"),
    "W": N_("you chose to watch"),
    "S": N_("you chose to stay"),
    "L": N_("you chose to leave"),
}
_WONG_SAID = {
    "C": N_("where the count said to come in"),
    "W": N_("where the count said to watch"),
    "S": N_("where the count said to stay"),
    "L": N_("where the count said to leave"),
}


class StoredStep(Protocol):
    """A learner's step as the table stored it (``trainer.store.tables.Step`` is one)."""

    @property
    def n(self) -> int: ...

    @property
    def step(self) -> str: ...

    @property
    def state(self) -> str: ...  # "played", "held" or "withdrawn"

    @property
    def cost(self) -> str: ...  # money: what the step's mistakes cost in EV

    @property
    def ev(self) -> str | None: ...  # money: the right answer's EV, where it is priced


@dataclass(frozen=True)
class Error:
    """A graded error as the summary lists it: the ask ``name`` answered ``answer`` where
    ``right`` was right, in round ``round``; ``bets`` is the EV it lost, in bets of the
    hand, where it was kept (0 for one taken back)."""

    round: int | None
    name: str
    answer: str
    right: str
    question: str
    taken_back: bool
    bets: Fraction
    # A count check's: "before" the round ``round``, or the "last" (after every round, where
    # the summary said "Round 6" beside the check before round 6: a walk); None for others.
    check: str | None = None

    @property
    def words(self) -> str:
        if self.name == "play" and face_down_play.is_face_down(self.question):
            # 004 dealt face down draws, as its buttons say it ("where hitting": a walk).
            draws = {"H": "draw"}
            answer, right = draws.get(self.answer, self.answer), draws.get(self.right, self.right)
            return error_words(self.name, answer, right)
        return error_words(self.name, self.answer, self.right)


@dataclass
class Tally:
    """The errors of one kind: how many were made, and what the kept ones cost (in money and
    in bets)."""

    count: int = 0
    cost: Fraction = Fraction(0)
    bets: Fraction = Fraction(0)


@dataclass(frozen=True)
class Luck:
    """Luck against skill over the shoe: ``perfect`` play's expectation on the same cards,
    ``skill`` (minus what the learner's mistakes cost), the learner's own expectation
    (``yours``: the two together) and the cards' ``luck``, the rest of the result."""

    perfect: Fraction
    skill: Fraction
    yours: Fraction
    luck: Fraction


@dataclass(frozen=True)
class Sums:
    """A shoe's summary in numbers: its errors in order, their tally by kind, what the kept
    ones cost, and luck against skill (None where no step was priced)."""

    errors: list[Error]
    kinds: dict[str, Tally]
    cost: Fraction
    luck: Luck | None
    # Every running-count check, right or wrong, in order: (question, answer, right answer).
    checks: tuple[tuple[str, str, str], ...] = ()
    # Beside each, the true count asked with it (None where none was: an unbalanced system, a
    # table with a tray, where the decks left and a conversion are asked instead).
    true_checks: tuple[tuple[str, str, str] | None, ...] = ()
    # Beside each, where the tray is judged, the true count converted from the learner's own
    # running count and decks left (its right answer that conversion's, not the shoe's).
    convert_checks: tuple[tuple[str, str, str] | None, ...] = ()
    # Beside each, the number of the round dealt next (None for a check after the last): the
    # cards a check counts do not say where it came once a pack has run out inside a round.
    check_rounds: tuple[int | None, ...] = ()


def error_words(name: str, answer: str, right: str) -> str:
    """An error of the ask ``name`` as the summary says it, in the learner's language: what
    the learner did, and what was right (``"you did not double the bets, where doubling them
    was right"``)."""
    values = {"answer": answer, "right": right}
    if name in ("rc", "tc"):
        if name == "rc":
            return say("you gave the running count as %(answer)s, where it was %(right)s", **values)
        return say("you gave the true count as %(answer)s, where it was %(right)s", **values)
    if name.startswith("bet"):
        return say("you bet %(answer)s on box %(box)s, where the ramp bets %(right)s",
                   box=written(int(name[3:]) + 1), answer=_amount(answer),
                   right=_amount(right))  # fmt: skip
    if name == "decks":
        return say("you judged %(answer)s decks left in the shoe, where %(right)s were", **values)
    if name == "convert":
        return say("you converted your count to a true count of %(answer)s, where it gives"
                   " %(right)s", **values)  # fmt: skip
    if name == "wong":  # a back-counter's choice, stored as its key (drills.back_count)
        did = (say(_WONG_DID[answer]) if answer in _WONG_DID
               else say("you chose %(answer)s", answer=say(answer)))  # fmt: skip
        said = (say(_WONG_SAID[right]) if right in _WONG_SAID
                else say("where the count said %(right)s", right=say(right)))  # fmt: skip
        return say("%(did)s, %(right)s", did=did, right=said)
    if name == "boxes":
        return say("you played %(answer)s boxes, where %(right)s were worth most at the count",
                   **values)  # fmt: skip
    if name == "stake":
        return say("you staked %(answer)s, where the edge you held called for %(right)s",
                   answer=_amount(answer), right=_amount(right))  # fmt: skip
    did = say(_DID[answer]) if answer in _DID else say("you chose %(answer)s", answer=answer)
    should = say(_RIGHT[right]) if right in _RIGHT else say("where %(right)s was right", **values)
    return say("%(did)s, %(right)s", did=did, right=should)


def _amount(text: str) -> str:
    """A stored amount ("12.5") as the learner's language writes it ("12,50" in Russian); any
    other answer as it is."""
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return text
    return money(value)


_CARD_RE = re.compile(r"(?:10|[2-9TJQKA])[SHDC]")
_COUNT_RE = re.compile(r" (?P<kind>rc|tc) (?P<count>[+-]?\d{1,2})$")


def cards_that_matter(question: str) -> tuple[tuple[Card, ...], Card | None]:
    """The few cards an error turned on, read from its question's notation: the hand (the
    learner's, or the dealer's own where they deal) and the up card it was played against
    (None where there is none). A count check or a bet has none: its count is what mattered
    (:func:`count_of`), never the shoe so far."""
    words = question.split(" ")
    if words and not _CARD_RE.fullmatch(words[0]):  # "draw", "double", "stake", "rc", ...
        words = words[1:]
    hand: list[Card] = []
    for word in words:
        if not _CARD_RE.fullmatch(word):
            break
        hand.append(Card.parse(word))
    rest = words[len(hand) :]
    up = (
        Card.parse(rest[1])
        if len(rest) > 1 and rest[0] == "v" and _CARD_RE.fullmatch(rest[1])
        else None
    )
    return tuple(hand), up


def count_of(question: str) -> tuple[str, int] | None:
    """The count a bet's question was asked at (``("tc", -1)``), or None."""
    found = _COUNT_RE.search(question)
    return (found["kind"], int(found["count"])) if found else None


def insured_share(ask: Ask, step: str) -> Fraction:
    """The share of the most insurance allowed that an insurance step takes (1: all of it)."""
    words = step.split(" ")
    if words[:2] != ["insure", "part"] or ask.round is None or ask.seat is None:
        return Fraction(1)
    return Fraction(words[2]) / ask.round.max_insurance(ask.seat)


def step_ev(
    spec: TableSpec, ask: Ask, asked: Iterable[Asked], *, caches: Caches | None = None
) -> str | None:
    """Money, for luck and skill: what the right answer of a step is worth (a box's first
    play; any choice of the dealer's, of which each round's first counts), or None."""
    for one in asked:
        if one.name == "play":
            return first_play_ev(spec, ask, one.notation, one.stake, caches=caches)
        if one.name in ("dealer", "double"):
            return str(Fraction(f"{table_dealing.bank_ev(one.notation, spec.rules):.6f}"))
    return None


def first_play_ev(
    spec: TableSpec, ask: Ask, notation: str, stake: Fraction, *, caches: Caches | None = None
) -> str | None:
    """Money: what the right play of a box's first decision is worth (for luck and skill)."""
    round_ = ask.round
    if round_ is None or ask.seat is None or len(round_.hands(ask.seat)) > 1:
        return None
    if len(ask.hand_cards) != 2:
        return None
    if face_down_play.is_face_down(notation):  # 004 as dealt: no banker card
        return str(Fraction(f"{face_down_play.right_ev(notation, spec.rules):.6f}") * stake)
    value = table_play.right_ev(table_play.work_out(notation, spec.rules, caches), spec.rules)
    if value is None:
        return None
    return str(Fraction(f"{value:.6f}") * stake)


def sums_of(
    rules: Rules,
    game: TableGame,
    steps: Sequence[StoredStep],
    graded: Mapping[int, Mapping[str, Mapping[str, Any]]],
) -> Sums:
    """The shoe's errors, by kind, and luck against skill, from its stored ``steps`` and their
    ``graded`` attempts (by step ``n``, then ask name, in :data:`ASK_NAMES`' order: each with
    its ``answer``, ``right_answer``, ``correct``, ``ev_cost`` and ``question``).

    An error's kind counts every error made, taken back or not; its cost counts the errors
    kept (played) only, for a decision taken back cost nothing at the table: in money (the
    EV lost times the learner's own stake) and in bets (the EV lost, in bets of the hand).
    """
    round_of = round_of_steps(game, steps)
    last_played = max(_in_rounds(game, steps), default=-1)  # the last round's last step
    errors: list[Error] = []
    kinds: dict[str, Tally] = {}
    for step in steps:
        kept = step.state == "played"
        found = graded.get(step.n, {})
        dealt = _dealer_error(rules, step, round_of.get(step.n), found)
        if dealt is not None:  # graded at the table before its attempts were stored
            entry = kinds.setdefault("Dealing", Tally())
            entry.count += 1
            if kept:
                entry.cost += Fraction(step.cost)
                entry.bets += Fraction(step.cost) / rules.min_bet
            errors.append(dealt)
        costed = not kept or not step.cost  # its money is counted once, under its first error
        for name in ASK_NAMES:
            row = found.get(name)
            if row is None or row["correct"]:
                continue
            entry = kinds.setdefault(KINDS.get(name, "Bets"), Tally())
            entry.count += 1
            ev_cost = Fraction(row["ev_cost"]) if row["ev_cost"] and kept else Fraction(0)
            entry.bets += ev_cost
            errors.append(
                Error(
                    round=round_of.get(step.n),
                    name=name,
                    answer=row["answer"],
                    right=row["right_answer"],
                    question=row["question"],
                    taken_back=step.state == "withdrawn",
                    bets=ev_cost,
                    check=_check(name, step.n > last_played),
                )
            )
            if not costed:  # a step's errors are of one kind: its cost in money is theirs
                entry.cost += Fraction(step.cost)
                costed = True
    cost = sum((k.cost for k in kinds.values()), Fraction(0))
    bets_cost = kinds["Bets"].cost if "Bets" in kinds else Fraction(0)
    luck = luck_of(rules, game, steps, cost, bets_cost)
    rc, tc, convert = (count_checks(steps, graded, ask) for ask in (None, "tc", "convert"))
    return Sums(errors, kinds, cost, luck, rc, tc, convert, check_rounds(game, steps, graded))


def count_checks(
    steps: Sequence[StoredStep],
    graded: Mapping[int, Mapping[str, Mapping[str, Any]]],
    ask: str | None = None,
) -> tuple[Any, ...]:
    """The running-count checks of the stored steps in order: question, answer, right one;
    with ``ask`` (``"tc"``, ``"convert"``), that ask of each check instead (None where it was
    not asked). A check taken back is left out: it cost nothing, and the answer that replaced
    it is the one kept."""
    asked = [graded.get(step.n, {}) for step in steps if step.state != "withdrawn"]
    rows = [(found.get(ask) if ask else found["rc"]) for found in asked if "rc" in found]
    return tuple(
        None if r is None else (r["question"], r["answer"], r["right_answer"]) for r in rows
    )


def check_rounds(
    game: TableGame,
    steps: Sequence[StoredStep],
    graded: Mapping[int, Mapping[str, Mapping[str, Any]]],
) -> tuple[int | None, ...]:
    """Beside each of :func:`count_checks`' checks, the number of the round dealt after it
    (None where none was)."""
    played = _in_rounds(game, steps)
    found = []
    for step in steps:
        if step.state != "withdrawn" and "rc" in graded.get(step.n, {}):
            later = [number for at, number in played.items() if at > step.n]
            found.append(min(later) if later else None)
    return tuple(found)


def _dealer_error(
    rules: Rules, step: StoredStep, number: int | None, found: Mapping[str, Any]
) -> Error | None:
    """A dealer's draw that cost the bank expectation (a wrong one), stored without its
    attempt (a table dealt before the dealer's choices were stored as attempts); None for
    any other step."""
    if step.step not in ("draw", "stand") or not step.cost or Fraction(step.cost) <= 0:
        return None
    if "dealer" in found:
        return None
    return Error(
        round=number,
        name="dealer",
        answer=step.step,
        right="stand" if step.step == "draw" else "draw",
        question="the dealer's turn",
        taken_back=step.state == "withdrawn",
        bets=Fraction(step.cost) / rules.min_bet if step.state == "played" else Fraction(0),
    )


def _check(name: str, after_every_round: bool) -> str | None:
    """A count check's place (:attr:`Error.check`); None for an ask that is no count's."""
    if KINDS.get(name) != "Counts":
        return None
    return "last" if after_every_round else "before"


def round_of_steps(game: TableGame, steps: Sequence[StoredStep]) -> dict[int, int]:
    """The round each stored step was made in (by its ``n``): a count check or a step taken
    back, the round that came next."""
    where = _in_rounds(game, steps)
    rounds = len(game.rounds)
    for step in steps:
        where.setdefault(step.n, _next_round(where, step.n, rounds))
    return where


def _in_rounds(game: TableGame, steps: Sequence[StoredStep]) -> dict[int, int]:
    """The round of each stored step played in one (by its ``n``)."""
    played = [s for s in steps if s.state == "played"]
    where: dict[int, int] = {}
    for record in game.rounds:
        for index in range(record.first_step, record.first_step + record.steps):
            where[played[index].n] = record.record.number
    return where


def _next_round(where: Mapping[int, int], n: int, rounds: int) -> int:
    later = [number for at, number in where.items() if at > n]
    return min(later) if later else rounds


def luck_of(
    rules: Rules,
    game: TableGame,
    steps: Sequence[StoredStep],
    cost: Fraction,
    bets_cost: Fraction,
) -> Luck | None:
    """Luck and skill: perfect play's expectation on the same first cards, against the
    learner's result (``game.learner_net``); None where no step was priced.

    Each round the learner played a box in (:func:`_boxes_expected`) and each they dealt
    (:func:`_bank_expected`) expects what perfect play would have, at the learner's own
    stakes; perfect play bets right too, so what the learner's bets gave up (``bets_cost``)
    is added to it. The learner's mistakes cost ``cost`` of that (their bets' among it); the
    rest of the result beside it is the cards' luck.
    """
    round_of = round_of_steps(game, steps)
    priced = [
        (round_of[s.n], s.step, Fraction(s.ev))
        for s in steps
        if s.state == "played" and s.ev is not None
    ]
    if not priced:
        return None
    dealt = {p.record.number for p in game.rounds if p.record.dealer == 0}
    expected = _boxes_expected(rules, game, [p for p in priced if p[0] not in dealt])
    expected += _bank_expected(rules, game, [p for p in priced if p[0] in dealt]) + bets_cost
    expected += game.deal_sales  # 002's auction: a price paid or shared, not the cards' luck
    yours = expected - cost
    return Luck(perfect=expected, skill=-cost, yours=yours, luck=game.learner_net - yours)


def _boxes_expected(
    rules: Rules, game: TableGame, priced: list[tuple[int, str, Fraction]]
) -> Fraction:
    """Perfect play's expectation for the learner's boxes in the rounds they did not deal:
    on each box's first decision, the right play's EV times the stake (``priced``: round,
    step, EV); a box with no decision (a natural, the dealer's natural) expects what it got."""
    decided = _decided_boxes(rules, game)
    expected = sum((ev for *_, ev in priced), Fraction(0))
    for played in game.rounds:
        for seat in played.learner:
            if (played.record.number, seat) not in decided:
                expected += played.record.result.seats[seat].net
    return expected


def _bank_expected(
    rules: Rules, game: TableGame, priced: list[tuple[int, str, Fraction]]
) -> Fraction:
    """Perfect dealer play's expectation for the bank in the rounds the learner dealt.

    Each expects what the right choice was worth at its first choice priced (``priced``:
    round, step, EV): doubling the bets, the whole round's expectation; at the dealer's turn,
    the hands still standing, with the busts and naturals settled before it. A round with
    no choice priced (the dealer's natural, every punter out) counts what it got.
    """
    first: dict[int, tuple[str, Fraction]] = {}  # round: its first choice priced, its EV
    for number, step, ev in priced:
        first.setdefault(number, (step, ev))
    expected = Fraction(0)
    for played in game.rounds:
        result = played.record.result
        if played.record.dealer != 0:
            continue
        chosen = first.get(played.record.number)
        if chosen is None:
            expected += result.bank_net
            continue
        expected += chosen[1]
        if chosen[0] in ("draw", "stand"):
            expected += table_dealing.settled_at_once(result, rules)
    return expected


def _decided_boxes(rules: Rules, game: TableGame) -> set[tuple[int, int]]:
    """(round, seat) of every box whose first decision was taken (it has an EV stored): all of
    them where it was asked before the peek (early surrender), a natural's too."""
    decided = set()
    for played in game.rounds:
        round_ = played.round
        shown = rules.deal_faces != "all-down"  # 004 as dealt: no banker card, no early play
        early = shown and early_surrender_offered(rules, round_.up_card.value)
        for seat in played.learner:
            hands = round_.hands(seat)
            first = hands[0].cards
            natural = len(hands) == 1 and len(first) == 2 and Hand(first).total == 21
            if early or not (natural or round_.dealer_natural):
                decided.add((played.record.number, seat))
    return decided
