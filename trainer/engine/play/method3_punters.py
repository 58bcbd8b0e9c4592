"""The engine's punters at 002's deal method 3: their best answer to the dealer's doubling
chances, reading whether he doubled and every card the table has shown them this round
(:func:`trainer.engine.banker.method3_reading.reading_play`), as the table asks a seat's
play. They read his double by the chances he doubles with at a table of as many punters
(:func:`.method3_table.table_chances`, the game's ``p*`` where the bench keeps them), so that
what they read is what he does."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from trainer.engine.banker.method3 import method3_game
from trainer.engine.banker.method3_reading import reading_play
from trainer.engine.banker.method3_table import table_chances
from trainer.engine.deck.cards import Card
from trainer.engine.play.round import Action, Round
from trainer.engine.rulebook.rules import Rules

__all__ = ["method3_action", "reading_of", "ready", "staking"]

_ACTIONS = {"H": Action.HIT, "S": Action.STAND, "P": Action.SPLIT}


def staking(round_: Round) -> int:
    """The punters staking this round (the table's size the dealer doubles by)."""
    return sum(1 for seat in range(round_.seat_count) if sum(round_.stakes(seat)))


def reading_of(round_: Round, seat: int, cards: Sequence[Card]) -> tuple[tuple[int, ...], int]:
    """What the punter at ``seat`` playing ``cards`` has seen besides that hand, the up card and
    (split) his pair's other card: the other seats' shown cards and his other hands' (values,
    sorted), and his split pair's value (0 where he has not split)."""
    split = len(round_.hands(seat)) > 1
    pair = cards[0].value if split else 0
    seen = Counter(card.value for card in round_.seen_by(seat))
    seen.subtract(
        [card.value for card in cards] + [round_.up_card.value] + ([pair] if pair else [])
    )
    return tuple(sorted(seen.elements())), pair


def method3_action(round_: Round) -> Action | None:
    """The play of the engine punter to act, or None where the game holds none for his hand
    (or it is not allowed here): his seat then plays the chart."""
    seat, cards = round_.current_seat, round_.current_cards
    if seat is None or not cards:
        return None
    seen, pair = reading_of(round_, seat, cards)
    code = _play(
        round_.rules,
        round_.dealer_doubled,
        round_.up_card.value,
        tuple(card.value for card in cards),
        pair,
        len(cards) == 2 and not pair,
        seen,
        staking(round_),
    )
    action = None if code is None else _ACTIONS[code]
    if action is None or round_.why_illegal(action) is not None:
        return None
    return action


@lru_cache(maxsize=8192)
def _play(
    rules: Rules,
    doubled: bool,
    up: int,
    hand: tuple[int, ...],
    pair: int,
    first: bool,
    seen: tuple[int, ...],
    punters: int,
) -> str | None:
    """:func:`reading_play` under the game of ``rules`` at a table of ``punters``, kept: a table
    is replayed from its first round on every step the learner takes (:class:`~trainer.engine.
    play.table_game.TableGame`), and each replay asks the same decisions again (some
    milliseconds each)."""
    read = table_chances(rules, punters) if punters > 1 else None
    return reading_play(method3_game(rules), doubled, up, hand, pair, first, seen, read)


def ready(rules: Rules) -> None:
    """Load what the first engine punter reading the cards at a table of ``rules`` would wait
    for (some 1.5 s in a fresh process, where a learner dealing had said "no double"): the
    game's node index and the dealer's compiled draws. A production server does it before its
    workers fork (:func:`trainer.web.caches.warm`), so each starts with them."""
    _play(rules, False, 10, (6, 10), 0, True, (2,), 2)  # a hand read with a card seen
