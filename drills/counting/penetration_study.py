"""The figures come from the simulator (:func:`trainer.simulator.study.count_study`), dealing
:data:`STUDY_SHOES` shoes at a table of :data:`STUDY_SEATS` that play like the dealer, the game
of the engine's :func:`trainer.engine.counting.study_counts`, which referees it shoe for shoe
(``tests/simulator/test_study.py``): forty times the shoes the engine dealt here, in less
time (a fraction of a second a preset and penetration, once the kernel is compiled or loaded
from numba's cache). A study is seeded from what it studies, so a question's right answer is
the same every time it is worked out, in any process. Studies are kept as the strategy charts
are, by :class:`trainer.engine.cache.ResultCache` (:data:`CACHE`): in memory in front of a JSON
file per study, named by a hash of everything that determines it and :data:`CODE_VERSION`; a
damaged file is studied again. The directory is the one passed in (the web app passes its own,
from its ``PENETRATION_CACHE_DIR``, default ``instance/penetration-cache``; a drill, its
``caches``' own), else ``$TRAINER_PENETRATION_CACHE_DIR``, else ``instance/penetration-cache``
beside the package."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from drills.counting.notation import CARDS_PER_DECK, read_system
from trainer.engine.cache import ResultCache
from trainer.engine.counting import CountingSystem, CountStudy
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.words import percent as share_words

STUDY_SHOES = 10_000
STUDY_SEATS = 3
PENETRATIONS = (Fraction(1, 2), Fraction(2, 3), Fraction(3, 4), Fraction(5, 6))
THRESHOLDS = (1, 2, 3, 4)


def penetrations_for(rules: Rules) -> tuple[Fraction, ...]:
    """The penetrations the chart compares: the usual ones and the preset's own cut card.

    A preset that deals the pack to its end (penetration 1: 000's joker, 002's and 004's
    "talia") has no cut card; the drill puts one in at the usual depths.
    """
    own = Fraction(rules.penetration)
    return tuple(sorted({*PENETRATIONS, own} if own < 1 else set(PENETRATIONS)))


def chart_system(system: CountingSystem) -> CountingSystem:
    """The system the true counts are studied in: an unbalanced system has none, so Hi-Lo."""
    return system if system.balanced else read_system("hi-lo")


# Bump whenever a study's figures would change for the same key (the dealing, the tally).
CODE_VERSION = "penetration-2"  # 2: dealt by the simulator, 10,000 shoes
MEMORY_LIMIT = 256  # studies kept in memory; the oldest leaves first


def study_to_json(result: CountStudy) -> dict[str, Any]:
    return {
        "system": result.system,
        "rules": result.rules,
        "shoes": result.shoes,
        "rounds": result.rounds,
        "counts": [[str(count), rounds] for count, rounds in result.counts],
    }


CACHE: ResultCache[CountStudy] = ResultCache(
    "penetration-cache",
    CODE_VERSION,
    encode=study_to_json,
    env_var="TRAINER_PENETRATION_CACHE_DIR",
    memory_limit=MEMORY_LIMIT,
)


def clear_memory() -> None:
    """Forget the studies kept in memory (as a restart would); the disk keeps them."""
    CACHE.clear_memory()


def _study_rules(preset: str, penetration: Fraction) -> Rules:
    rules = find_preset(preset)
    return rules if penetration == rules.penetration else rules.replace(penetration=penetration)


def _seed(preset: str, penetration: Fraction, system: str) -> str:
    return f"penetration study|{preset}|{penetration}|{system}"


def cache_key(preset: str, penetration: Fraction, system: str) -> str:
    """A stable hash of the rules dealt, the system's tags, the study's size and seed, and the
    code version: everything a study's figures depend on."""
    counted = read_system(system)
    return CACHE.key(
        _study_rules(preset, penetration),
        preset=preset,
        system={
            "slug": counted.slug,
            "tags": [str(t) for t in counted.tags],
            "red_tags": None if counted.red_tags is None else [str(t) for t in counted.red_tags],
            "balanced": counted.balanced,
            "irc": [str(counted.irc_offset), str(counted.irc_per_deck)],
        },
        shoes=STUDY_SHOES,
        seats=STUDY_SEATS,
        seed=_seed(preset, penetration, system),
    )


