"""A rules form at a casino's rules: the options only the texts' home, club and banking games
change sit apart, behind one summary (a counter read 40 fields, the deal's auction and the
banker's draws among them: a walk); at a text's game, or once one of them is changed, every
field is in the one grid."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

from trainer.web.rules_form import TEXTS_ONLY


def grids(client: Any, rules: str) -> tuple[set[str], set[str]]:
    """The options whose fields are in the form's grid, and those apart."""
    page = client.get(f"/table/?rules={quote(rules)}").get_data(as_text=True)
    form = page[page.index('<details class="rule-options-box"') :]
    main, _, apart = form.partition('<details class="rule-options-apart">')
    named = re.compile(r'id="rule-field-([a-z_0-9]+)"')
    return set(named.findall(main)), set(named.findall(apart.split("</details>")[0]))


def test_at_a_casinos_rules_the_texts_options_sit_apart(client: Any) -> None:
    main, apart = grids(client, "vegas-6d-s17")
    assert apart == set(TEXTS_ONLY)
    assert {"deal_auction", "banker_best", "deal_method", "ties"} <= apart
    assert {"decks", "dealer_hits_soft_17", "surrender", "min_bet", "blackjack_pays"} <= main
    assert not main & apart
    page = client.get("/table/?rules=vegas-6d-s17").get_data(as_text=True)
    assert "Rules only the texts&#39; home, club and banking games change (" in page or (
        "Rules only the texts' home, club and banking games change (" in page
    )


@pytest.mark.parametrize("rules", ["twenty-one-home", "vegas-6d-s17 ties=dealer"])
def test_at_a_texts_game_or_one_of_its_rules_changed_every_field_is_in_the_grid(
    client: Any, rules: str
) -> None:
    main, apart = grids(client, rules)
    assert not apart
    assert {"deal_method", "ties", "decks"} <= main
