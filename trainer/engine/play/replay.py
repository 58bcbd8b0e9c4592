"""``python -m trainer replay SCENARIO.json``: play one round from a stacked shoe, print it as JSON.

The conformance format of ``REPLAY.md``: a scenario fixes the preset (and rule overrides), the
cards in the order they leave the shoe, the bets and every decision, so the printed result is
fully determined by the rules. A scenario file may also be wrapped as
``{"note": ..., "scenario": {...}, "expect": {...}}`` (the project's test scenarios); then the
``scenario`` part is played. ``-`` reads the scenario from standard input.

One extension for 003's boxes: a bet may be a list of stakes, the box owner's first, then up to
two co-bettors'; such a seat's output adds ``shares``, each bettor's net (pro rata, insurance to
the owner). Rule overrides go through ``Rules.replace``, so they take the option names and values
of ``trainer/engine/rulebook/rules.py`` (``"blackjack_pays": "6:5"``, ``"surrender": "early"``).

Errors print ``{"error": {"code": ..., "message": ...}}`` and exit with status 2: codes
``illegal-decision``, ``missing-decision``, ``unused-decisions``, ``shoe-exhausted`` and
``bad-scenario``. Nothing is half-played: an error means no result.
"""

from __future__ import annotations

import json
import math
import sys
from collections import deque
from fractions import Fraction
from typing import Any

from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.shoe import Shoe, ShoeExhaustedError
from trainer.engine.play.round import (
    Action,
    IllegalActionError,
    InvalidBetError,
    Phase,
    Round,
    RoundResult,
    TooManySeatsError,
)
from trainer.engine.rulebook.rules import InvalidRulesError, Rules, find_preset

__all__ = ["ReplayError", "main", "play_scenario", "result_to_json"]

_FIELDS = {
    "preset",
    "rules",
    "cards",
    "bets",
    "decisions",
    "insurance",
    "dealer_doubles",
    "redoubles",
    "show_deal",
}
_IGNORED = {"note", "description", "name", "comment", "expect"}
_WORDS = {action.value: action for action in Action}


