"""Sitting at a table: what a table is set up with, and what each of the learner's steps is
graded as, by the drills that grade it everywhere else.

A table (:class:`TableSpec`) is played by the engine (:mod:`trainer.engine.play.table_game`); this
module says which questions each step answers (:func:`step_asks`), each one a notation of an
existing drill, so that every graded decision is an attempt in the one history:

- a play: :mod:`drills.table_play` (basic strategy, or the index at the learner's count);
- a bet: :mod:`drills.bet_sizing` (the ramp at the true count before the deal, one per box);
- insurance or even money: :mod:`drills.strategy_quiz` (by the count's insurance index where
  deviations are graded, else by the bet's EV for the hand);
- a count check: :mod:`drills.counting.session`'s checkpoint notation (the running count, and
  the true count for a balanced system), every card seen since the shuffle listed;
- the learner dealing (002 home, 004): :mod:`drills.table_dealing` (a draw, a stand, doubling
  every bet, by its worth to the bank), and a punter's redouble at 002 home (to the punter);
- a punter's stake at 002 home or 004: :mod:`drills.punter_stake` (the ramp's Kelly rule on
  the edge of the cards seen: 002's first card, 004's two and the banker's up card).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from drills import (
    Grade,
    back_count,
    bet_sizing,
    face_down_play,
    punter_stake,
    strategy_quiz,
    table_dealing,
    table_play,
)
from drills.caches import Caches
from drills.count_study import counts_by_study, signed_notation
from drills.counting.preferences import CONVENTIONS, RESOLUTIONS
from drills.method3_reading import NOTHING_MORE, Reading
from drills.strategy_cells import INSURANCE_SUFFIX
from drills.table_count import TableCount, tray_cards
from drills.table_counts import count_checks
from drills.table_play import notation_of
from drills.table_setup_words import refusal
from trainer.engine.counting import SYSTEMS, CountingSystem, running_count
from trainer.engine.deck.hand import Hand
from trainer.engine.play.method3_punters import reading_of, staking
from trainer.engine.play.table_game import MAX_BOXES, MAX_OTHERS, Ask, TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, money, number, plain_amount, plural, quoted

__all__ = [
    "DEFAULT_STOP_AT",
    "DISTRACTIONS",
    "PACES",
    "Wonging",
    "boxes_played",
    "GRADED",
    "MODES",
    "Asked",
    "InvalidTableSpecError",
    "UNPRICED",
    "TableSpec",
    "read_digits",
    "step_asks",
]

GRADED: dict[str, str] = {
    "strategy": N_("Basic strategy"),
    "deviations": N_("Deviations (index plays at your count)"),
    "bets": N_("Bets (your ramp at the count; a punter's stake by the cards it is on)"),
    "insurance": N_("Insurance and even money"),
    "counts": N_("Counts (running and true)"),
    "tray": N_("The discard tray (the decks left judged by eye, and the true count from them)"),
    "cover": N_("Cover (how much your bets look like a counter's, scored in the summary)"),
}
MODES: dict[str, str] = {
    "training": N_("Training: each error shown at once, with the right play; take it back"),
    "test": N_("Test: errors shown at the end of the shoe"),
}
MAX_BANKROLL = Fraction(10**9)
MONEY_RE = re.compile(r"[0-9]{1,10}(?:\.[0-9]{1,2})?")  # ASCII digits only
_DIGITS_RE = re.compile(r"[0-9]+(?:\.[0-9]*)?")  # an amount of any length
DEFAULT_RISK = Fraction(1, 20)
# Training mode stops the table for a mistake costing at least this many bets (of the hand, or
# of the table minimum for a bet), set from 0 (every one) to MAX_STOP_AT; a cheaper one is noted.
DEFAULT_STOP_AT = Fraction(1, 20)
MAX_STOP_AT = Fraction(2)
_STOP_RE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3})?")  # ASCII digits, at most 3 places
# The cards' pace with JavaScript (ms a card; 0: step by step), the dealer's varied a little.
PACES: dict[str, str] = {
    "0": N_("Step by step (no pace)"),
    "1500": N_("Slow: 1.5 seconds a card"),
    "900": N_("A casino's pace: 0.9 seconds a card"),
    "500": N_("Fast: half a second a card"),
}
# What else goes on at the table while the learner counts (with JavaScript).
DISTRACTIONS: dict[str, str] = {
    "none": N_("None"),
    "talk": N_("Table talk"),
    "busy": N_("Table talk, the other players' chips and their questions"),
}
# What training mode does with a mistake that has no price (a count check).
UNPRICED: dict[str, str] = {
    "stop": N_("Stop the table for it"),
    "note": N_("Show it and play on"),
}


class InvalidTableSpecError(ValueError):
    """A table cannot be set up with these settings (``field``: the form field at fault)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def _money(text: str, field: str) -> Fraction:
    typed = (text or "")[:24].strip()
    text = plain_amount(typed)
    # An amount too large says so, however long (it read "not an amount", "must be above 0").
    if _DIGITS_RE.fullmatch(text) and Decimal(text) > MAX_BANKROLL:
        raise InvalidTableSpecError(refusal(f"{field} too large", most=number(MAX_BANKROLL)), field)
    if not text or len(text) > 12:
        raise InvalidTableSpecError(refusal(f"{field} no amount"), field)
    if text[:1] in "-\u2212" and MONEY_RE.fullmatch(text[1:]):  # an amount, below zero
        raise InvalidTableSpecError(refusal(f"{field} not above 0"), field)
    if not MONEY_RE.fullmatch(text):  # no sign, no exponent, no infinity: digits and cents
        raise InvalidTableSpecError(refusal(f"{field} not an amount", typed=quoted(typed)), field)
    value = Fraction(Decimal(text))
    if value <= 0:
        raise InvalidTableSpecError(refusal(f"{field} not above 0"), field)
    return value


