"""The risk a counter lives with: ruin, trips, goals, N0, SCORE and the certainty equivalent.

Every figure is the standard diffusion one (Schlesinger, *Blackjack Attack*, 3rd ed., ch. 10
"Risk of ruin"): a bankroll of ``B`` units that wins ``mu`` units a round on average with a
standard deviation of ``sigma`` units a round is taken as a Brownian motion with drift ``mu``
and variance ``sigma^2`` a round. Write ``a = 2 mu / sigma^2``.

- **Risk of ruin**, a fixed bankroll played for ever (flat or a fixed ramp, never resized):
  ``exp(-a B)`` (1 where the game does not win).
- **The bankroll for a target risk** ``r``: ``-ln(r) / a = -sigma^2 ln(r) / (2 mu)`` (none
  where the game does not win).
- **Ruin within a trip of N rounds** (the first passage of a drifted Brownian motion below
  ``-B`` by time ``N``): ``Phi((-B - mu N) / (sigma sqrt N)) + exp(-a B) Phi((-B + mu N) /
  (sigma sqrt N))``.
- **Reaching a goal of G units before losing the bankroll**, with no time limit (the scale
  function of the motion): ``(1 - exp(-a B)) / (1 - exp(-a (B + G)))``, ``B / (B + G)`` where
  the game is even; written as ``(1 - R) / (1 - R^((B + G) / B))`` with ``R`` the risk of ruin,
  as *Blackjack Attack* has it.
- **Reaching it within N rounds**: the same motion stopped at both lines and at round N. Where
  N is short beside the distance between the lines (``sigma^2 N <= (B + G)^2``) by the method of
  images (the alternating series of first passages to the lines' reflections, Borodin and
  Salminen, *Handbook of Brownian Motion*, 2.1.3), else by the sine series of the motion between
  the lines (the chance of reaching the goal after round N, taken from the chance with no time
  limit). Either series is summed to :data:`SERIES_TERMS` terms, far past where its terms fall
  below 1e-17.
- **N0** ``= sigma^2 / mu^2`` rounds (where the result is one standard deviation from 0), and
  **SCORE** ``= 10^6 / N0``: the win per 100 rounds of a 10,000-unit bankroll betting full
  Kelly (Schlesinger, ch. 10), 0 where the game does not win.
- **The certainty equivalent** at a Kelly fraction ``k`` (the share of the Kelly bet played, the
  "Kelly number": utility ``x^(1 - 1/k) / (1 - 1/k)``, the logarithm at ``k = 1``):
  ``mu - sigma^2 / (2 k B)`` a round (Red Taylor's Kelly criterion FAQ, Q4; *Blackjack Attack*
  ch. 10), the sure win a round worth as much as playing.

**The model's error.** A real bankroll moves a round at a time and can end a round below 0 (a
lost double or split) or past the goal: a walk of whole rounds overshoots a line by about 0.58
of a round's standard deviation (Siegmund's correction for Gaussian steps), which the diffusion
does not. Each ruin or goal figure is given with its error as stated here: how far it moves when
the bankroll, or the goal, moves by one standard deviation of a round (:func:`diffusion_error`).
The suite checks each figure against a count of ruins and goals over random walks, within three
standard errors plus that error (``tests/engine/test_risk.py``).

Every number is bounded by :func:`read_inputs` before anything is worked out (and read to
:data:`PLACES` decimal places), and each figure takes a fixed number of steps whatever the
numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = [
    "LIMITS",
    "SERIES_TERMS",
    "InvalidRiskInputError",
    "RiskInputs",
    "RiskReport",
    "bankroll_for_risk",
    "certainty_equivalent",
    "diffusion_error",
    "goal_probability",
    "goal_probability_in_rounds",
    "n0",
    "read_inputs",
    "risk_of_ruin",
    "risk_report",
    "score",
    "trip_risk_of_ruin",
]

SERIES_TERMS = 64
PLACES = 12  # every input is read to this many decimal places
# Each input's bounds: (lowest, highest, whether the lowest itself is allowed).
LIMITS: dict[str, tuple[float, float, bool]] = {
    "win_rate": (-10_000.0, 10_000.0, True),
    "sd": (0.0, 100_000.0, False),
    "bankroll": (0.0, 1e9, False),
    "rounds": (1.0, 1e9, True),
    "goal": (0.0, 1e9, False),
    "target_ror": (0.0, 1.0, False),  # and below 1
    "kelly": (0.0, 100.0, False),
}
_MAX_TEXT = 40
_SQRT2 = math.sqrt(2.0)
_LOG_SQRT_2PI = 0.5 * math.log(2.0 * math.pi)


class InvalidRiskInputError(ValueError):
    """A figure the risk is worked out from that is not a number or out of its bounds."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


