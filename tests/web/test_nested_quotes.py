"""A game's name carries its own guillemets («Клубное «Двадцать одно»»): quoted inside another
sentence's, Russian typography nests „…“ inside «…», in Python's sentences and templates' alike."""

from __future__ import annotations

import html
from typing import Any

from trainer.engine.words import nested_quotes


def test_the_inner_guillemets_become_low_and_high_quotes() -> None:
    assert nested_quotes("по правилам «Клубное «Двадцать одно»»") == (
        "по правилам «Клубное „Двадцать одно“»"
    )
    assert nested_quotes("«а» и «б»") == "«а» и «б»"
    assert nested_quotes("» «") == "» «"  # unbalanced: as it is


def test_the_rules_page_nests_a_games_quotes(app: Any, client: Any) -> None:
    app.config["LANGUAGES"] = ("en", "ru")
    page = client.get("/rules", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    text = html.unescape(page)
    assert "Тренироваться по правилам «Клубное „Двадцать одно“»" in text
    assert "««" not in text and "»»" not in text
