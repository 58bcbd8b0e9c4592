"""The blackjack engine: pure Python, no Flask, no store, no drills.

The names below are imported from their modules on first use (PEP 562), so that a command
that needs one part of the engine (``python -m trainer strategy``) does not load the rest of
it. Code imports from the modules themselves (``from trainer.engine.cards import Card``),
where the types are.
"""

from __future__ import annotations

import importlib
from typing import Any

# Each exported name by the module it comes from.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "cards": ("RANK_VALUES", "Card", "InvalidCardError", "Rank", "Suit", "pack"),
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
    "hand": ("Hand", "InvalidHandError", "Situation"),
    "round": (
        "Action",
        "IllegalActionError",
        "InvalidBetError",
        "Outcome",
        "Phase",
        "Round",
        "RoundResult",
        "start_round",
    ),
    "rules": (
        "PRESETS",
        "InvalidRulesError",
        "Rules",
        "UnknownOptionError",
        "UnknownPresetError",
        "find_preset",
    ),
    "settlement": ("settle_hand",),
    "shoe": (
        "CardConservationError",
        "InvalidDiscardError",
        "Shoe",
        "ShoeExhaustedError",
        "StackedShoeError",
    ),
    "table": ("Table", "TablePolicy", "TableRound"),
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
