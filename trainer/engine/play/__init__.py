"""A round and a table: the game as it is dealt and played, step by step, and settled.

- :mod:`.round`: one round, from the bets to the settlement (:class:`~.round.Round`);
- :mod:`.phases`: the round's vocabulary: actions, steps, the errors of play;
- :mod:`.boxes`: bets and boxes, the hands in play on a seat, the checks on every amount;
- :mod:`.misdeals`: 000's dealing irregularities, and a card exposed in the pack;
- :mod:`.dealer_play`: the dealer's draws;
- :mod:`.settlement`: every payout, as a pure function of the cards (``settle_hand``);
- :mod:`.table`: the same people playing round after round from one shoe, with bankrolls;
- :mod:`.table_game`: a learner at a table, replayed from a seed and their steps;
- :mod:`.replay`: ``python -m trainer replay``, one round from a stacked shoe (``REPLAY.md``).

The modules are imported from themselves (``from trainer.engine.play.round import Round``).
"""
