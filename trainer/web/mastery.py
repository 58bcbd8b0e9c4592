"""What the progress page shows of skill: mastery per area, the weekly trend, the next step.

- Mastery: basic-strategy cells mastered of all the chart's cells, per rule set; of the
  Illustrious 18 and Fab 4 indices, how many are mastered, per rule set and system (and of
  the other indices met); the counting speed reached at 90% accuracy, per system; and
  the accuracy (and time) of the true-count, deck-estimation, payout and hand-totals drills. An
  item is mastered once FSRS expects it remembered a week on
  (:data:`trainer.store.schedules.MASTERED_STABILITY_DAYS`).
- The next step: of the newest mistakes with an EV cost in bets (strategy and deviations), the
  skill whose mistakes cost the most in all: practising it would most cut the expected loss.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from drills import DrillError, registry
from drills.base import cost_of_bet
from drills.method3_figures import GamePendingError
from drills.skill_words import system_words
from drills.strategy_cells import quiz_cells
from trainer.engine.indices.table import FAB_4, ILLUSTRIOUS_18
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import attempts, reviews, schedules
from trainer.web.charts import Day
from trainer.web.support import get_db
from trainer.web.views.drills import stored_rules
from trainer.words import cards_a_second, number, percent, plural, say, seconds

WEEKS = 12
# Checkpoints at a speed needed before its accuracy counts, and the accuracy that is reached.
SPEED_CHECKPOINTS, SPEED_ACCURACY = 5, Fraction(9, 10)
# Mistakes looked over for the next step, newest first.
NEXT_STEP_WITHIN = 300
_COSTED = ["basic-strategy", "deviations"]
_SPEED_RE = re.compile(r"^(?P<system>\S+) \d+d at (?P<speed>[\d.]+) cards/s$")
_ACCURACY_DRILLS = ("true-count", "deck-estimation", "payout-math", "hand-totals")


@dataclass(frozen=True)
class Mastery:
    area: str
    figure: str  # "34 of 280 cells", "2.5 cards a second"
    detail: str = ""


def count_tallies(user_id: int) -> list[schedules.ItemTally]:
    """The learner's tallies of the drills mastered by item: deviations and the counts."""
    return schedules.item_tallies(get_db(), user_id, ["deviations", "running-count", "shoe-count"])


def mastery(
    user_id: int,
    stats: dict[str, attempts.DrillStats],
    tallies: list[schedules.ItemTally] | None = None,
) -> list[Mastery]:
    """The learner's mastery, area by area, of the drills they have used (none for others);
    ``tallies`` their :func:`count_tallies`, where the caller has them already."""
    db = get_db()
    cells = (
        schedules.item_tallies(db, user_id, ["basic-strategy"]) if "basic-strategy" in stats else []
    )
    if tallies is None:
        tallies = count_tallies(user_id)
    accuracies = {slug: Accuracy(s.attempts, s.correct, s.mean_response_ms)
                  for slug, s in stats.items()}  # fmt: skip
    return mastery_rows(cells, tallies, accuracies)


@dataclass(frozen=True)
class Accuracy:
    """A drill's answers, right answers and mean response time (None where none was kept)."""

    answers: int
    right: int
    mean_ms: int | None


def mastery_rows(
    cells: list[schedules.ItemTally],
    tallies: list[schedules.ItemTally],
    accuracies: dict[str, Accuracy],
) -> list[Mastery]:
    """Mastery area by area, from the basic-strategy items' tallies (``cells``), the
    deviations' and counts' (``tallies``) and the accuracy drills' figures: the progress
    page's, from all of a learner's answers, and a coach's, from those since joining."""
    found = _strategy_mastery(cells)
    found += _deviation_mastery([t for t in tallies if t.drill == "deviations"])
    found += _speed_mastery([t for t in tallies if t.drill != "deviations"])
    drills = registry()
    for slug in _ACCURACY_DRILLS:
        s = accuracies.get(slug)
        if s is not None and s.answers:
            share = percent(round(Fraction(s.right, s.answers) * 100) / Fraction(100))
            found.append(Mastery(drills[slug].title, say("%(share)s right", share=share),
                                 _answers_words(s)))  # fmt: skip
    return found


def _answers_words(stats: Accuracy) -> str:
    """How many answers an accuracy is of, and their mean time where it is known."""
    if not stats.mean_ms:
        return plural("of %(count)s answer", "of %(count)s answers", stats.answers)
    return plural(
        "of %(count)s answer, %(time)s an answer",
        "of %(count)s answers, %(time)s an answer",
        stats.answers,
        time=seconds(stats.mean_ms / 1000, 1),
    )


def _strategy_mastery(cells: list[schedules.ItemTally]) -> list[Mastery]:
    by_rules: dict[str, int] = {}
    for tally in cells:
        notation, _, cell = tally.item.partition(": ")
        if cell != "insurance" and not cell.startswith("insurance "):
            by_rules[notation] = by_rules.get(notation, 0) + tally.mastered
    found = []
    for notation, done in sorted(by_rules.items()):
        try:
            total = len(quiz_cells(Rules.parse(notation)))
            # (the chart's 21s are no choice: 340 cells of its 360 at a casino's rules)
            figure = plural("%(count)s of %(total)s chart cell",
                            "%(count)s of %(total)s chart cells", total,
                            count=number(done), total=number(total))  # fmt: skip
        except InvalidRulesError:
            continue
        except GamePendingError:  # 004's chart of one column, its banker being worked out
            # (never worked out here: the quiz's page has it done)
            figure = plural("%(count)s cell", "%(count)s cells", done)
        under = say("under %(rules)s", rules=readable(notation))
        found.append(Mastery(say("Basic strategy"), figure, under))
    return found