# ---------------------------------------------------------------------------------------------
# The normal law, in logarithms where its tail would underflow.


def _log_phi(x: float) -> float:
    """``ln Phi(x)``, the standard normal's distribution function, for any ``x``."""
    if x > -20.0:
        return math.log(0.5 * math.erfc(-x / _SQRT2))
    # Mills' ratio: Phi(x) ~ phi(x) / -x (1 - 1/x^2 + 3/x^4 - 15/x^6), good to 1e-9 here.
    inverse = 1.0 / (x * x)
    series = 1.0 - inverse + 3.0 * inverse**2 - 15.0 * inverse**3
    return -0.5 * x * x - _LOG_SQRT_2PI - math.log(-x) + math.log(series)


def _passages(factor: float, level: float, drift: float, rounds: float) -> float:
    """``exp(factor) J(level)``, where ``J(c) = exp(-d c) Phi((d N - c) / sqrt N) + exp(d c)
    Phi((-d N - c) / sqrt N)`` with ``d = |drift|``: times ``exp(d c)``, the chance that a
    motion of unit variance drifting ``d`` toward a line ``c`` away reaches it within ``N``
    rounds. Each part is formed in logarithms, so a huge factor times a tiny tail is neither
    infinite nor lost."""
    root, speed = math.sqrt(rounds), abs(drift)
    near = factor - speed * level + _log_phi((speed * rounds - level) / root)
    far = factor + speed * level + _log_phi((-speed * rounds - level) / root)
    return math.exp(near) + math.exp(far)


# ---------------------------------------------------------------------------------------------
# The figures. Amounts in units, rates a round; ``sd`` is above 0 (read_inputs checks it).


def risk_of_ruin(win_rate: float, sd: float, bankroll: float) -> float:
    """The chance of ever losing ``bankroll``: ``exp(-2 mu B / sigma^2)``, 1 if not winning."""
    if win_rate <= 0:
        return 1.0
    return math.exp(-2.0 * win_rate * bankroll / (sd * sd))


def bankroll_for_risk(win_rate: float, sd: float, risk: float) -> float | None:
    """The bankroll whose risk of ruin is ``risk``: ``-sigma^2 ln(r) / (2 mu)``; None where
    the game does not win (no bankroll is enough)."""
    if win_rate <= 0:
        return None
    return -sd * sd * math.log(risk) / (2.0 * win_rate)


def trip_risk_of_ruin(win_rate: float, sd: float, bankroll: float, rounds: float) -> float:
    """The chance of losing ``bankroll`` within ``rounds`` rounds (module doc)."""
    drift, level = win_rate / sd, bankroll / sd
    # The passage down to -B: by symmetry the passage up to B of the motion drifting -drift,
    # whose density carries exp(-drift B) (Girsanov).
    value = _passages(-drift * level, level, drift, rounds)
    return min(1.0, max(0.0, value))


def goal_probability(win_rate: float, sd: float, bankroll: float, goal: float) -> float:
    """The chance of winning ``goal`` before losing ``bankroll``, however long it takes."""
    a = 2.0 * win_rate / (sd * sd)
    if a == 0.0 or abs(a) * (bankroll + goal) < 1e-12:
        return bankroll / (bankroll + goal)
    if a > 0:
        return math.expm1(-a * bankroll) / math.expm1(-a * (bankroll + goal))
    return math.exp(a * goal) * math.expm1(a * bankroll) / math.expm1(a * (bankroll + goal))


def _goal_by_images(drift: float, low: float, high: float, rounds: float) -> float:
    """The chance of reaching ``high`` above the start before ``low`` below it, by ``rounds``
    (unit variance): ``exp(drift high) sum_k sign(c_k) J(|c_k|)``, ``c_k = high + 2 k L``."""
    width = low + high
    total = 0.0
    for k in range(-SERIES_TERMS, SERIES_TERMS + 1):
        level = high + 2.0 * k * width
        sign = 1.0 if level > 0 else -1.0
        total += sign * _passages(drift * high, abs(level), drift, rounds)
    return total


