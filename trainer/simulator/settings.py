"""A simulation's settings, bounded and checked before anything starts, and the run itself.

:func:`settings_from` reads text (the command line's, a form's) into :class:`Settings`, raising
:class:`InvalidSettingError` naming the field at fault; :func:`simulate` runs them.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from trainer.engine.banker.face_down import face_down_game
from trainer.engine.counting import CountingSystem, UnknownSystemError, find_system
from trainer.engine.rulebook.rule_options import InvalidRulesError
from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import money, number, plural, quoted, said, say
from trainer.simulator.ramp import InvalidRampTextError, Ramp
from trainer.simulator.run import BLOCK_ROUNDS, Job, Sums, prepare, run, warm
from trainer.simulator.summary import Summary, summarise
from trainer.simulator.tables import CountNoise, P, Seating
from trainer.words import signed

__all__ = ["InvalidSettingError", "Settings", "settings_from", "simulate"]

MAX_ROUNDS = 10**10
MAX_SEATS = 7
MAX_WORKERS = 64
MAX_SEED = 2**63 - 1
MAX_BANKROLL = 10**12
INDICES = ("none", "i18", "all")
MAX_DEPTHS = 8  # penetrations in a sweep
MAX_SPOTS = 3  # boxes the player spreads to at a good count
MAX_COUNT = 99  # an entry, exit or spots count, either way (true counts; running counts too)
# The figures a sweep keeps of each depth.
SWEEP_KEYS = (
    "player_edge_percent",
    "se_percent",
    "win_per_100",
    "sd_per_100",
    "n0",
    "score",
    "risk_of_ruin",
    "average_bet",
)


class InvalidSettingError(ValueError):
    """A simulation setting is missing, unreadable or out of range (``field`` names the first
    at fault, ``errors`` every one: field to message)."""

    def __init__(self, field: str, message: str, errors: dict[str, str] | None = None) -> None:
        self.errors = dict(errors) if errors else {field: message}
        super().__init__("; ".join(f"{name}: {text}" for name, text in self.errors.items()))
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Settings:
    """One simulation: rules, rounds, seats, count, indices, ramp, bankroll, seed, workers."""

    rules: Rules
    rounds: int
    seats: int = 1
    system: CountingSystem | None = None  # None: Hi-Lo
    indices: str = "none"
    ramp: Ramp | None = None
    bankroll: Fraction | None = None
    seed: int = 0
    workers: int = 1
    scheduler: str | None = None  # a Dask scheduler's address: the blocks go to its cluster
    sweep: tuple[Fraction, ...] = ()  # penetrations to play the run at too, shallowest first
    noise: CountNoise = CountNoise()  # the player's count errors (none: a perfect counter)
    seating: Seating = Seating()  # other players, back-counting and spots (none: alone)

    @property
    def counting(self) -> CountingSystem:
        return self.system if self.system is not None else find_system("hi-lo")

    def describe(self) -> dict[str, Any]:
        """The settings as JSON-ready values (beside the figures in ``--json``)."""
        return {
            "system": self.counting.slug,
            "indices": self.indices,
            "ramp": self.ramp.notation() if self.ramp else None,
            "bankroll": float(self.bankroll) if self.bankroll is not None else None,
            "seed": self.seed,
            "workers": self.workers,
            "scheduler": self.scheduler,
            **({"sweep_penetrations": [str(d) for d in self.sweep]} if self.sweep else {}),
            **({"count_noise": dataclasses.asdict(self.noise)} if self.noise.any else {}),
            "others": self.seating.others,
            "enter": self.seating.enter,
            "leave": self.seating.leave,
            "spots": self.seating.spots or self.seats,
            "spots_at": self.seating.spots_at if self.seating.spots else None,
        }


def _whole(field: str, text: str | int, low: int, high: int) -> int:
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    else:
        raw = str(text).strip().replace("_", "")
        digits = raw.removeprefix("-")
        if not digits or len(raw) > 20 or not (digits.isascii() and digits.isdigit()):
            raise InvalidSettingError(
                field, say("%(typed)s is not a whole number", typed=quoted(str(text)[:24]))
            )
        value = int(raw)
    if not low <= value <= high and high == MAX_SEED:  # its 19 digits, not 2^63 - 1 written
        raise InvalidSettingError(  # out (a walk read "0 to 9,223,372,036,854,775,807")
            field,
            say("must be 0 or more, with fewer than 19 digits, not %(value)s", value=number(value)),
        )
    if not low <= value <= high:
        raise InvalidSettingError(
            field,
            say(
                "must be %(low)s to %(high)s, not %(value)s",
                low=number(low),
                high=number(high),
                value=number(value),
            ),
        )
    return value


def _rules(preset: str, options: list[str], penetration: str | None) -> Rules:
    words = [preset, *options]
    if penetration is not None:
        words.append(f"penetration={penetration}")
    try:
        rules = Rules.parse(" ".join(words))
    except InvalidRulesError as exc:
        raise InvalidSettingError(exc.option or "rules", str(exc)) from None
    return rules


def _bankroll(text: str | None, rules: Rules | None) -> Fraction | None:
    if text is None or text == "":
        return None
    raw = str(text).strip()
    if len(raw) > 16 or not raw.replace(".", "", 1).isdigit() or not raw.isascii():
        typed = quoted(raw[:24])
        raise InvalidSettingError("bankroll", say("%(typed)s is not an amount", typed=typed))
    amount = Fraction(raw)
    if rules is not None and amount < rules.min_bet:
        raise InvalidSettingError(
            "bankroll",
            say(
                "%(typed)s is below the table minimum (%(minimum)s)",
                typed=money(amount),
                minimum=rules.min_bet,
            ),
        )
    if amount > MAX_BANKROLL:
        raise InvalidSettingError("bankroll", say("at most %(most)s", most=number(MAX_BANKROLL)))
    return amount


def _ramp(text: str | None, rules: Rules | None) -> Ramp | None:
    if text is None or text == "":
        return None
    try:
        ramp = Ramp.parse(text)
    except InvalidRampTextError as exc:
        raise InvalidSettingError("ramp", said(exc) or str(exc)) from None
    if rules is not None and rules.max_bet is not None and ramp.top * rules.min_bet > rules.max_bet:
        raise InvalidSettingError(
            "ramp",
            say(
                "its top bet, %(top)s x %(minimum)s, is above the table maximum (%(maximum)s)",
                top=ramp.top,
                minimum=rules.min_bet,
                maximum=rules.max_bet,
            ),
        )
    return ramp


def _scheduler(address: str | None) -> str | None:
    if address is None or address == "":
        return None
    from trainer.simulator.cluster import check_address, dask_installed

    try:
        checked = check_address(address)
    except ValueError as exc:
        raise InvalidSettingError("scheduler", str(exc)) from None
    if not dask_installed():
        raise InvalidSettingError(
            "scheduler", "Dask is not installed (pip install 'blackjack-trainer[dask]')"
        )
    return checked


def _sweep_depths(text: str | None, rules: Rules | None) -> tuple[Fraction, ...]:
    """The depths of ``"1/2,2/3,3/4,5/6"``, each a penetration the rules take, in order."""
    if text is None or not str(text).strip():
        return ()
    words = [word.strip() for word in str(text)[:200].split(",")]
    if len(words) > MAX_DEPTHS:
        raise InvalidSettingError(
            "sweep",
            say(
                "at most %(most)s penetrations, not %(count)s",
                most=number(MAX_DEPTHS),
                count=number(len(words)),
            ),
        )
    depths = set()
    base = rules if rules is not None else Rules.parse("vegas-6d-s17")
    for word in words:
        try:
            depths.add(Fraction(base.replace(penetration=word).penetration))
        except InvalidRulesError:
            raise InvalidSettingError(
                "sweep",
                say(
                    "“%(typed)s” is not a penetration: a share of the pack above 0 and at most "
                    "1, such as 3/4",
                    typed=word[:12],
                ),
            ) from None
    return tuple(sorted(depths))


def _count(field: str, text: str | int | None) -> int | None:
    """A whole count of ``field`` (an entry, exit or spots count), or ``None`` where blank."""
    if text is None or str(text).strip() == "":
        return None
    raw = str(text).strip().replace("\u2212", "-")  # a true minus sign, as the pages write it
    return _whole(field, raw.removeprefix("+"), -MAX_COUNT, MAX_COUNT)


def _seating(
    rules: Rules | None,
    seats: int | None,
    table: dict[str, str | int | None],
) -> Seating:
    """Other players, back-counting and spots (:class:`~.tables.Seating`), each field
    checked against the others and the table's seats."""
    check = _Checks()
    counts = {name: check(_count, name, table.get(name)) for name in ("enter", "leave", "spots_at")}
    others = check(_whole, "others", table.get("others") or 0, 0, MAX_SEATS - 1)
    spots = (
        check(_whole, "spots", table.get("spots"), 1, MAX_SPOTS) if _given(table, "spots") else 0
    )
    check.raise_any()
    mine = seats or 1
    enter, leave, spots_at = counts["enter"], counts["leave"], counts["spots_at"]
    faults = _seating_faults(rules, mine, others or 0, spots or 0, enter, leave, spots_at)
    if faults:
        field, message = next(iter(faults.items()))
        raise InvalidSettingError(field, message, faults)
    return Seating(others, enter, leave, spots, spots_at or 0)


