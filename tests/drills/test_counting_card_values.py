"""Each counting system shows its card values where it is chosen."""

from __future__ import annotations

from typing import Any

from drills.counting.preferences import card_values, system_choices
from trainer.engine.counting import SYSTEMS


def test_hi_lo_and_red_7_in_plain_words() -> None:
    # Hi-Lo: 2-6 count +1, 7-9 nothing, tens and aces -1 (tests/data/counting_tags.json).
    # A negative value takes the true minus sign (issue 26), a range the en dash; each group's
    # value after a colon, the groups apart by semicolons (a walk read "7-9 0" as a sum).
    assert card_values(SYSTEMS["hi-lo"]) == "2\u20136: +1; 7\u20139: 0; 10, A: \u22121"
    # Red 7: as Hi-Lo, but a red seven counts +1.
    assert "7: +1 red, 0 black" in card_values(SYSTEMS["red-7"])
    assert card_values(SYSTEMS["wong-halves"]).startswith("2: +0.5; 3, 4: +1; 5: +1.5")


def test_the_menu_names_every_systems_values() -> None:
    for slug, text in system_choices():
        system = SYSTEMS[slug]
        assert text == f"{system.name}: {card_values(system)}"
        for rank in ("2", "9", "10", "A"):
            assert rank in text


def test_half_values_take_the_languages_decimal_mark(app: Any) -> None:
    """Wong Halves in Russian: "+0,5", as every other number on a Russian page (issue 30's
    walk found "+0.5" in the Russian menus)."""
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        values = card_values(SYSTEMS["wong-halves"])
    assert values.startswith("2: +0,5; 3, 4: +1; 5: +1,5")  # (not «+0,5, 3 4»: one number?)
    assert "9: \u22120,5" in values
