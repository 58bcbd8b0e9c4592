"""Shoe penetration: where the cut card sits, what that means in cards, decks and rounds per
shoe, and how it changes how often the true count reaches +1, +2, +3 or more.

The figures come from :func:`trainer.engine.counting.study_counts`, dealing the engine's own
shoes at a table of :data:`STUDY_SEATS` many times (about a second a preset and penetration). A
study is seeded from what it studies, so a question's right answer is the same every time it is
worked out, in any process. Studies are kept on disk, as the strategy charts are
(:mod:`trainer.engine.strategy.cache`): a JSON file per study in the cache directory, named by a
hash of everything that determines it and :data:`CODE_VERSION`, written atomically; a damaged
file is studied again. The directory is the one passed in, else the one the web layer sets for
the request (:data:`CACHE_DIR`, the app's ``instance/penetration-cache``), else
``$TRAINER_PENETRATION_CACHE_DIR``, else ``instance/penetration-cache`` beside the package.
Studies read or made are also kept in memory, in front of the disk.

The notation is ``"<preset> <penetration> <system> <kind> [<arg>]"``::

    vegas-6d-s17 3/4 hi-lo cards        # cards played before the cut card
    vegas-6d-s17 3/4 hi-lo decks half   # the same in decks, to the half deck
    vegas-6d-s17 3/4 hi-lo rounds       # rounds per shoe at the study's table
    vegas-6d-s17 3/4 hi-lo share 2      # per cent of rounds starting at +2 or more
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import tempfile
import threading
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from drills import Drill, Grade, InvalidAnswerError, InvalidQuestionError, LearnerState, Question
from drills.counting import (
    CARDS_PER_DECK,
    RESOLUTIONS,
    CountPreferences,
    format_decks,
    read_decks,
    read_number,
    read_system,
)
from trainer.engine.counting import (
    CountingSystem,
    CountStudy,
    estimate_decks,
    study_counts,
)
from trainer.engine.rules import InvalidRulesError, Rules, find_preset

STUDY_SHOES = 250
STUDY_SEATS = 3
PENETRATIONS = (Fraction(1, 2), Fraction(2, 3), Fraction(3, 4), Fraction(5, 6))
THRESHOLDS = (1, 2, 3, 4)
KINDS = ("cards", "decks", "rounds", "share")
# Rounds per shoe are estimated: within this many rounds counts as right.
ROUNDS_TOLERANCE = 1
# Shares are read off the chart: within this many percentage points counts as right.
SHARE_TOLERANCE = 1
_UNITS = {"cards": "Cards", "decks": "Decks", "rounds": "Rounds", "share": "Per cent"}
_COLOURS = ("#9cc3e6", "#4f8fcb", "#1f5c99", "#0b2f57", "#6b3fa0")

_NOTATION_RE = re.compile(
    r"(?P<preset>[a-z0-9-]+) (?P<pen>\d+/\d+|1) (?P<system>[a-z0-9-]+) "
    r"(?P<kind>cards|decks|rounds|share)(?: (?P<arg>[a-z0-9]+))?"
)


def penetrations_for(rules: Rules) -> tuple[Fraction, ...]:
    """The penetrations the chart compares: the usual ones and the preset's own cut card.

    A preset that deals the pack to its end (penetration 1: 000's joker, 002's and 004's
    "talia") has no cut card; the drill puts one in at the usual depths.
    """
    own = Fraction(rules.penetration)
    return tuple(sorted({*PENETRATIONS, own} if own < 1 else set(PENETRATIONS)))


def chart_system(system: CountingSystem) -> CountingSystem:
    """The system the true counts are studied in: an unbalanced system has none, so Hi-Lo."""
    return system if system.balanced else read_system("hi-lo")


# Bump whenever a study's figures would change for the same key (the dealing, the tally).
CODE_VERSION = "penetration-1"
MEMORY_LIMIT = 256  # studies kept in memory; the oldest leaves first
# The cache directory for this request or command (the web layer sets the app's own).
CACHE_DIR: ContextVar[Path | None] = ContextVar("penetration_cache_dir", default=None)

_memory: dict[str, CountStudy] = {}  # by cache key, oldest first
_memory_lock = threading.Lock()
_study_locks: dict[str, threading.Lock] = {}  # one study worked out once, however many ask


def default_cache_dir() -> Path:
    """``$TRAINER_PENETRATION_CACHE_DIR``, else ``instance/penetration-cache`` by the package."""
    env = os.environ.get("TRAINER_PENETRATION_CACHE_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "instance" / "penetration-cache"


def cache_directory(cache_dir: str | Path | None = None) -> Path:
    """``cache_dir``, else the request's (:data:`CACHE_DIR`), else :func:`default_cache_dir`."""
    if cache_dir is not None:
        return Path(cache_dir)
    return CACHE_DIR.get() or default_cache_dir()


