"""``python -m trainer edge``: the edge by count, how often each count comes up, a bet ramp.

    python -m trainer edge --preset vegas-6d-s17 --system hilo
    python -m trainer edge --system hilo --bankroll 10000 --risk 0.05 --json

Exit status 2 with a message on standard error for an unknown preset, option or system, a bad
value, or a bankroll and risk that make no ramp (nothing is computed or cached then).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction

from trainer.engine.counting import find_system
from trainer.engine.indices.cli import run_study, study_parser
from trainer.engine.indices.edge import BetRamp, EdgeTable, bet_ramp, check_ramp
from trainer.engine.rulebook.rules import InvalidRulesError
from trainer.engine.strategy.cli import rules_from

__all__ = ["format_edges", "main"]

_MAX_TEXT = 40


def _parser() -> argparse.ArgumentParser:
    parser = study_parser(
        "edge", "The edge by count, the counts' frequencies and a Kelly bet ramp."
    )
    parser.add_argument("--bankroll", help="a bankroll for the bet ramp (table money)")
    parser.add_argument("--risk", help="the risk of ruin the ramp may run, above 0 and below 1")
    return parser


def format_edges(table: EdgeTable, ramp: BetRamp | None = None) -> str:
    """The edge at each count, with the ramp's bets where there is one."""
    kind = "true" if table.system.balanced else "running"
    lines = [f"Edge by {kind} count for {table.rules.notation()}, {table.system.name}", ""]
    header = f"{'count':>6} {'rounds':>8} {'basic':>8} {'indices':>8}"
    lines.append(header + (f" {'bet':>8}" if ramp else ""))
    for row in table.counts:
        line = f"{row.count:>+6d} {row.share:>8.2%} {row.basic:>+8.3%} {row.indices:>+8.3%}"
        if ramp:
            line += f" {float(ramp.bet_at(row.count)):>8g}"
        lines.append(line)
    lines += [
        "",
        f"Flat betting with the indices: {table.flat_edge:+.3%} of the bet; the basic-strategy "
        f"edge rises {table.slope():.3%} per count from 0 to +4",
    ]
    if ramp:
        lines.append(
            f"Ramp for a bankroll of {float(ramp.bankroll):g} at a risk of {ramp.risk:g} "
            f"({ramp.kelly_fraction:.2f} Kelly): wins {ramp.win_per_100:.2f} per 100 rounds, "
            f"SD {ramp.sd_per_100:.2f}, risk of ruin {ramp.risk_of_ruin:.1%}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 on success, 2 on bad input."""
    parser = _parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not 1 <= args.jobs <= 8:
        parser.error(f"--jobs must be 1 to 8, not {args.jobs}")
    if (args.bankroll is None) != (args.risk is None):
        parser.error("--bankroll and --risk go together")
    try:
        rules = rules_from(args.preset, args.rule, args.rules)
        system = find_system(args.system[:_MAX_TEXT])
        ramp_input = None
        if args.bankroll is not None:
            risk = _number(args.risk, "--risk")
            ramp_input = (check_ramp(rules, args.bankroll[:_MAX_TEXT], risk), risk)
    except (InvalidRulesError, ValueError) as exc:
        print(f"edge: {exc}", file=sys.stderr)
        return 2

    table = run_study(args, rules, system).edge
    ramp = bet_ramp(table, *ramp_input) if ramp_input else None
    if args.json:
        document = table.to_json()
        # The player's edge, under the key every command gives it (positive when the player
        # wins): flat betting with the indices, over every round.
        document = {
            **{key: document[key] for key in ("rules", "system", "count")},
            "player_edge_percent": round(100 * table.flat_edge, 4),
            **document,
        }
        if ramp:
            document["ramp"] = ramp.to_json()
        print(json.dumps(document, indent=1))
    else:
        print(format_edges(table, ramp))
    return 0


def _number(text: str, what: str) -> float:
    try:
        if not text.isascii():  # Fraction reads any script's digits; a number here is 0-9
            raise ValueError(text)
        return float(Fraction(text[:_MAX_TEXT].strip()))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{what}: not a number: {text[:_MAX_TEXT]!r}") from None
