"""``python -m trainer strategy``: the basic-strategy chart, its EVs and the house edge.

    python -m trainer strategy --preset vegas-6d-s17
    python -m trainer strategy --preset russian-bank --rule decks=1 --json
    python -m trainer strategy --preset casino-boxes --no-cache
    python -m trainer strategy --rules "vegas-6d-s17 decks=2 surrender=none"

``--all-presets`` fills the cache with every preset's chart, a line each, and a bar of the presets
on a terminal.

Exit status 2 with a message on standard error for an unknown preset or option or a bad value.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from trainer.engine.rulebook.readings import readings_for
from trainer.engine.rulebook.rule_words import summary_lines, title
from trainer.engine.rulebook.rules import InvalidRulesError, Rules, find_preset, preset_names
from trainer.engine.strategy.advice import AdviceCost, advice_cost, advice_for
from trainer.engine.strategy.cache import chart as cached_chart
from trainer.engine.strategy.chart import CODES, UP_CARDS, Chart, up_label
from trainer.progress import progress_bar

if TYPE_CHECKING:
    from trainer.engine.banker.face_down_chart import OneColumnChart

__all__ = [
    "chart_json",
    "fill_preset",
    "format_advice",
    "format_chart",
    "format_one_column",
    "main",
    "one_column_json",
    "whose_edge",
]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"strategy: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m trainer strategy",
        description="The basic-strategy chart and the house edge for any rules, computed exactly.",
    )
    parser.add_argument(
        "--rules",
        metavar="NOTATION",
        help='the rules in their notation, e.g. --rules "vegas-6d-s17 decks=2 surrender=none"',
    )
    parser.add_argument(
        "--preset",
        default="vegas-6d-s17",
        help=f"a preset to start from (default vegas-6d-s17): {', '.join(preset_names())}",
    )
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change one rule option, e.g. --rule decks=2 --rule blackjack_pays=6:5",
    )
    parser.add_argument("--no-cache", action="store_true", help="compute afresh")
    parser.add_argument("--cache-dir", help="where charts are cached (default $TRAINER_CACHE_DIR)")
    parser.add_argument("--json", action="store_true", help="print the chart and EVs as JSON")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="share a computation's up cards among N processes (default 1)",
    )
    parser.add_argument(
        "--all-presets",
        action="store_true",
        help="compute every preset's chart, and its text's other readings', into the cache "
        "(so no page waits) and list them",
    )
    return parser


def rules_from(preset: str, changes: Sequence[str], notation: str | None = None) -> Rules:
    """The rules ``notation`` names (else the preset), with ``option=value`` changes applied.

    :raises InvalidRulesError: naming the preset, option or value that is wrong.
    """
    rules = Rules.parse(notation) if notation is not None else find_preset(preset)
    options: dict[str, str] = {}
    for change in changes:
        name, sep, value = change.partition("=")
        if not sep or not name.strip():
            raise InvalidRulesError(f"--rule {change!r}: write it as option=value")
        options[name.strip()] = value.strip()
    return rules.replace(**options)


_SECTION_TITLES = {"hard": "Hard totals", "soft": "Soft totals", "pairs": "Pairs"}


PUNTERS = "punters' edge"


def whose_edge(house_edge: float, player: str = "player's edge", places: int = 3) -> str:
    """An edge in percent as its holder's, never a negative number for the other side:
    ``"house edge 0.512%"`` where the house has it, ``"player's edge 1.2%"`` where not."""
    if house_edge < 0:
        return f"{player} {-house_edge:.{places}f}%"
    return f"house edge {house_edge:.{places}f}%"


def format_advice(priced: AdviceCost) -> str:
    """The text's own advice against the chart: where they differ and what it costs."""
    advice = priced.advice
    lines = [
        f'The source text ({advice.source}) advises: "{advice.text}".',
        f"Following it costs {priced.cost:.3f} percentage points of every stake "
        f"({whose_edge(priced.house_edge_advice)} instead of "
        f"{whose_edge(priced.house_edge_math)}).",
    ]
    if priced.differences:
        lines.append("Where the math draws and the advice stands:")
        for section, row, up, math, followed in priced.differences:
            lines.append(f"  {section} {row} v {up}: chart {math}, advice {followed}")
    return "\n".join(lines)