def _stop_at(text: str) -> Fraction:
    """The training mode's threshold, in bets, or in percent of one ("5%", as the risk of ruin
    takes it: refused, a walk); the default where the form sends none."""
    text = plain_amount((text or "")[:16])
    if not text:
        return DEFAULT_STOP_AT
    typed = text.removesuffix("%").strip()
    ok = len(typed) <= 5 and _STOP_RE.fullmatch(typed)
    value = Fraction(Decimal(typed)) / (100 if text.endswith("%") else 1) if ok else None
    if value is None or value > MAX_STOP_AT or value.denominator > 1000:  # 3 places, in bets
        raise InvalidTableSpecError(refusal("stop_at", most=number(MAX_STOP_AT)), "stop_at")
    return value


def _stops(form: Mapping[str, Any]) -> tuple[Fraction, bool]:
    """What training mode stops for: the threshold in bets, and whether an unpriced mistake."""
    stop_at = _stop_at(str(form.get("stop_at", ""))[:12])
    unpriced = str(form.get("unpriced", "stop") or "stop")[:10]
    if unpriced not in UNPRICED:
        raise InvalidTableSpecError(refusal("unpriced"), "unpriced")
    return stop_at, unpriced == "stop"


def read_digits(text: str, most: int) -> int | None:
    """A whole number of at most ``most`` digits 0-9 (``str.isdecimal`` alone takes other
    scripts' digits too), or None."""
    if not text or len(text) > most or not text.isdecimal() or not text.isascii():
        return None
    return int(text)


def _whole(text: str, low: int, high: int, field: str) -> int:
    value = read_digits((text or "").strip(), 2)
    if value is None or not low <= value <= high:
        raise InvalidTableSpecError(refusal(field, low=number(low), high=number(high)), field)
    return value


