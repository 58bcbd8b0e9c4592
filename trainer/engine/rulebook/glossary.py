"""The games' own words: every term the source texts use (банкомёт, понтёр, сдатчик, талия,
прикупка...) and the words Russian counters use, each with its English, the games it belongs to,
the texts' sentences quoting it and, where the interface chose one word among several, a note
saying which and why. The terms live in ``glossary.toml`` beside this module (the data, with
each sentence's source named); the glossary page (/glossary) lists them.

The notes are English and reach a learner through the catalogue: :func:`extract_notes` is the
extractor ``babel.cfg`` names for the data file, so that ``make messages`` finds them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["GAMES", "Quote", "Term", "extract_notes", "terms"]

DATA = Path(__file__).with_name("glossary.toml")

# The games a term belongs to: a source text's number, or the counters' usage (no text).
GAMES = ("000", "002", "003", "004", "counting")


@dataclass(frozen=True)
class Quote:
    """One sentence of a source text using a term, word for word."""

    source: str  # "004"
    text: str


@dataclass(frozen=True)
class Term:
    """One term of the glossary."""

    key: str  # its anchor on the page: "bankomyot"
    russian: str  # as the pages write it: "банкомёт"
    english: str  # "banker"
    games: tuple[str, ...]  # ("004",)
    quotes: tuple[Quote, ...]
    note: str = ""  # in English: which word the pages use, and why


class GlossaryError(ValueError):
    """The data file says something a glossary cannot: an unknown game, a quote of no text."""


def _term(entry: dict[str, Any]) -> Term:
    quotes = tuple(Quote(str(q["source"]), str(q["text"])) for q in entry.get("quotes", ()))
    term = Term(
        key=str(entry["key"]),
        russian=str(entry["russian"]),
        english=str(entry["english"]),
        games=tuple(str(game) for game in entry["games"]),
        quotes=quotes,
        note=str(entry.get("note", "")),
    )
    unknown = [game for game in term.games if game not in GAMES]
    strays = [quote.source for quote in quotes if quote.source not in term.games]
    if unknown or strays or not term.games:
        raise GlossaryError(f"{term.key}: games {term.games}, quoted from {strays or 'them'}")
    return term


def read(data: bytes) -> tuple[Term, ...]:
    """The terms a glossary file holds, in its order.

    :raises GlossaryError: naming the term whose games or sources are wrong.
    """
    found = tuple(_term(entry) for entry in tomllib.loads(data.decode("utf-8"))["term"])
    keys = [term.key for term in found]
    if len(set(keys)) != len(keys):
        raise GlossaryError(f"a key is used twice: {sorted(keys)}")
    return found


@cache
def terms() -> tuple[Term, ...]:
    """The glossary's terms, read once from ``glossary.toml``."""
    return read(DATA.read_bytes())


def extract_notes(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for a glossary file: each term's note, a message to translate (its
    line is where its term starts; the comment names the term)."""
    data = fileobj.read()
    lines = data.decode("utf-8").splitlines()
    for term in read(data):
        if term.note:
            line = next((n for n, text in enumerate(lines, 1) if text == f'key = "{term.key}"'), 0)
            yield line, "gettext", term.note, [f"glossary: {term.russian}"]
