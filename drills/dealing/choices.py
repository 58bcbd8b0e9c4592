"""What the dealer's choice drills share: the page's one option (:class:`PageOption`, drawn by
``templates/drills/dealing.html``), and the order a question's choices are shown in, fixed by
its notation so that a question shown again shows them alike and the right one is not always
first."""

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
