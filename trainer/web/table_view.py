"""What the learner sees of a table: the round as a player at that table would see it (face-down
cards stay backs, the dealer's hole card hidden until he plays), the settlement with every
payout, and the money. Data only: the templates draw it, and never call the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from trainer.engine.deck.cards import Card
from trainer.engine.play.round import HandResult, Phase, Round, RoundResult
from trainer.engine.play.table_game import Ask, PlayedRound, TableGame

__all__ = ["HandView", "SeatView", "burned_shown", "money", "round_view", "settlement_lines"]

_OUTCOMES = {
    "blackjack": "blackjack",
    "win": "wins",
    "push": "pushes",
    "lose": "loses",
    "bust": "busts",
    "surrender": "surrendered",
    "withdrawn": "withdrawn",
}


def money(value: Fraction | int) -> str:
    """An amount as the table shows it: ``25``, ``7.50``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def signed_money(value: Fraction | int) -> str:
    value = Fraction(value)
    return ("+" if value > 0 else "") + money(value) if value >= 0 else "-" + money(-value)


@dataclass(frozen=True)
class HandView:
    held: tuple[tuple[Card, bool], ...]  # each card and whether it is face up to the learner
    stake: str
    total: str  # "" while a card is face down
    acting: bool = False
    outcome: str = ""
    net: str = ""


@dataclass(frozen=True)
class SeatView:
    label: str
    learner: bool
    hands: tuple[HandView, ...]
    insurance: str = ""
    net: str = ""
    box: int = 0  # the learner's box number (1, 2, 3), 0 for another seat


@dataclass(frozen=True)
class RoundView:
    number: int
    seats: tuple[SeatView, ...]
    dealer: tuple[tuple[Card, bool], ...]
    dealer_total: str
    done: bool
    lines: tuple[str, ...] = field(default=())
    dealer_label: str = "Dealer"


def _total(cards: tuple[Card, ...], faces: tuple[bool, ...]) -> str:
    if not all(faces) or not cards:
        return ""
    hard = sum(card.value for card in cards)
    soft = any(card.value == 1 for card in cards) and hard <= 11
    return f"soft {hard + 10}" if soft else str(hard)


def _who(game: TableGame, number: int) -> tuple[int | None, tuple[int, ...]]:
    """Who deals round ``number`` and who sits at each seat (player numbers, 0 the learner)."""
    if number <= len(game.rounds):
        record = game.rounds[number - 1].record
        return record.dealer, record.seat_players
    return game.table.dealer, game.table.seat_players  # the round in play


def round_view(game: TableGame, round_: Round, number: int) -> RoundView:
    """The round as the learner sees it now (in play, or settled)."""
    learner = game.learner_seats_in(number)
    rotating = game.setup.deals  # the players deal: seats by who sits there this round
    dealer_player, players = _who(game, number)
    done = round_.phase is Phase.DONE
    result = round_.result if done else None
    acting_seat, acting_hand = round_.current_seat, round_.current_hand_index
    seats = []
    for seat in range(round_.seat_count):
        mine = seat in learner
        faces = round_.shown(seat) if (done or mine) else round_.shown_in_play(seat)
        if mine and not done:
            faces = tuple((True,) * len(hand) for hand in faces)
        hands = []
        for index, (hand, shown, stake) in enumerate(
            zip(round_.hands(seat), faces, round_.stakes(seat), strict=True)
        ):
            settled = result.seats[seat].hands[index] if result is not None else None
            hands.append(
                HandView(
                    held=tuple(zip(hand.cards, shown, strict=True)),
                    stake=money(stake),
                    total=_total(hand.cards, shown),
                    acting=seat == acting_seat and index == acting_hand,
                    outcome=_OUTCOMES[settled.outcome.value] if settled else "",
                    net=signed_money(settled.net) if settled else "",
                )
            )
        box = seat - learner.start + 1 if mine else 0
        label = f"Your box {box}" if mine else f"Seat {seat + 1}"
        if rotating:
            label = "You" if mine else game.table.names[players[seat]]
        insurance = round_.insurance(seat)
        net = signed_money(result.seats[seat].net) if result is not None else ""
        seats.append(
            SeatView(label, mine, tuple(hands), money(insurance) if insurance else "", net, box)
        )
    dealer_faces = round_.dealer_shown if done else round_.dealer_shown_in_play
    dealer_cards = round_.dealer_cards
    label = "Dealer"
    bank = game.setup.rules.players_bank
    if game.learner_deals(number):  # the learner deals: their own cards, every one seen
        dealer_faces = (True,) * len(dealer_cards)
        label = "You, the banker" if bank else "You, the dealer"
    elif rotating and dealer_player is not None:
        label = f"{game.table.names[dealer_player]}, " + ("the banker" if bank else "dealing")
    lines = settlement_lines(game, round_, number) if done else ()
    return RoundView(
        number,
        tuple(seats),
        tuple(zip(dealer_cards, dealer_faces, strict=True)),
        _total(dealer_cards, dealer_faces),
        done,
        lines,
        label,
    )


