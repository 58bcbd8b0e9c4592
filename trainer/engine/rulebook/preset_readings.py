"""The presets' own readings of their texts, one sentence each, as the rules page lists them
under the preset (:attr:`trainer.engine.rulebook.rules.Rules.interpretation`): marked for the
catalogue, and said in the learner's language where they are read
(:func:`trainer.engine.rulebook.rule_words.summary_lines`)."""

from __future__ import annotations

from trainer.engine.words import N_

BONUS_ON_21 = N_(
    "Interpretation: a bonus is paid when the hand makes 21 and wins: a dealer natural beats "
    "it, and a tie with the dealer's 21 pays nothing, premium hand or not."
)
JOKER_AND_RESERVE = N_(
    "Interpretation: the joker is the cut card at the bottom, so the whole pack is dealt; the"
    " dealer reshuffles before a round when fewer than 15 cards are left."
)
HOME_DEALER_DRAWS = N_(
    "Interpretation: the home dealer 'draws as he likes'; we let him draw to 16 and stand on 17."
)
HOME_NATURALS_TIE = N_(
    "Interpretation: a natural against the dealer's natural is a tie, and ties go to the "
    "dealer: the player loses the stake (once, not double)."
)
NO_PEEK = N_(
    "Interpretation: the text never mentions a peek, so the dealer's second card comes after "
    "every box has played and a dealer natural takes doubled and split bets too."
)
BUSTED_BANKER = N_(
    "Interpretation: “Закупившийся банкомет выплачивает все ставки понтеров вдвое” (a busted "
    "banker pays every stake double): the stakes of the punters still standing; a punter past"
    " 21 lost at once (“Понтер или банкомет, прикупивший и составивший более 21 очка, "
    "проигрывает”)."
)
TALIA = N_("Interpretation: the pack is played to its end (a talia), then the bank passes left.")
THREE_DRAWS = N_("Interpretation: 'at most three cards drawn' holds for the banker too.")
