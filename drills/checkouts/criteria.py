"""The checkouts and their pass criteria: one place, :func:`criteria_for`, says what a checkout
asks and what passes it.

A checkout is a formal test in parts: each part is a number of items answered in order against
one clock (the server's), and the checkout passes when every part is answered in its time with
no more errors of each sort than its criteria allow. The defaults are those of published
dealer-school and team practice (issue 32); a class may set stricter ones, never looser:
:func:`criteria_for` takes them and keeps, field by field, the stricter of the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from drills.payout.kinds import KINDS as PAYOUT_KINDS
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.words import N_, plural, say


class UnknownCheckoutError(ValueError):
    """No checkout has that name."""


@dataclass(frozen=True)
class Part:
    """One part of a checkout: what it asks (``sort``: the item drill, :mod:`drills.checkouts.
    items`), how many items, and the seconds its clock allows for all of them."""

    sort: str
    items: int
    seconds: int
    title: str  # marked with N_, said where it is read


@dataclass(frozen=True)
class Criteria:
    """What a checkout asks and what passes it: its parts in order, and the most errors
    allowed of each sort over the whole checkout (a sort left out allows none)."""

    kind: str
    parts: tuple[Part, ...]
    errors: Mapping[str, int]

    def allowed(self, sort: str) -> int:
        return self.errors.get(sort, 0)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "parts": [[p.sort, p.items, p.seconds, p.title] for p in self.parts],
            "errors": dict(self.errors),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Criteria:
        parts = data["parts"]
        errors = data["errors"]
        if not isinstance(parts, list) or not isinstance(errors, dict):
            raise ValueError("not a checkout's criteria")
        return cls(
            kind=str(data["kind"]),
            parts=tuple(Part(str(s), int(n), int(t), str(w)) for s, n, t, w in parts),
            errors={str(k): int(v) for k, v in errors.items()},
        )


# The payout kinds (drills/payout/kinds.py) that are the seed games' bonuses: 002's club and
# home twenty-one pay four, 004's Russian banking game pays a dealt 21 and a busted banker double.
BONUS_KINDS = (
    "five-card-21",
    "six-card-21",
    "seven-seven-seven",
    "eight-seven-six",
    "russian-natural",
    "russian-bust",
)
COUNTING_PASSES = 3
TRUE_COUNT_CHECKS = 10

_DEFAULTS: dict[str, Criteria] = {
    "counting": Criteria(
        "counting",
        tuple(Part("deck", 1, 30, N_("A deck counted down")) for _ in range(COUNTING_PASSES)),
        {},
    ),
    "basic-strategy": Criteria(
        "basic-strategy", (Part("play", 100, 5 * 60, N_("Basic strategy decisions")),), {}
    ),
    "deviations": Criteria(
        "deviations", (Part("index", 40, 4 * 60, N_("Index plays")),), {"index": 1}
    ),
    "true-count": Criteria(
        "true-count",
        tuple(Part("check", 2, 40, N_("Cards at table speed")) for _ in range(TRUE_COUNT_CHECKS)),
        {"check-count": 1},
    ),
    "dealer": Criteria(
        "dealer",
        (
            Part("cheques", 1, 10, N_("A stack of 20 cheques")),
            Part("insurance", 1, 10, N_("The insurance maximum of a table")),
            Part("table", 1, 60, N_("A table of seven boxes paid")),
            *(Part("bonus", 1, 30, PAYOUT_KINDS[kind].title) for kind in BONUS_KINDS),
        ),
        {},
    ),
}

TITLES = {
    "counting": N_("Counting"),
    "basic-strategy": N_("Basic strategy"),
    "deviations": N_("Deviations"),
    "true-count": N_("True count and bet"),
    "dealer": N_("Dealer"),
}
DESCRIPTIONS = {
    "counting": N_(
        "The team checkout: a deck with two cards held back is laid out; count it down, then "
        "name the tag total of the two cards held back (in Hi-Lo, +2 means two low cards, 0 one "
        "high and one low or two neutral)."
    ),
    "basic-strategy": N_("Hands dealt from a shoe: your play on each, by basic strategy."),
    "deviations": N_(
        "Index plays of your counting system at their counts: your play on each, by the count."
    ),
    "true-count": N_(
        "A shoe dealt a stretch at a time: after each stretch, your true count and your bet by "
        "your ramp (the bet-sizing drill's, at its default bankroll and risk of ruin)."
    ),
    "dealer": N_(
        "The dealer-school benchmarks: a stack of cheques, a table's insurance maximum, a table "
        "of seven boxes paid, and each bonus of the club, home and Russian banking games paid."
    ),
}
KINDS = tuple(_DEFAULTS)


def title_of(kind: str) -> str:
    return say(TITLES[kind])


def taken_under(rules_text: str, system_text: str, kind: str) -> str:
    """What a checkout of ``kind`` is taken under, in words, as its start page, its certificate
    and the coach's class page name it: the counting checkout's system and its one deck ("Hi-Lo,
    one deck": the table's rules play no part in it), the rules and the system for the count's
    checkouts, the rules and the seed games' bonuses for the dealer's, else the rules."""
    system = SYSTEMS[system_text.split()[0]].name if system_text.split() else ""
    try:
        rules = short_summary(Rules.parse(rules_text))
    except InvalidRulesError:
        rules = ""
    if kind == "counting":
        return say("%(system)s, one deck", system=system)
    if kind in ("deviations", "true-count"):
        return say("%(rules)s; counting in %(system)s", rules=rules, system=system)
    if kind == "dealer":
        return say(
            "%(rules)s; the bonuses of club and home twenty-one and the Russian banking game",
            rules=rules,
        )
    return rules


def criteria_for(kind: str, stricter: Criteria | None = None) -> Criteria:
    """The pass criteria of the checkout ``kind``: the defaults, or where a class sets its own
    (``stricter``, the same checkout's), the stricter of each: the shorter clock of each part,
    the fewer errors of each sort. Items are never fewer than the defaults ask.

    :raises UnknownCheckoutError: for a kind that is not a checkout.
    """
    default = _DEFAULTS.get(kind)
    if default is None:
        raise UnknownCheckoutError(f"there is no checkout called {kind[:40]!r}")
    if stricter is None:
        return default
    if stricter.kind != kind or [p.sort for p in stricter.parts] != [p.sort for p in default.parts]:
        raise UnknownCheckoutError(f"those criteria are not the {kind} checkout's")
    parts = tuple(
        replace(part, items=max(part.items, own.items), seconds=min(part.seconds, own.seconds))
        for part, own in zip(default.parts, stricter.parts, strict=True)
    )
    sorts = set(default.errors) | set(stricter.errors)
    errors = {
        sort: min(default.allowed(sort), stricter.allowed(sort))
        for sort in sorts
        if min(default.allowed(sort), stricter.allowed(sort))
    }
    return Criteria(kind, parts, errors)


# The pace a checkout deals its cards at (cards a second, under the default clock), where it
# deals them card by card: the counting checkout's deck of 50 in 25 of its 30 seconds, which
# leaves 5 to name the held-back cards (a team's "a deck in under 30 seconds"); the true count
# checkout's stretches at 2 cards a second, a quick dealer's pace as the cards come out.
DEAL_PACE = {"counting": Fraction(2), "true-count": Fraction(2)}


def deal_pace(criteria: Criteria, part: int) -> Fraction | None:
    """Cards a second to deal part ``part`` of a run under ``criteria`` at: the checkout's
    pace, faster in proportion where a class's clock is shorter than the default (its cards
    then take the same share of the clock). None for a checkout that deals no cards.

    :raises IndexError: for a part the checkout does not have.
    """
    pace = DEAL_PACE.get(criteria.kind)
    if pace is None:
        return None
    default = _DEFAULTS[criteria.kind].parts[part].seconds
    return pace * default / criteria.parts[part].seconds


# A class's clock for a checkout: this share of the default's at least, in per cent.
LEAST_TIME_PERCENT = 50


def most_errors(kind: str) -> int:
    """The most errors a class may allow in the checkout ``kind``: the default's."""
    return max(_DEFAULTS[kind].errors.values(), default=0)


def class_criteria(kind: str, time_percent: int, errors: int) -> Criteria:
    """A class's criteria for the checkout ``kind``, to pass to :func:`criteria_for`: each
    part's clock ``time_percent`` per cent of the default's (rounded down, at least a
    second), and at most ``errors`` errors of each sort the default allows any of.

    :raises ValueError: a share outside ``LEAST_TIME_PERCENT``..100, or more errors than the
        default allows.
    """
    default = criteria_for(kind)
    if not LEAST_TIME_PERCENT <= time_percent <= 100 or not 0 <= errors <= most_errors(kind):
        raise ValueError(f"criteria out of bounds: {time_percent}%, {errors} errors")
    parts = tuple(
        replace(part, seconds=max(1, part.seconds * time_percent // 100)) for part in default.parts
    )
    return Criteria(kind, parts, {sort: errors for sort in default.errors})


def criteria_lines(criteria: Criteria) -> list[str]:
    """The criteria in plain sentences, for the start page and the certificate: each part (a
    run of like parts as one line), then the errors allowed."""
    lines = []
    parts = list(criteria.parts)
    while parts:
        part = parts.pop(0)
        times = 1
        while parts and parts[0] == part:
            parts.pop(0)
            times += 1
        each = plural(
            "%(count)s answer in at most %(seconds)s seconds",
            "%(count)s answers in at most %(seconds)s seconds",
            part.items,
            seconds=part.seconds,
        )
        title = say(part.title)
        if part.sort == "bonus":
            title = say("A bonus paid — %(bonus)s", bonus=title)
        if times == 1:
            lines.append(say("%(part)s: %(each)s.", part=title, each=each))
        else:
            lines.append(
                say(
                    "%(part)s, %(times)s times in a row: each %(each)s.",
                    part=title,
                    times=times,
                    each=each,
                )
            )
    lines.append(_errors_line(criteria))
    return lines


def _errors_line(criteria: Criteria) -> str:
    if criteria.kind == "true-count":
        checks = len(criteria.parts)
        return say(
            "The true count within one of the right one at %(right)s checks of %(checks)s, "
            "and every bet your ramp's for the true count or for a count one either side of it.",
            right=checks - criteria.allowed("check-count"),
            checks=checks,
        )
    allowed = sum(criteria.errors.values())
    if not allowed:
        return say("No errors: every answer right.")
    return plural("At most %(count)s error.", "At most %(count)s errors.", allowed)