def _given(table: dict[str, str | int | None], name: str) -> bool:
    """Whether the table's field ``name`` is filled in (blank: not asked for)."""
    value = table.get(name)
    return value is not None and str(value).strip() != ""


def _seating_faults(
    rules: Rules | None,
    mine: int,
    others: int,
    spots: int,
    enter: int | None,
    leave: int | None,
    spots_at: int | None,
) -> dict[str, str]:
    """What is wrong with the seating's fields together, field to message (none: nothing)."""
    faults: dict[str, str] = {}
    if leave is not None and enter is None:
        faults["leave"] = say("give the count you sit in at too")
    elif enter is not None and leave is not None and leave > enter:
        faults["leave"] = say(
            "must be at most the count you sit in at (%(enter)s), not %(leave)s",
            enter=signed(enter),
            leave=signed(leave),
        )
    if enter is not None and others == 0:
        faults["others"] = say("at least 1 to back-count: you watch the other players' rounds")
    if spots and spots < mine:
        faults["spots"] = say(
            "must be at least your seats (%(seats)s), not %(spots)s",
            seats=number(mine),
            spots=number(spots),
        )
    if spots and spots_at is None:
        faults["spots_at"] = plural(
            "give the count from which you play %(count)s hand",
            "give the count from which you play %(count)s hands",
            spots,
        )
    elif spots_at is not None and not spots:
        faults["spots"] = say(
            "give how many hands you play from that count (%(low)s to %(high)s)",
            low=number(1),
            high=number(MAX_SPOTS),
        )
    most = min(MAX_SEATS, (rules.max_seats if rules else None) or MAX_SEATS)
    if max(mine, spots) + others > most:
        faults["others"] = say(
            "your hands (%(hands)s) and the other players (%(others)s) are more than the "
            "table's seats (%(most)s)",
            hands=number(max(mine, spots)),
            others=number(others),
            most=number(most),
        )
    if rules is not None and face_down_game(rules) and (others or enter is not None or spots):
        faults.setdefault(
            "others", say("not in a game dealt face down (the banker's game as dealt)")
        )
    return faults