def _goal_by_sines(drift: float, low: float, high: float, rounds: float) -> float:
    """The same chance as :func:`_goal_by_images`, from the sine series of the motion between
    the lines: the chance with no time limit less that of reaching the goal after ``rounds``,
    ``exp(drift high) pi / L^2 sum_n n (-1)^(n+1) sin(n pi low / L) exp(-k_n N) / k_n`` with
    ``k_n = n^2 pi^2 / (2 L^2) + drift^2 / 2``."""
    width = low + high
    n = np.arange(1, SERIES_TERMS + 1, dtype=float)
    k = n * n * math.pi**2 / (2.0 * width * width) + drift * drift / 2.0
    sines = n * np.where(n % 2 == 1, 1.0, -1.0) * np.sin(n * math.pi * low / width)
    exponent = drift * high - k * rounds
    late = math.pi / width**2 * float(np.sum(sines * np.exp(exponent) / k))
    return goal_probability(drift, 1.0, low, high) - late


def goal_probability_in_rounds(
    win_rate: float, sd: float, bankroll: float, goal: float, rounds: float
) -> float:
    """The chance of winning ``goal`` before losing ``bankroll``, within ``rounds`` rounds."""
    drift, low, high = win_rate / sd, bankroll / sd, goal / sd
    if rounds <= (low + high) ** 2:
        value = _goal_by_images(drift, low, high, rounds)
    else:
        value = _goal_by_sines(drift, low, high, rounds)
    return min(1.0, max(0.0, value))


def n0(win_rate: float, sd: float) -> float | None:
    """Rounds until the win is one standard deviation: ``sigma^2 / mu^2``; None if not winning."""
    return sd * sd / (win_rate * win_rate) if win_rate > 0 else None


def score(win_rate: float, sd: float) -> float:
    """SCORE: ``10^6 / N0`` (0 where the game does not win)."""
    rounds = n0(win_rate, sd)
    return 1e6 / rounds if rounds else 0.0


def certainty_equivalent(win_rate: float, sd: float, bankroll: float, kelly: float) -> float:
    """The sure win a round worth as much as playing, at a Kelly fraction ``kelly``:
    ``mu - sigma^2 / (2 k B)``."""
    return win_rate - sd * sd / (2.0 * kelly * bankroll)


def diffusion_error(figure: Callable[..., float], **inputs: float) -> float:
    """The stated error of a ruin or goal figure: the most it moves when the bankroll, the goal
    (where it has one) or both move by one standard deviation of a round (module doc)."""
    base = figure(**inputs)
    step = inputs["sd"]
    shifts = [{"bankroll": inputs["bankroll"] + step}]
    if "goal" in inputs:
        shifts += [
            {"goal": inputs["goal"] + step},
            {"bankroll": inputs["bankroll"] + step, "goal": inputs["goal"] + step},
        ]
    return max(abs(figure(**{**inputs, **shift}) - base) for shift in shifts)


# ---------------------------------------------------------------------------------------------
# The inputs, read and bounded, and every figure of them.


@dataclass(frozen=True)
class RiskInputs:
    """A game's win rate and standard deviation a round, and what is asked of it (units)."""

    win_rate: float
    sd: float
    bankroll: float
    rounds: int | None = None
    goal: float | None = None
    target_ror: float | None = None
    kelly: float = 1.0

    def with_game(self, win_rate: float, sd: float) -> RiskInputs:
        """The same question of another game (a game's figures worked out from its ramp).

        :raises InvalidRiskInputError: for figures beyond the bounds.
        """
        _bounded("win_rate", win_rate)
        _bounded("sd", sd)
        return replace(self, win_rate=win_rate, sd=sd)


def _bounded(field: str, value: float, shown: str | None = None) -> float:
    low, high, low_allowed = LIMITS[field]
    below = value < low or (value == low and not low_allowed)
    if not math.isfinite(value) or below or value > high or (field == "target_ror" and value >= 1):
        side = "at least" if low_allowed else "above"
        upper = "below" if field == "target_ror" else "at most"
        written = shown if shown is not None else f"{value:.6g}"
        raise InvalidRiskInputError(
            field, f"must be {side} {low:g} and {upper} {high:g}, not {written}"
        )
    return value


def _number(field: str, text: str) -> float:
    raw = str(text).strip()
    if not raw:
        raise InvalidRiskInputError(field, "give a number")
    if len(raw) > _MAX_TEXT or not raw.isascii() or "_" in raw:  # Fraction reads 1_000
        raise InvalidRiskInputError(field, f"not a number: {raw[:_MAX_TEXT]!r}")
    try:
        value = Fraction(raw)  # no NaN nor infinity: Fraction refuses them
    except (ValueError, ZeroDivisionError):
        raise InvalidRiskInputError(field, f"not a number: {raw!r}") from None
    if abs(value) > 10**12:  # before float(): 10^300 is a number, only not one taken here
        return _bounded(field, math.inf if value > 0 else -math.inf, raw)  # no float(value)
    # Read to 12 places: a figure of 1e-300 is 0 here (refused where 0 is), so no square of a
    # win rate, a deviation or a distance underflows to a division by 0.
    return _bounded(field, round(float(value), PLACES), raw)


