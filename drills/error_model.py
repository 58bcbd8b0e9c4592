"""A learner's error model, read from their own answers: how often and how costly each kind of
error is, with an interval from the answers' own spread, and where there are too few answers,
nothing but "not enough answers yet".

Kinds of error and the answers each is read from (the drills' slugs):

- ``play``: basic-strategy plays (``basic-strategy``, ``table-play``): the share wrong, and the
  mean EV each wrong one gave up (the drills price it, in bets);
- ``deviation``: index plays missed (``deviations``, the questions at a count where the cell's
  index is due, and those whose count cannot be read again): the same;
- ``taken``: basic strategy left where the count does not call for the index play (the
  ``deviations`` questions where no index is due; most wrong answers there are the index play
  taken too early, standing on 16 against a 10 at a negative count, insurance below its
  index): the same. Which questions were due is read by the caller's ``due``
  (:func:`drills.deviation_due.reader`). Each of the two is priced at its ``reach``, the
  chance that a hand meets its situation (an index's cell at a count past the index, or not:
  :mod:`drills.deviation_reach`); where that is not known, at its share of the drill's
  questions, as before;
- ``bet``: the bet against the learner's ramp (``bet-sizing``): the share wrong and the mean EV
  given up, in table minimums;
- ``running``: the running count at the counting drills' checkpoints (``running-count``,
  ``shoe-count``, ``deck-countdown``): the change in its error since the checkpoint before, as
  a standard deviation per card counted in between, read as a random walk (variance
  proportional to the cards: the simulator plays it so). It is read at the learner's own
  counting speed (a session's, in cards a second: the caller's ``speed_of`` names each
  session's), the speed with the most checkpoints of those with :data:`FLOORS` of them (a tie:
  the faster). The error grows with the speed, so pooling the speeds would read a learner who
  warms up slowly and counts fast as better than they count; the speed they count at most is
  the one they practise for and the one its figure is surest at (docs/your-game.md says why
  not the fastest). Where no speed alone has the floor's checkpoints, every speed is pooled
  (and answers whose session's speed is not known are pooled with them), and the page says so;
- ``true``: the true-count conversion (``true-count``, and the true counts asked at checkpoints):
  the standard deviation of the answer from the right one, in true counts;
- ``decks``: the decks played or left judged from the tray (``deck-estimation``): the standard
  deviation in decks.

The interval of a share is Wilson's score interval at 95%; of a standard deviation, the
chi-square interval of ``n`` errors about 0 (Wilson and Hilferty's approximation of the
quantiles). A kind is in the model only from :data:`FLOORS` answers: below it an interval is
wider than the figure it bounds (a share of 3 in 30 runs from 3.5% to 26%).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any, Protocol

__all__ = [
    "COUNT_KINDS",
    "FLOORS",
    "KINDS",
    "PRICED_KINDS",
    "Answered",
    "Due",
    "ErrorModel",
    "Kind",
    "TablePace",
    "checkpoint_cards",
    "error_model",
    "with_reach",
    "model_from_json",
    "model_to_json",
    "sd_interval",
    "session_of",
    "stored_number",
    "table_pace",
    "wilson",
]

Z95 = 1.959964
CARDS_PER_DECK = 52
PRICED_KINDS = ("play", "deviation", "taken", "bet")  # a share wrong and a mean cost
COUNT_KINDS = ("running", "true", "decks")  # a standard deviation, played by the simulator
KINDS = PRICED_KINDS + COUNT_KINDS
# The answers a kind needs before it is in the model (the module's note says why).
FLOORS = {
    "play": 30,
    "deviation": 30,
    "taken": 30,
    "bet": 30,
    "running": 20,
    "true": 30,
    "decks": 30,
}
# The drill that trains each kind (the leaks link to it).
DRILL_OF = {
    "play": "basic-strategy",
    "deviation": "deviations",
    "taken": "deviations",
    "bet": "bet-sizing",
    "running": "running-count",
    "true": "true-count",
    "decks": "deck-estimation",
}
_PLAY = ("basic-strategy", "table-play")
_DEVIATION = ("deviation", "taken")  # the deviations drill's two kinds
_COUNTING = ("running-count", "shoe-count", "deck-countdown")
_TOKEN = re.compile(r"cs-(?P<session>.+)-(?P<index>\d+)-(?P<ask>[a-z]+)")
SITTING_GAP = 600  # seconds between two table answers that end a sitting
TABLE_FLOOR = 50  # hands at the table before their pace is read from them
TABLE_FLOOR_MINUTES = 10
# Where the learner's own pace is not known: about three players at the table at the
# simulator's assumed pace (trainer.simulator.summary: 418 / 4 = 104), an assumption the
# pages say is one.
ASSUMED_HANDS_AN_HOUR = 100


class Answered(Protocol):
    """What the model reads of one stored answer (the store's ``Attempt`` has it)."""

    @property
    def drill(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def answer(self) -> str: ...
    @property
    def right_answer(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def ev_cost(self) -> Fraction | None: ...
    @property
    def token(self) -> str: ...
    @property
    def created_at(self) -> str: ...
    @property
    def rules(self) -> str: ...


# Whether a deviations answer's index was due at its count (None: it cannot be read).
Due = Callable[[Answered], bool | None]


def wilson(wrong: int, answers: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of the share ``wrong / answers``."""
    if answers <= 0:
        return 0.0, 1.0
    p = wrong / answers
    spread = z * math.sqrt(p * (1 - p) / answers + z * z / (4 * answers * answers))
    middle = p + z * z / (2 * answers)
    scale = 1 + z * z / answers
    return max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale)


def _chi2_quantile(q: float, df: int) -> float:
    """The chi-square quantile: by bisection of its distribution function below 30 degrees of
    freedom, where Wilson and Hilferty's (1931) cube goes wrong (negative at 1 degree and
    q = 0.025); their approximation from 30 up, within 1% there."""
    if df < 30:
        low, high = 0.0, 200.0
        for _ in range(100):
            mid = (low + high) / 2
            if _chi2_cdf(mid, df) < q:
                low = mid
            else:
                high = mid
        return (low + high) / 2
    z = _normal_quantile(q)
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def _chi2_cdf(x: float, df: int) -> float:
    """P(X <= x) for X chi-square of ``df`` degrees: the regularised lower incomplete gamma
    P(df/2, x/2) by its series (which converges for every x; x is below 200 here)."""
    if x <= 0:
        return 0.0
    a, half = df / 2, x / 2
    term = total = 1 / a
    for n in range(1, 2000):
        term *= half / (a + n)
        total += term
        if term < total * 1e-15:
            break
    return min(1.0, math.exp(a * math.log(half) - half - math.lgamma(a)) * total)


def _normal_quantile(q: float) -> float:
    """The standard normal quantile, by bisection of erf (no scipy)."""
    low, high = -10.0, 10.0
    for _ in range(80):
        mid = (low + high) / 2
        if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < q:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def sd_interval(sum_squares: float, weight: float, n: int) -> tuple[float, float, float]:
    """The standard deviation of errors about 0 (``sum_squares / weight``, rooted) and its
    95% chi-square interval for ``n`` errors."""
    if n <= 0 or weight <= 0:
        return 0.0, 0.0, 0.0
    variance = sum_squares / weight
    low = n * variance / _chi2_quantile(0.975, n)
    high = n * variance / _chi2_quantile(0.025, n)
    return math.sqrt(variance), math.sqrt(low), math.sqrt(high)


@dataclass(frozen=True)
class Kind:
    """One kind of error as the learner's answers show it.

    For a priced kind: ``rate`` the share wrong and its interval, ``cost`` the mean EV a wrong
    answer gave up (bets; table minimums for a bet) where priced, ``weight`` the share of its
    drill's questions the kind is read from (the two deviation kinds split the drill's; 1
    for the others), ``reach`` the chance that a hand meets the kind's situation (the two
    deviation kinds; ``None``: not known). For a count kind: ``rate`` the standard deviation
    (per card for the running count) and its interval."""

    name: str
    answers: int
    wrong: int
    rate: float
    low: float
    high: float
    cost: float = 0.0
    priced: int = 0  # wrong answers with a price
    weight: float = 1.0
    reach: float | None = None

    @property
    def per_hand(self) -> float:
        """What a hand's price is taken at: the kind's reach where known, else its weight."""
        return self.reach if self.reach is not None else self.weight

    @property
    def enough(self) -> bool:
        return self.answers >= FLOORS[self.name]

    @property
    def floor(self) -> int:
        return FLOORS[self.name]

    @property
    def drill(self) -> str:
        return DRILL_OF[self.name]

    def at(self, end: str) -> float:
        """The rate at ``"rate"``, ``"low"`` or ``"high"`` (0 where there are too few answers:
        the kind is left out of the model)."""
        return float(getattr(self, end)) if self.enough else 0.0


@dataclass(frozen=True)
class TablePace:
    """Hands an hour at the table, from the learner's own sittings, or assumed."""

    hands: int
    minutes: float
    measured: bool

    @property
    def per_hour(self) -> float:
        if not self.measured:
            return float(ASSUMED_HANDS_AN_HOUR)
        return self.hands / (self.minutes / 60)


@dataclass(frozen=True)
class ErrorModel:
    kinds: dict[str, Kind]
    pace: TablePace
    speeds: tuple[str, ...] = field(default=())  # counting speeds practised (cards a second)
    running_speed: str = ""  # the speed the running count is read at ("": every speed pooled)

    @property
    def enough(self) -> bool:
        """Whether any kind has the answers to be in the model."""
        return any(kind.enough for kind in self.kinds.values())

    def noise(self, end: str = "rate", without: str | None = None) -> tuple[float, float, float]:
        """The count errors the simulator plays: running count per card, true count, decks."""
        return tuple(  # type: ignore[return-value]
            0.0 if name == without else self.kinds[name].at(end) for name in COUNT_KINDS
        )


@dataclass
class _Tally:
    answers: int = 0
    wrong: int = 0
    cost: Fraction = Fraction(0)
    priced: int = 0
    squares: float = 0.0
    weight: float = 0.0

    def priced_kind(self, name: str, of: int = 0) -> Kind:
        """The kind, ``of`` the questions its drill asked (0: the kind's own)."""
        low, high = wilson(self.wrong, self.answers)
        rate = self.wrong / self.answers if self.answers else 0.0
        cost = float(self.cost / self.priced) if self.priced else 0.0
        weight = self.answers / of if of else 1.0
        return Kind(name, self.answers, self.wrong, rate, low, high, cost, self.priced, weight)

    def spread_kind(self, name: str) -> Kind:
        sd, low, high = sd_interval(self.squares, self.weight, self.answers)
        return Kind(name, self.answers, self.wrong, sd, low, high)


def stored_number(text: str) -> Fraction | None:
    """A stored answer's number. The counting drills store a negative count with the true minus
    sign (U+2212) the learner reads, which ``Fraction`` does not read: every checkpoint at a
    negative count was left out of the model before."""
    try:
        return Fraction(text.strip().replace("+", "").replace("\u2212", "-"))
    except (ValueError, ZeroDivisionError):
        return None


def _add_priced(tally: _Tally, answer: Answered) -> None:
    tally.answers += 1
    if not answer.correct:
        tally.wrong += 1
        if answer.ev_cost is not None:
            tally.cost += answer.ev_cost
            tally.priced += 1


def _error(answer: Answered) -> float | None:
    given, right = stored_number(answer.answer), stored_number(answer.right_answer)
    return None if given is None or right is None else float(given - right)


def _add_spread(tally: _Tally, error: float | None, weight: float, right: bool) -> None:
    if error is None or weight <= 0:
        return
    tally.answers += 1
    tally.wrong += int(not right)
    tally.squares += error * error
    tally.weight += weight


def checkpoint_cards(question: str) -> int:
    """How many cards a checkpoint's question counted (``"rc hi-lo 6d: 4H 2S"``: 2)."""
    return len(question.split(":", 1)[1].split()) if ":" in question else 0


def session_of(token: str) -> str | None:
    """The counting session an answer's token names (None: not a session's checkpoint)."""
    match = _TOKEN.fullmatch(token)
    return match["session"] if match else None


def _add_checkpoints(
    tallies: dict[str, _Tally],
    answers: Iterable[Answered],
    speed_of: Mapping[str, str],
    by_speed: dict[str, _Tally],
) -> None:
    """Each session's checkpoints in order. The learner keeps their own count through a
    session (a slip carries on, as the session's summary reads it), so a running count's error
    is the change in its error since the checkpoint before, over the cards counted since; a
    true count asked there is one conversion (its error holds the running count's too). A
    running count's slip is tallied at its session's speed too, where ``speed_of`` knows it."""
    sessions: dict[str, list[tuple[int, Answered]]] = defaultdict(list)
    for answer in answers:
        match = _TOKEN.fullmatch(answer.token)
        key = match["session"] if match else answer.token
        sessions[key].append((int(match["index"]) if match else 0, answer))
    for key, asked in sessions.items():
        speed = speed_of.get(key)
        before, error_before = 0, 0.0
        for _, answer in sorted(asked, key=lambda pair: pair[0]):
            cards = checkpoint_cards(answer.question)
            error = _error(answer)
            if answer.question.startswith("tc "):
                _add_spread(tallies["true"], error, 1.0, answer.correct)
            elif answer.question.startswith("rc ") and cards > before and error is not None:
                slip = error - error_before
                _add_spread(tallies["running"], slip, float(cards - before), slip == 0)
                if speed is not None:
                    _add_spread(by_speed[speed], slip, float(cards - before), slip == 0)
                before, error_before = cards, error


def _counting_speed(by_speed: Mapping[str, _Tally]) -> str:
    """The speed the running count is read at: the one with the most checkpoints of those
    with the floor's (a tie: the faster); "" (every speed pooled) where none has."""
    enough = [speed for speed, tally in by_speed.items() if tally.answers >= FLOORS["running"]]
    return max(enough, key=lambda s: (by_speed[s].answers, Fraction(s)), default="")


def _parts(answers: Iterable[Answered]) -> dict[str, list[Answered]]:
    parts: dict[str, list[Answered]] = defaultdict(list)
    for answer in answers:
        parts[answer.drill].append(answer)
    return parts


def error_model(
    answers: Iterable[Answered],
    *,
    due: Due | None = None,
    reach: Mapping[str, float] | None = None,
    speed_of: Mapping[str, str] | None = None,
    running_at: str | None = None,
) -> ErrorModel:
    """The error model of one learner's ``answers`` (the caller's: never anyone else's);
    ``due`` tells the deviations questions whose index was due (without it, all are);
    ``reach`` the chance that a hand meets each deviation kind's situation, by kind;
    ``speed_of`` each counting session's speed (cards a second, as ``str(Fraction)``), by
    session; ``running_at`` the speed to read the running count at (None: the learner's
    counting speed, as the module's note says; "": every speed pooled)."""
    parts = _parts(answers)
    tallies = {name: _Tally() for name in KINDS}
    by_speed: dict[str, _Tally] = defaultdict(_Tally)
    for drill in _PLAY:
        for answer in parts[drill]:
            _add_priced(tallies["play"], answer)
    for answer in parts["deviations"]:
        taken = due is not None and due(answer) is False
        _add_priced(tallies["taken" if taken else "deviation"], answer)
    for answer in parts["bet-sizing"]:
        _add_priced(tallies["bet"], answer)
    counted = (a for drill in _COUNTING for a in parts[drill])
    _add_checkpoints(tallies, counted, speed_of or {}, by_speed)
    speed = _counting_speed(by_speed) if running_at is None else running_at
    if speed:
        tallies["running"] = by_speed[speed]
    for answer in parts["true-count"]:
        _add_spread(tallies["true"], _error(answer), 1.0, answer.correct)
    for answer in parts["deck-estimation"]:
        _add_spread(tallies["decks"], _error(answer), 1.0, answer.correct)
    asked = len(parts["deviations"])
    kinds = {
        name: tallies[name].priced_kind(name, asked if name in _DEVIATION else 0)
        for name in PRICED_KINDS
    }
    kinds.update({name: tallies[name].spread_kind(name) for name in COUNT_KINDS})
    speeds = tuple(sorted((s for s in by_speed if by_speed[s].answers), key=Fraction))
    model = ErrorModel(kinds, table_pace(parts["table-play"]), speeds, speed)
    return with_reach(model, reach)


def with_reach(model: ErrorModel, reach: Mapping[str, float] | None) -> ErrorModel:
    """``model`` with each deviation kind's reach (one it has already is kept)."""
    if reach is None:
        return model
    kinds = {
        name: dataclasses.replace(kind, reach=reach[name])
        if name in _DEVIATION and kind.reach is None and name in reach
        else kind
        for name, kind in model.kinds.items()
    }
    return dataclasses.replace(model, kinds=kinds)


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _first_decision(question: str) -> bool:
    """A box's first decision at the table: two cards, not a split hand."""
    hand = question.split(" v ", 1)[0].split()
    return len(hand) == 2 and " split " not in f" {question} "


def table_pace(answers: Sequence[Answered]) -> TablePace:
    """Hands an hour at the table: first decisions of a box over the time of the sittings
    (answers more than :data:`SITTING_GAP` apart start a new one); assumed where there are
    fewer than :data:`TABLE_FLOOR` hands or :data:`TABLE_FLOOR_MINUTES` minutes."""
    times = sorted(_when(a.created_at) for a in answers)
    seconds = sum(
        gap
        for earlier, later in zip(times, times[1:], strict=False)
        if (gap := (later - earlier).total_seconds()) <= SITTING_GAP
    )
    hands = sum(1 for a in answers if _first_decision(a.question))
    measured = hands >= TABLE_FLOOR and seconds >= TABLE_FLOOR_MINUTES * 60
    return TablePace(hands, seconds / 60, measured)


def model_to_json(model: ErrorModel) -> dict[str, object]:
    """The model as a job's parameters keep it (the figures are read against it later)."""
    return {
        "kinds": {name: dataclasses.asdict(kind) for name, kind in model.kinds.items()},
        "pace": dataclasses.asdict(model.pace),
        "speeds": list(model.speeds),
        "running_speed": model.running_speed,
    }


def model_from_json(data: dict[str, Any]) -> ErrorModel:
    """:raises KeyError, TypeError, ValueError: for anything :func:`model_to_json` did not write.

    A model written before the ``taken`` kind was told apart has none: it is read as no
    answers of it (its ``deviation`` holds every deviations answer, of weight 1); one written
    before the running count was read at a speed has every speed pooled."""
    kinds = {name: Kind(**fields) for name, fields in data["kinds"].items() if name in KINDS}
    kinds.setdefault("taken", Kind("taken", 0, 0, 0.0, 0.0, 1.0))
    if set(kinds) != set(KINDS):
        raise ValueError("an error model names every kind of error")
    speeds = tuple(str(speed) for speed in data.get("speeds", ()))
    running_speed = str(data.get("running_speed", ""))
    return ErrorModel(kinds, TablePace(**data["pace"]), speeds, running_speed)
