"""The rule sets the published-table tests study (tests/data/indices)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "indices"

STUDIED = {
    "i18-s17": "vegas-6d-s17 surrender=none",
    "fab4-s17": "vegas-6d-s17",
    "h17": "vegas-6d-h17",
}