def _system(text: str) -> CountingSystem:
    try:
        return find_system(str(text)[:40])
    except UnknownSystemError:
        raise InvalidSettingError(
            "system", say("the trainer has no such counting system")
        ) from None


def _indices(text: str) -> str:
    if text not in INDICES:
        names = ", ".join(INDICES)
        raise InvalidSettingError("indices", say("must be one of %(names)s", names=names))
    return text


class _Checks:
    """Each field checked in turn, every fault kept (so a form can show them all at once)."""

    def __init__(self) -> None:
        self.errors: dict[str, str] = {}

    def __call__(self, check: Callable[..., Any], *args: Any) -> Any:
        try:
            return check(*args)
        except InvalidSettingError as exc:
            for field, message in exc.errors.items():
                self.errors.setdefault(field, message)
            return None

    def raise_any(self) -> None:
        if self.errors:
            field, message = next(iter(self.errors.items()))
            raise InvalidSettingError(field, message, self.errors)


def settings_from(
    *,
    preset: str,
    rounds: str | int,
    options: list[str] | None = None,
    seats: str | int = 1,
    penetration: str | None = None,
    system: str = "hi-lo",
    indices: str = "none",
    ramp: str | None = None,
    bankroll: str | None = None,
    seed: str | int = 0,
    workers: str | int = 1,
    scheduler: str | None = None,
    sweep: str | None = None,
    max_rounds: int = MAX_ROUNDS,
    max_workers: int = MAX_WORKERS,
    table: dict[str, str | int | None] | None = None,
) -> Settings:
    """Settings from text, every value bounded before it is read; ``max_rounds`` and
    ``max_workers`` are the caller's bounds (the app's are lower than the command line's).
    ``table`` holds the other players and back-counting's and spots' fields (``others``,
    ``enter``, ``leave``, ``spots``, ``spots_at``: :func:`_seating`).

    :raises InvalidSettingError: naming every field at fault (``errors``).
    """
    check = _Checks()
    rules = check(_rules, preset, list(options or []), penetration)
    most_seats = min(MAX_SEATS, (rules.max_seats if rules else None) or MAX_SEATS)
    values = {
        "rounds": check(_whole, "rounds", rounds, 1, max_rounds),
        "seats": check(_whole, "seats", seats, 1, most_seats),
        "system": check(_system, system),
        "indices": check(_indices, indices),
        "ramp": check(_ramp, ramp, rules),
        "bankroll": check(_bankroll, bankroll, rules),
        "seed": check(_whole, "seed", seed, 0, MAX_SEED),
        "workers": check(_whole, "workers", workers, 1, max_workers),
        "scheduler": check(_scheduler, scheduler),
        "sweep": check(_sweep_depths, sweep, rules),
    }
    found = check(_seating, rules, values["seats"], table or {})
    check.raise_any()
    values["seating"] = found
    return Settings(rules=rules, **values)


