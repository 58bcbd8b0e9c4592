"""Shared loaders for the strategy engine's reference data (tests/data/strategy)."""

from __future__ import annotations

import csv
from pathlib import Path

from trainer.engine.rulebook.rules import Rules

DATA = Path(__file__).resolve().parents[1] / "data" / "strategy"

# The rules of each Wizard of Odds appendix 9 table (no surrender, 3:2, resplit to 4 except aces).
APPENDIX_RULES = {
    "1ds17": {"decks": 1, "dealer_hits_soft_17": False},
    "1dh17": {"decks": 1, "dealer_hits_soft_17": True},
    "2dh17": {"decks": 2, "dealer_hits_soft_17": True},
    "5ds17": {"decks": 5, "dealer_hits_soft_17": False},
    "5dh17": {"decks": 5, "dealer_hits_soft_17": True},
    "euro-6dh17": {"decks": 6, "dealer_hits_soft_17": True, "hole_card": "none"},
    "euro-8dh17": {"decks": 8, "dealer_hits_soft_17": True, "hole_card": "none"},
}


def appendix_rules(table: str, *, das: bool = True) -> Rules:
    """The rules of one appendix 9 table (custom rules: no preset is that table)."""
    return Rules(
        surrender="none",
        max_split_hands=4,
        resplit_aces=False,
        split_aces_one_card=True,
        double_on="any",
        double_after_split=das,
        **APPENDIX_RULES[table],
    )


def read_csv(name: str) -> list[list[str]]:
    """Rows of a data file, comments (#) skipped."""
    with open(DATA / name, encoding="utf-8") as handle:
        lines = [line for line in handle if line.strip() and not line.startswith("#")]
    return list(csv.reader(lines))


def read_chart(name: str) -> dict[tuple[str, str, str], str]:
    """A chart file as {(section, row, up): code}."""
    cells: dict[tuple[str, str, str], str] = {}
    with open(DATA / name, encoding="utf-8") as handle:
        lines = [line.split() for line in handle if line.strip() and not line.startswith("#")]
    header, rows = lines[0], lines[1:]
    ups = header[2:]
    for section, row, *codes in rows:
        for up, code in zip(ups, codes, strict=True):
            cells[(section, row, up)] = code
    return cells
