""" "a" or "an" before a word or a number, as it is spoken: "an 8", "an 11", "an 18", "an ace",
"a 10", "a one-deck game", "an A" (the letter), "a +3" ("a plus three").

English only: a sentence that needs it is written whole in English and the article is part of
the value put in it (``say("Your first card is %(card)s.", card=a_or_an("8"))``).
"""

from __future__ import annotations

import re

__all__ = ["a_or_an", "article"]

_NUMBER = re.compile(r"^([0-9][0-9,]*)")
# Letters whose names start with a vowel sound, read as letters ("an A", "an S-curve").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
# Words that start with a vowel letter and a consonant sound, and the other way round.
_CONSONANT_SOUNDS = ("one", "once", "uni", "use", "usu", "eu", "ewe", "ufo", "uti", "ure")
_VOWEL_SOUNDS = ("hour", "honest", "honour", "honor", "heir")


def _number_article(digits: str) -> str:
    """Numbers spoken from "eight", "eleven" or "eighteen" take "an"."""
    value = int(digits.replace(",", ""))
    if digits.startswith("8"):
        return "an"
    # 11, 18, 11,000-11,999, 18,000-18,999, 11 and 18 million...: "eleven ...", "eighteen ..."
    while value >= 1000:
        if value < 100_000 and value // 1000 in (11, 18):
            return "an"
        value //= 1000
    return "an" if value in (11, 18) else "a"


def article(word: str) -> str:
    """``"a"`` or ``"an"`` for ``word`` (a word, a number, a rank label, a letter)."""
    text = word.strip()
    if not text:
        return "a"
    number = _NUMBER.match(text)
    if number:
        return _number_article(number.group(1))
    if len(text) == 1 or (text.isupper() and len(text) <= 3):  # a letter or an initialism
        return "an" if text[0].upper() in _VOWEL_LETTERS else "a"
    lower = text.lower()
    if lower.startswith(_VOWEL_SOUNDS):
        return "an"
    if lower.startswith(_CONSONANT_SOUNDS):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def a_or_an(word: str) -> str:
    """``word`` with its article: ``"an 8"``, ``"a 10"``, ``"an ace"``."""
    return f"{article(word)} {word}"
