"""Payout math: a settled situation is shown; the learner types one amount, exact to the cent.

Every question is a round the engine plays and settles (:class:`trainer.engine.play.round.Round` on
the question's own cards), so the drill and the engine never disagree. The notation holds the
whole situation, six fields separated by ``|``::

    natural-6-5|vegas-6d-s17 blackjack_pays=6:5|15|AS 9H KD 7C|-|pay

- the kind of question (:data:`KINDS`), which fixes the rules it may be played under;
- the rules in their notation (:meth:`trainer.engine.rulebook.rules.Rules.parse`), one of those the
  kind is played under; questions stored before the notation wrote
  ``vegas-6d-s17,blackjack_pays=6:5`` and still read;
- the box's stakes, owner first (``20+10+10``: 003's co-bettors);
- the cards in the order they were dealt (the deal, the player's cards, the dealer's draws);
- the moves in order (``ins=7.50`` an insurance stake, ``h s d p r`` hit, stand, double, split,
  surrender), ``-`` for none;
- what is asked (:class:`Ask`): the net result, what the dealer pays, what comes back, what the
  insurance pays, or a co-bettor's share.

On every submit the server plays the notation again through the engine, checks that it is a
question of its kind, and reads the right amount off the settled round.
"""
