"""The running count's error read at the learner's own counting speed: the speed with the most
checkpoints of those with the floor's (a tie: the faster), from those sessions' checkpoints
only; every speed pooled where none has the floor's; and a model kept before speeds were read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest

from drills.error_model import FLOORS, error_model, model_from_json, model_to_json

CARDS = 26  # between two checkpoints
RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Answer:
    """A made-up stored checkpoint answer (what the model reads of the store's ``Attempt``)."""

    question: str
    answer: str
    right_answer: str
    token: str
    drill: str = "running-count"
    rules: str = "vegas-6d-s17"
    ev_cost: Fraction | None = None
    created_at: str = "2026-11-02T18:00:00+00:00"

    @property
    def correct(self) -> bool:
        return self.answer == self.right_answer


def session(name: str, errors: Sequence[int]) -> list[Answer]:
    """A session's checkpoints, ``CARDS`` cards apart, the learner's count off by each error
    (the right count 0 throughout, as the model reads only the difference)."""
    found = []
    for index, error in enumerate(errors):
        cards = " ".join(f"{RANKS[k % 13]}S" for k in range(CARDS * (index + 1)))
        found.append(Answer(f"rc hi-lo 6d: {cards}", str(error), "0", f"cs-{name}-{index}-rc"))
    return found


def sd_of(*sessions: Sequence[int]) -> float:
    """The standard deviation per card of the sessions' slips (each error's change)."""
    squares = sum(
        (b - a) ** 2 for errors in sessions for a, b in zip([0, *errors], errors, strict=False)
    )
    return float((squares / (CARDS * sum(len(errors) for errors in sessions))) ** 0.5)


SLOW = [0, 0, 0, 1, 1, 1, 1, 1]  # one slip in 8 checkpoints
FAST = [0, 2, 2, -1, -1, 1, 1, 3]  # five slips, of 2 and 3


def learner() -> tuple[list[Answer], dict[str, str]]:
    """Three sessions at 1 card a second (24 checkpoints), four at 2 (32), one whose speed is
    not known (its checkpoints wild)."""
    answers = [a for n in range(3) for a in session(f"slow{n}", SLOW)]
    answers += [a for n in range(4) for a in session(f"fast{n}", FAST)]
    answers += session("unknown", [5, -5, 5, -5, 5, -5, 5, -5])
    speeds = {f"slow{n}": "1" for n in range(3)} | {f"fast{n}": "2" for n in range(4)}
    return answers, speeds


def test_the_running_count_is_read_at_the_speed_counted_at_most() -> None:
    answers, speeds = learner()
    model = error_model(answers, speed_of=speeds)
    running = model.kinds["running"]
    assert model.speeds == ("1", "2") and model.running_speed == "2"
    assert running.answers == 32 and running.enough
    assert running.rate == pytest.approx(sd_of(*[FAST] * 4))
    # Not the pooled figure the model read before (every speed's and the unknown's together).
    pooled = error_model(answers)
    assert pooled.running_speed == "" and pooled.speeds == ()
    assert pooled.kinds["running"].answers == 64
    assert pooled.kinds["running"].rate == pytest.approx(
        sd_of(*[SLOW] * 3, *[FAST] * 4, [5, -5] * 4)
    )
    assert running.rate < 0.5 * pooled.kinds["running"].rate


def test_a_tie_reads_the_faster_speed_and_a_speed_can_be_named() -> None:
    answers = [a for n in range(3) for a in session(f"slow{n}", SLOW)]
    answers += [a for n in range(3) for a in session(f"fast{n}", FAST)]
    speeds = {f"slow{n}": "1/2" for n in range(3)} | {f"fast{n}": "3/2" for n in range(3)}
    model = error_model(answers, speed_of=speeds)
    assert model.speeds == ("1/2", "3/2") and model.running_speed == "3/2"
    assert model.kinds["running"].rate == pytest.approx(sd_of(*[FAST] * 3))
    slow = error_model(answers, speed_of=speeds, running_at="1/2")
    assert slow.running_speed == "1/2"
    assert slow.kinds["running"].rate == pytest.approx(sd_of(*[SLOW] * 3))
    pooled = error_model(answers, speed_of=speeds, running_at="")
    assert pooled.kinds["running"].answers == 48


def test_below_the_floor_at_every_speed_the_speeds_are_pooled() -> None:
    answers = [a for n in range(2) for a in session(f"slow{n}", SLOW)]
    answers += [a for n in range(2) for a in session(f"fast{n}", FAST)]
    speeds = {"slow0": "1", "slow1": "1", "fast0": "2", "fast1": "2"}
    assert 16 < FLOORS["running"] <= 32
    model = error_model(answers, speed_of=speeds)
    running = model.kinds["running"]
    assert model.running_speed == "" and model.speeds == ("1", "2")
    assert running.answers == 32 and running.enough
    assert running.rate == pytest.approx(sd_of(SLOW, SLOW, FAST, FAST))


def test_the_speed_is_kept_with_a_job_and_an_old_jobs_model_is_pooled() -> None:
    answers, speeds = learner()
    model = error_model(answers, speed_of=speeds)
    kept = model_to_json(model)
    assert model_from_json(kept) == model
    old = {key: value for key, value in kept.items() if key not in ("speeds", "running_speed")}
    read = model_from_json(old)
    assert read.speeds == () and read.running_speed == ""
    assert read.kinds == model.kinds


def test_a_count_stored_with_the_true_minus_sign_is_read() -> None:
    """The counting drills store "\u22122" (the minus a learner reads): each checkpoint counts."""
    minus = "\u2212"
    answers = [
        Answer(f"rc hi-lo 6d: {' '.join(['TS'] * 26 * (index + 1))}", f"{minus}{2 * index + 2}",
               f"{minus}{2 * index + 1}", f"cs-minus-{index}-rc")
        for index in range(4)
    ]  # fmt: skip
    running = error_model(answers).kinds["running"]
    assert running.answers == 4
    assert running.rate == pytest.approx((1 / (4 * CARDS)) ** 0.5)  # one slip of 1, then none
