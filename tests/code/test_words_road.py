"""Plurals go through the catalogue: no word made plural by hand with an "s" (``"s" if n != 1``,
``+ "s"``) in the code or the templates, where a translation could not choose the form its
language uses (1 колода, 2 колоды, 5 колод). Write ``plural("%(count)s deck", "%(count)s
decks", n)`` (:mod:`trainer.engine.words`, :mod:`trainer.words`), in templates the same
``plural``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# An "s" (or "es") added to a word by a condition or a concatenation.
HAND_MADE = re.compile(
    r"""(?x)
    ["'](?:e?s)["']\s+if\b            # "s" if n != 1
    | \+\s*["'](?:e?s)["']            # word + "s"
    | \{\s*["'](?:e?s)["']\s+if\b     # {'s' if n > 1 else ''} in an f-string
    """
)


def sources() -> list[Path]:
    found = [p for root in ("trainer", "drills") for p in (ROOT / root).rglob("*.py")]
    return sorted(found + list((ROOT / "templates").rglob("*.html")))


def test_no_plural_is_made_by_hand() -> None:
    made = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if HAND_MADE.search(line)
    ]
    assert made == []


def test_the_check_sees_a_plural_made_by_hand() -> None:
    for line in ('f"{n} deck{\'s\' if n > 1 else \'\'}"', 'card{{ "s" if n != 1 }}',
                 'word + "s"'):  # fmt: skip
        assert HAND_MADE.search(line), line
    assert not HAND_MADE.search('plural("%(count)s deck", "%(count)s decks", n)')