class ReplayError(ValueError):
    """A scenario that cannot be played; ``code`` is the replay format's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _bad(message: str) -> ReplayError:
    return ReplayError("bad-scenario", message)


def _number(value: Any) -> int | float | Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError
    if isinstance(value, float) and not math.isfinite(value):
        raise TypeError
    return value


def _json_number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def result_to_json(result: RoundResult) -> dict[str, Any]:
    """A settled round in the replay output format (nets as numbers: 10, 7.5)."""
    seats = []
    for seat in result.seats:
        entry: dict[str, Any] = {
            "net": _json_number(seat.net),
            "insurance_net": _json_number(seat.insurance_net),
            "hands": [
                {
                    "cards": [card.label for card in hand.cards],
                    "total": hand.total,
                    "bet": _json_number(hand.bet),
                    "result": hand.outcome.value,
                    "net": _json_number(hand.net),
                    "bonus": hand.bonus.value if hand.bonus is not None else None,
                }
                for hand in seat.hands
            ],
        }
        if len(seat.stakes) > 1:
            entry["shares"] = [_json_number(share) for share in seat.shares]
        seats.append(entry)
    return {
        "dealer": {
            "cards": [card.label for card in result.dealer_cards],
            "total": result.dealer_total,
        },
        "seats": seats,
    }


def _read_scenario(data: Any) -> dict[str, Any]:
    if isinstance(data, dict) and "preset" not in data and isinstance(data.get("scenario"), dict):
        data = data["scenario"]
    if not isinstance(data, dict):
        raise _bad("a scenario is a JSON object with preset, cards, bets and decisions")
    unknown = sorted(set(data) - _FIELDS - _IGNORED)
    if unknown:
        raise _bad(
            f"unknown scenario field {unknown[0]!r}; fields are {', '.join(sorted(_FIELDS))}"
        )
    for required in ("preset", "cards", "bets", "decisions"):
        if required not in data:
            raise _bad(f"the scenario has no {required!r}")
    return data


def play_scenario(data: Any) -> dict[str, Any]:
    """Play one scenario (already parsed from JSON) and return the output object.

    :raises ReplayError: with the replay format's error code and a message naming the problem.
    """
    scenario = _read_scenario(data)
    rules = _rules_of(scenario)
    order = _cards_of(scenario)
    stakes, queues = _bets_and_decisions(scenario)
    steps = _steps_before_play(scenario, len(stakes))
    shoe = Shoe.stacked(rules, order)
    try:
        try:
            round_ = Round(rules, shoe, stakes)
        except (InvalidBetError, TooManySeatsError) as exc:
            raise _bad(str(exc)) from None
        deal = _play(round_, queues, *steps)
        result = round_.settle()
    except ShoeExhaustedError:
        raise ReplayError(
            "shoe-exhausted",
            f"the round needs more cards than the {len(order)} listed",
        ) from None
    except IllegalActionError as exc:
        raise ReplayError("illegal-decision", str(exc)) from None
    output = result_to_json(result)
    if scenario.get("show_deal") is True:
        output["deal"] = deal
    return output


def _rules_of(scenario: dict[str, Any]) -> Rules:
    preset = scenario["preset"]
    if not isinstance(preset, str):
        raise _bad(f"preset must be a preset name, not {preset!r}")
    overrides = scenario.get("rules", {})
    if not isinstance(overrides, dict):
        raise _bad("rules must be an object of rule options")
    try:
        rules = find_preset(preset)
        rules = rules.replace(**overrides)
    except InvalidRulesError as exc:
        raise _bad(str(exc)) from None
    except (TypeError, ValueError) as exc:  # a value of the wrong JSON type for its option
        raise _bad(f"rules: {exc}") from None
    return rules


def _cards_of(scenario: dict[str, Any]) -> list[Card]:
    cards = scenario["cards"]
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise _bad('cards must be a list of ranks as text ("A", "10", "KH")')
    try:
        order = [Card.parse(card) for card in cards]
    except InvalidCardError as exc:
        raise _bad(str(exc)) from None
    return order


def _bets_and_decisions(scenario: dict[str, Any]) -> tuple[list[Any], list[deque[Action]]]:
    bets = scenario["bets"]
    if not isinstance(bets, list) or not bets:
        raise _bad("bets must be a list with one stake per seat")
    try:
        stakes: list[Any] = [
            [_number(part) for part in bet] if isinstance(bet, list) else _number(bet)
            for bet in bets
        ]
    except TypeError:
        raise _bad("each bet must be a number (or a box's list of numbers, owner first)") from None
    seats = len(stakes)

    decisions = scenario["decisions"]
    if (
        not isinstance(decisions, list)
        or len(decisions) != seats
        or not all(isinstance(seat, list) for seat in decisions)
    ):
        raise _bad(f"decisions must be a list of {seats} lists, one per seat")
    queues: list[deque[Action]] = []
    for index, seat_words in enumerate(decisions, 1):
        queue: deque[Action] = deque()
        for word in seat_words:
            action = _WORDS.get(word) if isinstance(word, str) else None
            if action is None:
                raise _bad(f"seat {index}: {word!r} is not a decision ({', '.join(_WORDS)})")
            queue.append(action)
        queues.append(queue)
    return stakes, queues


def _steps_before_play(
    scenario: dict[str, Any], seats: int
) -> tuple[list[Any] | None, bool, list[bool] | None]:
    """The scenario's insurance stakes, dealer double and redoubles, checked."""
    insurance = scenario.get("insurance")
    if insurance is not None:
        try:
            if not isinstance(insurance, list) or len(insurance) != seats:
                raise TypeError
            insurance = [_number(stake) for stake in insurance]
        except TypeError:
            raise _bad(f"insurance must be a list of {seats} numbers (0 declines)") from None
    dealer_doubles = scenario.get("dealer_doubles", False)
    if not isinstance(dealer_doubles, bool):
        raise _bad("dealer_doubles must be true or false")
    redoubles = scenario.get("redoubles")
    if redoubles is not None and (
        not isinstance(redoubles, list)
        or len(redoubles) != seats
        or not all(isinstance(choice, bool) for choice in redoubles)
    ):
        raise _bad(f"redoubles must be a list of {seats} true/false values")
    return insurance, dealer_doubles, redoubles


