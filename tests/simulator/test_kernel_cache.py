"""The kernel's cache guard: numba's cache on disk notices a change to a module's own source
only, so the kernel's and the shoe's compiled files (which hold the shoe's functions inlined
and the slots' and tables' indices frozen in) are removed when one of those sources changes, in
the directory numba itself caches in."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from trainer.simulator import kernel

KERNEL_FILES = (
    "kernel.run_block-480.py311.nbi",
    "kernel.run_block-480.py311.1.nbc",
    "shoe_kernel.draw-160.py311.nbi",
    "shoe_kernel.draw-160.py311.1.nbc",
)
OTHERS = ("core.stand_values-165.py311.nbi", "notes.txt")


def _cache(tmp_path: Path, stamp: str | None) -> tuple[Path, Path]:
    cache = tmp_path / "cache"
    cache.mkdir()
    for name in (*KERNEL_FILES, *OTHERS):
        (cache / name).write_bytes(b"compiled")
    source = tmp_path / "shoe_kernel.py"
    source.write_text("def draw(): ...\n")
    if stamp is not None:
        (cache / "kernel.shoe-source").write_text(stamp)
    return cache, source


def _digest(*sources: Path) -> str:
    fingerprint = hashlib.sha256()
    for source in sources:
        fingerprint.update(hashlib.sha256(source.read_bytes()).digest())
    return fingerprint.hexdigest()


def test_a_changed_shoe_removes_the_kernels_files_only(tmp_path: Path) -> None:
    cache, source = _cache(tmp_path, stamp="an older shoe")
    assert kernel.forget_stale_cache(cache, source)
    assert not any((cache / name).exists() for name in KERNEL_FILES)
    assert all((cache / name).exists() for name in OTHERS)
    assert (cache / "kernel.shoe-source").read_text() == _digest(source)


def test_an_unchanged_shoe_keeps_them(tmp_path: Path) -> None:
    cache, source = _cache(tmp_path, stamp=None)
    (cache / "kernel.shoe-source").write_text(_digest(source))
    assert not kernel.forget_stale_cache(cache, source)
    assert all((cache / name).exists() for name in (*KERNEL_FILES, *OTHERS))


def test_files_without_a_stamp_are_taken_as_stale(tmp_path: Path) -> None:
    cache, source = _cache(tmp_path, stamp=None)
    assert kernel.forget_stale_cache(cache, source)
    assert not (cache / KERNEL_FILES[0]).exists()
    source.write_text("def draw(): return 1\n")  # the shoe changes again
    (cache / KERNEL_FILES[0]).write_bytes(b"compiled")
    assert kernel.forget_stale_cache(cache, source)
    assert not (cache / KERNEL_FILES[0]).exists()


def test_a_changed_index_module_removes_them_too(tmp_path: Path) -> None:
    """The kernel holds the slots' and tables' indices frozen in: a change to them is stale."""
    cache, source = _cache(tmp_path, stamp=None)
    slots = tmp_path / "slots.py"
    slots.write_text("RC = 3\n")
    (cache / "kernel.shoe-source").write_text(_digest(source, slots))
    assert not kernel.forget_stale_cache(cache, source, slots)
    slots.write_text("RC = 4\n")
    assert kernel.forget_stale_cache(cache, source, slots)
    assert not any((cache / name).exists() for name in KERNEL_FILES)


def test_an_unwritable_cache_is_left_alone(tmp_path: Path) -> None:
    source = tmp_path / "shoe_kernel.py"
    source.write_text("x = 1\n")
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    assert not kernel.forget_stale_cache(blocked / "cache", source)  # no exception


def test_the_guard_watches_numbas_own_cache_directory(tmp_path: Path) -> None:
    """With ``NUMBA_CACHE_DIR`` set, numba caches there, not beside the module: the guard's
    stamp is written there too."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    code = "from trainer.simulator import kernel; print(kernel.cache_dir())"
    found = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    where = Path(found.stdout.strip())
    assert where.is_relative_to(tmp_path)
    stamp = where / "kernel.shoe-source"
    sources = [Path(kernel.__file__).with_name(name) for name in kernel.FROZEN_IN]
    assert stamp.read_text() == _digest(*sources)
    assert kernel.cache_dir() == Path(kernel.run_block._cache._cache_path)
