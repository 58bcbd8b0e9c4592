"""What a source text's own playing advice costs against the computed strategy.

004 (``russian-bank``) says a total of 16 to 20 is "close": do not draw. We read it literally:
never draw on a best total of 16 to 20, soft or hard, and otherwise play the best way. The cost
is the house edge of playing that way minus the house edge of the computed chart, in percentage
points of the stake; the cells where the two charts differ show where the advice goes wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import chart
from trainer.engine.words import N_

__all__ = ["TEXT_ADVICE", "AdviceCost", "TextAdvice", "advice_cost", "advice_for"]


@dataclass(frozen=True)
class TextAdvice:
    """A playing tip from a source text, as totals on which the player never draws."""

    source: str
    text: str
    stand_on: frozenset[int]


TEXT_ADVICE: dict[str, TextAdvice] = {
    "russian-bank": TextAdvice(
        source="004_4f7cabea975445f1.txt",
        # The text's words in English, said in the page's language (its own, in Russian).
        text=N_("16 to 20 is close: do not draw"),
        stand_on=frozenset(range(16, 21)),
    ),
}


@dataclass(frozen=True)
class AdviceCost:
    """The price of following a text's advice instead of the computed chart."""

    advice: TextAdvice
    house_edge_math: float  # percent, playing the computed chart
    house_edge_advice: float  # percent, playing the advice (and the best way elsewhere)
    differences: tuple[tuple[str, str, str, str, str], ...]  # section, row, up, math, advice

    @property
    def cost(self) -> float:
        """Percentage points of the stake lost per hand by following the advice."""
        return self.house_edge_advice - self.house_edge_math


def advice_for(rules: Rules) -> TextAdvice | None:
    """The source text's advice for a preset (or a preset changed), if the text gives one."""
    return TEXT_ADVICE.get(rules.name)


def advice_cost(
    rules: Rules,
    advice: TextAdvice,
    *,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
) -> AdviceCost:
    """Compare the computed chart with playing ``advice`` under ``rules``."""
    math = chart(rules, cache_dir=cache_dir, use_cache=use_cache)
    followed = chart(rules, cache_dir=cache_dir, use_cache=use_cache, stand_on=advice.stand_on)
    differences = []
    for section, rows in math.codes.items():
        for row, cells in rows.items():
            for up, code in cells.items():
                other = followed.codes[section][row][up]
                if other != code:
                    differences.append((section, row, up, code, other))
    return AdviceCost(
        advice=advice,
        house_edge_math=math.house_edge,
        house_edge_advice=followed.house_edge,
        differences=tuple(differences),
    )
