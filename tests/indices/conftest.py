"""The count studies the published-table tests share (each takes a while: worked out once)."""

from __future__ import annotations

import pytest
from indices_data import STUDIED

from trainer.engine.counting import find_system
from trainer.engine.indices import Study, study
from trainer.engine.rulebook.rules import Rules


@pytest.fixture(scope="session")
def hilo_studies(count_studies: None) -> dict[str, Study]:
    """Through the cache the suite's warm studies (``count_studies``) are in: vegas-6d-s17 is
    read from there, the others worked out once and kept there for the next run."""
    hilo = find_system("hi-lo")
    return {name: study(Rules.parse(text), hilo, jobs=2) for name, text in STUDIED.items()}