@dataclass(frozen=True)
class TableSpec:
    """A learner's table: who sits there, the money, the count kept, what is graded, the mode."""

    rules: Rules
    others: int
    boxes: int
    bankroll: Fraction
    unit: Fraction
    system: CountingSystem
    convention: str
    resolution: str
    graded: frozenset[str]
    mode: str
    co_bettors: int = 0  # on each of the learner's boxes (003's boxes take up to two)
    punter_seat: int = 0  # 002 home, 004: 0 the learner deals first, n a punter at seat n
    stop_at: Fraction = DEFAULT_STOP_AT  # training mode stops for mistakes costing this (bets)
    stop_unpriced: bool = True  # and for a mistake with no price (a count check)
    wong: bool = False  # back-counting: watch rounds, come in and leave, boxes by the count
    pace: int = 0  # ms a card with JavaScript (PACES; 0: step by step)
    distraction: str = "none"  # DISTRACTIONS

    @classmethod
    def from_form(cls, rules: Rules, form: Mapping[str, Any]) -> TableSpec:
        """The table a set-up form asks for.

        :raises InvalidTableSpecError: naming what is wrong, and its field.
        """
        others = _whole(form.get("others", ""), 0, MAX_OTHERS, "others")
        boxes = _whole(form.get("boxes", ""), 1, MAX_BOXES, "boxes")
        if others + boxes > 7:
            raise InvalidTableSpecError(refusal("spots"), "others")
        bankroll, unit = _money_of(rules, form, boxes)
        system = str(form.get("system", ""))[:20]
        convention = str(form.get("convention", ""))[:10]
        resolution = str(form.get("resolution", ""))[:10]
        if system not in SYSTEMS:
            raise InvalidTableSpecError(refusal("system", system=quoted(system)), "system")
        if convention not in CONVENTIONS or resolution not in RESOLUTIONS:
            raise InvalidTableSpecError(refusal("rounding"), "system")
        graded = frozenset(str(g)[:12] for g in _list(form, "graded"))
        if not graded <= set(GRADED):
            raise InvalidTableSpecError(refusal("graded"), "graded")
        if "tray" in graded and not ({"counts"} <= graded and SYSTEMS[system].balanced):
            raise InvalidTableSpecError(refusal("tray"), "graded")
        co_bettors = _whole(form.get("co_bettors", "0") or "0", 0, 2, "co_bettors")
        mode = str(form.get("mode", ""))[:10]
        if mode not in MODES:
            raise InvalidTableSpecError(refusal("mode"), "mode")
        punter_seat = _punter_seat(rules, form, others)
        stop_at, stop_unpriced = _stops(form)
        wong = _wong(rules, form, others)
        pace, distraction = _conditions(form)
        spec = cls(
            rules,
            others,
            boxes,
            bankroll,
            unit,
            SYSTEMS[system],
            convention,
            resolution,
            graded,
            mode,
            co_bettors,
            punter_seat,
            stop_at,
            stop_unpriced,
            wong,
            pace,
            distraction,
        )
        spec.setup(0)  # the engine's own checks (the rules' seats, who deals)
        return spec

    @property
    def deals(self) -> bool:
        """Whether the players deal (002 home, 004): the learner holds the deal or the bank
        (at 002 home, until the deal passes to a punter's natural: then they are a punter), or
        start as a punter (``punter_seat``: at 004 for the whole talia)."""
        return self.rules.table_rotation != "none"

    def setup(self, seed: int) -> TableSetup:
        """The engine's setup of this table, its shoe shuffled from ``seed``."""
        return TableSetup(
            self.rules,
            self.others,
            self.boxes,
            seed,
            count_checks="counts" in self.graded,
            co_bettors=self.co_bettors,
            deals=self.deals,
            punter_seat=self.punter_seat,
            wong=self.wong,
        )

    def to_json(self) -> str:
        return json.dumps(
            {
                "others": self.others,
                "boxes": self.boxes,
                "bankroll": str(self.bankroll),
                "unit": str(self.unit),
                "system": self.system.slug,
                "convention": self.convention,
                "resolution": self.resolution,
                "graded": sorted(self.graded),
                "mode": self.mode,
                "co_bettors": self.co_bettors,
                **({"punter_seat": self.punter_seat} if self.punter_seat else {}),
                "stop_at": str(self.stop_at),
                "stop_unpriced": self.stop_unpriced,
                **({"wong": True} if self.wong else {}),
                **({"pace": self.pace} if self.pace else {}),
                **({"distraction": self.distraction} if self.distraction != "none" else {}),
            },
            sort_keys=True,
        )

    @classmethod
    def from_stored(cls, rules: Rules, data: Mapping[str, Any]) -> TableSpec:
        return cls(
            rules,
            int(data["others"]),
            int(data["boxes"]),
            Fraction(data["bankroll"]),
            Fraction(data["unit"]),
            SYSTEMS[data["system"]],
            data["convention"],
            data["resolution"],
            frozenset(data["graded"]),
            data["mode"],
            int(data.get("co_bettors", 0)),
            int(data.get("punter_seat", 0)),
            Fraction(data.get("stop_at", DEFAULT_STOP_AT)),
            bool(data.get("stop_unpriced", True)),
            bool(data.get("wong", False)),
            int(data.get("pace", 0)),
            str(data.get("distraction", "none")),
        )

    def worth_stopping(self, wrong: Iterable[Grade]) -> bool:
        """Whether training mode stops the table for a step's ``wrong`` answers: one priced
        at :attr:`stop_at` bets or more, or one with no price (a count check) where the
        learner stops for those."""
        return any(
            self.stop_unpriced if grade.ev_cost is None else grade.ev_cost >= self.stop_at
            for grade in wrong
        )

    @property
    def needs_study(self) -> bool:
        """Whether grading needs the count study of the rules and system (not where the
        learner deals: no bet or index play of theirs is graded then). Count checks need it
        where a study describes the game: the shoe's summary prices a wrong count with it
        (:func:`drills.counting.miscount.table_prices`)."""
        priced = {"deviations", "bets", "cover"}
        if counts_by_study(self.rules):
            priced.add("counts")
        return not self.deals and (self.wong or bool(self.graded & priced))

    def count_at(self, ask: Ask) -> TableCount:
        """The count as the learner keeps it where ``ask`` stops."""
        running = running_count(self.system, ask.seen, self.rules.decks)
        return TableCount(
            self.system, self.convention, self.resolution, int(running), tray_cards(self.rules, ask)
        )


