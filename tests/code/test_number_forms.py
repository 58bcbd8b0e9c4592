"""Every number a page writes goes through the one formatting helper (``number`` and its kin,
trainer/words.py), which writes it in the page's language: never through Jinja's ``format``
with a printf pattern, which wrote "23.006 %" on a Russian page (004's edge, a Russian
reader's walk)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRINTF = re.compile(r"""["']%[0-9]*\.?[0-9]*[dfeg]["']\s*\|\s*format""")


def test_no_template_writes_a_number_with_a_printf_pattern() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PRINTF.search(line)
    ]
    assert not found, found
