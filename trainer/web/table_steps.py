"""A table's steps in the web's terms: a form read into a step and its answers, the tokens its
attempts are stored under, a held mistake's feedback, and the end-of-shoe summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from drills import table_dealing, table_play
from drills.table_dealing import dealer_step
from drills.table_session import MONEY_RE, Asked, TableSpec, read_digits
from trainer.engine.deck.hand import Hand
from trainer.engine.play.table_game import PLAYS, Ask, InvalidStepError
from trainer.engine.rulebook.legality import early_surrender_offered
from trainer.store import tables
from trainer.web.mastery import bets_text
from trainer.web.support import get_db
from trainer.web.table_view import money, signed_money

if TYPE_CHECKING:
    from trainer.web.table import Seated

__all__ = [
    "ASK_NAMES",
    "BET_KEYS",
    "KINDS",
    "answers_of",
    "error_words",
    "insured_share",
    "read_step",
    "step_token",
    "summary_of",
]

# What each graded question of a step is called on the page and in the summary.
ASK_NAMES = {
    "play": "Play",
    "insurance": "Insurance",
    "rc": "Running count",
    "tc": "True count",
    "bet0": "Bet, box 1",
    "bet1": "Bet, box 2",
    "bet2": "Bet, box 3",
    "dealer": "Your draw",  # the learner dealing: table-dealing attempts
    "double": "Doubling the bets",
    "redouble": "Redoubling",  # a punter at 002 home, the dealer having doubled
    "stake": "Your stake",  # a punter at 002 home or 004, on the cards seen
}
KINDS = {
    "play": "Strategy",
    "insurance": "Insurance",
    "rc": "Counts",
    "tc": "Counts",
    "dealer": "Dealing",
    "double": "Dealing",
    "redouble": "Redoubling",
    "stake": "Bets",
}
_PLAYS = ("H", "S", "D", "P", "R")
BET_KEYS = 8  # keys 1 to 8 bet that many units
_DEALER_KEYS = {
    "deal": "deal the next round",
    "double": "double the bets with D, or not with N",
    "draw": "draw with H, or stand with S",
    "redouble": "redouble your stake with D, or not with N",
}
_NAMES = tuple(ASK_NAMES)
# An error in words: what the learner did, and what was right ("you hit, where standing was
# right"), by the answers the drills store.
_DID = {
    "H": "hit",
    "S": "stood",
    "D": "doubled",
    "P": "split",
    "R": "surrendered",
    "I": "took insurance",
    "N": "declined insurance",
    "draw": "drew a card",
    "stand": "stood",
    "double": "doubled the bets",
    "no double": "did not double the bets",
    "redouble": "redoubled your stake",
    "no redouble": "did not redouble",
}
_RIGHT = {
    "H": "hitting",
    "S": "standing",
    "D": "doubling",
    "P": "splitting",
    "R": "surrendering",
    "I": "taking it",
    "N": "declining it",
    "draw": "drawing a card",
    "stand": "standing",
    "double": "doubling them",
    "no double": "not doubling",
    "redouble": "redoubling",
    "no redouble": "not redoubling",
}


def error_words(name: str, answer: str, right: str) -> str:
    """An error of the ask ``name`` as the summary says it: what the learner did, and what
    was right (``"you did not double the bets, where doubling them was right"``)."""
    if name in ("rc", "tc"):
        kind = "running" if name == "rc" else "true"
        return f"you gave the {kind} count as {answer}, where it was {right}"
    if name.startswith("bet"):
        return f"you bet {answer} on box {int(name[3:]) + 1}, where the ramp bets {right}"
    if name == "stake":
        return f"you staked {answer}, where the edge you held called for {right}"
    return f"you {_DID.get(answer, answer)}, where {_RIGHT.get(right, right)} was right"


def step_token(table_id: str, n: int, name: str) -> str:
    """The submission token of the attempt ``name`` of step ``n``: one per table, step and ask,
    so a step's answers are stored once."""
    return f"t{table_id}-{n:05d}-{_NAMES.index(name)}"


def _amount(text: str, what: str, unit: Fraction) -> Fraction:
    text = (text or "").strip().replace(",", "")
    if not text or len(text) > 12:
        raise InvalidStepError(f"{what} is an amount, such as {money(unit)}")
    if not MONEY_RE.fullmatch(text):  # no exponent, no infinity: digits and cents only
        raise InvalidStepError(f"{what} is an amount, not {text[:12]!r}")
    return Fraction(Decimal(text))