def clear_memory() -> None:
    """Forget the studies kept in memory (as a restart would); the disk keeps them."""
    with _memory_lock:
        _memory.clear()


def _study_rules(preset: str, penetration: Fraction) -> Rules:
    rules = find_preset(preset)
    return rules if penetration == rules.penetration else rules.replace(penetration=penetration)


def _seed(preset: str, penetration: Fraction, system: str) -> str:
    return f"penetration study|{preset}|{penetration}|{system}"


def cache_key(preset: str, penetration: Fraction, system: str) -> str:
    """A stable hash of the rules dealt, the system's tags, the study's size and seed, and the
    code version: everything a study's figures depend on."""
    counted = read_system(system)
    document = json.dumps(
        {
            "rules": _study_rules(preset, penetration).to_dict(),
            "preset": preset,
            "system": {
                "slug": counted.slug,
                "tags": [str(t) for t in counted.tags],
                "red_tags": None
                if counted.red_tags is None
                else [str(t) for t in counted.red_tags],
                "balanced": counted.balanced,
                "irc": [str(counted.irc_offset), str(counted.irc_per_deck)],
            },
            "shoes": STUDY_SHOES,
            "seats": STUDY_SEATS,
            "seed": _seed(preset, penetration, system),
            "code": CODE_VERSION,
        },
        sort_keys=True,
    )
    return hashlib.sha256(document.encode()).hexdigest()[:32]


@lru_cache(maxsize=1024)
def _key_of(preset: str, penetration: Fraction, system: str) -> str:
    """:func:`cache_key`, memoised: a question reads several studies, each by its key."""
    return cache_key(preset, penetration, system)


def study_to_json(result: CountStudy) -> dict[str, Any]:
    return {
        "system": result.system,
        "rules": result.rules,
        "shoes": result.shoes,
        "rounds": result.rounds,
        "counts": [[str(count), rounds] for count, rounds in result.counts],
    }


def study_from_json(data: dict[str, Any]) -> CountStudy:
    """The study a :func:`study_to_json` document holds.

    :raises ValueError: (or ``KeyError``, ``TypeError``) for a document that is not one.
    """
    counts = tuple((Fraction(str(count)), int(rounds)) for count, rounds in data["counts"])
    result = CountStudy(
        system=str(data["system"]),
        rules=str(data["rules"]),
        shoes=int(data["shoes"]),
        rounds=int(data["rounds"]),
        counts=counts,
    )
    if result.rounds != sum(rounds for _, rounds in counts) or result.shoes != STUDY_SHOES:
        raise ValueError("the study's tallies do not add up")
    return result


def _remember(key: str, result: CountStudy) -> None:
    with _memory_lock:
        _memory[key] = result
        while len(_memory) > MEMORY_LIMIT:
            del _memory[next(iter(_memory))]


def cached_study(
    preset: str, penetration: Fraction, system: str, *, cache_dir: str | Path | None = None
) -> CountStudy | None:
    """The study if it is in memory or on disk already, else ``None`` (nothing is dealt)."""
    key = _key_of(preset, penetration, system)
    found = _memory.get(key)
    if found is not None:
        return found
    path = cache_directory(cache_dir) / f"{key}.json"
    try:
        result = study_from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if (result.system, result.rules) != (system, _study_rules(preset, penetration).name):
        return None
    _remember(key, result)
    return result