def _wong(rules: Rules, form: Mapping[str, Any], others: int) -> bool:
    """Whether the form asks to back-count (watch rounds from behind the table).

    :raises InvalidTableSpecError: where nobody else would play a round watched.
    """
    wong = str(form.get("wong", ""))[:2] == "1"
    if wong and (rules.table_rotation != "none" or others < 1):
        raise InvalidTableSpecError(refusal("wong"), "wong")
    return wong


def _conditions(form: Mapping[str, Any]) -> tuple[int, str]:
    """The pace (ms a card) and the distraction a set-up form asks for, each from its list
    (the defaults where the form sends none).

    :raises InvalidTableSpecError: for anything else.
    """
    pace = str(form.get("pace", "0") or "0")[:5]
    if pace not in PACES:
        raise InvalidTableSpecError(refusal("pace"), "pace")
    distraction = str(form.get("distraction", "none") or "none")[:5]
    if distraction not in DISTRACTIONS:
        raise InvalidTableSpecError(refusal("distraction"), "distraction")
    return int(pace), distraction


def _punter_seat(rules: Rules, form: Mapping[str, Any], others: int) -> int:
    """Where the learner starts where the players deal (002 home, 004): 0 holding the deal
    or the bank, n a punter at seat n from the dealer's (banker's) left."""
    seat = _whole(form.get("punter_seat", "0") or "0", 0, MAX_OTHERS, "punter_seat")
    if seat and (rules.table_rotation == "none" or seat > others):
        raise InvalidTableSpecError(refusal("punter", others=number(others)), "punter_seat")
    return seat


def _list(form: Mapping[str, Any], name: str) -> list[str]:
    getlist = getattr(form, "getlist", None)
    if getlist is not None:
        return list(getlist(name))[:10]
    value = form.get(name, [])
    return list(value)[:10] if isinstance(value, (list, tuple)) else [str(value)]


@dataclass(frozen=True)
class Asked:
    """One graded question a step answers: its name in the step, its drill and notation, and
    the stake its cost in bets is money of."""

    name: str
    drill: str
    notation: str
    stake: Fraction = Fraction(0)


@dataclass(frozen=True)
class Wonging:
    """At a back-counting table, what a bet step did: the boxes it played (0: it watched),
    and whether the learner played the round before."""

    boxes: int
    was_in: bool


def boxes_played(step: str) -> int:
    """The boxes a bet step plays (``watch``: none)."""
    return 0 if step == "watch" else len(step.split(" ")) - 1


def wonging_of(spec: TableSpec, game: TableGame, ask: Ask, step: str) -> Wonging | None:
    """At a back-counting table's bet step, what the step ``step`` did there, ``game`` waiting
    at ``ask``: the boxes it played, and whether the learner played the round before (None
    for any other step, or table)."""
    if not (spec.wong and ask.kind == "bet"):
        return None
    before = game.rounds[-1].learner if game.rounds else range(0)
    return Wonging(boxes_played(step), bool(before))