def read_step(ask: Ask, form: Mapping[str, str], spec: TableSpec) -> tuple[str, dict[str, str]]:
    """The step a form sends where the table waits at ``ask``, and its answers by ask name.

    :raises InvalidStepError: for a form that sends no step of that kind.
    """
    if ask.kind == "count":
        return "count", {"rc": form.get("running", "")[:8], "tc": form.get("true", "")[:8]}
    if ask.kind in ("deal", "double", "draw", "redouble"):
        letter = form.get("answer", "")[:2].upper()
        step = dealer_step(ask.kind, letter)
        if step is None:
            raise InvalidStepError(_DEALER_KEYS[ask.kind])
        name = {"draw": "dealer", "double": "double", "redouble": "redouble"}.get(ask.kind)
        return step, ({name: letter} if name else {})
    if ask.kind == "bet":
        boxes = 1 if spec.deals else spec.boxes  # a punter (002 home, 004) stakes on one hand
        units = form.get("units", "")
        if units:
            count = read_digits(units, 1)
            if count is None or not 1 <= count <= BET_KEYS:
                raise InvalidStepError(f"bet 1 to {BET_KEYS} units")
            bets = [spec.unit * count] * boxes
        else:
            what = "a stake" if spec.deals else "a bet"
            bets = [_amount(form.get(f"bet{box}", ""), what, spec.unit) for box in range(boxes)]
        text = "bet " + " ".join(str(bet) for bet in bets)
        if spec.deals:  # a punter's stake, on the cards seen
            return text, {"stake": money(bets[0])}
        return text, {f"bet{box}": money(bet) for box, bet in enumerate(bets)}
    answer = form.get("answer", "")[:2].upper()
    if ask.kind == "insurance":
        part = form.get("insure_amount", "").strip()
        if not answer and part:  # part of the insurance allowed: graded as taking it
            return f"insure part {_amount(part, 'insurance', spec.unit)}", {"insurance": "I"}
        if answer not in ("I", "N"):
            raise InvalidStepError("answer insurance with I (take it) or N (no)")
        return f"insure {1 if answer == 'I' else 0}", {"insurance": answer}
    if ask.kind == "play":
        if answer not in _PLAYS:
            raise InvalidStepError("a play is H, S, D, P or R")
        reason = ask.why_illegal(PLAYS[answer])  # the replay's check, and a natural's early
        if reason is not None:
            raise InvalidStepError(reason)
        return answer, {"play": answer}
    raise InvalidStepError("the shoe is played out: no more rounds from it")


def answers_of(seated: Seated, step: tables.Step) -> dict[str, str]:
    """A stored step's answers by ask name, as :func:`read_step` read them: from its attempts,
    or (a decision chosen again after one taken back, whose attempts are the first choice's)
    from the step's own text."""
    found = _graded(seated)
    answers = {}
    for name in _NAMES:
        row = found.get(step_token(seated.stored.id, step.n, name))
        if row is not None:
            answers[name] = row["answer"]
    if answers:
        return answers
    words = step.step.split(" ")
    if words[0] == "bet" and seated.spec.deals:  # a punter's stake
        return {"stake": money(Fraction(words[1]))}
    if words[0] == "bet":
        return {f"bet{box}": money(Fraction(bet)) for box, bet in enumerate(words[1:])}
    if words[0] == "insure":
        return {"insurance": "I" if words[1:2] in (["1"], ["part"]) else "N"}
    dealt = {"draw": ("dealer", "H"), "stand": ("dealer", "S"), "double 1": ("double", "D")}
    dealt["double 0"] = ("double", "N")
    dealt["redouble 1"], dealt["redouble 0"] = ("redouble", "D"), ("redouble", "N")
    if step.step in dealt:
        name, letter = dealt[step.step]
        return {name: letter}
    return {"play": step.step} if step.step in _PLAYS else answers


def insured_share(ask: Ask, step: str) -> Fraction:
    """The share of the most insurance allowed that an insurance step takes (1: all of it)."""
    words = step.split(" ")
    if words[:2] != ["insure", "part"] or ask.round is None or ask.seat is None:
        return Fraction(1)
    return Fraction(words[2]) / ask.round.max_insurance(ask.seat)


def step_ev(spec: TableSpec, ask: Ask, asked: list[Asked]) -> str | None:
    """Money, for luck and skill: what the right answer of a step is worth (a box's first
    play; any choice of the dealer's, of which each round's first counts), or None."""
    for one in asked:
        if one.name == "play":
            return first_play_ev(spec, ask, one.notation, one.stake)
        if one.name in ("dealer", "double"):
            return str(Fraction(f"{table_dealing.bank_ev(one.notation, spec.rules):.6f}"))
    return None


def first_play_ev(spec: TableSpec, ask: Ask, notation: str, stake: Fraction) -> str | None:
    """Money: what the right play of a box's first decision is worth (for luck and skill)."""
    round_ = ask.round
    if round_ is None or ask.seat is None or len(round_.hands(ask.seat)) > 1:
        return None
    if len(ask.hand_cards) != 2:
        return None
    value = table_play.right_ev(table_play.work_out(notation, spec.rules), spec.rules)
    if value is None:
        return None
    return str(Fraction(f"{value:.6f}") * stake)


