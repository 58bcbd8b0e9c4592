"""The simulator over a Dask cluster (a local one: two workers, threads of this process, which
start in a second where worker processes take seven): the same figures as one process with the
same seed."""

from __future__ import annotations

import numpy as np
import pytest

from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.simulator.cluster import check_address, dask_blocks
from trainer.simulator.run import prepare, run

distributed = pytest.importorskip("distributed")


def test_a_local_cluster_gives_one_process_figures() -> None:
    rules = Rules.parse("double-deck")
    job = prepare(rules, chart=chart(rules), system=find_system("hi-lo"), seed=31)
    alone = run(job, 90_000, block_rounds=20_000)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        spread = run(
            job, 90_000, block_rounds=20_000, map_blocks=dask_blocks(cluster.scheduler_address)
        )
    assert np.array_equal(alone.acc, spread.acc)
    assert np.array_equal(alone.buckets, spread.buckets)


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "10.0.0.5:8786", "inproc://x/1"])
def test_addresses(address: str) -> None:
    assert check_address(address) == address


@pytest.mark.parametrize("address", ["", "tcp://a b", "x" * 300, "tcp://host;rm"])
def test_bad_addresses(address: str) -> None:
    with pytest.raises(ValueError, match="scheduler address"):
        check_address(address)


def test_the_command_runs_on_a_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from trainer.cli import main

    args = ["simulate", "--preset", "single-deck", "--rounds", "30000", "--seed", "3", "--json"]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
    spread = json.loads(capsys.readouterr().out)
    assert spread["player_edge_percent"] == alone["player_edge_percent"]
    assert spread["scheduler"] == cluster.scheduler_address
