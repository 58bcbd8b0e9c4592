"""The rules' summary lines of how a game is dealt (:func:`trainer.engine.rulebook.rule_words.
summary_lines`): the cards' faces or the deal method, 002's home game's doubling and its deal
passing to a natural, the auction, the burned card shown."""

from __future__ import annotations

from collections.abc import Mapping

from trainer.engine.rulebook.rule_options import DEAL_FACES
from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import say


def deal_lines(rules: Rules, methods: Mapping[str, str]) -> list[str]:
    """How ``rules`` deal, in sentences (``methods``: each deal method's label, by number)."""
    lines: list[str] = []
    if rules.deal_faces != "casino":  # the faces a deal method deals, said once (a walk)
        lines.append(say("Dealt with %(faces)s", faces=say(DEAL_FACES[rules.deal_faces])))
    elif rules.deal_method != 1:
        method = say(methods[str(rules.deal_method)])
        lines.append(say("Deal method: %(method)s", method=method))
    if rules.deal_method == 3:  # what makes 002's home game (a walk found it unsaid)
        lines.append(
            say(
                "Stakes are made on the first card; the dealer, having looked at his, may "
                "double every stake, and each player may then double his own again"
            )
        )
    if rules.table_rotation == "natural-takes-deal":
        lines.append(
            say(
                "A player's natural takes the deal after the round (several: the one nearest "
                "the dealer's left); the dealer's own natural keeps it"
            )
        )
    if rules.deal_auction:
        lines.append(say("When the deal would pass, it is sold to the highest bidder"))
    if rules.burn_cards and rules.burn_shown:
        lines.append(say("The burned card is shown to the table"))
    return lines
