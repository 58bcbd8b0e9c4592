"""Rounds per second of the compiled simulator, per core, warm (the compile time apart).

    .venv/bin/python bench/simulate.py [--rounds N] [--repeat K]

Two configurations, one seat, one process:

- flat: 6 decks, S17, DAS, no surrender, 75% penetration, basic strategy, flat bets (the
  configuration FreeBJ, the fastest open-source simulator, plays at about 2.7 million rounds a
  second a core);
- counted: the same with the Hi-Lo count, every computed index and a 1-8 ramp.

It prints the time the kernel took to compile (or load from numba's cache) and then, for each
configuration, the rounds per second of each of ``--repeat`` warm runs and their best, with
``uptime``'s load: on a shared machine the best of several runs is the honest figure. The
rounds per CPU second (the process's own CPU time) are printed beside: on a machine busier
than its cores, wall time counts the time other processes ran too. With
``--edge`` it also plays ``--rounds`` of the flat configuration for the house edge and its
standard error (published simulations: about 0.42% to the house; the strategy engine's exact
figure for a full shoe is printed beside it).

The anchor: ``bench/sim_loop.c``, a plain scalar C loop playing the flat game, compiled with the
system's ``cc -O2`` under a temporary directory and run after each of the flat game's runs, on as
many rounds: the ratio of our rounds per CPU second to its, run by run, and their median, are
the figure (the issue's target: at least 0.5). ``--cc ""`` leaves the anchor out.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from anchor import median  # noqa: E402

from trainer.simulator.run import run, warm  # noqa: E402
from trainer.simulator.settings import job_of, settings_from, simulate  # noqa: E402

FLAT = {"preset": "vegas-6d-s17", "options": ["surrender=none"]}
COUNTED = {**FLAT, "system": "hi-lo", "indices": "all", "ramp": "1@-99,2@1,4@2,8@3"}


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


C_LOOP = Path(__file__).with_name("sim_loop.c")


def _c_loop(cc: str, where: Path) -> Path | None:
    """The C loop compiled under ``where`` with ``cc`` (None where there is no compiler)."""
    if not cc or shutil.which(cc) is None:
        return None
    binary = where / "sim_loop"
    subprocess.run([cc, "-O2", "-o", str(binary), str(C_LOOP), "-lm"], check=True)
    return binary


def _c_speed(binary: Path, rounds: int, seed: int) -> tuple[float, str]:
    """The C loop's rounds per CPU second over ``rounds`` rounds, and its edge as it says it."""
    out = subprocess.run(
        [str(binary), str(rounds), str(seed)], check=True, capture_output=True, text=True
    ).stdout.split()
    figures = dict(zip(out[::2], out[1::2], strict=True))
    return float(figures["rounds_per_second"]), f"{figures['edge']}% +- {figures['se']}%"


def _speeds(name: str, options: dict, rounds: int, repeat: int, anchor: Path | None = None) -> None:
    settings = settings_from(rounds=rounds, **options)
    job = job_of(settings)
    start = time.perf_counter()
    compile_seconds = warm(job)
    print(f"{name}: compile or cache load {compile_seconds:.2f} s (first call, {_load()})")
    speeds, cpu_speeds, ratios = [], [], []
    for attempt in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        run(job, rounds)
        speeds.append(rounds / (time.perf_counter() - start))
        cpu_speeds.append(rounds / (time.process_time() - cpu))
        print(
            f"  {speeds[-1] / 1e6:6.2f} M rounds/s wall, {cpu_speeds[-1] / 1e6:6.2f} M per "
            f"CPU second  ({_load()})"
        )
        if anchor is not None:
            c_speed, c_edge = _c_speed(anchor, rounds, attempt + 1)
            ratios.append(cpu_speeds[-1] / c_speed)
            print(
                f"  {c_speed / 1e6:6.2f} M per CPU second for the C loop beside it (edge "
                f"{c_edge}): ratio {ratios[-1]:.2f}"
            )
    print(
        f"  best {max(speeds) / 1e6:.2f} M rounds/s per core (wall), "
        f"{max(cpu_speeds) / 1e6:.2f} M per CPU second"
    )
    if ratios:
        print(f"  median ratio to the C loop, per CPU second: {median(ratios):.2f} (target 0.5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--edge", action="store_true", help="also the flat edge at --rounds")
    parser.add_argument("--workers", type=int, default=1, help="workers for --edge")
    parser.add_argument("--cc", default="cc", help="the C compiler for the anchor ('' for none)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        anchor = _c_loop(args.cc, Path(where))
        _speeds("flat basic strategy", FLAT, args.rounds, args.repeat, anchor)
    _speeds("Hi-Lo, all indices, 1-8 ramp", COUNTED, args.rounds, args.repeat)
    if args.edge:
        from trainer.engine.strategy import chart

        settings = settings_from(rounds=args.rounds, workers=args.workers, seed=1, **FLAT)
        found = simulate(settings)
        exact = chart(settings.rules).house_edge
        print(
            f"flat edge over {found.rounds:,} rounds: {-found.player_edge_percent:.4f}% "
            f"+- {found.se_percent:.4f}% to the house (full-shoe exact: {exact:.4f}%; "
            f"{found.rounds_per_second / 1e6:.2f} M rounds/s on {args.workers} workers, {_load()})"
        )


if __name__ == "__main__":
    main()
