"""What a home-game verdict says the dealer's double tells, in English and Russian: a card that
would make a natural with the up card is left out (he would have shown it), and a list of cards
his face-down card is not reads as Russian says it («не туз и не десятка»)."""

from __future__ import annotations

from typing import Any

import pytest

from drills.method3_quiz import double_words

# An ace or a ten always, a five and a six at times (the game's equilibrium's shape).
CHANCES = (1.0, 0.0, 0.0, 0.0, 0.84, 0.46, 0.0, 0.0, 0.0, 1.0)


@pytest.mark.parametrize(
    ("doubled", "up", "said", "unsaid"),
    [
        (True, 7, "an ace or a ten (always) or a 5 or a 6 (at times)", None),
        (True, 10, "a ten (always) or a 5 or a 6 (at times)", "an ace"),
        (True, 1, "an ace (always) or a 5 or a 6 (at times)", "a ten"),
        (False, 7, "is not an ace or a ten, and less likely a 5 or a 6", None),
        (False, 10, "is not a ten, and less likely", "an ace"),
    ],
)
def test_a_card_the_dealer_would_have_shown_is_not_named(
    doubled: bool, up: int, said: str, unsaid: str | None
) -> None:
    text = double_words(doubled, CHANCES, up)
    assert said in text
    assert unsaid is None or unsaid not in text


def test_in_russian_the_cards_it_is_not_read_as_russian_says_them(app: Any) -> None:
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert "закрытая карта — не туз и не десятка" in double_words(False, CHANCES, 7)
        assert "туз или десятка (всегда), 5 или 6 (иногда)" in double_words(True, CHANCES, 7)