def format_chart(result: Chart) -> str:
    """The chart as a learner reads it: rules, three grids, the legend, the house edge."""
    ups = [up_label(up) for up in UP_CARDS]
    lines = [
        f"Basic strategy for {title(result.rules)}",
        f"  (rules {result.rules.notation()})",
        "",
    ]
    lines += [f"  {line}" for line in summary_lines(result.rules)]
    for section in ("hard", "soft", "pairs"):
        lines += ["", f"{_SECTION_TITLES[section]:<8}" + "".join(f"{up:>5}" for up in ups)]
        for row, cells in result.codes[section].items():
            marked = {
                up: code + ("*" if up in result.exceptions.get(section, {}).get(row, {}) else "")
                for up, code in cells.items()
            }
            lines.append(f"{row:<8}" + "".join(f"{marked.get(up, '-'):>5}" for up in ups))
    lines += ["", "Legend:"]
    lines += [f"  {code:<4} {meaning}" for code, meaning in CODES.items()]
    exceptions = [
        f"{section} {row} v {up} ({result.codes[section][row][up]}): {words}"
        for section, row, up, words in result.exception_notes()
    ]
    if exceptions:
        lines += [
            "  *    an exception: the chart's own optimum plays some of the cell's hands",
            "       otherwise than its code reads:",
        ]
        lines += [f"       {line}" for line in exceptions]
    lines += [
        "",
        "Dealer's up card across the top. Hard rows are two-card totals without an ace (or a",
        "three-card total where no two cards make it); soft rows hold an ace counted as 11.",
        "",
        f"Playing this chart: {whose_edge(result.house_edge)} of the initial bet",
        "(the best total-dependent strategy: every later decision follows the chart's rows by",
        "total, or an exception; hard 16 is played as hard 16 whatever cards make it)",
        f"Playing every hand the best way for its exact cards: {whose_edge(result.house_edge_cd)}",
    ]
    return "\n".join(lines)


def format_one_column(result: OneColumnChart) -> str:
    """004 as its text deals it: the punters' chart of one column (no banker card), by cards
    drawn, the banker's best play, and the edge at the fixed point."""
    point = result.point
    lines = [
        f"The punters' chart for {title(result.rules)}",
        f"  (rules {result.rules.notation()})",
        "",
    ]
    lines += [f"  {line}" for line in summary_lines(result.rules)]
    names = {0: "On the two dealt cards", 1: "After one card drawn", 2: "After two cards drawn"}
    for drawn in sorted({row.drawn for row in result.rows}):
        lines += ["", names.get(drawn, f"After {drawn} cards drawn")]
        for row in result.by_drawn(drawn):
            mark = f"  ({row.otherwise:.0%} of its hands played otherwise)" if row.otherwise else ""
            lines.append(f"  {row.label:<8} {row.code}{mark}")
    lines += [
        "",
        "H: draw a card; S: stand. No banker card is shown, so the chart has one column.",
        "",
        f"{whose_edge(result.house_edge, PUNTERS).capitalize()} of a punter's stake",
    ]
    if point.rounds:
        lines.append(
            "The banker plays his best against this chart, and it is the punters' best against "
            f"him: worked out in {len(point.rounds)} rounds from a banker standing on "
            f"{result.rules.dealer_stands_on} ({whose_edge(-100 * point.start_edge, PUNTERS)}):"
        )
        for number, step in enumerate(point.rounds, start=1):
            lines.append(
                f"  round {number}: {step.banker_moved} of the banker's choices moved, "
                f"{step.punter_moved} of the punters'; {whose_edge(-100 * step.edge, PUNTERS)}"
            )
        if point.cycle:
            lines.append(
                f"  (no choice settles every cell: the answers go round a cycle of {point.cycle} "
                "rounds; the punters' chart is the best against the banker who plays)"
            )
    return "\n".join(lines)


def one_column_json(result: OneColumnChart) -> dict[str, object]:
    """:func:`format_one_column` as JSON."""
    point = result.point
    return {
        "rules": result.rules.notation(),
        "player_edge_percent": -result.house_edge,
        "house_edge": result.house_edge,
        "rows": [
            {"soft": r.soft, "total": r.total, "drawn": r.drawn, "code": r.code}
            for r in result.rows
        ],
        "rounds": [
            {"banker_moved": r.banker_moved, "punter_moved": r.punter_moved, "edge": r.edge}
            for r in point.rounds
        ],
        "start_house_edge": -100 * point.start_edge,
        "cycle": point.cycle,
    }


