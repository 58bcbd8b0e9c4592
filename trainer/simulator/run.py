"""A simulation run: its settings checked, the kernel's arrays built, blocks of rounds played
(in this process or in worker processes), and the sums turned into figures.

The rounds are cut into blocks of :data:`BLOCK_ROUNDS`; block ``b`` starts from a fresh shoe
with its own random stream, ``SeedSequence(seed, spawn_key=(b,))``, and the blocks' sums are
added in block order. So the same seed gives the same figures, to the last bit, whatever the
number of workers (or a Dask cluster's size): a worker only decides where a block is played.
A worker keeps no per-round data (a block's sums are a few hundred numbers), so its memory does
not grow with the rounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import get_context

import numpy as np

from trainer.engine.banker.face_down import face_down_game
from trainer.engine.counting import CountingSystem
from trainer.engine.processes import helper_pool
from trainer.engine.rulebook.rules import Rules
from trainer.simulator import kernel as K
from trainer.simulator.face_down_tables import NO_FACE_DOWN, FaceDownTables, face_down_tables
from trainer.simulator.kernel import STATE
from trainer.simulator.ramp import Ramp
from trainer.simulator.tables import (
    I18,
    CountNoise,
    P,
    Params,
    Seating,
    Strategy,
    card_arrays,
    params_of,
    strategy_of,
)

__all__ = [
    "BLOCK_ROUNDS",
    "Job",
    "Sums",
    "block_arrays",
    "play_block",
    "play_blocks",
    "prepare",
    "run",
]

BLOCK_ROUNDS = 1 << 20
# Count tables span these whole counts (true counts; running counts for unbalanced systems).
TRUE_SPAN = 20
RUNNING_SPAN = 60


class ShoeEmptyError(ValueError):
    """The shoe ran out of cards in the middle of a round (too many seats for the pack)."""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play blocks: the kernel's arrays, small and picklable."""

    params: Params
    cards: tuple[np.ndarray, ...]  # codes, value, rank, tag
    strategy: Strategy
    bets: np.ndarray
    seed: int
    seats: int
    face_down: FaceDownTables = NO_FACE_DOWN  # 004 as dealt: the chart and the banker's best
    boxes: int = 0  # the most boxes a round deals (0: the seats)


def _count_axis(system: CountingSystem) -> tuple[int, int]:
    span = TRUE_SPAN if system.balanced else RUNNING_SPAN
    return -span, span


def prepare(
    rules: Rules,
    *,
    chart: object,
    system: CountingSystem,
    seats: int = 1,
    index_table: object | None = None,
    indices: str = "none",
    ramp: Ramp | None = None,
    seed: int = 0,
    trace: bool = False,
    fresh: bool = False,
    noise: CountNoise | None = None,
    seating: Seating | None = None,
) -> Job:
    """The job for these settings (``chart`` and ``index_table`` from the strategy engine)."""
    lo, hi = _count_axis(system)
    keep = I18 if indices == "i18" else None
    table = index_table if indices != "none" else None
    strategy = strategy_of(chart, table, keep=keep, count_lo=lo, count_hi=hi)  # type: ignore[arg-type]
    if ramp is not None and strategy.ncount == 1:
        n = hi - lo + 1
        strategy = Strategy(
            np.repeat(strategy.first, n, axis=0),
            np.repeat(strategy.split, n, axis=0),
            np.repeat(strategy.later, n, axis=0),
            np.repeat(strategy.insure, n, axis=0),
            lo,
        )
    counts = range(strategy.count_lo, strategy.count_lo + strategy.ncount)
    bets = np.array([ramp.units_at(c) if ramp else 1.0 for c in counts], dtype=np.float64)
    params = params_of(
        rules,
        seats,
        count_lo=strategy.count_lo,
        ncount=strategy.ncount,
        system=system,
        trace=trace,
        fresh=fresh,
        face_down=face_down_game(rules),
        noise=noise,
        seating=seating,
    )
    face_down = face_down_tables(rules, seats) if face_down_game(rules) else NO_FACE_DOWN
    boxes = (seating or Seating()).most_boxes(seats)
    cards = card_arrays(rules.decks, system)
    return Job(params, cards, strategy, bets, seed, seats, face_down, boxes)


def block_arrays(job: Job, log_size: int = 1) -> tuple[np.ndarray, ...]:
    """The arrays a block plays in (run_block's ``shoe``), allocated once per worker."""
    size = job.cards[0].size
    boxes = max(job.boxes, job.seats)
    # Card codes unsigned (as card_arrays' codes): a code indexes the value, rank and tag
    # arrays without numba's fix for a negative index (a test and a select at every look-up).
    return (
        np.empty(size, np.uint16),
        np.empty(size, np.uint16),
        np.empty(16, np.uint16),
        np.zeros(log_size, np.int16),
        np.zeros(STATE, np.int64),
        np.zeros((boxes * K.MAXH + 1, K.FIELDS), np.int64),
        np.zeros(boxes, np.int64),
    )