def _play(
    round_: Round,
    queues: list[deque[Action]],
    insurance: list[Any] | None,
    dealer_doubles: bool,
    redoubles: list[bool] | None,
) -> dict[str, Any]:
    """Play the round to its end; return the deal as the table saw it when play began."""
    seats = len(queues)
    if round_.phase is Phase.DEALER_DOUBLE:
        round_.dealer_double(dealer_doubles)
    elif dealer_doubles:
        raise IllegalActionError("deal_method: the dealer doubles all bets in deal method 3 only")
    if round_.phase is Phase.REDOUBLE:
        round_.redouble(redoubles or [False] * seats)
    elif redoubles is not None and any(redoubles):
        raise IllegalActionError("redouble: a player may redouble only after the dealer doubles")
    if round_.phase is Phase.INSURANCE:
        round_.insure(insurance or [0] * seats)
    elif insurance is not None and any(insurance):
        if not round_.rules.insurance:
            raise IllegalActionError("insurance: this table offers no insurance")
        raise IllegalActionError(
            "insurance: offered only when the dealer's up card is an ace, before play"
        )
    if round_.phase is Phase.EARLY_SURRENDER:
        choices = [bool(queue) and queue[0] is Action.SURRENDER for queue in queues]
        round_.early_surrender(choices)
        for queue, chosen in zip(queues, choices, strict=True):
            if chosen:
                queue.popleft()
    deal = _deal_view(round_)
    checked = 0
    while round_.phase is Phase.PLAYER_TURNS:
        seat = round_.current_seat
        if seat is None:  # pragma: no cover - always set during the players' turns
            break
        while checked < seat:
            _check_used(round_, queues, checked)
            checked += 1
        queue = queues[seat]
        if not queue:
            hand_index = round_.current_hand_index or 0
            hand = round_.current_hand
            raise ReplayError(
                "missing-decision",
                f"seat {seat + 1}, hand {hand_index + 1} ({hand}) needs a decision "
                "but the seat's decisions ran out",
            )
        round_.act(queue.popleft())
    while checked < seats:
        _check_used(round_, queues, checked)
        checked += 1
    return deal


def _deal_view(round_: Round) -> dict[str, Any]:
    """The cards the table's players saw when play began (``null``: a card face down), and
    whether the dealer doubled (002 deal method 3)."""

    def view(cards: tuple[Card, ...], shown: tuple[bool, ...]) -> list[str | None]:
        return [card.label if up else None for card, up in zip(cards, shown, strict=True)]

    seats = [
        [
            view(hand.cards, shown)
            for hand, shown in zip(round_.hands(i), round_.shown(i), strict=True)
        ]
        for i in range(round_.seat_count)
    ]
    return {
        "seats": seats,
        "dealer": view(round_.dealer_cards, round_.dealer_shown),
        "dealer_doubled": round_.dealer_doubled,
    }


def _check_used(round_: Round, queues: list[deque[Action]], seat: int) -> None:
    left = queues[seat]
    if left:
        words = ", ".join(action.value for action in left)
        raise ReplayError(
            "unused-decisions",
            f"seat {seat + 1} has decisions left over when its play is over: {words} "
            f"({_why_stopped(round_, seat)})",
        )


def _why_stopped(round_: Round, seat: int) -> str:
    """Why the seat's last hand asked for no more decisions, naming the rule where one did."""
    rules = round_.rules
    if round_.dealer_natural and rules.hole_card == "peek":
        return "the dealer's natural ended the round before anyone played"
    hand = round_.hands(seat)[-1]
    if hand.is_two_card_21 and len(round_.hands(seat)) == 1:
        return "a natural asks for no decisions"
    if hand.is_bust:
        return "the hand is bust"
    if hand.total == 21:
        return "the hand has 21"
    if rules.max_draws is not None and len(hand.cards) - 2 >= rules.max_draws:
        return f"max_draws: at most {rules.max_draws} cards may be drawn to a hand"
    return "the seat's hands have all stood, doubled or surrendered"


def _error(code: str, message: str) -> int:
    print(json.dumps({"error": {"code": code, "message": message}}, indent=2))
    return 2


def main(argv: list[str] | None = None) -> int:
    """Replay the scenario file named in ``argv`` (``-`` for standard input)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m trainer replay SCENARIO.json", file=sys.stderr)
        return 0 if args in (["-h"], ["--help"]) else 2
    path = args[0]
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        return _error("bad-scenario", f"cannot read {path}: {exc.strerror or exc}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return _error("bad-scenario", f"malformed JSON: {exc}")
    try:
        output = play_scenario(data)
    except ReplayError as exc:
        return _error(exc.code, exc.message)
    print(json.dumps(output, indent=2))
    return 0
