"""The shoe-penetration studies kept on disk: a miss deals and writes, a hit reads without
dealing, a damaged file is dealt again, and a new process deals the very same figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import drills.counting.penetration_study as penetration
from drills.caches import Caches
from drills.counting import penetration_chart
from drills.counting.penetration_chart import cached_chart
from drills.counting.penetration_study import (
    cache_key,
    cached_study,
    clear_memory,
    penetrations_for,
    study,
    study_to_json,
    warm,
)
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import find_preset

HALF = Fraction(1, 2)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """No study remembered from another test; the default cache a temporary one."""
    monkeypatch.setenv("TRAINER_PENETRATION_CACHE_DIR", str(tmp_path / "default-cache"))
    clear_memory()
    yield
    clear_memory()


def no_dealing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a cached study was dealt again")

    monkeypatch.setattr(penetration, "deal_shoes", refuse)


def test_a_miss_deals_and_writes_one_file_a_hit_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    assert cached_study("single-deck", HALF, "hi-lo", cache_dir=cache) is None
    first = study("single-deck", HALF, "hi-lo", cache_dir=cache)
    [written] = [found for found in cache.iterdir() if not found.name.startswith(".")]  # a lock
    assert written.name == f"{cache_key('single-deck', HALF, 'hi-lo')}.json"
    assert json.loads(written.read_text()) == study_to_json(first)
    assert not list(cache.glob("*.tmp"))  # written atomically: no temporary left behind
    no_dealing(monkeypatch)
    assert study("single-deck", HALF, "hi-lo", cache_dir=cache) is first  # the memory
    clear_memory()  # as after a restart: read from the disk, not dealt
    again = study("single-deck", HALF, "hi-lo", cache_dir=cache)
    assert again == first and again is not first


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        "",
        json.dumps({"system": "hi-lo"}),
        json.dumps([1, 2, 3]),
        "TALLY",  # a valid document whose tallies do not add up
        "RULES",  # a valid document of another study
    ],
)
def test_a_damaged_file_is_ignored_and_dealt_again(tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "cache"
    first = study("single-deck", HALF, "hi-lo", cache_dir=cache)
    path = cache / f"{cache_key('single-deck', HALF, 'hi-lo')}.json"
    document = study_to_json(first)
    if damage == "TALLY":
        damage = json.dumps({**document, "rounds": document["rounds"] + 1})
    elif damage == "RULES":
        damage = json.dumps({**document, "rules": "double-deck"})
    path.write_text(damage)
    clear_memory()
    assert cached_study("single-deck", HALF, "hi-lo", cache_dir=cache) is None
    repaired = study("single-deck", HALF, "hi-lo", cache_dir=cache)
    assert repaired == first
    assert json.loads(path.read_text()) == document


def test_a_new_process_deals_the_same_figures(tmp_path: Path) -> None:
    here = study("single-deck", HALF, "hi-lo", cache_dir=tmp_path / "here")
    script = (
        "import json, sys; from fractions import Fraction;"
        "from drills.counting.penetration_study import study, study_to_json;"
        "print(json.dumps(study_to_json(study('single-deck', Fraction(1, 2), 'hi-lo',"
        " cache_dir=sys.argv[1]))))"
    )
    # Another hash seed, another directory: nothing shared but the code.
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "there")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={
            "PYTHONHASHSEED": "12345",
            "PATH": "",
            # Nothing written into the checkout: no bytecode, numba's kernel where the run keeps it.
            "PYTHONDONTWRITEBYTECODE": "1",
            "NUMBA_CACHE_DIR": os.environ.get("NUMBA_CACHE_DIR", str(tmp_path / "numba")),
        },
    )
    assert json.loads(done.stdout) == study_to_json(here)
    assert (tmp_path / "there" / f"{cache_key('single-deck', HALF, 'hi-lo')}.json").exists()


def test_the_key_names_everything_the_figures_depend_on(monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache_key("single-deck", HALF, "hi-lo")
    assert key == cache_key("single-deck", HALF, "hi-lo")
    others = {
        cache_key("single-deck", Fraction(2, 3), "hi-lo"),
        cache_key("double-deck", HALF, "hi-lo"),
        cache_key("single-deck", HALF, "zen"),
    }
    assert key not in others and len(others) == 3
    monkeypatch.setattr(penetration.CACHE, "code_version", "penetration-next")
    assert cache_key("single-deck", HALF, "hi-lo") != key
    monkeypatch.undo()
    monkeypatch.setattr(penetration, "STUDY_SHOES", penetration.STUDY_SHOES + 1)
    assert cache_key("single-deck", HALF, "hi-lo") != key


def test_the_chart_is_drawn_only_once_every_study_is_cached(tmp_path: Path) -> None:
    hi_lo = find_system("hi-lo")
    caches = Caches(penetration=tmp_path / "app-cache")
    assert cached_chart("single-deck", hi_lo, caches=caches) is None
    pens = penetrations_for(find_preset("single-deck"))
    study("single-deck", pens[0], "hi-lo", cache_dir=caches.penetration)
    assert cached_chart("single-deck", hi_lo, caches=caches) is None  # one study of several
    drawn = penetration_chart.chart("single-deck", hi_lo, caches=caches)
    assert cached_chart("single-deck", hi_lo, caches=caches) == drawn
    assert len(list((tmp_path / "app-cache").glob("*.json"))) == len(pens)
    assert not (tmp_path / "default-cache").exists()  # nothing in the engine's default


def test_warming_deals_each_preset_once(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    presets = ("single-deck", "twenty-one-home")
    wanted = sum(len(penetrations_for(find_preset(name))) for name in presets)
    assert warm(presets, cache_dir=cache) == wanted
    assert len(list(cache.glob("*.json"))) == wanted
    clear_memory()
    assert warm(presets, cache_dir=cache) == 0  # all on disk already
