"""The shoe: shuffle, cut card, burn, deal, discards, reshuffle, and card conservation.

A :class:`Shoe` holds ``rules.decks`` packs. After each shuffle the cut card goes in at
``rules.penetration`` of the stack (``1`` means the pack is dealt to its end: 000's joker under
the pack, 004's "talia"), ``rules.burn_cards`` are burned: face down and unseen in a casino,
shown to the table and put face up under the pack where ``rules.burn_shown`` (002: "предъявить
её и положить крапом вниз под колоду"; :attr:`Shoe.burned_seen`), and 002's rule applies when
``rules.burn_ace_reshuffles``: an ace may not be burned, so the pack is shuffled and cut again.

Randomness is passed in: ``Shoe(rules, rng=random.Random(seed))`` replays exactly, and
``random.SystemRandom()`` gives a secure shuffle. ``Shoe.stacked(rules, cards)`` deals a fixed
order with no shuffle and no burn (replays and tests). :class:`ArrangedCards` is lighter still:
the cards of one round dealt to a plan (a drill's situation), a wanted value brought to the top
before a draw, what was dealt recorded.

Every card of the pack is always in exactly one place: the undealt stack, a hand (the caller's
cards "in play"), the discards, or the burned cards. :meth:`Shoe.check_conservation` proves it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from trainer.engine.deck.cards import Card, composition_of, pack
from trainer.engine.rulebook.procedure import may_burn
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "ArrangedCards",
    "CardConservationError",
    "InvalidDiscardError",
    "Shoe",
    "ShoeExhaustedError",
    "StackedShoeError",
]

CARDS_PER_DECK = 52


class ShoeExhaustedError(ValueError):
    """The shoe has no card left to deal and nothing to reshuffle."""


class InvalidDiscardError(ValueError):
    """More cards were discarded than are in play, or a card that is not of this pack."""


class CardConservationError(ValueError):
    """The cards in the shoe, in play, discarded and burned are not exactly the pack."""


class StackedShoeError(ValueError):
    """A stacked shoe deals its fixed order only: it cannot shuffle."""


class Shoe:
    """A shoe of ``rules.decks`` packs, shuffled by the ``rng`` passed in.

    :param rules: the table's rules (decks, penetration, burn_cards, burn_ace_reshuffles,
        reshuffle_reserve).
    :param rng: a ``random.Random`` (seeded for replays) or ``random.SystemRandom``; the
        module-level ``random`` is never used. ``None`` means a secure ``SystemRandom``.
    :param shuffle: shuffle, cut and burn at once (the default).
    """

    def __init__(
        self,
        rules: Rules,
        rng: random.Random | None = None,
        *,
        shuffle: bool = True,
    ) -> None:
        self.rules = rules
        self._rng: random.Random | None = rng if rng is not None else random.SystemRandom()
        self._pack: tuple[Card, ...] = tuple(pack(rules.decks))
        self._kinds: frozenset[Card] = frozenset(self._pack)
        self._stack: list[Card] = list(self._pack)
        self._next = 0  # index of the next card to deal in _stack
        self._end = len(self._stack)
        self._cut = self._end
        self._discards: list[Card] = []
        self._pickups: list[int] = []  # how many cards each discard put in the tray, in order
        self._burned: list[Card] = []
        self._carried: list[Card] = []  # in play when the stack was last refilled mid-round
        self._dealt_since_shuffle = 0
        self.shuffles = 0  # how many times the shoe has been shuffled
        self.ace_burn_reshuffles = 0  # 002: reshuffles because an ace came up to be burned
        self.refills = 0  # reshuffles of the discards when the stack ran out mid-round
        if shuffle:
            self.shuffle()

    @classmethod
    def stacked(cls, rules: Rules, cards: Iterable[Card | str]) -> Shoe:
        """A shoe that deals exactly ``cards`` in order: no shuffle, no burn, no cut card.

        Cards may be given as text (``"TH"``, ``"10"``). It raises
        :class:`ShoeExhaustedError` when they run out.

        :raises InvalidCardError: for text that is not a card.
        """
        order = [card if isinstance(card, Card) else Card.parse(card) for card in cards]
        shoe = cls(rules, random.Random(0), shuffle=False)
        shoe._rng = None
        shoe._pack = tuple(order)
        shoe._kinds = frozenset(order)
        shoe._stack = order
        shoe._next = 0
        shoe._end = shoe._cut = len(order)
        return shoe

    # -- shuffling ----------------------------------------------------------------------------

    @property
    def is_stacked(self) -> bool:
        return self._rng is None

    def shuffle(self) -> None:
        """Gather the undealt cards, the discards and the burned cards; shuffle, cut, burn.

        Cards still in play (in hands) stay out; they come back through :meth:`discard`.

        :raises StackedShoeError: on a stacked shoe.
        """
        rng = self._rng
        if rng is None:
            raise StackedShoeError("a stacked shoe deals its given order and cannot shuffle")
        stack = self._stack[self._next : self._end]
        stack.extend(self._discards)
        stack.extend(self._burned)
        self._discards = []
        self._pickups = []
        self._burned = []
        self._carried = []
        self._deal_from(stack, rng)

    def _deal_from(self, stack: list[Card], rng: random.Random) -> None:
        rng.shuffle(stack)
        burn = self.rules.burn_cards
        # Burn only when there is something left to deal after the burn.
        if burn and len(stack) > burn:
            if self.rules.burn_ace_reshuffles and any(card.value != 1 for card in stack):
                # 002: an ace may not be burned; shuffle and cut again until none comes up.
                while not all(may_burn(self.rules, card) for card in stack[:burn]):
                    self.ace_burn_reshuffles += 1
                    rng.shuffle(stack)
            self._burned = stack[:burn]
            del stack[:burn]
        self._stack = stack
        self._next = 0
        self._end = len(stack)
        self._cut = self._cut_position(len(stack) + len(self._burned)) - len(self._burned)
        self._dealt_since_shuffle = 0
        self.shuffles += 1

    def _cut_position(self, size: int) -> int:
        """Cards from the top of the shuffled stack (burn included) before the cut card."""
        penetration = self.rules.penetration
        if penetration >= 1:
            return size
        return max(1, min(size, round(penetration * size)))

    def _refill(self) -> None:
        """The stack is empty mid-round: shuffle the discards and deal on (000, 002 home)."""
        rng = self._rng
        if rng is None or not (self._discards or self._burned):
            raise ShoeExhaustedError(
                f"the shoe is empty: all {len(self._pack)} cards are dealt or in play"
            )
        stack = self._discards + self._burned
        # The cards on the table stay out of the new pile: those dealt (or carried from an
        # earlier refill) and not yet discarded.
        away = Counter(self._discards)
        carried = []
        for card in (*self._carried, *self._stack[: self._next]):
            if away[card]:
                away[card] -= 1
            else:
                carried.append(card)
        self._carried = carried
        self._discards = []
        self._pickups = []
        self._burned = []
        self.refills += 1
        self._deal_from(stack, rng)

    # -- dealing ------------------------------------------------------------------------------

    def draw(self) -> Card:
        """Deal the next card. An empty stack mid-round is refilled by shuffling the discards.

        :raises ShoeExhaustedError: when no card is left to deal or reshuffle (a stacked shoe
            that has run out).
        """
        index = self._next
        if index >= self._end:
            self._refill()
            index = self._next
        self._next = index + 1
        return self._stack[index]

    def draw_many(self, count: int) -> list[Card]:
        """Deal ``count`` cards in order."""
        return [self.draw() for _ in range(count)]

    def discard(self, cards: Iterable[Card]) -> None:
        """Put played cards in the discard tray.

        :raises InvalidDiscardError: when that is more cards than are in play, or a card that
            is not of this pack; nothing is discarded then.
        """
        cards = list(cards)
        if len(cards) > self.in_play_count:
            raise InvalidDiscardError(
                f"cannot discard {len(cards)} cards: only {self.in_play_count} are in play"
            )
        kinds = self._kinds
        if not kinds.issuperset(cards):
            for card in cards:
                if card not in kinds:
                    raise InvalidDiscardError(f"{card!r} is not a card of this shoe's pack")
        self._discards.extend(cards)
        if cards:
            self._pickups.append(len(cards))

    # -- state --------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Cards in the whole pack (``decks * 52``, or the length of a stacked order)."""
        return len(self._pack)

    @property
    def cards_remaining(self) -> int:
        """Cards not yet dealt (the stack, burned cards not counted)."""
        return self._end - self._next

    @property
    def cards_dealt(self) -> int:
        """Cards dealt since the last shuffle (burned cards not counted)."""
        return self._next

    @property
    def decks_remaining(self) -> Fraction:
        """Undealt cards in decks, exactly (``Fraction(78, 52)`` is a deck and a half)."""
        return Fraction(self.cards_remaining, CARDS_PER_DECK)

    @property
    def decks_dealt(self) -> Fraction:
        return Fraction(self.cards_dealt, CARDS_PER_DECK)

    @property
    def penetration_reached(self) -> Fraction:
        """The share of the shuffled stack already burned or dealt."""
        total = self._end + len(self._burned)
        if total == 0:
            return Fraction(0)
        return Fraction(self._next + len(self._burned), total)

    @property
    def cut_position(self) -> int:
        """How many cards are dealt (after the burn) before the cut card comes out."""
        return self._cut

    @property
    def cut_card_out(self) -> bool:
        """The cut card has come out: finish the round, then shuffle."""
        return self._next >= self._cut

    def reserve_ok(self) -> bool:
        """000: at least ``rules.reshuffle_reserve`` cards are left for the next round."""
        return self.cards_remaining >= self.rules.reshuffle_reserve

    @property
    def needs_shuffle(self) -> bool:
        """Shuffle before the next round: the cut card is out, or too few cards are left."""
        return self._next >= self._cut or self._end - self._next < self.rules.reshuffle_reserve

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard tray, oldest first."""
        return tuple(self._discards)

    @property
    def tray_layers(self) -> tuple[tuple[Card, ...], ...]:
        """The discard tray as it was filled: the burned cards (where any were), then each
        discard's cards (a round's, as the dealer picks them up), oldest first."""
        layers = [tuple(self._burned)] if self._burned else []
        at = 0
        for size in self._pickups:
            layers.append(tuple(self._discards[at : at + size]))
            at += size
        return tuple(layers)

    @property
    def burned(self) -> tuple[Card, ...]:
        """The cards burned since the last shuffle (seen by the table or not)."""
        return tuple(self._burned)

    @property
    def burned_seen(self) -> tuple[Card, ...]:
        """The burned cards the players have seen: all of them where ``burn_shown`` (002),
        none where the burn goes face down unseen (the casino presets)."""
        return tuple(self._burned) if self.rules.burn_shown else ()

    @property
    def in_play_count(self) -> int:
        """Cards dealt and not yet discarded (they are in the caller's hands)."""
        return len(self._pack) - self.cards_remaining - len(self._discards) - len(self._burned)

    def dealt(self) -> tuple[Card, ...]:
        """The cards dealt since the last shuffle (or refill), in the order they left the shoe.

        :meth:`out_of_pile` is what a counter counts.
        """
        return tuple(self._stack[: self._next])

    @property
    def carried(self) -> tuple[Card, ...]:
        """The cards on the table when the stack ran out mid-round and the discards were
        shuffled to finish the round (000, 002), in the order they were dealt: out of the new
        pile, so counted with it. Empty after a shuffle."""
        return tuple(self._carried)

    def seen_in_round(
        self, before: tuple[Card, ...], refills: int, seen: Iterable[Card]
    ) -> tuple[Card, ...]:
        """Inside a round: what a player has seen leave the pile, ``before`` the round (what
        the table had seen at its start, with :attr:`refills` then) and ``seen`` of its cards.
        Where the stack ran out in the round, the new pile's alone: the burned cards shown and
        those of ``seen`` out of it (:attr:`carried` or dealt since; a card put to the
        discards before the refill is back in the pile)."""
        if self.refills == refills:
            return (*before, *seen)
        out = Counter((*self._carried, *self._stack[: self._next]))
        kept = []
        for card in seen:
            if out[card]:
                out[card] -= 1
                kept.append(card)
        return (*self.burned_seen, *kept)

    def out_of_pile(self) -> tuple[Card, ...]:
        """Between rounds, every card a counter has seen leave the pile now being dealt: the
        burned cards shown, the cards :attr:`carried` over a refill, and the cards dealt since
        (all are shown by the end of their round). The running count is ``running_count(system,
        shoe.out_of_pile(), decks)``."""
        return (*self.burned_seen, *self._carried, *self._stack[: self._next])

    def undealt(self) -> tuple[Card, ...]:
        """The undealt cards in dealing order (for tests and analysis, never for a learner)."""
        return tuple(self._stack[self._next : self._end])

    def composition(self) -> tuple[int, ...]:
        """Ten counts by value (ace first, ten-value last) of the undealt cards."""
        return composition_of(self._stack[self._next : self._end])

    def check_conservation(self, in_play: Iterable[Card]) -> None:
        """Check every card of the pack is undealt, in play, discarded or burned, exactly once.

        :raises CardConservationError: naming the cards missing or extra.
        """
        have = Counter(self._stack[self._next : self._end])
        have.update(self._discards)
        have.update(self._burned)
        have.update(in_play)
        want = Counter(self._pack)
        if have != want:
            missing = want - have
            extra = have - want
            raise CardConservationError(
                "cards do not add up to the pack: "
                f"missing {_cards_text(missing)}, extra {_cards_text(extra)}"
            )

    def __repr__(self) -> str:
        kind = "stacked " if self.is_stacked else ""
        return (
            f"<{kind}Shoe {self.rules.decks} decks: {self.cards_remaining} left, "
            f"cut at {self._cut}, {len(self._discards)} discarded>"
        )


class ArrangedCards:
    """The cards of one round in an arranged order, the top card first: what a drill deals a
    planned situation from (a round's card source, as a shoe is).

    Before a draw, the card of a wanted value nearest the top may be brought to the top
    (:meth:`put_on_top`, or :meth:`arrange` for the draws to come). The cards dealt are
    recorded (:attr:`dealt`); discards are let go (a round is the whole of its use). When the
    cards run out it deals ``filler`` on (not recorded), else it raises
    :class:`ShoeExhaustedError`.
    """

    def __init__(self, cards: Iterable[Card], *, filler: Card | None = None) -> None:
        self._cards = list(cards)
        self._filler = filler
        self._wanted: list[int | None] = []
        self._dealt: list[Card] = []

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The cards dealt so far, in order (the filler's not among them)."""
        return tuple(self._dealt)

    def arrange(self, values: Iterable[int | None]) -> None:
        """The next draws deal these values first, one a draw, in order (None: the top card)."""
        self._wanted.extend(values)

    def put_on_top(self, value: int) -> None:
        """Bring the card of ``value`` (1 the ace to 10 the tens) nearest the top to the top.

        :raises LookupError: when no card of that value is left.
        """
        top = len(self._dealt)
        for index in range(top, len(self._cards)):
            if self._cards[index].value == value:
                self._cards.insert(top, self._cards.pop(index))
                return
        raise LookupError(value)

    def draw(self) -> Card:
        """Deal the top card (a value arranged for this draw brought to the top first).

        :raises LookupError: when no card is left of the value arranged for this draw.
        :raises ShoeExhaustedError: when every card is dealt and there is no filler.
        """
        if self._wanted:
            value = self._wanted.pop(0)
            if value is not None:
                self.put_on_top(value)
        top = len(self._dealt)
        if top >= len(self._cards):
            if self._filler is None:
                raise ShoeExhaustedError("the arranged cards have all been dealt")
            return self._filler
        card = self._cards[top]
        self._dealt.append(card)
        return card

    def discard(self, cards: Sequence[Card]) -> None:
        """Let played cards go: nothing deals from them again."""


def _cards_text(counts: Counter[Card]) -> str:
    if not counts:
        return "none"
    return " ".join(
        f"{card}x{n}" if n > 1 else str(card)
        for card, n in sorted(counts.items(), key=lambda item: str(item[0]))
    )
