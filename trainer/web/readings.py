"""The source texts' open readings beside the rules that read them, with each reading's house
edge from the strategy engine's chart cache (never computed here: a chart not worked out yet
is a link to the strategy page, which works it out; ``python -m trainer strategy
--all-presets`` fills them)."""

from __future__ import annotations

from typing import Any

from trainer.engine.banker.face_down import cached_fixed_point
from trainer.engine.banker.face_down_chart import one_column_chart
from trainer.engine.banker.method3 import cached_method3_game
from trainer.engine.rulebook.readings import readings_for
from trainer.engine.rulebook.rule_words import PRESET_TEXTS
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import cached
from trainer.web.caches import strategy_cache_dir
from trainer.words import number, say

__all__ = ["bank_game", "double_edge", "readings_context"]


def bank_game(rules: Rules) -> bool:
    """Whether ``rules`` are a game of the texts whose bank plays the punters (000, 002, 004):
    its edge is the bank's, not a house's («преимущество казино» read wrong at a home game)."""
    return PRESET_TEXTS.get(rules.name) in ("000", "002", "004")


def double_edge(rules: Rules) -> float | None:
    """At deal method 3 (002 home), the bank's edge in percent in the game with the dealer's
    double and the players' redouble, where it is worked out (the chart's own edge leaves the
    double out: a walk read 11.736% in the readings beside the rules page's 18.74%); None
    elsewhere."""
    game = cached_method3_game(rules) if rules.deal_method == 3 else None
    return None if game is None else 100 * game.edge


def _edge(rules: Rules) -> float | None:
    if rules.deal_method == 3:
        return double_edge(rules)
    if rules.deal_faces == "all-down":
        # 004 as its text deals it: the fixed point's edge, where a job has worked it out.
        if cached_fixed_point(rules) is None:
            return None
        return one_column_chart(rules).house_edge
    found = cached(rules, cache_dir=strategy_cache_dir())  # the app's charts, nothing computed
    return found.house_edge if found is not None else None


def readings_context(rules: Rules) -> list[dict[str, Any]]:
    """Each open reading of ``rules``' text: what it says, ours with its house edge, and the
    other readings with theirs and the difference (None where a chart is not worked out), in the
    learner's words."""
    shown = []
    ours = _edge(rules)
    bank = bank_game(rules)  # whose edge: the bank's, or the house's at the casino
    for reading in readings_for(rules):
        others = []
        for other in reading.others:
            read = other.rules(rules)
            edge = _edge(read)
            others.append(
                {
                    "words": say(other.words, total=number(other.total))
                    if other.total is not None
                    else say(other.words),
                    "rules": read,
                    "same": read == rules,
                    "edge": edge,
                    "difference": edge - ours if edge is not None and ours is not None else None,
                }
            )
        shown.append(
            {
                "topic": say(reading.topic),
                "text": say(reading.text),
                "ours": say(reading.ours),
                "edge": ours,
                "bank": bank,
                "others": others,
            }
        )
    return shown
