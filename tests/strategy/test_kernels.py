"""The chart's kernels compiled ahead of time give what numba's JIT gives, bit for bit, and a
chart process with them never imports numba (trainer/engine/strategy/kernels.py, aot.py).

The module compiled ahead of time is the one the set-up built into the virtualenv where it is
there for today's source; otherwise it is built here, into a temporary folder (some 10 to 20 s),
and skipped, saying why, only where this machine has no C compiler or no setuptools to build it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import aot, kernels
from trainer.engine.strategy.chart import Chart, compute_chart
from trainer.engine.strategy.dealer import dealer_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ahead(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The kernels compiled ahead of time for today's source."""
    if kernels.AHEAD is not None:
        return kernels.AHEAD
    directory = tmp_path_factory.mktemp("kernels")
    try:
        built = aot.build(directory)
    except aot.NoCompilerError as error:
        pytest.skip(f"the kernels cannot be compiled ahead of time here: {error}")
    spec = importlib.util.spec_from_file_location(aot.module_name(), built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _charts(
    road: dict[str, Callable[..., Any]], monkeypatch: pytest.MonkeyPatch, notation: str
) -> tuple[Chart, Chart]:
    """A chart of ``notation`` with the kernels of ``road``, and one playing it with a stand on
    17 (a chart's codes and advice: the kernels' other roads)."""
    for name, kernel in road.items():
        monkeypatch.setattr(kernels, name, kernel)
    dealer_table.cache_clear()
    rules = Rules.parse(notation)
    own = compute_chart(rules)
    other = compute_chart(rules, stand_on=frozenset({17}), playing=own)
    return own, other


@pytest.mark.parametrize("notation", ["single-deck", "casino-boxes decks=1"])
def test_the_kernels_compiled_ahead_give_numbas_figures_bit_for_bit(
    ahead: ModuleType, monkeypatch: pytest.MonkeyPatch, notation: str
) -> None:
    with monkeypatch.context() as patch:
        jitted = _charts(kernels.numba_kernels(), patch, notation)
    with monkeypatch.context() as patch:
        compiled = _charts({name: getattr(ahead, name) for name in aot.EXPORTS}, patch, notation)
    for a, b in zip(jitted, compiled, strict=True):
        assert (a.house_edge, a.house_edge_cd, a.house_edge_playing) == (
            b.house_edge,
            b.house_edge_cd,
            b.house_edge_playing,
        )
        assert a.evs == b.evs  # every EV, exactly
        assert (a.codes, a.exceptions) == (b.codes, b.exceptions)
    assert jitted[1].house_edge_playing != jitted[0].house_edge  # the other road was taken


def _run(code: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_a_chart_process_with_them_imports_no_numba_flask_or_store(
    ahead: ModuleType, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(ahead.__file__ or "").parent)}
    env.pop("TRAINER_KERNELS", None)
    code = (
        "import sys\n"
        "from trainer.engine.strategy.cli import main\n"
        f"main(['--preset', 'single-deck', '--no-cache', '--cache-dir', {str(tmp_path)!r}])\n"
        "from trainer.engine.strategy import kernels\n"
        "heavy = {'numba', 'llvmlite', 'flask', 'sqlite_utils', 'drills'}\n"
        "print(kernels.AHEAD is not None, sorted({m.split('.')[0] for m in sys.modules} & heavy))"
    )
    last = _run(code, env).splitlines()[-1]
    assert last == "True []"


def test_trainer_kernels_jit_takes_numbas_even_where_they_are_compiled_ahead(
    ahead: ModuleType,
) -> None:
    env = {**os.environ, "TRAINER_KERNELS": "jit"}
    env["PYTHONPATH"] = str(Path(ahead.__file__ or "").parent)
    code = (
        "import sys\n"
        "from trainer.engine.strategy import kernels\n"
        "print(kernels.AHEAD is None, 'numba' in sys.modules)"
    )
    assert _run(code, env).strip() == "True True"


def test_without_a_c_compiler_the_set_up_says_so_and_goes_on(tmp_path: Path) -> None:
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler")}
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "kernels", "--into", str(tmp_path), "--label", "x"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("[x] compiling the chart's kernels ahead of time into ")
    assert lines[-1].startswith("[x] not compiled ahead (no C compiler works here"), lines
    assert "stay numba's" in lines[-1]
    assert not list(tmp_path.glob(aot.PREFIX + "*"))


def test_every_kernel_the_engine_calls_is_compiled_ahead(ahead: ModuleType) -> None:
    called = {name for name in kernels.__all__ if name not in ("AHEAD", "numba_kernels")}
    assert called == set(aot.EXPORTS) == set(kernels.numba_kernels())
    assert all(callable(getattr(ahead, name)) for name in called)
