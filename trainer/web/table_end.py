"""What a played-out table's summary adds: the cover of the shoe's bets in words
(:mod:`drills.table_cover`), and the drill round offered before the next shoe."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drills import registry
from drills.table_cover import cover_of
from drills.table_session import TableSpec
from trainer import words
from trainer.engine.play.table_game import TableGame
from trainer.web import table_view
from trainer.web.caches import app_caches

__all__ = ["DRILL_ROUND", "cover_words", "drill_round"]

DRILL_ROUND = 10  # questions in the drill round offered between shoes


def cover_words(spec: TableSpec, game: TableGame) -> dict[str, Any] | None:
    """The shoe's cover in words, where it is scored (None: not, or too few rounds bet)."""
    if "cover" not in spec.graded:
        return None
    found = cover_of(spec, game, caches=app_caches())
    if found is None:
        return None
    return {
        "rounds": found.rounds,
        "explained": words.number(found.explained * 100),
        "spread": words.number(found.spread, 1),
        "off_the_top": words.number(found.off_the_top, 2),
        "jump": words.number(found.largest_jump, 1),
        "ramp_ev": table_view.signed_money(found.ramp_ev),
        "your_ev": table_view.signed_money(found.your_ev),
        "given_up": table_view.signed_money(found.given_up),
    }


def drill_round(graded: Mapping[int, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The drills a shoe's mistakes were of (its ``graded`` attempts, by step and ask name),
    for a drill round before the next shoe: each with how many (the round itself asks that
    drill's mistakes by the review schedule)."""
    wrong: dict[str, int] = {}
    for by_name in graded.values():
        for row in by_name.values():
            if not row["correct"]:
                wrong[row["drill"]] = wrong.get(row["drill"], 0) + 1
    drills = registry()
    return [
        {"slug": slug, "title": drills[slug].title, "count": count, "size": DRILL_ROUND}
        for slug, count in sorted(wrong.items(), key=lambda item: -item[1])
        if slug in drills
    ]
