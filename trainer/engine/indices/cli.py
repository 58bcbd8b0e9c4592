"""``python -m trainer indices``: the deviation indices of any rules and counting system.

    python -m trainer indices --preset vegas-6d-s17 --rule surrender=none --system hilo --json
    python -m trainer indices --preset single-deck --system ko
    python -m trainer indices --system hilo --count 3                   # the plays in force at +3
    python -m trainer indices --system hilo --count 3 --hand T6 --dealer 10   # EVs at +3

A study not worked out before shows its progress on a terminal (a bar of the counts charted, with
an estimate of the time left); piped, nothing but the figures, unless ``--progress-lines`` asks
for a line per count on standard error (for a log).

Exit status 2 with a message on standard error for an unknown preset, option or system, a bad
value, or a count outside -30..+30 (nothing is computed or cached then).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import NoReturn

from trainer.engine.counting import CountingSystem, InvalidCountError, find_system, system_slugs
from trainer.engine.deck.hand import Hand
from trainer.engine.indices.cache import study
from trainer.engine.indices.shoes import action_evs_at, check_count, count_kind
from trainer.engine.indices.study import Study
from trainer.engine.indices.table import IndexTable, least_penetration
from trainer.engine.rulebook.rules import InvalidRulesError, Rules, preset_names
from trainer.engine.strategy import InvalidSituationError
from trainer.engine.strategy.cli import rules_from
from trainer.progress import progress_bar

__all__ = ["CommandParser", "format_table", "main", "run_study", "study_parser"]

_MAX_TEXT = 40  # characters of a --count, --hand or --dealer value read at all


class CommandParser(argparse.ArgumentParser):
    """A parser whose errors exit 2 with the command's name (the last word of ``prog``)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"{self.prog.split()[-1]}: {message}", file=sys.stderr)
        raise SystemExit(2)


def study_parser(command: str, description: str) -> CommandParser:
    """A parser with the options every count-study command takes (rules, system, cache)."""
    parser = CommandParser(prog=f"python -m trainer {command}", description=description)
    parser.set_defaults(command=command)
    parser.add_argument(
        "--rules",
        metavar="NOTATION",
        help='the rules in their notation, e.g. --rules "vegas-6d-s17 surrender=none"',
    )
    parser.add_argument(
        "--preset",
        default="vegas-6d-s17",
        help=f"a preset to start from (default vegas-6d-s17): {', '.join(preset_names())}",
    )
    parser.add_argument(
        "--rule", action="append", default=[], metavar="OPTION=VALUE", help="change one option"
    )
    parser.add_argument(
        "--system", default="hi-lo", help=f"the counting system: {', '.join(system_slugs())}"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-cache", action="store_true", help="compute afresh")
    parser.add_argument("--cache-dir", help="where studies are cached (default $TRAINER_CACHE_DIR)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="processes (default 1)")
    parser.add_argument(
        "--progress-lines",
        action="store_true",
        help='a line per count charted on standard error ("charts at 5 of 21 counts")',
    )
    return parser


def run_study(args: argparse.Namespace, rules: Rules, system: CountingSystem) -> Study:
    """The study the parsed options of :func:`study_parser` ask for, with progress shown on
    standard error while it computes: a bar on a terminal, lines where asked for."""
    command = args.command
    least = least_penetration(rules, system)
    if least is not None:  # no shoe at the grid's ends: the study would fail at its first count
        print(f"{command}: penetration {float(rules.penetration):g}: no shoe holds the counts a "
              f"study reads (true counts -10 to +10) at this depth; use a penetration of "
              f"{float(least):g} or more", file=sys.stderr)  # fmt: skip
        raise SystemExit(2)
    with progress_bar(f"{command}: charting counts", unit="counts") as bar:

        def progress(done: int, total: int) -> None:
            bar.update(done, total)
            if args.progress_lines:
                print(f"{command}: charts at {done} of {total} counts", file=sys.stderr, flush=True)

        return study(
            rules,
            system,
            cache_dir=args.cache_dir,
            use_cache=not args.no_cache,
            jobs=args.jobs,
            progress=progress,
        )


def _parser() -> argparse.ArgumentParser:
    parser = study_parser(
        "indices", "Deviation indices for any rules and counting system, computed exactly."
    )
    parser.add_argument("--count", help="the plays in force at this count (-30..+30)")
    parser.add_argument("--hand", help="with --count and --dealer: the EVs of this hand, e.g. T6")
    parser.add_argument("--dealer", help="the dealer's up card, e.g. 10 or A")
    return parser


def _when(play_when: str, index: int) -> str:
    signed = f"+{index}" if index > 0 else str(index)
    return f"at {signed} or above" if play_when == "at_or_above" else f"below {signed}"


def format_table(table: IndexTable, count: Fraction | None = None) -> str:
    """The indices as a learner reads them (only those in force at ``count`` when given)."""
    kind = f"{table.count} count"
    lines = [f"Indices for {table.rules.notation()}, {table.system.name} ({kind})", ""]
    for play in table.plays:
        if count is not None and not play.applies(float(count)):
            continue
        cell = f"{play.hand} v {play.dealer}"
        lines.append(
            f"  {cell:<18} basic {play.basic}, play {play.play} {_when(play.when, play.index)}"
        )
    if count is not None and len(lines) == 2:
        lines.append(f"  none: basic strategy is the play at a {kind} of {count}")
    return "\n".join(lines)


def _read_count(text: str, system: CountingSystem) -> Fraction:
    if len(text) > _MAX_TEXT:
        raise InvalidCountError(f"--count: at most {_MAX_TEXT} characters")
    try:
        if not text.isascii():  # Fraction reads any script's digits; a count is 0-9
            raise ValueError(text)
        count = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise InvalidCountError(f"--count: not a number: {text!r}") from None
    check_count(count, system)
    return count


def _print_evs(rules: Rules, system: CountingSystem, count: Fraction, hand: str, up: str) -> None:
    if len(hand) > _MAX_TEXT or len(up) > _MAX_TEXT:
        raise InvalidSituationError(f"--hand and --dealer: at most {_MAX_TEXT} characters")
    evs = action_evs_at(rules, system, count, hand, up.replace("10", "T"))
    cards = " ".join(str(card) for card in Hand.parse(hand))
    print(f"{cards} v {up} at a {count_kind(system)} count of {count} ({system.name}):")
    for action, value in sorted(evs.items(), key=lambda item: -item[1]):
        print(f"  {action.name.lower().replace('_', ' '):<11} {value:+.5f}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 on success, 2 on bad input."""
    parser = _parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not 1 <= args.jobs <= 8:
        parser.error(f"--jobs must be 1 to 8, not {args.jobs}")
    try:
        rules = rules_from(args.preset, args.rule, args.rules)
        system = find_system(args.system[:_MAX_TEXT])
        count = _read_count(args.count, system) if args.count is not None else None
        if args.hand is not None or args.dealer is not None:
            if count is None or args.hand is None or args.dealer is None:
                parser.error("--hand needs --dealer and --count")
            else:
                _print_evs(rules, system, count, args.hand, args.dealer)
                return 0
    except (InvalidRulesError, InvalidCountError, InvalidSituationError, ValueError) as exc:
        print(f"indices: {exc}", file=sys.stderr)
        return 2

    table = run_study(args, rules, system).indices
    if args.json:
        print(json.dumps(table.to_json(), indent=1))
    else:
        print(format_table(table, count))
    return 0
