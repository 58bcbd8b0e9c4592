"""``python -m trainer simulate``: play millions of rounds and print the edge, variance and risk.

    python -m trainer simulate --preset vegas-6d-s17 --rule surrender=none --rounds 10000000
    python -m trainer simulate --preset vegas-6d-s17 --rounds 10000000 --system hilo \\
        --indices i18 --ramp "1@-99,2@1,4@2,8@3" --bankroll 10000 --workers 2 --json
    python -m trainer simulate --preset vegas-6d-s17 --rounds 1000000000 \\
        --scheduler tcp://10.0.0.5:8786
    python -m trainer simulate --preset vegas-6d-s17 --rounds 2000000 --ramp "1@-99,4@2" \\
        --sweep 1/2,2/3,3/4,5/6
    python -m trainer simulate --preset vegas-6d-s17 --rounds 2000000 --others 2 \\
        --enter 2 --leave 0 --spots 2 --spots-at 3 --ramp "1@-99,2@2,4@3" --json

Back-counting (``--enter``): the player watches the other players' rounds (``--others``),
sits in at that true count or more and leaves below ``--leave`` or at the shuffle (``--leave
-99``: every round to the shuffle); ``--spots N --spots-at C``
plays N hands (1 to 3) from a true count of C up, the ramp's bet on each.

Figures an hour are at an assumed pace (:data:`.summary.HANDS_AN_HOUR`: some 209 rounds an hour
heads-up, 52 at seven boxes), and the text says so; ``--rounds-an-hour R`` puts your own pace
(rounds dealt an hour, 10 to 1000) instead.

On a terminal, a bar on standard error says what is being done and how many rounds are played,
with an estimate of the time left; piped, only the figures are printed.

Bad input (zero or absurd rounds, an unreadable ramp, a bankroll below the table minimum, an
unknown option, rounds an hour out of range) is exit status 2 with a message naming it, and
nothing is played.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from trainer.progress import progress_bar
from trainer.simulator.settings import (
    MAX_SPOTS,
    InvalidSettingError,
    Settings,
    settings_from,
    simulate,
)
from trainer.simulator.summary import (
    HANDS_AN_HOUR,
    ROUNDS_AN_HOUR,
    Summary,
    at_pace,
    count_label,
    rounds_an_hour,
)

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trainer simulate",
        description="Simulate rounds of blackjack: edge, variance, risk of ruin, the count.",
    )
    parser.add_argument("--preset", required=True, help="a preset's name (vegas-6d-s17 ...)")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="K=V",
        help="a rule option changed from the preset (repeatable)",
    )
    parser.add_argument("--rounds", required=True, help="rounds to play (1 to 10^10)")
    parser.add_argument("--seats", default="1", help="seats played at the table (1 to 7)")
    parser.add_argument("--penetration", help="share of the pack dealt before the cut card")
    parser.add_argument("--system", default="hi-lo", help="counting system (hi-lo, ko ...)")
    parser.add_argument("--indices", default="none", help="none, i18 or all")
    parser.add_argument("--ramp", help='bet ramp, units@count: "1@-99,2@1,4@2,8@3"')
    parser.add_argument("--bankroll", help="bankroll for the risk of ruin (money)")
    parser.add_argument("--seed", default="0", help="random seed (the same seed, same figures)")
    parser.add_argument("--workers", default="1", help="worker processes")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (the dask extra)")
    parser.add_argument(
        "--sweep",
        metavar="P,P,...",
        help='penetrations to play the run at too, "1/2,2/3,3/4,5/6": the edge and SD at each',
    )
    parser.add_argument(
        "--others", default="0", help="other players at the table, dealt every round (0 to 6)"
    )
    parser.add_argument("--enter", help="back-count: sit in at this true count or more (-99 to 99)")
    parser.add_argument(
        "--leave",
        help="back-count: leave below this true count or at the shuffle (at most --enter; "
        "its default; -99: every round to the shuffle)",
    )
    parser.add_argument("--spots", help=f"hands to play at a good count (1 to {MAX_SPOTS})")
    parser.add_argument("--spots-at", help="the true count from which to play --spots hands")
    parser.add_argument(
        "--rounds-an-hour",
        help=f"your table's pace for the figures an hour: rounds dealt an hour "
        f"({ROUNDS_AN_HOUR[0]} to {ROUNDS_AN_HOUR[1]}; assumed otherwise: "
        f"{rounds_an_hour(1):.0f} heads-up, {rounds_an_hour(7):.0f} at seven boxes)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def format_summary(summary: Summary) -> str:
    """The figures as text."""
    edge = summary.player_edge_percent
    lines = [
        f"Simulation of {summary.rules}: {summary.rounds:,} rounds, {summary.seats} seat(s)",
        f"  {_whose(edge)}      {abs(edge):.3f}% +- {summary.se_percent:.3f}% (1 SE)"
        if math.isfinite(edge)
        else "  no round played: the count never reached the one you sit in at",
        f"  win per 100     {summary.win_per_100:+.2f}   SD per 100 {summary.sd_per_100:.2f}",
        *_table_lines(summary.table or {}),
        f"  average bet     {summary.average_bet:.2f}",
    ]
    if summary.n0 is not None:
        lines.append(f"  N0              {summary.n0:,.0f} rounds   SCORE {summary.score:.2f}")
    if summary.risk_of_ruin is not None:
        lines.append(f"  risk of ruin    {100 * summary.risk_of_ruin:.2f}%")
    lines.append("  count at the start of a round: frequency, your edge there (+- 1 SE)")
    for key, share in summary.tc_frequency.items():
        at, se = summary.player_edge_by_tc.get(key), summary.se_by_tc.get(key)
        shown = "" if at is None else f"{at:+8.3f}%"
        shown += "" if at is None or se is None else f" +- {se:.3f}%"
        label = count_label(key, summary.tc_ends, plain=True)
        lines.append(f"    {label:>6}  {100 * share:7.3f}%  {shown}")
    lines += _sweep_lines(summary)
    lines.append(
        f"  {summary.rounds_per_second:,.0f} rounds a second "
        f"({summary.seconds:.2f} s; compiling or loading the kernel "
        f"{summary.compile_seconds:.2f} s)"
    )
    return "\n".join(lines)


def _table_lines(table: dict) -> list[str]:
    """The rounds played and the figures per round played and seen, and an hour (units)."""
    if not table:
        return []
    played = table["win_per_round_played"]
    return [
        f"  rounds played   {table['rounds_played']:,} ({100 * table['played_fraction']:.2f}% "
        f"of the rounds seen)",
        f"  a round played  win {played or 0:+.4f}  SD {table['sd_per_round_played'] or 0:.4f}"
        " (units, every spot's net summed)",
        f"  a round seen    win {table['win_per_round_seen']:+.4f}  SD "
        f"{table['sd_per_round_seen']:.4f}",
        f"  an hour         {table['rounds_per_hour']:.0f} rounds: win "
        f"{table['win_per_hour']:+.3f}  SD {table['sd_per_hour']:.3f} (units)",
        f"                  {_pace_words(table)}",
    ]


def _pace_words(table: dict) -> str:
    """Whose pace the figures an hour are at."""
    if table.get("pace") == "given":
        return "at the rounds an hour you gave (--rounds-an-hour)"
    return (
        f"at an assumed pace ({HANDS_AN_HOUR} hands dealt an hour, the dealer's counted: "
        f"{rounds_an_hour(1):.0f} rounds heads-up); --rounds-an-hour for yours"
    )


def _read_pace(text: str | None) -> float | None:
    """``--rounds-an-hour``, checked before anything is played.

    :raises InvalidSettingError: for anything but a number in :data:`ROUNDS_AN_HOUR`."""
    if text is None:
        return None
    low, high = ROUNDS_AN_HOUR
    try:
        value = float(text[:20])
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and low <= value <= high):
        raise InvalidSettingError(
            "rounds_an_hour",
            f"--rounds-an-hour is the rounds dealt an hour, {low} to {high}, not {text[:20]!r}",
        )
    return value


def _whose(player_edge: float) -> str:
    """Whose the edge is, so that it is never a negative edge: "your edge" (the player has it
    or it is even) or "house edge"."""
    return "your edge " if player_edge >= 0 else "house edge"


def _sweep_lines(summary: Summary) -> list[str]:
    if not summary.sweep:
        return []
    lines = ["  penetration sweep: your edge (+- 1 SE), SD per 100, SCORE"]
    for depth in summary.sweep:
        lines.append(
            f"    {depth['penetration']:>6}  {depth['player_edge_percent']:+7.3f}% +- "
            f"{depth['se_percent']:.3f}%  {depth['sd_per_100']:7.2f}  {depth['score'] or 0:6.2f}"
        )
    return lines


# What the bar says while the simulator works, by its stage (trainer.simulator.settings).
STAGE_WORDS = {
    "chart": "working out the chart",
    "indices": "working out the indices",
    "compile": "loading the kernel",
    "rounds": "playing",
    "sweep": "playing the sweep",
}


def _simulate_with_progress(settings: Settings) -> Summary:
    """The run's figures, with a bar of the rounds played (the sweep's too) on a terminal."""
    total = settings.rounds * (1 + len(settings.sweep))
    with progress_bar("simulate", unit="rounds", total=total, scale=True) as bar:
        return simulate(
            settings,
            progress=lambda done, _total: bar.update(done, total),
            stage=lambda stage: bar.describe(STAGE_WORDS.get(stage, stage)),
        )


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        pace = _read_pace(args.rounds_an_hour)
        settings = settings_from(
            preset=args.preset,
            rounds=args.rounds,
            options=args.rule,
            seats=args.seats,
            penetration=args.penetration,
            system=args.system,
            indices=args.indices,
            ramp=args.ramp,
            bankroll=args.bankroll,
            seed=args.seed,
            workers=args.workers,
            scheduler=args.scheduler,
            sweep=args.sweep,
            table={
                "others": args.others,
                "enter": args.enter,
                "leave": args.leave,
                "spots": args.spots,
                "spots_at": args.spots_at,
            },
        )
    except InvalidSettingError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    summary = _simulate_with_progress(settings)
    if pace is not None:
        summary = at_pace(summary, pace)
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
    else:
        print(format_summary(summary))
    return 0