def _graded(seated: Seated) -> dict[str, Any]:
    return tables.table_attempts(get_db(), seated.user.id, f"t{seated.stored.id}-")


def held_feedback(seated: Seated) -> list[dict[str, Any]]:
    """The held mistake's grades, as shown when it was made (from its stored attempts)."""
    held = seated.held
    if held is None:
        return []
    found = _graded(seated)
    shown = []
    for name in _NAMES:
        row = found.get(step_token(seated.stored.id, held.n, name))
        if row is not None:
            shown.append({"name": name, "row": row})
    return shown


def summary_of(seated: Seated) -> dict[str, Any]:
    """The shoe's summary: rounds, result, errors by kind, luck and skill, each error with the
    round it was made in.

    An error's kind counts every error made, taken back or not; its cost counts the errors
    kept (played) only, for a decision taken back cost nothing at the table: in money (the
    EV lost times the learner's own stake) and in bets (the EV lost, in bets of the hand).
    """
    found = _graded(seated)
    round_of = _round_of_steps(seated)
    errors: list[dict[str, Any]] = []
    kinds: dict[str, dict[str, Any]] = {}
    for step in seated.steps:
        kept = step.state == "played"
        dealt = _dealer_error(seated, step, round_of.get(step.n), found)
        if dealt is not None:  # graded at the table before its attempts were stored
            entry = kinds.setdefault(
                "Dealing", {"count": 0, "cost": Fraction(0), "bets": Fraction(0)}
            )
            entry["count"] += 1
            if kept:
                entry["cost"] += Fraction(step.cost)
                entry["bets"] += Fraction(step.cost) / seated.rules.min_bet
            errors.append(dealt)
        costed = not kept or not step.cost  # its money is counted once, under its first error
        for name in _NAMES:
            row = found.get(step_token(seated.stored.id, step.n, name))
            if row is None or row["correct"]:
                continue
            entry = kinds.setdefault(KINDS.get(name, "Bets"), _no_errors())
            entry["count"] += 1
            ev_cost = Fraction(row["ev_cost"]) if row["ev_cost"] and kept else Fraction(0)
            entry["bets"] += ev_cost
            errors.append(_error(name, row, round_of.get(step.n), step, ev_cost))
            if not costed:  # a step's errors are of one kind: its cost in money is theirs
                entry["cost"] += Fraction(step.cost)
                costed = True
    cost = sum((k["cost"] for k in kinds.values()), Fraction(0))
    dealt_rounds = sum(1 for p in seated.game.rounds if seated.spec.deals and not p.learner)
    return {
        "ended": _ended(seated),
        "rounds": len(seated.game.rounds),
        "dealt": dealt_rounds,  # rounds the learner dealt (or banked); in the rest, boxes
        "punted": len(seated.game.rounds) - dealt_rounds,
        "result": signed_money(seated.game.learner_net),
        "outcome": _outcome(seated.game.learner_net),
        "kinds": [
            {"kind": k, "count": v["count"], "cost": money(v["cost"]), "bets": _bets(v["bets"])}
            for k, v in sorted(kinds.items())
        ],
        "errors": errors,
        "luck": _luck(seated, seated.game.learner_net, cost, kinds.get("Bets", {}).get("cost", 0)),
        "cost": money(cost),
    }


def _error(
    name: str, row: Mapping[str, Any], number: int | None, step: tables.Step, ev_cost: Fraction
) -> dict[str, Any]:
    """A graded error as the summary lists it (its attempt ``row``, made in round ``number``)."""
    return {
        "round": number,
        "what": ASK_NAMES[name],
        "words": error_words(name, row["answer"], row["right_answer"]),
        "question": row["question"],
        "answer": row["answer"],
        "right": row["right_answer"],
        "taken_back": step.state == "withdrawn",
        "bets": bets_text(ev_cost) if ev_cost else "",
    }


def _dealer_error(
    seated: Seated, step: tables.Step, number: int | None, found: Mapping[str, Any]
) -> dict[str, Any] | None:
    """A dealer's draw that cost the bank expectation (a wrong one), stored without its
    attempt (a table dealt before the dealer's choices were stored as attempts), as the
    summary lists it; None for any other step."""
    if step.step not in ("draw", "stand") or not step.cost or Fraction(step.cost) <= 0:
        return None
    if step_token(seated.stored.id, step.n, "dealer") in found:
        return None
    cost = Fraction(step.cost)
    right = "stand" if step.step == "draw" else "draw"
    return {
        "round": number,
        "what": ASK_NAMES["dealer"],
        "words": error_words("dealer", step.step, right),
        "question": "the dealer's turn",
        "answer": step.step,
        "right": right,
        "taken_back": step.state == "withdrawn",
        "bets": bets_text(cost / seated.rules.min_bet) if step.state == "played" else "",
    }


