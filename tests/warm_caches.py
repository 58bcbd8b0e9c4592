"""Not one of the suite's files (its name does not start with ``test_``): `make test` runs it
alone (scripts/warm-kernels, ``FILL_TEST_CACHES``) while lint and the type checks run, to work
out the charts, the banker's games and the count studies of the run's cache folder
(``$TRAINER_TEST_CACHES``, tests/conftest.py) on the core they leave free. The suite's workers
then read them at their start instead of sharing out the same work while every test waits; a
worker that starts before this is done waits on the lock of what is being worked out here."""

from __future__ import annotations

from tests import conftest


def test_the_runs_charts_and_count_studies_are_worked_out(
    strategy_charts: None, count_studies: None
) -> None:
    studies = list((conftest.test_caches() / "strategy-cache").glob("count-*.json"))
    assert len(studies) >= len(conftest.COUNT_STUDIES), studies