def read_inputs(values: Mapping[str, str | None], *, game_given: bool = False) -> RiskInputs:
    """The inputs from text (a command line's, a form's), every number bounded first.

    ``game_given``: the win rate and standard deviation come from a game worked out later, so
    they are not read here (they are 0 and 1 until :meth:`RiskInputs.with_game`).

    :raises InvalidRiskInputError: naming the first field that is missing, not a number or out
        of its bounds (:data:`LIMITS`).
    """

    def given(name: str) -> str | None:
        text = values.get(name)
        return None if text is None or not str(text).strip() else str(text)

    win_rate, sd = 0.0, 1.0
    if not game_given:
        win_rate = _number("win_rate", given("win_rate") or "")
        sd = _number("sd", given("sd") or "")
    bankroll = _number("bankroll", given("bankroll") or "")
    rounds = None
    if (text := given("rounds")) is not None:
        count = _number("rounds", text)
        if count != int(count):
            raise InvalidRiskInputError("rounds", f"a whole number of rounds, not {text[:20]}")
        rounds = int(count)
    goal = _number("goal", t) if (t := given("goal")) is not None else None
    target = _number("target_ror", t) if (t := given("target_ror")) is not None else None
    kelly = _number("kelly", t) if (t := given("kelly")) is not None else 1.0
    return RiskInputs(win_rate, sd, bankroll, rounds, goal, target, kelly)


@dataclass(frozen=True)
class RiskReport:
    """Every figure of :class:`RiskInputs` (those not asked for are None), each ruin or goal
    figure with its stated error (``errors``, by the figure's key)."""

    inputs: RiskInputs
    ror: float
    trip_ror: float | None
    goal_probability: float | None
    goal_probability_in_rounds: float | None
    bankroll_for_target: float | None
    n0: float | None
    score: float
    ce: float
    errors: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        """The ``risk --json`` document: the figures under their keys, then the inputs."""
        given = self.inputs
        return {
            "ror": _rounded(self.ror),
            "trip_ror": _rounded(self.trip_ror),
            "goal_probability": _rounded(self.goal_probability),
            "goal_probability_in_rounds": _rounded(self.goal_probability_in_rounds),
            "bankroll_for_target": _rounded(self.bankroll_for_target, 4),
            "n0": _rounded(self.n0, 2),
            "score": _rounded(self.score, 4),
            "ce": _rounded(self.ce, 8),
            "diffusion_error": {key: _rounded(value) for key, value in self.errors.items()},
            "win_rate": given.win_rate,
            "sd": given.sd,
            "bankroll": given.bankroll,
            "rounds": given.rounds,
            "goal": given.goal,
            "target_ror": given.target_ror,
            "kelly": given.kelly,
        }


def _rounded(value: float | None, places: int = 8) -> float | None:
    return None if value is None else round(value, places)


def risk_report(given: RiskInputs) -> RiskReport:
    """Every figure :class:`RiskInputs` asks for (module doc)."""
    mu, sd, bank = given.win_rate, given.sd, given.bankroll
    game = {"win_rate": mu, "sd": sd, "bankroll": bank}
    errors = {"ror": diffusion_error(risk_of_ruin, **game)}
    trip = goal = goal_in = None
    if given.rounds is not None:
        trip = trip_risk_of_ruin(mu, sd, bank, given.rounds)
        errors["trip_ror"] = diffusion_error(trip_risk_of_ruin, **game, rounds=given.rounds)
    if given.goal is not None:
        goal = goal_probability(mu, sd, bank, given.goal)
        errors["goal_probability"] = diffusion_error(goal_probability, **game, goal=given.goal)
        if given.rounds is not None:
            goal_in = goal_probability_in_rounds(mu, sd, bank, given.goal, given.rounds)
            errors["goal_probability_in_rounds"] = diffusion_error(
                goal_probability_in_rounds, **game, goal=given.goal, rounds=given.rounds
            )
    target = None
    if given.target_ror is not None:
        target = bankroll_for_risk(mu, sd, given.target_ror)
        if target is not None:
            errors["bankroll_for_target"] = sd
    return RiskReport(
        inputs=given,
        ror=risk_of_ruin(mu, sd, bank),
        trip_ror=trip,
        goal_probability=goal,
        goal_probability_in_rounds=goal_in,
        bankroll_for_target=target,
        n0=n0(mu, sd),
        score=score(mu, sd),
        ce=certainty_equivalent(mu, sd, bank, given.kelly),
        errors=errors,
    )
