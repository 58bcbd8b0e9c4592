"""The blackjack engine: pure Python, no Flask, no store, no drills."""

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
    "InvalidRulesError",
    "Rules",
    "UnknownOptionError",
    "UnknownPresetError",
    "find_preset",
]
