"""The count studies the published-table tests share (each takes a while: worked out once)."""

from __future__ import annotations

from pathlib import Path

import pytest
from indices_data import STUDIED

from tests.conftest import filled_once
from trainer.engine.counting import find_system
from trainer.engine.indices import Study, study
from trainer.engine.indices.cache import CACHE, cache_key
from trainer.engine.rulebook.rules import Rules


@pytest.fixture(scope="session")
def hilo_studies(count_studies: None) -> dict[str, Study]:
    """Through the run's cache, where the suite's warm studies (``count_studies``) are:
    vegas-6d-s17 is read from there, the others worked out once per run and kept there."""
    hilo = find_system("hi-lo")
    studied = {name: Rules.parse(text) for name, text in STUDIED.items()}

    def files() -> list[Path]:
        return [CACHE.path(cache_key(rules, hilo)) for rules in studied.values()]

    with filled_once("hilo-studies", files):  # one worker works them out, the others read them
        return {name: study(rules, hilo, jobs=2) for name, rules in studied.items()}