def settlement_lines(game: TableGame, round_: Round, number: int) -> tuple[str, ...]:
    """Every payout of the learner's boxes (or, dealing, of the bank), in words."""
    result = round_.result
    if result is None:
        return ()
    learner = game.learner_seats_in(number)
    natural = _natural_word(game)
    dealer = natural if result.dealer_natural else str(result.dealer_total)
    if result.dealer_total > 21:
        dealer = f"{result.dealer_total}, bust"
    banker = "banker" if game.setup.rules.players_bank else "dealer"
    lines = [f"The {banker} has {dealer}."]
    passed = _deal_passed(game, number)
    if game.learner_deals(number):
        return (*lines, *_bank_lines(game, number, result), *passed)
    for seat in learner:
        box = seat - learner.start + 1
        settled = result.seats[seat]
        name = "You" if game.setup.deals else f"Box {box}"
        for index, hand in enumerate(settled.hands, start=1):
            which = name + (f", hand {index}" if len(settled.hands) > 1 else "")
            line = (
                f"{which}: {_hand_outcome(hand, natural)}; stake {money(hand.bet)}, "
                f"{signed_money(hand.net)}"
            )
            if hand.bonus is not None:
                line += f" (bonus: {hand.bonus.value})"
            lines.append(line + ".")
        if len(settled.stakes) > 1:
            theirs = ", ".join(money(stake) for stake in settled.stakes[1:])
            lines.append(
                f"Box {box}: your share {signed_money(settled.shares[0])} on your "
                f"{money(settled.stakes[0])}; the co-bettors' "
                f"{', '.join(signed_money(share) for share in settled.shares[1:])} "
                f"on their {theirs}."
            )
        if settled.insurance:
            lines.append(
                f"Box {box}: insurance {money(settled.insurance)}, "
                f"{signed_money(settled.insurance_net)}."
            )
    return (*lines, *passed)


def _deal_passed(game: TableGame, number: int) -> tuple[str, ...]:
    """Where round ``number`` passed the deal to a natural (002 home): who deals next."""
    rotation = game.setup.rules.table_rotation
    if rotation != "natural-takes-deal" or not 1 <= number <= len(game.rounds):
        return ()
    record = game.rounds[number - 1].record
    after = record.next_dealer
    if after is None or after == record.dealer:
        return ()
    if after == 0:
        return ("Your natural takes the deal: you deal the next round.",)
    return (f"{game.table.names[after]}'s natural takes the deal: they deal the next round.",)


def _natural_word(game: TableGame) -> str:
    """A natural as the game calls it: 004's "dealt 21", everywhere else a blackjack."""
    return "a dealt 21" if game.setup.rules.players_bank else "blackjack"


def _hand_outcome(hand: HandResult, natural: str) -> str:
    """A settled hand in words: ``"18 wins"``, ``"blackjack"`` (paid as one), ``"blackjack
    pushes"`` (``natural``: the game's word for a natural)."""
    outcome = _OUTCOMES[hand.outcome.value]
    if not hand.natural:
        return f"{hand.total} {outcome}"
    return natural if outcome == "blackjack" else f"{natural} {outcome}"


def burned_shown(game: TableGame) -> tuple[Card, ...]:
    """The burned cards the table was shown at the shuffle (002's, face up under the pack): the
    learner counts them, so the page shows them while the shoe is dealt."""
    return game.table.shoe.burned_seen


def _bank_lines(game: TableGame, number: int, result: RoundResult) -> list[str]:
    """Where the learner deals: each punter's hand settled against the bank, and its net."""
    lines = []
    players = _who(game, number)[1]
    for seat, settled in enumerate(result.seats):
        name = game.table.names[players[seat]]
        for index, hand in enumerate(settled.hands, start=1):
            which = name + (f", hand {index}" if len(settled.hands) > 1 else "")
            line = f"{which}: {_hand_outcome(hand, _natural_word(game))}; stake {money(hand.bet)}"
            lines.append(f"{line}, the bank {signed_money(-hand.net)}.")
    lines.append(f"The bank: {signed_money(result.bank_net)}.")
    return lines


def last_round(game: TableGame, ask: Ask) -> PlayedRound | None:
    """The round played just before the one the table waits at (its settlement is shown):
    where no round is on the felt, or where the next round's first card is already dealt and
    the table waits for the bet on it (a punter at twenty-one-home)."""
    if not game.rounds or not (ask.round is None or ask.kind == "bet"):
        return None
    played = game.rounds[-1]
    return played if played.record.number == ask.number - 1 or ask.round is None else None


def money_view(game: TableGame, bankroll: Fraction) -> dict[str, Any]:
    net = game.learner_net
    return {"bankroll": money(bankroll + net), "net": signed_money(net)}
