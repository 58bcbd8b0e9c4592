"""The cards, the hands made of them, and the shoe they are dealt from.

- :mod:`.cards`: ranks, suits and a card's text notation (``Card.parse("TH")``);
- :mod:`.hand`: hands and situations, totals and softness (``Hand.parse("A7")``, ``"A7v6"``);
- :mod:`.shoe`: shuffle, cut card, burn, deal, discards, and card conservation.

The modules are imported from themselves (``from trainer.engine.deck.cards import Card``).
"""