@lru_cache(maxsize=1024)
def _key_of(preset: str, penetration: Fraction, system: str) -> str:
    """:func:`cache_key`, memoised: a question reads several studies, each by its key."""
    return cache_key(preset, penetration, system)


def study_from_json(data: dict[str, Any]) -> CountStudy:
    """The study a :func:`study_to_json` document holds.

    :raises ValueError: (or ``KeyError``, ``TypeError``) for a document that is not one.
    """
    counts = tuple((Fraction(str(count)), int(rounds)) for count, rounds in data["counts"])
    result = CountStudy(
        system=str(data["system"]),
        rules=str(data["rules"]),
        shoes=int(data["shoes"]),
        rounds=int(data["rounds"]),
        counts=counts,
    )
    if result.rounds != sum(rounds for _, rounds in counts) or result.shoes != STUDY_SHOES:
        raise ValueError("the study's tallies do not add up")
    return result


def _reader(
    preset: str, penetration: Fraction, system: str
) -> Callable[[dict[str, Any]], CountStudy]:
    """A reader of a cached study that checks it is the one asked for."""
    wanted = (system, _study_rules(preset, penetration).name)

    def read(data: dict[str, Any]) -> CountStudy:
        result = study_from_json(data)
        if (result.system, result.rules) != wanted:
            raise ValueError("the file holds another study")
        return result

    return read


def deal_shoes(rules: Rules, system: CountingSystem, seed: str) -> CountStudy:
    """Deal a study's shoes now, by the simulator (imported here: numba is loaded only by a
    process that deals)."""
    from trainer.simulator.study import count_study, seed_of

    return count_study(rules, system, seed=seed_of(seed), shoes=STUDY_SHOES, seats=STUDY_SEATS)


def cached_study(
    preset: str, penetration: Fraction, system: str, *, cache_dir: str | Path | None = None
) -> CountStudy | None:
    """The study if it is in memory or on disk already, else ``None`` (nothing is dealt)."""
    key = _key_of(preset, penetration, system)
    return CACHE.cached(key, _reader(preset, penetration, system), cache_dir)


def study(
    preset: str, penetration: Fraction, system: str, *, cache_dir: str | Path | None = None
) -> CountStudy:
    """How often each true count starts a round, ``preset`` dealt to ``penetration``: read
    from the cache, else dealt now (seeded from what is studied) and written there."""

    def deal() -> CountStudy:
        return deal_shoes(
            _study_rules(preset, penetration),
            read_system(system),
            _seed(preset, penetration, system),
        )

    key = _key_of(preset, penetration, system)
    return CACHE.get(key, deal, _reader(preset, penetration, system), cache_dir)


def warm(
    presets: tuple[str, ...],
    systems: tuple[str, ...] = ("hi-lo",),
    *,
    cache_dir: str | Path | None = None,
) -> int:
    """Study every penetration each preset's chart compares, in each system; how many were
    dealt now (the others were cached already)."""
    dealt = 0
    for preset in presets:
        for pen in penetrations_for(find_preset(preset)):
            for system in systems:
                if cached_study(preset, pen, system, cache_dir=cache_dir) is None:
                    study(preset, pen, system, cache_dir=cache_dir)
                    dealt += 1
    return dealt


def cut_cards(rules: Rules, penetration: Fraction) -> int:
    """Cards dealt before the cut card comes out, burned cards included (as ``Shoe`` cuts)."""
    size = rules.decks * CARDS_PER_DECK
    if penetration >= 1:
        return size
    return max(1, min(size, round(penetration * size)))


def percent(share: Fraction) -> Fraction:
    return share * 100


def penetration_text(penetration: Fraction) -> str:
    return percent_words(round(float(penetration) * 100))


def percent_words(value: float, digits: int = 0) -> str:
    """A share already in per cent (75 for three quarters) as the learner's language writes
    it ("75%", "75 %"), through :func:`trainer.words.percent`."""
    return share_words(Fraction(value) / 100, digits)
