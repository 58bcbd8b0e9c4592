"""The blackjack engine: pure Python, no Flask, no store, no drills.

Its rooms, one concern each:

- :mod:`~trainer.engine.deck`: cards, hands and situations, and the shoe they are dealt from;
- :mod:`~trainer.engine.rulebook`: the rules (one frozen value, its presets), their options as
  text and in plain words, which decisions they allow, the dealer's prescribed procedure (peek,
  burn, offers) and the texts' open readings;
- :mod:`~trainer.engine.play`: a round and a table: bets and boxes, 000's misdeals, the dealer's
  draws, settlement, a learner's table game, and the replay command;
- :mod:`~trainer.engine.banker`: a player who deals and banks (002 home's dealer, 004's
  banker): his draws, the dealer's double and the punters' redouble, a punter's stake;
- :mod:`~trainer.engine.strategy`: the exact EVs, the basic-strategy chart, the house edge;
- :mod:`~trainer.engine.indices`: what the count is worth: indices, edges, bet ramps;
- :mod:`~trainer.engine.counting`: the counting systems, running and true counts;
- :mod:`~trainer.engine.cache`: results worked out once and kept on disk.

The names below are imported from their modules on first use (PEP 562), so that a command
that needs one part of the engine (``python -m trainer strategy``) does not load the rest of
it. Code imports from the modules themselves (``from trainer.engine.deck.cards import Card``),
where the types are.
"""

from __future__ import annotations

import importlib
from typing import Any

# Each exported name by the module it comes from.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "deck.cards": ("RANK_VALUES", "Card", "InvalidCardError", "Rank", "Suit", "pack"),
    "counting": (
        "CountingSystem",
        "CountStudy",
        "DeckResolution",
        "TrueCountConvention",
        "UnknownSystemError",
        "find_system",
        "running_count",
        "study_counts",
        "true_count",
    ),
    "deck.hand": ("Hand", "InvalidHandError", "Situation"),
    "play.round": (
        "Action",
        "IllegalActionError",
        "InvalidBetError",
        "Outcome",
        "Phase",
        "Round",
        "RoundResult",
        "start_round",
    ),
    "rulebook.rules": (
        "PRESETS",
        "InvalidRulesError",
        "Rules",
        "UnknownOptionError",
        "UnknownPresetError",
        "find_preset",
    ),
    "play.settlement": ("settle_hand",),
    "deck.shoe": (
        "CardConservationError",
        "InvalidDiscardError",
        "Shoe",
        "ShoeExhaustedError",
        "StackedShoeError",
    ),
    "play.table": ("Table", "TablePolicy", "TableRound"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    """An exported name, imported from its module the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
