"""``python -m trainer risk``: the risk a counter lives with, for a bankroll in betting units.

    python -m trainer risk --win-rate 0.01 --sd 1.15 --bankroll 200
    python -m trainer risk --win-rate 0.01 --sd 1.15 --bankroll 200 --rounds 5000 --goal 100 \\
        --target-ror 0.05 --kelly 0.5 --json
    python -m trainer risk --preset vegas-6d-s17 --system hi-lo --ramp "1@-99,2@1,4@2,8@3" \\
        --penetration 5/6 --bankroll 400 --rounds 10000

From a win rate and standard deviation a round (``--win-rate``, ``--sd``), or from a game: the
rules, counting system and penetration that ``edge`` takes, and a bet ramp in the simulator's
notation (``--ramp``, units at or above each count), whose win rate and standard deviation are
worked out from the edge by count first (:func:`trainer.engine.indices.ramp_game`; the study is
cached, and worked out with a bar of its progress when it is not). The figures are the diffusion
ones of :mod:`trainer.engine.risk` (Schlesinger, *Blackjack Attack*, ch. 10), each ruin or goal
figure with the model's stated error.

Bad input (a standard deviation of 0 or below, a bankroll of 0, NaN, a target risk of 0 or 1, a
goal of 10^300, a game and a win rate both, neither) is exit status 2 with a message naming the
flag; nothing is computed then.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from trainer.engine.counting import CountingSystem, UnknownSystemError, find_system
from trainer.engine.indices import ramp_game
from trainer.engine.indices.cli import CommandParser, run_study, study_parser
from trainer.engine.indices.edge import ROUND_VARIANCE
from trainer.engine.risk import InvalidRiskInputError, RiskInputs, RiskReport, read_inputs
from trainer.engine.risk import risk_report as work_out
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.engine.strategy.cli import rules_from
from trainer.simulator.ramp import InvalidRampTextError, Ramp

__all__ = ["format_report", "main"]

_MAX_TEXT = 40
# Each input's flag, to name it in a message.
FLAGS = {
    "win_rate": "--win-rate",
    "sd": "--sd",
    "bankroll": "--bankroll",
    "rounds": "--rounds",
    "goal": "--goal",
    "target_ror": "--target-ror",
    "kelly": "--kelly",
}


def _parser() -> CommandParser:
    parser = study_parser(
        "risk",
        "Risk of ruin, a trip's risk, a goal's chance, N0, SCORE and the certainty equivalent, "
        "from a win rate and SD a round or from a game and its bet ramp (amounts in units).",
    )
    parser.add_argument("--win-rate", help="units won a round on average (the player's sign)")
    parser.add_argument("--sd", help="the standard deviation of a round, in units (above 0)")
    parser.add_argument("--bankroll", required=True, help="the bankroll, in units (above 0)")
    parser.add_argument("--rounds", help="a trip's rounds: its risk of ruin and goal chance")
    parser.add_argument("--goal", help="a win to reach before losing the bankroll, in units")
    parser.add_argument("--target-ror", help="a risk of ruin, above 0 and below 1: its bankroll")
    parser.add_argument("--kelly", help="the Kelly fraction for the certainty equivalent (1)")
    parser.add_argument("--ramp", help='a game\'s bet ramp, units@count: "1@-99,2@1,4@2,8@3"')
    parser.add_argument("--penetration", help="a game's share of the pack dealt (e.g. 5/6)")
    return parser


def _percent(value: float) -> str:
    return f"{100 * value:.4g}%"


def format_report(report: RiskReport) -> str:
    """The figures as text, each ruin or goal figure with the model's error."""
    given, errors = report.inputs, report.errors
    n0 = f"N0 {report.n0:,.0f} rounds" if report.n0 is not None else "no N0: the game loses"
    lines = [
        f"A game winning {given.win_rate:+.4g} units a round, SD {given.sd:.4g} a round "
        f"({n0}, SCORE {report.score:.2f})",
        f"  risk of ruin for {given.bankroll:g} units   {_percent(report.ror)}"
        f" (model error {_percent(errors['ror'])})",
    ]
    if report.trip_ror is not None:
        lines.append(
            f"  ruin within {given.rounds:,} rounds    {_percent(report.trip_ror)}"
            f" (model error {_percent(errors['trip_ror'])})"
        )
    if report.goal_probability is not None:
        lines.append(
            f"  winning {given.goal:g} units before ruin   {_percent(report.goal_probability)}"
            f" (model error {_percent(errors['goal_probability'])})"
        )
    if report.goal_probability_in_rounds is not None:
        lines.append(
            f"    and within {given.rounds:,} rounds  {_percent(report.goal_probability_in_rounds)}"
            f" (model error {_percent(errors['goal_probability_in_rounds'])})"
        )
    if given.target_ror is not None:
        needed = report.bankroll_for_target
        shown = f"{needed:,.1f} units" if needed is not None else "none: the game loses"
        lines.append(f"  bankroll for a {_percent(given.target_ror)} risk   {shown}")
    lines.append(
        f"  certainty equivalent at {given.kelly:g} Kelly   {report.ce:+.4g} units a round "
        f"({100 * report.ce:+.3g} per 100 rounds)"
    )
    return "\n".join(lines)


def _game_of(args: argparse.Namespace) -> tuple[Rules, CountingSystem, Ramp]:
    """The game the flags name, every part checked before anything is worked out.

    :raises InvalidRulesError, UnknownSystemError, InvalidRampTextError: naming what is wrong.
    """
    rules = rules_from(args.preset, args.rule, args.rules)
    if args.penetration is not None:
        rules = rules.replace(penetration=args.penetration[:_MAX_TEXT])
    return rules, find_system(args.system[:_MAX_TEXT]), Ramp.parse(args.ramp)


def _with_game(
    args: argparse.Namespace, given: RiskInputs, game: tuple[Rules, CountingSystem, Ramp]
) -> tuple[RiskInputs, str]:
    """The inputs with the game's win rate and SD, worked out from its edge by count."""
    rules, system, ramp = game
    table = run_study(args, rules, system).edge
    win_rate, sd = ramp_game(table, ramp.units_at)
    line = (
        f"The game: {rules.notation()}, {system.name}, ramp {ramp.notation()}: "
        f"{win_rate:+.4f} units a round, SD {sd:.3f} (from the edge by count; a round's "
        f"variance taken as {ROUND_VARIANCE})"
    )
    return given.with_game(win_rate, sd), line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 on success, 2 on bad input."""
    parser = _parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not 1 <= args.jobs <= 8:
        parser.error(f"--jobs must be 1 to 8, not {args.jobs}")
    game = args.ramp is not None
    rate_given = args.win_rate is not None or args.sd is not None
    if game == rate_given:
        parser.error("give --win-rate and --sd, or a game's --ramp (with its rules): one of them")
    values = {name: getattr(args, name) for name in FLAGS}
    try:
        given = read_inputs(values, game_given=game)
        named = _game_of(args) if game else None
    except InvalidRiskInputError as error:
        print(f"risk: {FLAGS[error.field]}: {error.message}", file=sys.stderr)
        return 2
    except (InvalidRulesError, UnknownSystemError, InvalidRampTextError) as error:
        print(f"risk: {error}", file=sys.stderr)
        return 2
    game_line = ""
    if named is not None:
        try:
            given, game_line = _with_game(args, given, named)
        except InvalidRiskInputError as error:  # a ramp beyond the bounds of a game
            print(f"risk: the game's {error}", file=sys.stderr)
            return 2
    report = work_out(given)
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        print("\n".join(line for line in (game_line, format_report(report)) if line))
    return 0
