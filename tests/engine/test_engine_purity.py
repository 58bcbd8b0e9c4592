"""The engine is pure Python: importing it pulls in no web framework, store or drill."""

import subprocess
import sys


def test_importing_the_engine_imports_no_flask_store_or_drills():
    code = (
        "import sys, trainer.engine, trainer.engine.strategy;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlite_utils', 'drills')"
        " or m.startswith('trainer.web') or m.startswith('trainer.store')];"
        "print(','.join(sorted(bad)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""