def block_rng(seed: int, block: int) -> np.ndarray:
    """Block ``block``'s two xoshiro256** states, from numpy's SeedSequence (neither all
    zeros): the shoe's (the first four words, as before there was a second) and the count
    noise's, apart so that a player's miscounts leave the cards as they were."""
    state = np.random.SeedSequence(seed, spawn_key=(block,)).generate_state(8, np.uint64)
    for start in (0, 4):
        if not state[start : start + 4].any():
            state[start] = 1
    return state


@dataclass
class Sums:
    """What blocks of rounds add up to (the kernel's accumulators)."""

    acc: np.ndarray
    buckets: np.ndarray

    @classmethod
    def zero(cls, job: Job) -> Sums:
        nbucket = int(job.params.ints[P["nbucket"]])
        return cls(np.zeros(K.ACC), np.zeros((nbucket, K.BFIELDS)))

    def add(self, other: Sums) -> None:
        self.acc += other.acc
        self.buckets += other.buckets


def play_block(
    job: Job,
    block: int,
    rounds: int,
    arrays: tuple[np.ndarray, ...] | None = None,
    nets: np.ndarray | None = None,
) -> Sums:
    """Play one block of ``rounds`` rounds.

    :raises ShoeEmptyError: when the pack ran out of cards within a round.
    """
    arrays = arrays if arrays is not None else block_arrays(job)
    sums = Sums.zero(job)
    s = job.strategy
    ran_out = K.run_block(
        rounds,
        block_rng(job.seed, block),
        # As tuples: the kernel reads them as values no store to its arrays can change.
        tuple(int(v) for v in job.params.ints),
        tuple(float(v) for v in job.params.floats),
        job.cards[1:],
        job.cards[0],
        arrays,
        (
            s.first,
            s.split,
            s.later,
            job.face_down.punter,
            job.face_down.hands,
            job.face_down.bank,
            np.empty(s.first.shape[:3], np.int8),  # the first decisions, resolved by the kernel
        ),
        s.insure,
        job.bets,
        sums.acc,
        sums.buckets,
        nets if nets is not None else _NO_NETS,
    )
    if ran_out >= 0:
        raise ShoeEmptyError(
            f"seats: the pack ran out of cards in round {ran_out} of a block with "
            f"{job.seats} seats; play fewer seats or more decks"
        )
    return sums


_NO_NETS = np.zeros(0)
PATH_BLOCKS = 1 << 40  # the first block number of the bankroll paths' random streams


def paths(job: Job, count: int, rounds: int) -> list[np.ndarray]:
    """``count`` runs of ``rounds`` rounds each from a fresh shoe (their blocks seeded apart
    from any run's): each one's cumulative net after each round, in table minimums."""
    found = []
    for path in range(count):
        nets = np.zeros(rounds)
        play_block(job, PATH_BLOCKS + path, rounds, nets=nets)
        found.append(np.cumsum(nets))
    return found


def _plan(rounds: int, block_rounds: int) -> list[tuple[int, int]]:
    """The blocks of a run: (block number, rounds in it)."""
    blocks = []
    for block, start in enumerate(range(0, rounds, block_rounds)):
        blocks.append((block, min(block_rounds, rounds - start)))
    return blocks


def play_blocks(job: Job, blocks: Sequence[tuple[int, int]]) -> list[Sums]:
    """A worker's share: several blocks, their arrays allocated once."""
    arrays = block_arrays(job)
    return [play_block(job, block, rounds, arrays) for block, rounds in blocks]


def warm(job: Job) -> float:
    """Compile the kernel (or load it from numba's cache) with one round; the seconds taken."""
    start = time.perf_counter()
    play_block(job, 0, 1)
    return time.perf_counter() - start


Progress = Callable[[int, int], None]


def run(
    job: Job,
    rounds: int,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    map_blocks: Callable[[Job, list[list[tuple[int, int]]]], Iterable[list[Sums]]] | None = None,
    block_rounds: int = BLOCK_ROUNDS,
) -> Sums:
    """Play ``rounds`` rounds of ``job`` on ``workers`` processes (or through ``map_blocks``,
    which plays groups of blocks and yields their sums in order: Dask), the sums added in
    block order."""
    plan = _plan(rounds, block_rounds)
    groups = [[block] for block in plan]
    if map_blocks is not None:
        return _added(job, groups, map_blocks(job, groups), rounds, progress)
    if workers <= 1 or len(plan) == 1:
        results: Iterable[list[Sums]] = (play_blocks(job, group) for group in groups)
        return _added(job, groups, results, rounds, progress)
    with helper_pool(workers, mp_context=get_context("spawn")) as pool:
        ordered = pool.map(play_blocks, [job] * len(groups), groups)  # in order, as they end
        return _added(job, groups, ordered, rounds, progress)


def _added(
    job: Job,
    groups: list[list[tuple[int, int]]],
    results: Iterable[list[Sums]],
    rounds: int,
    progress: Progress | None,
) -> Sums:
    """The groups' sums added in block order, progress told after each group."""
    total = Sums.zero(job)
    done = 0
    for group, sums in zip(groups, results, strict=True):
        for (_, played), one in zip(group, sums, strict=True):
            total.add(one)
            done += played
        if progress is not None:
            progress(done, rounds)
    return total