def _ended(seated: Seated) -> str:
    """How the learner's table ended: the shoe played out, the deal or bank passed on, or
    the bankroll spent."""
    table, first = seated.game.table, seated.game.setup.first_dealer
    if seated.game.spent:
        return "Your bankroll cannot cover the table minimum"
    if not seated.rules.players_bank or table.dealer in (None, first):
        return "The pack is played out" if seated.spec.deals else "The shoe is played out"
    to = "you" if table.dealer == 0 else table.names[table.dealer]
    return f"The talia is played out and the bank passes to {to}"


def _outcome(net: Fraction) -> str:
    """The result in words: ``"you won 11"``, ``"you lost 2.50"``, ``"you broke even"``."""
    if net == 0:
        return "you broke even"
    return f"you {'won' if net > 0 else 'lost'} {money(abs(net))}"


def _no_errors() -> dict[str, Any]:
    return {"count": 0, "cost": Fraction(0), "bets": Fraction(0)}


def _bets(value: Fraction) -> str:
    return f"{float(value):.2f}"


def _round_of_steps(seated: Seated) -> dict[int, int]:
    """The round each stored step was made in (by its ``n``)."""
    played = [s for s in seated.steps if s.state == "played"]
    where: dict[int, int] = {}
    for record in seated.game.rounds:
        for index in range(record.first_step, record.first_step + record.steps):
            where[played[index].n] = record.record.number
    rounds = len(seated.game.rounds)
    for step in seated.steps:  # a count check or a withdrawn step: the round that came next
        where.setdefault(step.n, _next_round(where, step.n, rounds))
    return where


def _next_round(where: Mapping[int, int], n: int, rounds: int) -> int:
    later = [number for at, number in where.items() if at > n]
    return min(later) if later else rounds


def _luck(
    seated: Seated, result: Fraction, cost: Fraction, bets_cost: Fraction
) -> dict[str, str] | None:
    """Luck and skill: perfect play's expectation on the same first cards, against the result.

    Each round the learner played a box in (:func:`_boxes_expected`) and each they dealt
    (:func:`_bank_expected`) expects what perfect play would have, at the learner's own
    stakes; perfect play bets right too, so what the learner's bets gave up (``bets_cost``)
    is added to it. The learner's mistakes cost ``cost`` of that (their bets' among it); the
    rest of the result beside it is the cards' luck.
    """
    round_of = _round_of_steps(seated)
    priced = [
        (round_of[s.n], s.step, Fraction(s.ev))
        for s in seated.steps
        if s.state == "played" and s.ev is not None
    ]
    if not priced:
        return None
    dealt = {p.record.number for p in seated.game.rounds if p.record.dealer == 0}
    expected = _boxes_expected(seated, [p for p in priced if p[0] not in dealt])
    expected += _bank_expected(seated, [p for p in priced if p[0] in dealt]) + bets_cost
    yours = expected - cost
    return {
        "perfect": signed_money(expected),
        "yours": signed_money(yours),
        "skill": signed_money(-cost),
        "luck": signed_money(result - yours),
    }


def _boxes_expected(seated: Seated, priced: list[tuple[int, str, Fraction]]) -> Fraction:
    """Perfect play's expectation for the learner's boxes in the rounds they did not deal:
    on each box's first decision, the right play's EV times the stake (``priced``: round,
    step, EV); a box with no decision (a natural, the dealer's natural) expects what it got."""
    decided = _decided_boxes(seated)
    expected = sum((ev for *_, ev in priced), Fraction(0))
    for played in seated.game.rounds:
        for seat in played.learner:
            if (played.record.number, seat) not in decided:
                expected += played.record.result.seats[seat].net
    return expected


def _bank_expected(seated: Seated, priced: list[tuple[int, str, Fraction]]) -> Fraction:
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
    for played in seated.game.rounds:
        result = played.record.result
        if played.record.dealer != 0:
            continue
        chosen = first.get(played.record.number)
        if chosen is None:
            expected += result.bank_net
            continue
        expected += chosen[1]
        if chosen[0] in ("draw", "stand"):
            expected += table_dealing.settled_at_once(result)
    return expected


def _decided_boxes(seated: Seated) -> set[tuple[int, int]]:
    """(round, seat) of every box whose first decision was taken (it has an EV stored): all of
    them where it was asked before the peek (early surrender), a natural's too."""
    decided = set()
    for played in seated.game.rounds:
        round_ = played.round
        early = early_surrender_offered(seated.rules, round_.up_card.value)
        for seat in played.learner:
            hands = round_.hands(seat)
            first = hands[0].cards
            natural = len(hands) == 1 and len(first) == 2 and Hand(first).total == 21
            if early or not (natural or round_.dealer_natural):
                decided.add((played.record.number, seat))
    return decided
