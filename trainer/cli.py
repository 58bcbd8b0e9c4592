"""``python -m trainer``: the engine's command line (replay, strategy, indices, edge, simulate,
risk, and the set-up's kernels).

Each subcommand lives beside the code it drives and exposes ``main(argv) -> int``; this module only
dispatches, so that ``python -m trainer replay`` never imports the strategy engine and vice versa.
Exit status 2 means bad input, with a message on standard error (or JSON, where the command says).
"""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "replay": (
        "trainer.engine.play.replay",
        "play one round from a stacked shoe, print it as JSON",
    ),
    "strategy": ("trainer.engine.strategy.cli", "the basic-strategy chart and EVs for any rules"),
    "indices": ("trainer.engine.indices.cli", "deviation indices for any rules and system"),
    "edge": ("trainer.engine.indices.edge_cli", "the edge by count and a bet ramp"),
    "simulate": ("trainer.simulator.cli", "simulate rounds: edge, variance, risk (compiled)"),
    "risk": ("trainer.simulator.risk_cli", "risk of ruin, a trip's risk, a goal, N0, SCORE, CE"),
    "kernels": (
        "trainer.engine.strategy.aot",
        "compile the chart's kernels ahead of time",
    ),
}


def usage() -> str:
    lines = ["usage: python -m trainer COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<10} {help_text}" for name, (_, help_text) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(usage())
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command not in COMMANDS:
        print(f"unknown command {command!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[command][0])
    return int(module.main(rest))
