"""The blackjack engine: pure Python, no Flask, no store, no drills."""

from trainer.engine.cards import RANK_VALUES, Card, InvalidCardError, Rank, Suit, pack
from trainer.engine.hand import Hand, InvalidHandError, Situation
from trainer.engine.rules import (
    PRESETS,
    InvalidRulesError,
    Rules,
    UnknownOptionError,
    UnknownPresetError,
    find_preset,
)

__all__ = [
    "PRESETS",
    "RANK_VALUES",
    "Card",
    "Hand",
    "InvalidCardError",
    "InvalidHandError",
    "Rank",
    "Situation",
    "Suit",
    "pack",
    "InvalidRulesError",
    "Rules",
    "UnknownOptionError",
    "UnknownPresetError",
    "find_preset",
]
