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
from trainer.engine.counting import SYSTEMS
from trainer.engine.deck.cards import Card, pack
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Round
from trainer.engine.play.table import BasicStrategyPolicy, Table, TableRound
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Chart
from trainer.words import quoted, said_numbers, say

_SPEED_RE = re.compile(r"[0-9]{1,2}(?:[.,][0-9]{1,2})?|[.,][0-9]{1,2}|[0-9]{1,2}/[0-9]{1,2}")


def read_speed(text: str) -> Fraction:
    """Cards per second, from 0.25 to 20: a short decimal (``2``, ``1.5``, ``0,5``) or fraction.

    :raises InvalidSessionError: otherwise.
    """
    cleaned = str(text).strip()
    if not _SPEED_RE.fullmatch(cleaned) or cleaned.endswith("/0"):
        raise InvalidSessionError(
            say(
                "The speed is a number of cards per second, like 2 or 1.5, not %(typed)s.",
                typed=quoted(cleaned[:20]),
            ),
            "speed",
        )
    speed = Fraction(cleaned.replace(",", "."))
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise InvalidSessionError(
            say(
                "The speed is %(low)s to %(high)s cards per second, not %(speed)s.",
                low=said_numbers(f"{float(MIN_SPEED):g}"),
                high=said_numbers(f"{float(MAX_SPEED):g}"),
                speed=said_numbers(f"{float(speed):g}"),
            ),  # fmt: skip
            "speed",
        )
    return speed


def deal_rounds(
    rules: Rules, rng: random.Random, seats: int, chart: Chart | None = None
) -> tuple[tuple[Card, ...], list[tuple[Step, ...]]]:
    """Rounds at a table of ``seats`` engine players (playing the rules' basic strategy) and
    the engine's dealer, from a fresh shuffle until the shoe is due a shuffle. Returns the
    burned cards the players see (002 shows its burn; a casino burns face down, unseen) and
    each round's steps: one, or where its deal leaves players' cards face down through the
    play (002, ``deal_faces``), two (:func:`round_steps`).

    A round that would run the pack out and reshuffle the discards mid-round (a pack dealt to
    its end) is not dealt: the session ends before it. ``chart``: the rules' basic-strategy
    chart where the caller holds it (from a cache), else worked out here (seconds).
    """
    if not 1 <= seats <= MAX_SEATS:
        raise InvalidSessionError(
            say("A table has 1 to %(most)s seats, not %(seats)s.", most=MAX_SEATS, seats=seats),
            "seats",
        )
    shoe = Shoe(rules, rng)
    players = seats if rules.table_rotation == "none" else seats + 1
    table = Table(rules, players, rules.min_bet * 10**6, shoe)
    policy = BasicStrategyPolicy(rules, chart)
    burned = shoe.burned_seen
    rounds: list[tuple[Step, ...]] = []
    while len(rounds) < MAX_ROUNDS:
        if rounds and table.shuffle_if_due():
            break
        before, refills, shuffles = shoe.cards_dealt, shoe.refills, shoe.shuffles
        record = table.play_round([rules.min_bet] * len(table.seat_players), policy)
        played = table.last_round
        if played is None or shoe.refills != refills or shoe.shuffles != shuffles:
            break
        rounds.append(round_steps(table, record, played, tuple(shoe.dealt()[before:])))
    return burned, rounds


