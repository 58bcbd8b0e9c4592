"""What the dealer's choice drills share: the page's one option (:class:`PageOption`, drawn by
``templates/drills/dealing.html``), and the order a question's choices are shown in, fixed by
its notation so that a question shown again shows them alike and the right one is not always
first; and a long choice's gist, as a wrong answer's verdict quotes it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

Item = TypeVar("Item")


def in_fixed_order(notation: str, items: Iterable[Item], slug: Callable[[Item], str]) -> list[Item]:
    """``items`` sorted by a hash of the notation and each item's slug."""

    def key(item: Item) -> str:
        return hashlib.sha256(f"{notation}/{slug(item)}".encode()).hexdigest()

    return sorted(items, key=key)


@dataclass(frozen=True)
class PageOption:
    """The drill page's one option: its query field, label, values (slug to words), the words
    for "any of them" and the button's."""

    field: str
    label: str
    values: dict[str, str]
    any: str
    button: str


# A choice of more words than this is quoted by its beginning (:func:`gist`): a wrong answer's
# verdict line holds about 15 words (templates/drills/dealing.html).
WHOLE_WORDS = 11


def gist(label: str) -> str:
    """A choice's words as a verdict quotes them: whole where short; else their beginning, to
    the first clause's end after three words at least, or before the last "and" of the first
    nine words, or those nine, then "…". The beginning of the button's own words, in whatever
    language it is written (a gist of its own wording was quoted as the right answer and read
    on no button: a walk)."""
    words = label.split()
    if len(words) <= WHOLE_WORDS:
        return label
    for n, word in enumerate(words[:WHOLE_WORDS], start=1):
        if n >= 3 and word[-1] in ":;,":
            return " ".join([*words[: n - 1], word[:-1]]) + "\u2026"
    ands = [n for n, word in enumerate(words[:9]) if n >= 3 and word in _AND]
    return " ".join(words[: ands[-1] if ands else 9]) + "\u2026"


_AND = frozenset({"and", "и"})