def study(
    preset: str, penetration: Fraction, system: str, *, cache_dir: str | Path | None = None
) -> CountStudy:
    """How often each true count starts a round, ``preset`` dealt to ``penetration``: read
    from the cache, else dealt now (seeded from what is studied) and written there."""
    found = cached_study(preset, penetration, system, cache_dir=cache_dir)
    if found is not None:
        return found
    key = _key_of(preset, penetration, system)
    with _memory_lock:
        lock = _study_locks.setdefault(key, threading.Lock())
    with lock:  # a second request for the same study waits for the first, then reads it
        found = cached_study(preset, penetration, system, cache_dir=cache_dir)
        if found is not None:
            return found
        rng = random.Random(_seed(preset, penetration, system))
        result = study_counts(
            _study_rules(preset, penetration),
            read_system(system),
            rng,
            shoes=STUDY_SHOES,
            seats=STUDY_SEATS,
        )
        _remember(key, result)
        _write(cache_directory(cache_dir), key, result)
    return result


def _write(directory: Path, key: str, result: CountStudy) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=directory, suffix=".tmp", delete=False, encoding="utf-8"
        ) as handle:
            json.dump(study_to_json(result), handle)
            temporary = handle.name
        os.replace(temporary, directory / f"{key}.json")
    except OSError:
        pass  # a read-only place: the study is still returned (and kept in memory)


def warm(
    presets: tuple[str, ...],
    systems: tuple[str, ...] = ("hi-lo",),
    *,
    cache_dir: str | Path | None = None,
) -> int:
    """Study every penetration each preset's chart compares, in each system; how many were
    dealt now (the others were cached already)."""
    dealt = 0
    for preset in presets:
        for pen in penetrations_for(find_preset(preset)):
            for system in systems:
                if cached_study(preset, pen, system, cache_dir=cache_dir) is None:
                    study(preset, pen, system, cache_dir=cache_dir)
                    dealt += 1
    return dealt


def cut_cards(rules: Rules, penetration: Fraction) -> int:
    """Cards dealt before the cut card comes out, burned cards included (as ``Shoe`` cuts)."""
    size = rules.decks * CARDS_PER_DECK
    if penetration >= 1:
        return size
    return max(1, min(size, round(penetration * size)))


def percent(share: Fraction) -> Fraction:
    return share * 100


def _pen_text(penetration: Fraction) -> str:
    return f"{round(float(penetration) * 100)}%"


@dataclass(frozen=True)
class Bar:
    x: str
    y: str
    width: str
    height: str
    colour: str
    value: str  # the per cent shown above the bar


@dataclass(frozen=True)
class ChartView:
    """Grouped bars: per threshold, one bar per penetration, heights in per cent of rounds."""

    width: int
    height: int
    top: int
    bottom: int
    left: int
    bars: tuple[Bar, ...]
    groups: tuple[tuple[str, str], ...]  # (x of the label, "+2 or more")
    legend: tuple[tuple[str, str, str], ...]  # (x, colour, "75%")
    ticks: tuple[tuple[str, str], ...]  # (y, "20%")
    summary: str  # the chart in words, for screen readers


def chart(preset: str, system: CountingSystem) -> ChartView:
    """The chart of ``preset``'s penetrations, studied now where not cached."""
    slug = chart_system(system).slug
    pens = penetrations_for(find_preset(preset))
    return _draw(preset, system, [study(preset, pen, slug) for pen in pens])


def cached_chart(preset: str, system: CountingSystem) -> ChartView | None:
    """The chart if every study it draws is cached, else ``None`` (nothing is dealt)."""
    slug = chart_system(system).slug
    studies = [cached_study(preset, pen, slug) for pen in penetrations_for(find_preset(preset))]
    if any(found is None for found in studies):
        return None
    return _draw(preset, system, [found for found in studies if found is not None])


def chart_when_ready(preset: str, system: CountingSystem, wait: bool = False) -> ChartView | None:
    """What the page draws: the chart if cached, else ``None`` (the page shows it computing),
    unless asked to ``wait`` for it (the page without JavaScript)."""
    return chart(preset, system) if wait else cached_chart(preset, system)