def round_steps(
    table: Table, record: TableRound, round_: Round, cards: tuple[Card, ...]
) -> tuple[Step, ...]:
    """The steps a round just played at ``table`` is shown in: the round whole; or, where
    players' cards stayed face down through the play, the round as played (those cards and
    the dealer's face-down one drawn as backs, not counted), then turned over at its end."""
    dealer = "Dealer" if record.dealer is None else f"{table.names[record.dealer]} (dealing)"
    hands: list[tuple[str, tuple[Card, ...]]] = []
    faces: list[tuple[bool, ...]] = []
    for index, (player, seat) in enumerate(
        zip(record.seat_players, record.result.seats, strict=True)
    ):
        for number, (hand, up) in enumerate(
            zip(seat.hands, round_.shown_in_play(index), strict=True)
        ):
            suffix = f", hand {number + 1}" if len(seat.hands) > 1 else ""
            hands.append((f"{table.names[player]}{suffix}", hand.cards))
            faces.append(up)
    hands.append((dealer, record.result.dealer_cards))
    label = f"Round {record.number}"
    if all(all(up) for up in faces):  # the players' cards all face up: seen as they come
        return (Step(cards=cards, label=label, hands=tuple(hands)),)
    faces.append(round_.dealer_shown_in_play)
    held = [
        (card, up) for (_, in_hand), ups in zip(hands, faces, strict=True)
        for card, up in zip(in_hand, ups, strict=True)
    ]  # fmt: skip
    return (
        Step(
            cards=tuple(card for card, up in held if up),
            label=label,
            hands=tuple(hands),
            phase="play",
            faces=tuple(faces),
        ),
        Step(
            cards=tuple(card for card, up in held if not up),
            label=label,
            hands=tuple(hands),
            phase="turned",
        ),
    )


def build_running(
    rules: Rules,
    rng: random.Random,
    prefs: CountPreferences,
    *,
    group: str,
    cards: int,
    speed: Fraction,
    seats: int = 3,
    chart: Chart | None = None,
) -> CountingSession:
    """Cards from a shuffled shoe of ``rules``, ``group`` at a time (or whole rounds at a
    table of ``seats``), up to ``cards`` cards (at most the cards before the cut card).

    :raises InvalidSessionError: for a group, card number or table that cannot be dealt.
    """
    if group not in GROUPS:
        raise InvalidSessionError(
            say("Cards come 1, 2 or 3 at a time, or in rounds, not %(typed)s.",
                typed=quoted(group[:20])),
            "group",
        )  # fmt: skip
    if not 4 <= cards <= rules.decks * CARDS_PER_DECK:
        raise InvalidSessionError(
            say("Count 4 to %(most)s cards with these rules, not %(cards)s.",
                most=rules.decks * CARDS_PER_DECK, cards=cards),
            "cards",
        )  # fmt: skip
    if group == "rounds":
        burned, rounds = deal_rounds(rules, rng, seats, chart)
        steps: list[Step] = [Step(burned, "Burned")] if burned else []
        for round_steps_ in rounds:
            steps.extend(round_steps_)
            if sum(len(s.cards) for s in steps) >= cards:
                break
    else:
        shoe = Shoe(rules, rng)
        size = int(group)
        available = min(cards, shoe.cut_position)
        drawn = shoe.draw_many(available)
        steps = [Step(tuple(drawn[at : at + size])) for at in range(0, len(drawn), size)]
    last = len(steps) - 1
    inner = [at for at in range(1, last) if steps[at].phase != "play"]  # never mid-round
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
        raise InvalidSessionError(say("Take 1 to 10 cards out of the deck, not %(removed)s.",
                                      removed=removed))  # fmt: skip
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
    rules: Rules,
    rng: random.Random,
    prefs: CountPreferences,
    *,
    seats: int,
    speed: Fraction,
    chart: Chart | None = None,
) -> CountingSession:
    """Rounds at a table of ``rules`` from the shuffle to the cut card, with the running (and,
    for a balanced system, the true) count asked at random round starts and at the end.

    :raises InvalidSessionError: for a table that cannot be dealt.
    """
    burned, rounds = deal_rounds(rules, rng, seats, chart)
    steps = ([Step(burned, "Burned")] if burned else []) + [s for r in rounds for s in r]
    first_round = 1 if burned else 0
    last = len(steps) - 1
    # A round start every four rounds or so: after a random round, never the last.
    inner = [at for at in range(first_round, last) if steps[at].phase != "play"]
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