def chart_json(result: Chart) -> dict[str, Any]:
    """The chart as JSON (its cached form), after its rules the player's edge, the key every
    command gives it under (positive when the player wins; the house edge is its negative)."""
    document = result.to_json()
    return {
        "rules": document["rules"],
        "player_edge_percent": -document["house_edge_percent"],
        **document,
    }


def fill_preset(
    name: str, *, cache_dir: str | None = None, use_cache: bool = True, jobs: int = 1
) -> Iterator[str]:
    """Work out the preset ``name``'s chart (the chart of one column at 004 as its text deals
    it), its text's advice and its other readings' charts into the cache (those there are
    read), a line on each as it is done. At 004 dealt face down the chart of the rules as
    written is worked out too: the quiz and the table read it before their first question.

    :raises InvalidRulesError: for a preset there is not.
    """
    rules = find_preset(name)
    if rules.deal_faces == "all-down":
        cached_chart(rules, cache_dir=cache_dir, use_cache=use_cache, jobs=jobs)
        yield f"{name:<16} {whose_edge(_one_column(rules).house_edge, PUNTERS)}"
    else:
        result = cached_chart(rules, cache_dir=cache_dir, use_cache=use_cache, jobs=jobs)
        line = f"{name:<16} {whose_edge(result.house_edge)}"
        advice = advice_for(rules)
        if advice is not None:
            priced = advice_cost(rules, advice, cache_dir=cache_dir)
            line += f"; the text's advice costs {priced.cost:.3f} points"
        yield line
    for reading in readings_for(rules):
        for other in reading.others:
            edge = _edge_of(other.rules(rules), cache_dir, use_cache, jobs)
            yield f"  reading: {other.words}: {whose_edge(edge)}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 on success, 2 on bad input."""
    parser = _parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not 1 <= args.jobs <= 64:
        parser.error(f"--jobs must be 1 to 64, not {args.jobs}")
    if args.all_presets:
        names = preset_names()
        with progress_bar("strategy: every preset", unit="presets", total=len(names)) as bar:
            for done, name in enumerate(names, 1):
                bar.describe(f"strategy: {name}")
                for line in fill_preset(
                    name, cache_dir=args.cache_dir, use_cache=not args.no_cache, jobs=args.jobs
                ):
                    bar.write(line)
                bar.update(done)
        return 0
    try:
        rules = rules_from(args.preset, args.rule, args.rules)
    except InvalidRulesError as exc:
        print(f"strategy: {exc}", file=sys.stderr)
        return 2
    if rules.deal_faces == "all-down":
        one = _one_column(rules)
        print(json.dumps(one_column_json(one), indent=1) if args.json else format_one_column(one))
        return 0
    result = cached_chart(
        rules, cache_dir=args.cache_dir, use_cache=not args.no_cache, jobs=args.jobs
    )
    if args.json:
        print(json.dumps(chart_json(result), indent=1))
        return 0
    print(format_chart(result))
    advice = advice_for(rules)
    if advice is not None:
        priced = advice_cost(rules, advice, cache_dir=args.cache_dir, use_cache=not args.no_cache)
        print()
        print(format_advice(priced))
    return 0


def _house_edge(rules: Rules, args: argparse.Namespace) -> float:
    """The house edge of ``rules``: the chart of one column's at 004 as its text deals it,
    else the basic-strategy chart's."""
    return _edge_of(rules, args.cache_dir, not args.no_cache, args.jobs)


def _edge_of(rules: Rules, cache_dir: str | None, use_cache: bool, jobs: int) -> float:
    if rules.deal_faces == "all-down":
        return _one_column(rules).house_edge
    return cached_chart(rules, cache_dir=cache_dir, use_cache=use_cache, jobs=jobs).house_edge


def _one_column(rules: Rules) -> OneColumnChart:
    """004's chart of one column (imported here: the banker's engine is some 6 ms of a chart
    process's start that only 004 dealt face down needs)."""
    from trainer.engine.banker.face_down_chart import one_column_chart

    return one_column_chart(rules)
