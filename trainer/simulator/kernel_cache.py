"""numba's cache of the simulator's compiled modules, kept true to their sources: numba notices a
change to a module's own source only, and the kernel's and the shoe's compiled functions hold
the slots' and tables' indices frozen in (:mod:`trainer.simulator.kernel`'s note)."""

from __future__ import annotations

import hashlib
from pathlib import Path

# The simulator's modules numba compiles, by the names their cache files start with.
COMPILED_MODULES = ("kernel", "shoe_kernel")
# The sources whose names and indices they hold frozen in, beside their own.
FROZEN_IN = ("shoe_kernel.py", "slots.py", "tables.py")


def forget_stale_cache(cache: Path, *sources: Path) -> bool:
    """Remove the simulator's numba cache files (this module's and the shoe's) from ``cache``
    when any of ``sources`` (what their compiled functions hold frozen in) has changed since
    they were written (a fingerprint of them is kept beside them); whether it did. An
    unwritable cache is left alone (numba then keeps what it compiles in memory)."""
    stamp = cache / "kernel.shoe-source"
    fingerprint = hashlib.sha256()
    for source in sources:
        fingerprint.update(hashlib.sha256(source.read_bytes()).digest())
    digest = fingerprint.hexdigest()
    try:
        if stamp.exists() and stamp.read_text(encoding="ascii") == digest:
            return False
        for module in COMPILED_MODULES:
            for old in cache.glob(f"{module}.*.nb[ic]"):
                old.unlink(missing_ok=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest, encoding="ascii")
    except OSError:
        return False
    return True