def readable(notation: str) -> str:
    """A rule set's notation as the footer names it."""
    try:
        return short_summary(Rules.parse(notation))
    except InvalidRulesError:
        return notation


def famous_cells(rules: Rules) -> frozenset[str]:
    """The Illustrious 18 and (where the rules let a hand surrender) the Fab 4, as a deviation
    item's cell (``"hard 16 v 10"``, ``"10-10 v 5"``, ``"insurance v A"``)."""
    cells = ILLUSTRIOUS_18 + (FAB_4 if rules.surrender != "none" else ())
    return frozenset(f"{hand} v {up}" for hand, up in cells)


def _deviation_mastery(tallies: list[schedules.ItemTally]) -> list[Mastery]:
    """Per rule set and system: of the famous indices (:func:`famous_cells`), how many are
    mastered, and how many other indices were met and mastered."""
    by_table: dict[tuple[str, str], list[tuple[str, bool]]] = {}
    for tally in tallies:
        notation, _, rest = tally.item.partition(": ")
        system, _, cell = rest.partition(" ")
        by_table.setdefault((notation, system), []).append((cell, tally.mastered))
    found = []
    for (notation, system), cells in sorted(by_table.items()):
        try:
            rules = Rules.parse(notation)
        except InvalidRulesError:
            continue
        famous = famous_cells(rules)
        done = sum(mastered for cell, mastered in cells if cell in famous)
        others = [mastered for cell, mastered in cells if cell not in famous]
        values = {"system": system_words(system), "rules": short_summary(rules)}
        if len(famous) > len(ILLUSTRIOUS_18):
            detail = say("the Illustrious 18 and Fab 4, %(system)s count, under %(rules)s",
                         **values)  # fmt: skip
        else:
            detail = say("the Illustrious 18, %(system)s count, under %(rules)s", **values)
        if others:
            detail = plural(
                "%(detail)s; of %(count)s other index met, %(mastered)s mastered",
                "%(detail)s; of %(count)s other indices met, %(mastered)s mastered",
                len(others),
                detail=detail,
                mastered=number(sum(others)),
            )
        figure = plural("%(count)s of %(total)s index", "%(count)s of %(total)s indices",
                        len(famous), count=number(done), total=number(len(famous)))  # fmt: skip
        found.append(Mastery(say("Deviations"), figure, detail))
    return found


def _speed_mastery(tallies: list[schedules.ItemTally]) -> list[Mastery]:
    """Per system, the fastest speed counted at 90% accuracy or better (enough checkpoints)."""
    best = speeds_reached(tallies)
    return [
        Mastery(
            say("Counting speed"),
            cards_a_second(speed, 3),
            say(
                "%(system)s, at %(share)s right or better",
                system=system_words(system),
                share=percent(SPEED_ACCURACY),
            ),
        )  # fmt: skip
        for system, speed in sorted(best.items())
    ]


def fastest_count(tallies: list[schedules.ItemTally]) -> float:
    """The fastest running count kept at 90% right, in any system (0 for none), from the
    learner's :func:`count_tallies`: the path's running-count step reads it."""
    counts = [t for t in tallies if t.drill != "deviations"]
    return max(speeds_reached(counts).values(), default=0.0)


def speeds_reached(tallies: list[schedules.ItemTally]) -> dict[str, float]:
    """Per system, the fastest speed counted at 90% accuracy or better (enough checkpoints)."""
    best: dict[str, float] = {}
    for tally in tallies:
        match = _SPEED_RE.match(tally.item)
        if match is None or tally.reviews < SPEED_CHECKPOINTS:
            continue
        if Fraction(tally.reviews - tally.lapses, tally.reviews) >= SPEED_ACCURACY:
            speed = float(match["speed"])
            best[match["system"]] = max(best.get(match["system"], 0.0), speed)
    return best


def next_step(user_id: int) -> dict[str, Any] | None:
    """The skill whose recent mistakes cost the most (EV in bets), and its item to practise;
    their cost as a share of the bet, as each one's verdict says it ("150.16% of the bet")."""
    costs: dict[tuple[str, str], Fraction] = {}
    counts: dict[tuple[str, str], int] = {}
    drills = registry()
    for slug, question, notation, total, count in reviews.costly_mistakes(
        get_db(), user_id, _COSTED, within=NEXT_STEP_WITHIN
    ):
        try:
            skill = drills[slug].skill(question, stored_rules(notation))
        except DrillError:
            continue
        costs[slug, skill] = costs.get((slug, skill), Fraction(0)) + total
        counts[slug, skill] = counts.get((slug, skill), 0) + count
    if not costs:
        return None
    (slug, skill), cost = max(costs.items(), key=lambda pair: (pair[1], pair[0]))
    item = schedules.find_item(get_db(), user_id, slug, skill)
    return {"drill": drills[slug], "skill": drills[slug].skill_words(skill),
            "cost": cost_of_bet(cost), "count": counts[slug, skill], "item": item}  # fmt: skip


# The smallest cost written as a number of bets: under it, "0.00" would read as free, so it is
# said as under 0.01 of a bet (the table's verdicts and summary).
SMALLEST_COST = Fraction(1, 200)


def weeks(today: date, by_day: dict[str, Any]) -> list[Day]:
    """The last :data:`WEEKS` weeks (Monday to Sunday, the last one this week) as one
    :class:`Day` each (its Monday), from a drill's daily figures (``reviews.DayFigures``)."""
    monday = today - timedelta(days=today.weekday())
    found = []
    for back in range(WEEKS - 1, -1, -1):
        start = monday - timedelta(weeks=back)
        days = [by_day.get((start + timedelta(days=n)).isoformat()) for n in range(7)]
        found.append(
            Day(start, sum(d.attempts for d in days if d), sum(d.correct for d in days if d))
        )
    return found
