"""The count studies the published-table tests share (each takes a while: computed once)."""

from __future__ import annotations

import pytest
from indices_data import STUDIED

from trainer.engine.counting import find_system
from trainer.engine.indices import Study, compute_study
from trainer.engine.rules import Rules


@pytest.fixture(scope="session")
def hilo_studies() -> dict[str, Study]:
    hilo = find_system("hi-lo")
    return {name: compute_study(Rules.parse(text), hilo, jobs=2) for name, text in STUDIED.items()}
