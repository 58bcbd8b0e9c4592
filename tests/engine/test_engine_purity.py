"""The engine is pure Python: importing it pulls in no web framework, store or drill."""

import subprocess
import sys


def test_importing_the_engine_imports_no_flask_store_or_drills():
    # Every module of the engine, since the package itself imports its names only on first use.
    code = (
        "import importlib, pkgutil, sys, trainer.engine;"
        "[importlib.import_module(m.name) for m in"
        " pkgutil.walk_packages(trainer.engine.__path__, 'trainer.engine.')];"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlite_utils', 'drills')"
        " or m.startswith('trainer.web') or m.startswith('trainer.store')];"
        "print(','.join(sorted(bad)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""


def test_every_name_the_engine_exports_is_there():
    import trainer.engine

    for name in trainer.engine.__all__:
        assert getattr(trainer.engine, name) is not None
    assert "Card" in dir(trainer.engine)
