"""A dealing player's doubling (002 home, deal method 3): what doubling every bet is worth to
the bank, from the dealer's first card alone.

002: "Каждый игрок, включая сдатчика, получает карту крапом вверх. Просмотрев её, каждый игрок
делает ставку. Сдатчик, просмотрев свою карту, может удвоить все ставки. Если сдатчик
удваивает, любой игрок может их ещё раз удвоить." (RULES.md, 002, deal methods: method 3.)

The dealer has seen his first card and nothing else: the punters' cards are unknown to him.
Doubling multiplies every stake, and so the round's expected result for the bank, by 2; then
the engine's punters redouble where their own first card makes it worth it
(:mod:`trainer.engine.redouble`: at ``twenty-one-home`` an ace), and each of them doubles his
stake again. So doubling is worth the bank's expected result once more, less twice what the
redoubling punters expect of their stakes (:func:`~trainer.engine.redouble.redoublers_take`:
each punter's first card any the pack less the dealer's holds), and is right where that is
positive.

The figure used is the strategy engine's: the punters' expected value per unit bet against an
up card ``c`` (:func:`trainer.engine.strategy.chart.up_card_ev`: the chart played on a full
pack, the dealer's naturals included), with the dealer's first card in the up card's place. It is an
approximation of the bank's expectation given that first card, in two ways named here:

- under method 3 the punters see the dealer's *second* card, not his first, and play by it;
  the engine's figure has them play knowing ``c`` itself;
- the engine's dealer draws to 16 and stands on 17 (the preset's reading of "as he likes"),
  where the learner dealing draws as he chooses (which can only be worth more to the bank).

Averaged over the first card, the figure is the game's whole expectation exactly. The
redoublers' share is the card-by-card figure of :mod:`trainer.engine.redouble`, with its own
approximations named there.
"""

from __future__ import annotations

from functools import lru_cache

from trainer.engine.redouble import redoublers_take
from trainer.engine.rules import Rules
from trainer.engine.strategy.chart import up_card_ev

__all__ = ["double_evs", "players_ev_against"]


@lru_cache(maxsize=64)
def players_ev_against(rules: Rules, first: int) -> float:
    """The punters' expected value per unit bet against the dealer's card ``first`` (1 the
    ace to 10 the tens), by the strategy engine (the chart played, naturals included).

    :raises ValueError: for a card value outside 1 to 10.
    """
    if not 1 <= first <= 10:
        raise ValueError(f"dealer: a card's value is 1 (ace) to 10, not {first}")
    return up_card_ev(rules, first)


def double_evs(rules: Rules, first: int, stakes: float) -> dict[str, float]:
    """The bank's expected net, in money, of doubling every bet (``"D"``) and of not (``"N"``),
    ``stakes`` being the punters' stakes before the double (the engine's punters then
    redoubling as they do)."""
    bank = -players_ev_against(rules, first) * stakes
    return {"D": 2 * bank - 2 * redoublers_take(rules, first) * stakes, "N": bank}
