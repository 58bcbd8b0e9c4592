"""The blackjack engine: pure Python, no Flask, no store, no drills."""

from trainer.engine.cards import RANK_VALUES, Card, InvalidCardError, Rank, Suit, pack
from trainer.engine.counting import (
    CountingSystem,
    CountStudy,
    DeckResolution,
    TrueCountConvention,
    UnknownSystemError,
    find_system,
    running_count,
    study_counts,
    true_count,
)
from trainer.engine.hand import Hand, InvalidHandError, Situation
from trainer.engine.round import (
    Action,
    IllegalActionError,
    InvalidBetError,
    Outcome,
    Phase,
    Round,
    RoundResult,
    start_round,
)
from trainer.engine.rules import (
    PRESETS,
    InvalidRulesError,
    Rules,
    UnknownOptionError,
    UnknownPresetError,
    find_preset,
)
from trainer.engine.settlement import settle_hand
from trainer.engine.shoe import (
    CardConservationError,
    InvalidDiscardError,
    Shoe,
    ShoeExhaustedError,
    StackedShoeError,
)
from trainer.engine.table import Table, TablePolicy, TableRound

__all__ = [
    "Action",
    "IllegalActionError",
    "InvalidBetError",
    "Outcome",
    "Phase",
    "Round",
    "RoundResult",
    "settle_hand",
    "start_round",
    "PRESETS",
    "RANK_VALUES",
    "Card",
    "CountStudy",
    "CountingSystem",
    "DeckResolution",
    "TrueCountConvention",
    "UnknownSystemError",
    "find_system",
    "running_count",
    "study_counts",
    "true_count",
    "CardConservationError",
    "Hand",
    "InvalidCardError",
    "InvalidDiscardError",
    "InvalidHandError",
    "Rank",
    "Shoe",
    "ShoeExhaustedError",
    "Situation",
    "StackedShoeError",
    "Suit",
    "Table",
    "TablePolicy",
    "TableRound",
    "pack",
    "InvalidRulesError",
    "Rules",
    "UnknownOptionError",
    "UnknownPresetError",
    "find_preset",
]
