"""Who deals the next round at 002's home game, said under the round that settled it: a
natural that takes the deal, or (with the auction on) the deal sold instead, who bought it and
what each other player got."""

from __future__ import annotations

from trainer.engine.banker.auction import natural_taker, price_shares
from trainer.engine.play.table import TableRound
from trainer.engine.play.table_game import TableGame
from trainer.web.table_money import money
from trainer.words import say

__all__ = ["deal_passed"]


def deal_passed(game: TableGame, number: int) -> tuple[str, ...]:
    """Where round ``number`` passed the deal to a natural or sold it (002 home): who deals
    next, and for what."""
    rotation = game.setup.rules.table_rotation
    if rotation != "natural-takes-deal" or not 1 <= number <= len(game.rounds):
        return ()
    record = game.rounds[number - 1].record
    if record.deal_sold_for is not None:
        return _deal_sold(game, record)
    if (after := record.next_dealer) is None or after == record.dealer:
        return ()
    if after == 0:
        return (say("Your natural takes the deal: you deal the next round."),)
    return (
        say(
            "%(name)s's natural takes the deal: they deal the next round.",
            name=game.table.names[after],
        ),
    )


def _deal_sold(game: TableGame, record: TableRound) -> tuple[str, ...]:
    """002's auction after round ``record``: whose natural would have taken the deal, who
    bought it and for how much, and each other player's share of the price (the learner's
    bid made for them at the deal's worth, as the engine's players bid: the table asks for
    no bid; the drill "Bidding for the deal" does)."""
    assert record.dealer is not None and record.deal_sold_for is not None
    names, price = game.table.names, record.deal_sold_for
    taker = natural_taker(record.result, record.seat_players, record.dealer)
    buyer = record.next_dealer or 0
    shares = price_shares(price, len(names), buyer)  # the price shared by the others
    share = shares[1 if buyer == 0 else 0]
    if taker == 0:
        lines = [say("Your natural would take the deal; at this table it is sold instead.")]
    else:
        lines = [
            say(
                "%(name)s's natural would take the deal; at this table it is sold instead.",
                name=names[taker],
            )
        ]
    if buyer == 0:
        lines.append(
            say(
                "Your bid, made for you at the deal's worth, bought it for %(price)s; each "
                "other player gets %(share)s. You deal the next round.",
                price=money(price),
                share=money(share),
            )
        )
    else:
        lines.append(
            say(
                "%(name)s bought it for %(price)s; you and each other player get %(share)s. "
                "They deal the next round.",
                name=names[buyer],
                price=money(price),
                share=money(share),
            )
        )
    return tuple(lines)