def step_asks(
    spec: TableSpec,
    ask: Ask,
    bankroll: Fraction | None = None,
    *,
    caches: Caches | None = None,
    wonging: Wonging | None = None,
    answers: Mapping[str, str] | None = None,
) -> list[Asked]:
    """The graded questions of the step the table waits for (none when nothing is graded);
    ``bankroll``, what the learner has now (a punter's stake is sized on it; by default the
    table's starting bankroll); ``caches``, where a play's chart and count study are read;
    ``wonging``, at a back-counting table, what its bet step did (without it, every box bet);
    ``answers``, the step's answers by ask name: where the tray is judged, the true count is
    graded as converted from the learner's own running count and decks left (without them,
    from the right ones).

    :raises InvalidAnswerError: for a running count or decks left the conversion cannot read."""
    if ask.kind == "play":
        return _play_asks(spec, ask, caches)
    if ask.kind == "bet" and "bets" in spec.graded and spec.deals:
        return _stake_asks(spec, ask, spec.bankroll if bankroll is None else bankroll)
    if ask.kind == "bet" and not spec.deals:
        now = spec.bankroll if bankroll is None else bankroll
        return _bet_asks(spec, ask, now, wonging)
    if ask.kind == "insurance" and "insurance" in spec.graded and ask.round is not None:
        seat = ask.seat if ask.seat is not None else 0
        hand = ask.round.hands(seat)[0]
        notation = f"{hand} v {ask.round.up_card}{INSURANCE_SUFFIX}"
        if "deviations" in spec.graded:
            count = spec.count_at(ask).played_by(spec.rules.decks)
            kind = "tc" if spec.system.balanced else "rc"
            shown = signed_notation(max(-30, min(30, int(count))))
            notation += f" {spec.system.slug} {kind} {shown}"
        return [Asked("insurance", strategy_quiz.SLUG, notation, ask.round.bets(seat)[0])]
    if ask.kind in ("draw", "double", "redouble") and "strategy" in spec.graded:
        # The dealer's choices in bets of the table minimum; a punter's redouble, of his stake.
        found = (
            table_dealing.dealer_notation(spec.rules, ask)
            or table_dealing.double_notation(ask)
            or table_dealing.redouble_notation(ask)
        )
        name = {"draw": "dealer", "double": "double", "redouble": "redouble"}[ask.kind]
        # A redouble's cost is in bets of the punter's stake, as a play's is of the hand's.
        per = spec.rules.min_bet
        if ask.kind == "redouble" and ask.round is not None and ask.seat is not None:
            per = sum(ask.round.stakes(ask.seat), Fraction(0))
        return [Asked(name, table_dealing.SLUG, found, per)] if found else []
    if ask.kind == "count" and "counts" in spec.graded:
        rounding = (spec.convention, spec.resolution)
        tray = "tray" in spec.graded
        checks = count_checks(
            spec.system, spec.rules.decks, rounding, ask, tray=tray, answers=answers
        )
        return [Asked(name, slug, notation) for name, slug, notation in checks]
    return []


def _bet_asks(
    spec: TableSpec, ask: Ask, bankroll: Fraction, wonging: Wonging | None
) -> list[Asked]:
    """A bet step's questions: each box's bet by the ramp; at a back-counting table, first
    whether to play the round at all and, playing, on how many boxes (each cost in bets of
    the table minimum)."""
    low = spec.rules.min_bet
    played = spec.boxes if wonging is None else wonging.boxes
    asks: list[Asked] = []
    if spec.wong:
        count, risk = spec.count_at(ask), DEFAULT_RISK
        was_in = wonging is not None and wonging.was_in
        asks.append(
            Asked(
                "wong",
                back_count.SLUG,
                back_count.enter_notation(was_in, bankroll, risk, count),
                low,
            )
        )
        if played and spec.boxes > 1:
            notation = back_count.boxes_notation(spec.boxes, bankroll, risk, count, spec.others)
            asks.append(Asked("boxes", back_count.SLUG, notation, low))
    if "bets" in spec.graded:
        count_now = spec.count_at(ask).played_by(spec.rules.decks)
        kind = "tc" if spec.system.balanced else "rc"
        notation = (
            f"{spec.system.slug} bankroll {int(spec.bankroll)} risk 0.05 "
            f"{kind} {signed_notation(max(-30, min(30, int(count_now))))}"
        )
        # The bet's EV cost is in bets of the table minimum (the ramp's unit).
        asks += [Asked(f"bet{box}", bet_sizing.SLUG, notation, low) for box in range(played)]
    return asks


