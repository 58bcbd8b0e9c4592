"""The count studies the published-table tests share (each takes a while: worked out once)."""

from __future__ import annotations

import pytest
from indices_data import STUDIED

from tests.conftest import filled_once
from trainer.engine.counting import find_system
from trainer.engine.indices import Study, study
from trainer.engine.indices.cache import CACHE, cache_key
from trainer.engine.rulebook.rules import Rules


@pytest.fixture(scope="session")
def hilo_studies() -> dict[str, Study]:
    """Through the run's cache, where the suite's warm studies (``count_studies``) are too:
    each worked out once per run (vegas-6d-s17 is one of both), whichever worker asks first."""
    hilo = find_system("hi-lo")
    studied = {name: Rules.parse(text) for name, text in STUDIED.items()}
    filled_once(
        "study",
        studied.values(),
        lambda rules: CACHE.path(cache_key(rules, hilo)),
        lambda rules: study(rules, hilo, jobs=2),
    )
    return {name: study(rules, hilo) for name, rules in studied.items()}
