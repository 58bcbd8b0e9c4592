"""The rules: what a table plays by, what it says in plain words, and what it allows.

- :mod:`.rules`: one frozen :class:`~.rules.Rules` with every option, validated, and the named
  presets (``find_preset("vegas-6d-s17")``), with their text notation;
- :mod:`.rule_options`: one option's value read from text and written back;
- :mod:`.rule_words`: the rules in plain words, as a learner reads them;
- :mod:`.legality`: which decisions the rules allow a hand, written once for the round and the
  strategy engine;
- :mod:`.procedure`: the dealer's procedure where the source texts prescribe it: when he may look
  at his hole card, which card he may burn, what he offers a box;
- :mod:`.readings`: the texts' open readings, each a rule change away;
- :mod:`.interpretations`: every rule a text leaves open, with the sentence it reads.

The modules are imported from themselves (``from trainer.engine.rulebook.rules import Rules``).
"""
