"""The chart's kernels compiled ahead of time: an extension module of their own, built at set-up.

    python -m trainer kernels [--into DIRECTORY] [--label LABEL]

A chart as a whole process spent more time starting numba (importing it, then loading its cached
kernels: some 0.4 s) than computing the chart (0.2 s). numba's ahead-of-time compiler
(``numba.pycc``; pending deprecation since numba 0.57 and still there, unchanged, in 0.68: its
replacement is not released yet) compiles the same kernels (:mod:`.core`, :mod:`.reach`, each
function by the types the engine calls it with, :data:`EXPORTS`) into an extension module that
needs numpy but not numba. It is built by ``make setup`` (and the Dockerfile) into the
interpreter's site-packages, never into the checkout, named after a digest of the kernels'
source (:func:`module_name`): a module built from other source is never found, and
:mod:`.kernels` then takes numba's JIT as before. The build needs a C compiler (numba's helper
code is compiled in) and setuptools, no network; without them it says so and leaves numba's JIT
to the engine. ``--into`` builds elsewhere (the tests build into a temporary folder).

The code is the same (the same LLVM from the same source) for a generic CPU of the machine's
architecture rather than this one's, so that an image built on one machine runs on another; it
gives the same figures as numba's JIT, bit for bit (``tests/strategy/test_kernels.py``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["EXPORTS", "PREFIX", "BuildError", "NoCompilerError", "build", "main", "module_name"]

# The module's name: this prefix and a digest of these sources (this file's types included).
PREFIX = "_trainer_chart_kernels_"
SOURCES = ("core.py", "reach.py", "aot.py")

_F, _I, _B = "float64", "int64", "boolean"
_F1, _F2 = "float64[::1]", "float64[:,::1]"
_I1, _I2 = "int64[::1]", "int64[:,::1]"
_B1, _B2 = "boolean[::1]", "boolean[:,::1]"
# The hand table's arrays (:mod:`.hand_table`), as most kernels take them.
_HANDS = f"{_I2},{_I1},{_I1},{_B1},{_I1},{_I2}"  # counts, hard, totals, soft, cards, child
_DEALER = f"{_I2},{_F1},{_I1},{_I2},{_F2},{_F2},{_I1}"  # mults .. starts (:mod:`.dealer`)
_PAYS = f"{_B},{_F},{_F},{_B},{_B}"  # peek_like, collects, bust_pays, ties, voids
# may_draw, stand_on, any_stand_on, policy_hit, has_policy, from_value, peek_like, natural
_PLAY = f"{_B1},{_B1},{_B},{_B2},{_B},{_F1},{_B},{_I}"
_SUMS = f"{_F2},{_F2},{_B2}"  # a decision's stand and hit totals and where one was seen


def _signature(result: str, *arguments: str) -> str:
    return f"{result}({','.join(arguments)})"


# Each kernel: the module it is defined in and its signature (C-contiguous arrays).
EXPORTS: dict[str, tuple[str, str]] = {
    "dealer_outcomes": ("core", _signature(_F2, _F1, _F, _DEALER, _I2, _I1, _I1)),
    "stand_values": ("core", _signature(_F1, _F2, _I1, _I1, _I1, _F1, _PAYS)),
    "player_values": (
        "core", _signature(f"UniTuple({_F1},3)", _F1, _F1, _F, _HANDS, _I1, _PLAY)
    ),
    "base_probabilities": ("core", _signature(_F1, _F1, _F, _I2, _F1, _I1)),
    "split_stands": (
        "core",
        _signature(
            _F2, _I, _I, _F1, _F1, _F1, _F, _I2, _F2, _F2, _I1, _I1, _I2, _I1, _I1, _F1, _PAYS
        ),
    ),
    "split_values": (
        "core", _signature(f"UniTuple({_F2},3)", _I, _I, _F2, _F1, _F, _HANDS, _I1, _PLAY)
    ),
    "later_walk": (
        "reach",
        _signature("none", _F1, _I1, _F1, _F, _HANDS, _B1, _B1, _F1, _F1, _F1, _F1, _B2, _SUMS),
    ),
    "split_walk_totals": (
        "reach",
        _signature(
            "none", _F2, _I1, _I, _F1, _F, _HANDS, _B1, _B1, _F2, _F2, _F2, _F2, _B1, _B2, _B2,
            _B2, _SUMS, _F2, _F2, _F2, _B2, _B2,
        ),
    ),
}  # fmt: skip


def module_name() -> str:
    """The extension module's name for today's source of the kernels."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    for name in SOURCES:
        digest.update((here / name).read_bytes())
    return PREFIX + digest.hexdigest()[:16]


class BuildError(Exception):
    """The kernels could not be compiled ahead of time (numba's JIT stays)."""


class NoCompilerError(BuildError):
    """No C compiler or no setuptools: nothing to compile with here."""


def build(directory: Path) -> Path:
    """Compile the kernels into ``directory`` as :func:`module_name`; the path of the module.

    :raises NoCompilerError: no C compiler or no setuptools.
    :raises BuildError: the compiler failed.
    """
    import warnings

    try:
        from numba.core.errors import NumbaPendingDeprecationWarning

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
            from numba.pycc import CC  # type: ignore[attr-defined]
            from numba.pycc.platform import external_compiler_works
    except ImportError as error:
        raise NoCompilerError(f"numba's ahead-of-time compiler cannot load: {error}") from error
    if not external_compiler_works():
        raise NoCompilerError("no C compiler works here (cc, as setuptools finds it)")
    from trainer.engine.strategy import core, reach

    name = module_name()
    compiler = CC(name)  # type: ignore[no-untyped-call]
    compiler.output_dir = str(directory)
    compiler.target_cpu = ""  # generic: the module may run on another machine
    sources = {"core": core, "reach": reach}
    for export, (source, signature) in EXPORTS.items():
        exported = compiler.export(export, signature)  # type: ignore[no-untyped-call]
        exported(getattr(sources[source], export).py_func)
    directory.mkdir(parents=True, exist_ok=True)
    try:
        compiler.compile()
    except Exception as error:  # the compiler's or the linker's, whatever it is
        raise BuildError(f"compiling failed: {error}") from error
    built = directory / str(compiler.output_file)
    for stale in directory.glob(PREFIX + "*"):
        if stale.name.split(".")[0] != name:  # built from other source
            stale.unlink()
    return built


def main(argv: list[str] | None = None) -> int:
    """Build into site-packages (or ``--into``), saying what it does; never fails the set-up."""
    import argparse
    import sysconfig
    import time

    parser = argparse.ArgumentParser(prog="python -m trainer kernels")
    parser.add_argument("--into", type=Path, help="the folder (default: site-packages)")
    parser.add_argument("--label", default="kernels", help="the label of each line")
    args = parser.parse_args(argv)
    directory: Path = args.into or Path(sysconfig.get_paths()["platlib"])
    started = time.perf_counter()
    print(f"[{args.label}] compiling the chart's kernels ahead of time into {directory} ...")
    try:
        built = build(directory)
    except (BuildError, OSError) as error:
        print(
            f"[{args.label}] not compiled ahead ({error}): the chart's kernels stay numba's,"
            " compiled where first used and cached on disk (0.4 s more per chart process)."
        )
        return 0
    print(f"[{args.label}] built {built.name} ({time.perf_counter() - started:.0f} s)")
    return 0