def _stake_asks(spec: TableSpec, ask: Ask, bankroll: Fraction) -> list[Asked]:
    """A punter's stake (002 home, 004), made on the cards they have seen: graded by what
    those cards are worth (:mod:`drills.punter_stake`), its cost in bets of the minimum."""
    round_ = ask.round
    if round_ is None or ask.seat is None:
        return []
    cards = round_.hands(ask.seat)[0].cards
    shows_up = spec.rules.bet_after_deal and spec.rules.deal_faces != "all-down"
    up = round_.up_card if shows_up else None
    notation = punter_stake.stake_notation(spec.rules, cards, up, bankroll, DEFAULT_RISK)
    return [Asked("stake", punter_stake.SLUG, notation, spec.rules.min_bet)]


def _play_asks(spec: TableSpec, ask: Ask, caches: Caches | None) -> list[Asked]:
    round_ = ask.round
    if round_ is None or ask.seat is None or not spec.graded & {"strategy", "deviations"}:
        return []
    if Hand(ask.hand_cards).total == 21 and not ask.early:
        return []  # a 21 has no play (a natural asked early surrender, before the peek, has)
    if spec.rules.deal_faces == "all-down":  # 004 as dealt: no banker card, one column
        if "strategy" not in spec.graded or len(round_.hands(ask.seat)) > 1:
            return []
        stake = round_.stakes(ask.seat)[ask.hand_index]
        notation = face_down_play.notation_of(ask.hand_cards)
        return [Asked("play", table_play.SLUG, notation, stake)]
    hands = round_.hands(ask.seat)
    index = ask.hand_index
    split_hands = len(hands) if len(hands) > 1 else 0
    # Index plays are the casino's (a punter at 002 home or 004 plays the chart).
    count = spec.count_at(ask) if "deviations" in spec.graded and not spec.deals else None
    # 002's method 3: the play reads whether the dealer doubled, and what the table shows, as
    # the engine's punters do (drills.method3_reading).
    doubled, reading = None, NOTHING_MORE
    if spec.rules.deal_method == 3:
        doubled = round_.dealer_doubled
        seen, _ = reading_of(round_, ask.seat, ask.hand_cards)
        reading = Reading(staking(round_), seen)
    notation = notation_of(ask.hand_cards, round_.up_card, split_hands, count, doubled, reading)
    if (
        "strategy" not in spec.graded
        and not table_play.work_out(notation, spec.rules, caches).index
    ):
        return []  # deviations only: a cell without an index is not graded
    # The learner's own money of the hand: the box's stake less the co-bettors' share.
    bets = round_.bets(ask.seat)
    stake = round_.stakes(ask.seat)[index] * bets[0] / sum(bets)
    return [Asked("play", table_play.SLUG, notation, stake)]


def _money_of(rules: Rules, form: Mapping[str, Any], boxes: int) -> tuple[Fraction, Fraction]:
    """The set-up's bankroll and unit, each within what the table and the boxes allow.

    :raises InvalidTableSpecError: naming what is wrong, and its field.
    """
    bankroll = _money(form.get("bankroll", ""), "bankroll")
    unit = _money(form.get("unit", ""), "unit")
    if bankroll < rules.min_bet * boxes:
        raise InvalidTableSpecError(
            plural(
                "A bankroll of %(bankroll)s cannot bet the table minimum (%(minimum)s) on "
                "%(count)s box.",
                "A bankroll of %(bankroll)s cannot bet the table minimum (%(minimum)s) on "
                "%(count)s boxes.",
                boxes,
                bankroll=money(bankroll),
                minimum=money(rules.min_bet),
            ),
            "bankroll",
        )
    if unit > bankroll:
        raise InvalidTableSpecError(refusal("unit over bankroll"), "unit")
    if unit < rules.min_bet or (rules.max_bet is not None and unit > rules.max_bet):
        amounts = {"unit": money(unit), "low": money(rules.min_bet)}
        if rules.max_bet is None:
            raise InvalidTableSpecError(refusal("unit below minimum", **amounts), "unit")
        amounts["high"] = money(rules.max_bet)
        raise InvalidTableSpecError(refusal("unit outside limits", **amounts), "unit")
    return bankroll, unit
