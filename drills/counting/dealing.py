"""Dealing a counting session: the cards from a real shoe, the steps they are shown in, and
the checkpoints asked on the way."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from fractions import Fraction

from drills.counting.notation import CARDS_PER_DECK
from drills.counting.preferences import CountPreferences
from drills.counting.session import (
    COUNTDOWN_RULES,
    GROUPS,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_SPEED,
    MIN_SPEED,
    CheckpointSpec,
    CountingSession,
    InvalidSessionError,
    Step,
)
from trainer.engine.cards import Card, pack
from trainer.engine.counting import SYSTEMS
from trainer.engine.rules import Rules
from trainer.engine.shoe import Shoe
from trainer.engine.table import BasicStrategyPolicy, Table

_SPEED_RE = re.compile(r"\d{1,2}(?:[.,]\d{1,2})?|[.,]\d{1,2}|\d{1,2}/\d{1,2}")


def read_speed(text: str) -> Fraction:
    """Cards per second, from 0.25 to 20: a short decimal (``2``, ``1.5``, ``0,5``) or fraction.

    :raises InvalidSessionError: otherwise.
    """
    cleaned = str(text).strip()
    if not _SPEED_RE.fullmatch(cleaned) or cleaned.endswith("/0"):
        raise InvalidSessionError(
            f"The speed is a number of cards per second, like 2 or 1.5, not {cleaned[:20]!r}.",
            "speed",
        )
    speed = Fraction(cleaned.replace(",", "."))
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise InvalidSessionError(
            f"The speed is {float(MIN_SPEED):g} to {float(MAX_SPEED):g} cards per second, "
            f"not {float(speed):g}.",
            "speed",
        )
    return speed


def deal_rounds(
    rules: Rules, rng: random.Random, seats: int
) -> tuple[tuple[Card, ...], list[Step]]:
    """Rounds at a table of ``seats`` engine players (playing the rules' basic strategy) and
    the engine's dealer, from a fresh shuffle until the shoe is due a shuffle. Returns the
    burned cards the players see (002 shows its burn; a casino burns face down, unseen) and
    one step per round.

    A round that would run the pack out and reshuffle the discards mid-round (a pack dealt to
    its end) is not dealt: the session ends before it.
    """
    if not 1 <= seats <= MAX_SEATS:
        raise InvalidSessionError(f"A table has 1 to {MAX_SEATS} seats, not {seats}.", "seats")
    shoe = Shoe(rules, rng)
    players = seats if rules.table_rotation == "none" else seats + 1
    table = Table(rules, players, rules.min_bet * 10**6, shoe)
    policy = BasicStrategyPolicy(rules)
    burned = shoe.burned_seen
    steps: list[Step] = []
    while len(steps) < MAX_ROUNDS:
        if steps and table.shuffle_if_due():
            break
        before, refills, shuffles = shoe.cards_dealt, shoe.refills, shoe.shuffles
        record = table.play_round([rules.min_bet] * len(table.seat_players), policy)
        if shoe.refills != refills or shoe.shuffles != shuffles:
            break
        cards = shoe.dealt()[before:]
        dealer = "Dealer" if record.dealer is None else f"{table.names[record.dealer]} (dealing)"
        hands: list[tuple[str, tuple[Card, ...]]] = []
        for player, seat in zip(record.seat_players, record.result.seats, strict=True):
            for number, hand in enumerate(seat.hands):
                suffix = f", hand {number + 1}" if len(seat.hands) > 1 else ""
                hands.append((f"{table.names[player]}{suffix}", hand.cards))
        hands.append((dealer, record.result.dealer_cards))
        steps.append(Step(cards=tuple(cards), label=f"Round {record.number}", hands=tuple(hands)))
    return burned, steps


def build_running(
    rules: Rules,
    rng: random.Random,
    prefs: CountPreferences,
    *,
    group: str,
    cards: int,
    speed: Fraction,
    seats: int = 3,
) -> CountingSession:
    """Cards from a shuffled shoe of ``rules``, ``group`` at a time (or whole rounds at a
    table of ``seats``), up to ``cards`` cards (at most the cards before the cut card).

    :raises InvalidSessionError: for a group, card number or table that cannot be dealt.
    """
    if group not in GROUPS:
        raise InvalidSessionError(
            f"Cards come 1, 2 or 3 at a time, or in rounds, not {group[:20]!r}.", "group"
        )
    if not 4 <= cards <= rules.decks * CARDS_PER_DECK:
        raise InvalidSessionError(
            f"Count 4 to {rules.decks * CARDS_PER_DECK} cards with these rules, not {cards}.",
            "cards",
        )
    if group == "rounds":
        burned, rounds = deal_rounds(rules, rng, seats)
        steps: list[Step] = [Step(burned, "Burned")] if burned else []
        for step in rounds:
            steps.append(step)
            if sum(len(s.cards) for s in steps) >= cards:
                break
    else:
        shoe = Shoe(rules, rng)
        size = int(group)
        available = min(cards, shoe.cut_position)
        drawn = shoe.draw_many(available)
        steps = [Step(tuple(drawn[at : at + size])) for at in range(0, len(drawn), size)]
    last = len(steps) - 1
    inner = list(range(1, last))
    wanted = min(len(inner), max(1, len(steps) // 6), 3)
    afters = sorted(rng.sample(inner, wanted)) if wanted else []
    specs = [CheckpointSpec(after, ("rc",)) for after in afters]
    specs.append(CheckpointSpec(last, ("rc",)))
    table_seats = seats if group == "rounds" else 0
    return _at_table(
        "running", rules, prefs, speed=speed, seats=table_seats, steps=steps, specs=specs
    )


def build_countdown(
    rng: random.Random, prefs: CountPreferences, *, removed: int, speed: Fraction
) -> CountingSession:
    """One shuffled deck, ``removed`` cards (1 to 10) taken out unseen, the rest one at a time.

    :raises InvalidSessionError: for another number of removed cards.
    """
    if not 1 <= removed <= 10:
        raise InvalidSessionError(f"Take 1 to 10 cards out of the deck, not {removed}.")
    deck = pack(1)
    rng.shuffle(deck)
    hidden, shown = deck[:removed], deck[removed:]
    return CountingSession(
        kind="countdown",
        system=prefs.system,
        convention=prefs.convention,
        resolution=prefs.resolution,
        decks=1,
        rules=COUNTDOWN_RULES.notation(),
        speed=speed,
        steps=tuple(Step((card,)) for card in shown),
        checkpoints=(CheckpointSpec(len(shown) - 1, ("rc", "missing")),),
        removed=tuple(hidden),
    )


def build_shoe(
    rules: Rules, rng: random.Random, prefs: CountPreferences, *, seats: int, speed: Fraction
) -> CountingSession:
    """Rounds at a table of ``rules`` from the shuffle to the cut card, with the running (and,
    for a balanced system, the true) count asked at random round starts and at the end.

    :raises InvalidSessionError: for a table that cannot be dealt.
    """
    burned, rounds = deal_rounds(rules, rng, seats)
    steps = ([Step(burned, "Burned")] if burned else []) + rounds
    first_round = 1 if burned else 0
    last = len(steps) - 1
    # A round start every four rounds or so: after a random round, never the last.
    inner = list(range(first_round, last))
    wanted = min(len(inner), max(1, len(rounds) // 4))
    afters = sorted(rng.sample(inner, wanted)) if wanted else []
    system = SYSTEMS[prefs.system]
    asks = ("rc", "tc") if system.balanced else ("rc",)
    specs = [CheckpointSpec(after, asks) for after in afters]
    specs.append(CheckpointSpec(last, ("rc",)))
    return _at_table("shoe", rules, prefs, speed=speed, seats=seats, steps=steps, specs=specs)


def _at_table(
    kind: str,
    rules: Rules,
    prefs: CountPreferences,
    *,
    speed: Fraction,
    seats: int,
    steps: Sequence[Step],
    specs: Sequence[CheckpointSpec],
) -> CountingSession:
    """A session of ``kind`` dealt from a shoe of ``rules``, counted the learner's way."""
    return CountingSession(
        kind=kind,
        system=prefs.system,
        convention=prefs.convention,
        resolution=prefs.resolution,
        decks=rules.decks,
        rules=rules.notation(),
        speed=speed,
        seats=seats,
        steps=tuple(steps),
        checkpoints=tuple(specs),
    )