def _draw(preset: str, system: CountingSystem, studies: list[CountStudy]) -> ChartView:
    pens = penetrations_for(find_preset(preset))
    shares = [[percent(s.share_at_least(k)) for s in studies] for k in THRESHOLDS]
    highest = max(max(row) for row in shares)
    scale_top = max(10, int(highest / 10 + 1) * 10)
    width, height, top, bottom, left = 560, 260, 36, 220, 44
    group_width = (width - left - 10) / len(THRESHOLDS)
    bar_width = (group_width - 16) / len(pens)
    bars, groups = [], []
    for g, row in enumerate(shares):
        x0 = left + g * group_width + 8
        groups.append((f"{x0 + (group_width - 16) / 2:.1f}", f"+{THRESHOLDS[g]} or more"))
        for b, value in enumerate(row):
            h = (bottom - top) * float(value) / scale_top
            bars.append(
                Bar(
                    x=f"{x0 + b * bar_width:.1f}",
                    y=f"{bottom - h:.1f}",
                    width=f"{bar_width - 2:.1f}",
                    height=f"{h:.1f}",
                    colour=_COLOURS[b % len(_COLOURS)],
                    value=f"{round(value)}",
                )
            )
    ticks = tuple(
        (f"{bottom - (bottom - top) * t / scale_top:.1f}", f"{t}%")
        for t in range(0, scale_top + 1, 10 if scale_top <= 50 else 20)
    )
    legend = tuple(
        (f"{left + i * 90}", _COLOURS[i % len(_COLOURS)], _pen_text(pen))
        for i, pen in enumerate(pens)
    )
    words = "; ".join(
        f"+{k} or more: "
        + ", ".join(f"{round(v)}% at {_pen_text(p)}" for p, v in zip(pens, row, strict=True))
        for k, row in zip(THRESHOLDS, shares, strict=True)
    )
    return ChartView(
        width=width,
        height=height,
        top=top,
        bottom=bottom,
        left=left,
        bars=tuple(bars),
        groups=tuple(groups),
        legend=legend,
        ticks=ticks,
        summary=f"Share of rounds starting at each true count in {chart_system(system).name}: "
        + words,
    )


class ShoePenetration(Drill):
    slug = "shoe-penetration"
    title = "Shoe penetration"
    description = (
        "Where the cut card sits: cards, decks and rounds per shoe, and how deeper penetration "
        "makes high true counts come up more often, from shoes the engine dealt."
    )
    template = "drills/counting_penetration.html"
    situation_template = "drills/_counting_situation.html"

    def new_question(self, rng: random.Random, rules: Rules, learner: LearnerState) -> Question:
        prefs = CountPreferences.from_options(learner.options)
        pen = rng.choice(penetrations_for(rules))
        kind = rng.choice(KINDS)
        arg = {
            "cards": "",
            "decks": f" {prefs.resolution}",
            "rounds": "",
            "share": f" {rng.choice(THRESHOLDS)}",
        }[kind]
        notation = f"{rules.name} {pen} {prefs.system} {kind}{arg}"
        return self.question(notation, rules)

    def question(self, notation: str, rules: Rules) -> Question:
        preset, pen, system, kind, arg = read_question(notation)
        table = find_preset(preset)
        prompts = {
            "cards": "How many cards are played before the cut card comes out?",
            "decks": f"How many decks are played before the cut card, to the {arg} deck?",
            "rounds": f"About how many rounds does one shoe last at a table of {STUDY_SEATS}?",
            "share": f"At {_pen_text(pen)} penetration, what share of rounds start at a true "
            f"count of +{arg} or more?",
        }
        return Question(
            notation=notation,
            prompt=prompts[kind],
            view={
                "preset": preset,
                "decks": table.decks,
                "cards": table.decks * CARDS_PER_DECK,
                "penetration": _pen_text(pen),
                "no_cut_card": table.penetration >= 1,
                "cut_x": f"{10 + 300 * float(pen):.1f}",
                "kind": kind,
                "system": chart_system(system),
                "chosen_system": system,
                # Drawn when the page shows it: ``chart(wait=False)`` is None until the
                # studies are cached (a second or so each the first time).
                "chart": partial(chart_when_ready, preset, system),
                "unit": _UNITS[kind],
                "shoes": STUDY_SHOES,
            },
        )

    def grade(self, notation: str, answer_text: str, rules: Rules) -> Grade:
        preset, pen, system, kind, arg = read_question(notation)
        table = find_preset(preset)
        cut = cut_cards(table, pen)
        size = table.decks * CARDS_PER_DECK
        pen_text = _pen_text(pen)
        if kind == "cards":
            answer = _whole(answer_text, "the number of cards", size)
            right = Fraction(cut)
            correct = answer == right
            explanation = f"{pen_text} of {size} cards is {cut} cards before the cut card."
        elif kind == "decks":
            answer = read_decks(answer_text, arg, table.decks, "the decks played")
            right = estimate_decks(Fraction(cut, CARDS_PER_DECK), arg)
            correct = answer == right
            explanation = (
                f"{cut} cards of 52 a deck is {float(Fraction(cut, CARDS_PER_DECK)):.2f} decks: "
                f"{format_decks(right)} to the {arg} deck."
            )
        elif kind == "rounds":
            answer = _whole(answer_text, "the number of rounds", 500)
            per_shoe = study(preset, pen, chart_system(system).slug).rounds_per_shoe
            right = Fraction(round(per_shoe))
            correct = abs(answer - per_shoe) <= ROUNDS_TOLERANCE
            explanation = (
                f"Over {STUDY_SHOES} shoes dealt to {pen_text}, a shoe lasted "
                f"{float(per_shoe):.1f} rounds on average at a table of {STUDY_SEATS} and the "
                f"dealer: about {cut} cards at some 2.7 cards a hand, plus the round that brings "
                f"the cut card out."
            )
        else:
            answer = _whole(answer_text.replace("%", ""), "the share in per cent", 100)
            threshold = int(arg)
            slug = chart_system(system).slug
            exact = percent(study(preset, pen, slug).share_at_least(threshold))
            right = Fraction(round(exact))
            correct = abs(answer - exact) <= SHARE_TOLERANCE
            others = ", ".join(
                f"{round(percent(study(preset, p, slug).share_at_least(threshold)))}% at "
                f"{_pen_text(p)}"
                for p in penetrations_for(table)
            )
            explanation = (
                f"{float(exact):.1f}% of rounds started at +{threshold} or more at {pen_text} "
                f"({others}). Deeper penetration deals more rounds late in the shoe, where true "
                f"counts swing widest, so high counts come up more often (figures from "
                f"{STUDY_SHOES} dealt shoes wobble by a point or so)."
            )
        return Grade(
            correct=correct,
            answer=str(answer if kind != "decks" else format_decks(answer)),
            right_answer=format_decks(right) if kind == "decks" else str(right),
            explanation=explanation,
        )


