"""The rules' fields: a choice as long as the deal method's ("first card face down, then bets,
then the second card face up") is read whole in its field on a desktop screen, in either
language (it was cut at 1280 px, a walk)."""

from __future__ import annotations

from typing import Any

import pytest

DESKTOP = {"width": 1280, "height": 900}
# Each rule select: its width inside its padding and arrow, and its chosen words' width.
_WIDTHS = """() => [...document.querySelectorAll('select[name^="rule-"]')].map(s => {
  const style = getComputedStyle(s), measure = document.createElement('canvas').getContext('2d');
  measure.font = style.font;
  const inside = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [s.name, inside - 16, measure.measureText(s.options[s.selectedIndex].text).width];
})"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_rule_choice_is_read_whole_on_a_desktop(page_with: Any, language: str) -> None:
    page = page_with(viewport=DESKTOP, extra_http_headers={"Accept-Language": language})
    page.goto("/table/?rules=twenty-one-home")
    page.locator("details.rule-options-box > summary").click()
    widths = page.evaluate(_WIDTHS)
    assert any(name == "rule-deal_method" for name, _, _ in widths)
    cut = [(name, room, words) for name, room, words in widths if words > room]
    assert not cut, cut