Stage = Callable[[str], None]


def _silent(_stage: str) -> None:
    return None


def strategy_tables(settings: Settings, stage: Stage = _silent) -> tuple[Any, Any]:
    """The chart, and the index table where indices are asked for (else ``None``), from the
    strategy engine's caches (worked out once where they are not there yet). ``stage`` is told
    ``"chart"`` and ``"indices"`` as each begins."""
    from trainer.engine.indices import indices as index_table
    from trainer.engine.strategy import chart

    stage("chart")
    basic = chart(settings.rules)
    if settings.indices == "none":
        return basic, None
    stage("indices")
    return basic, index_table(settings.rules, settings.counting, jobs=settings.workers)


def job_of(
    settings: Settings,
    *,
    trace: bool = False,
    stage: Stage = _silent,
    tables: tuple[Any, Any] | None = None,
) -> Job:
    """The kernel's job for the settings, its strategy from ``tables`` (the chart and the
    index table) where given, else :func:`strategy_tables`'s."""
    basic, table = tables if tables is not None else strategy_tables(settings, stage)
    return prepare(
        settings.rules,
        chart=basic,
        system=settings.counting,
        seats=settings.seats,
        index_table=table,
        indices=settings.indices,
        ramp=settings.ramp,
        seed=settings.seed,
        trace=trace,
        noise=settings.noise,
        seating=settings.seating,
    )


@dataclass(frozen=True)
class _Play:
    """How a run's blocks are played: told progress, on workers or a cluster, in blocks."""

    progress: Callable[[int, int], None] | None
    map_blocks: Any
    block_rounds: int

    def rounds(self, settings: Settings, job: Job, done_before: int = 0) -> tuple[Sums, float]:
        """The sums of ``settings.rounds`` rounds of ``job``, and the seconds they took."""
        told = self.progress
        if told is not None and done_before:
            told = lambda done, total, told=told: told(done_before + done, total)  # noqa: E731
        start = time.perf_counter()
        sums = run(
            job,
            settings.rounds,
            workers=settings.workers,
            progress=told,
            map_blocks=self.map_blocks,
            block_rounds=self.block_rounds,
        )
        return sums, time.perf_counter() - start


def _summary(settings: Settings, job: Job, sums: Sums, seconds: float, compiled: float) -> Summary:
    return summarise(
        sums,
        rules=settings.rules.notation(),
        seats=settings.seats,
        min_bet=settings.rules.min_bet,
        bucket_lo=int(job.params.ints[P["bucket_lo"]]),
        bankroll=settings.bankroll,
        seconds=seconds,
        compile_seconds=compiled,
        settings=settings.describe(),
    )


def _sweep(settings: Settings, tables: tuple[Any, Any], play: _Play) -> tuple[dict, ...]:
    """Each of the sweep's depths played with the run's rounds, seed, strategy and ramp (the
    chart and indices of the rules as given: only the cut card moves); their figures."""
    found = []
    for i, depth in enumerate(settings.sweep):
        at = dataclasses.replace(settings, rules=settings.rules.replace(penetration=depth))
        job = job_of(at, tables=tables)
        sums, seconds = play.rounds(at, job, done_before=(i + 1) * settings.rounds)
        figures = _summary(at, job, sums, seconds, 0.0).to_json()
        found.append({"penetration": str(depth), **{key: figures[key] for key in SWEEP_KEYS}})
    return tuple(found)


def simulate(
    settings: Settings,
    *,
    progress: Callable[[int, int], None] | None = None,
    stage: Stage = _silent,
    map_blocks: Any = None,
    block_rounds: int | None = None,
) -> Summary:
    """Run the settings; the figures (:mod:`.summary`), and the sweep's where asked for.
    ``progress`` is told the rounds played after each block (a sweep's depths counting on
    from the run's), ``stage`` what is being done: ``"chart"``, ``"indices"``, ``"compile"``
    (the kernel compiled, or loaded from numba's cache), ``"rounds"``, then ``"sweep"``."""
    tables = strategy_tables(settings, stage)
    job = job_of(settings, tables=tables)
    if map_blocks is None and settings.scheduler is not None:
        from trainer.simulator.cluster import dask_blocks

        map_blocks = dask_blocks(settings.scheduler)
    play = _Play(progress, map_blocks, block_rounds or BLOCK_ROUNDS)
    stage("compile")
    compiled = warm(job)
    stage("rounds")
    summary = _summary(settings, job, *play.rounds(settings, job), compiled)
    if not settings.sweep:
        return summary
    stage("sweep")
    return dataclasses.replace(summary, sweep=_sweep(settings, tables, play))