def _whole(text: str, what: str, highest: int) -> Fraction:
    value = read_number(text, what)
    if value.denominator != 1 or not 0 <= value <= highest:
        raise InvalidAnswerError(f"Give {what} as a whole number from 0 to {highest}.")
    return value


def read_chart(preset: str, system: str) -> tuple[str, CountingSystem]:
    """The preset and system of a chart the page asks for.

    :raises InvalidQuestionError: for a preset or system there is not.
    """
    try:
        rules = find_preset(preset)
    except InvalidRulesError as error:
        raise InvalidQuestionError(str(error)) from None
    return rules.name, read_system(system)


def read_question(notation: str) -> tuple[str, Fraction, CountingSystem, str, str]:
    """Preset, penetration, system, kind and its argument of a penetration question.

    :raises InvalidQuestionError: for a notation this drill could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError(
            "a penetration question reads like 'vegas-6d-s17 3/4 hi-lo share 2'"
        )
    try:
        rules = find_preset(match["preset"])
    except InvalidRulesError as error:
        raise InvalidQuestionError(str(error)) from None
    pen = Fraction(match["pen"])
    if pen not in penetrations_for(rules):
        raise InvalidQuestionError(f"the penetration {pen} is not one this drill compares")
    system = read_system(match["system"])
    kind, arg = match["kind"], match["arg"] or ""
    if kind == "decks" and arg not in RESOLUTIONS:
        raise InvalidQuestionError(f"decks are estimated to {', '.join(RESOLUTIONS)}")
    if kind == "share" and arg not in {str(k) for k in THRESHOLDS}:
        raise InvalidQuestionError(f"shares are asked for +{THRESHOLDS[0]} to +{THRESHOLDS[-1]}")
    if kind in ("cards", "rounds") and arg:
        raise InvalidQuestionError(f"a {kind} question takes nothing more")
    return rules.name, pen, system, kind, arg


DRILL = ShoePenetration()
