"""The learner's counting preferences: a system, a true-count convention and a deck
resolution. The web layer keeps them in the session and hands them to a drill as the page's
options (``system``, ``convention``, ``resolution``), so every counting drill follows them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from trainer.engine.counting import SYSTEMS, CountingSystem

CONVENTIONS = ("floor", "truncate", "round")
RESOLUTIONS = ("full", "half", "quarter")
CONVENTION_LABELS = {
    "floor": "Floor (round down: +2.7 is +2, -1.5 is -2)",
    "truncate": "Truncate (toward zero: +2.7 is +2, -1.5 is -1)",
    "round": "Round (to the nearest: +2.7 is +3, -1.5 is -2)",
}
RESOLUTION_LABELS = {
    "full": "Full decks",
    "half": "Half decks",
    "quarter": "Quarter decks",
}
STEPS = {"full": Fraction(1), "half": Fraction(1, 2), "quarter": Fraction(1, 4)}


@dataclass(frozen=True)
class CountPreferences:
    """The learner's counting system and how they turn a running count into a true count."""

    system: str = "hi-lo"
    convention: str = "floor"
    resolution: str = "half"

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> CountPreferences:
        """The preferences in a page's options; anything unknown falls back to the default."""
        default = cls()
        system = str(options.get("system", ""))
        convention = str(options.get("convention", ""))
        resolution = str(options.get("resolution", ""))
        return cls(
            system=system if system in SYSTEMS else default.system,
            convention=convention if convention in CONVENTIONS else default.convention,
            resolution=resolution if resolution in RESOLUTIONS else default.resolution,
        )

    def as_options(self) -> dict[str, str]:
        return {
            "system": self.system,
            "convention": self.convention,
            "resolution": self.resolution,
        }

    @property
    def counting_system(self) -> CountingSystem:
        return SYSTEMS[self.system]


def system_choices() -> list[tuple[str, str]]:
    return [(system.slug, system.name) for system in SYSTEMS.values()]
