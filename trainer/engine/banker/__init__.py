"""A player who deals and banks (002 home's dealer, 004's banker), and the punters against him.

Where a player deals and banks, the game has choices a casino's does not:

- :mod:`.dealer_choice`: the dealing player's draws "as he likes" (004's banker, 002 home's
  dealer): what drawing and standing are worth to the bank;
- :mod:`.doubling`: 002's deal method 3: the dealer doubling every bet on his first card, the
  punters redoubling on theirs, and the engine's own doubling and redoubling, from the game at
  its mixed equilibrium (:mod:`.method3`, :mod:`.method3_mixed`, :mod:`.method3_tree`);
- :mod:`.punter_stake`: a punter's stake on the cards he has seen (002 home, 004).

The modules are imported from themselves (``from trainer.engine.banker.doubling import
double_evs``).
"""
