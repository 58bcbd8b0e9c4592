"""The rules page lists every rule a text leaves open, with the text's sentence (issue 27)."""

from __future__ import annotations

import html
import re
from typing import Any

from trainer.engine.banker.method3 import method3_game
from trainer.engine.banker.method3_table import table_figures
from trainer.engine.rulebook.interpretations import INTERPRETATIONS, PRESET_INTERPRETATIONS
from trainer.engine.rulebook.rule_words import OPTION_LABELS
from trainer.engine.rulebook.rules import find_preset


def _preset_section(page: str, name: str) -> str:
    start = page.index(f'id="preset-{name}"')
    end = page.find('<li class="preset', start)
    return page[start : end if end != -1 else len(page)]


def test_each_game_lists_its_interpretations_with_the_russian_sentence(client: Any) -> None:
    page = client.get("/rules").get_data(as_text=True)
    for name, keys in PRESET_INTERPRETATIONS.items():
        section = html.unescape(_preset_section(page, name))
        for key in keys:
            item = INTERPRETATIONS[key]
            assert f'id="interpretation-{key}"' in section or key in page
            assert item.quote in section, (name, key)
            assert item.gloss in section
            assert OPTION_LABELS[item.option].label in section
        assert '<blockquote lang="ru">' in section


def test_the_modern_tables_have_nothing_left_open(client: Any) -> None:
    page = client.get("/rules").get_data(as_text=True)
    assert "What the text leaves open" not in _preset_section(page, "vegas-6d-s17")


def test_no_engine_option_name_is_shown_for_an_interpretation(client: Any) -> None:
    page = client.get("/rules").get_data(as_text=True)
    section = _preset_section(page, "twenty-one-home")
    shown = re.sub(r"<[^>]*>", " ", section)  # the text a learner reads, not links' addresses
    options = {INTERPRETATIONS[key].option for key in PRESET_INTERPRETATIONS["twenty-one-home"]}
    named = [option for option in options if "_" in option]  # "ties" is a word too
    assert "deal_auction" in named
    assert [option for option in named if option in shown] == []


def test_method_3_gives_the_banks_edge_by_the_number_of_punters(client: Any) -> None:
    home = find_preset("twenty-one-home")
    method3_game(home)  # on disk for the page (the chart job's work)
    page = client.get("/rules").get_data(as_text=True)
    section = html.unescape(_preset_section(page, "twenty-one-home"))
    assert "The bank's edge by the number of punters" in section
    rows = re.findall(r'<th scope="row">(\d+)</th>', section)
    assert rows == [str(n) for n in (1, *(size.punters for size in table_figures(home)))]
    assert "18.74%" in section  # one punter: the game's own figure
    # Each error is shown to its first digit: 8,000 rounds give a few thousandths of a point,
    # which read "± 0.00%" at two decimals.
    errors = re.findall(r"± (\d+\.\d+)%", section)
    assert errors and all(float(error) > 0 for error in errors), errors
    # A plain heading (a walk found "The dealer at the game's chances" hard), one edge a size
    # (the dealer doubles by the table's own equilibrium at the tables the trainer seats, by
    # the game's chances at more, and his punters read them: docs/table.md), and the rows
    # past the trainer's table said to be for reference.
    table = section.split('class="reading-table"')[1].split("</table>")[0]
    assert re.findall(r'<th scope="col">([^<]*)</th>', table) == ["Punters", "The bank's edge"]
    assert (
        "At a table of up to 6 punters the dealer doubles as often as that table's own "
        "equilibrium asks (found by simulation, to within some 0.07 points), at more as "
        "against one punter" in section
    )
    assert "seats the dealer and at most 6 punters; the rows for more are for reference" in section


def test_the_banks_edge_keeps_each_russian_percent_sign_by_its_number(client: Any) -> None:
    """In Russian a percent follows its number after a no-break space: the ± cells had plain
    ones, and at 390 px a "%" wrapped onto a line of its own ("18,68 % ± 0,01" / "%")."""
    method3_game(find_preset("twenty-one-home"))
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = client.get("/rules").get_data(as_text=True)
    section = html.unescape(_preset_section(page, "twenty-one-home"))
    table = section.split('class="reading-table"')[1].split("</table>")[0]
    cells = re.findall(r"<td>([^<]*%[^<]*)</td>", table)
    assert any("±" in cell for cell in cells), cells
    assert [cell for cell in cells if " %" in cell] == []


def test_a_readings_edge_is_the_banks_at_a_bank_game_and_the_houses_at_the_casino(
    client: Any,
) -> None:
    """002's home game has no casino: its readings said «Преимущество казино» (a Russian
    reader's walk), and at 004 a reading giving the punter more read "−9.248 points" under a
    bare "Against ours": the column now says whose edge the difference is of."""
    page = client.get("/rules").get_data(as_text=True)
    home = html.unescape(_preset_section(page, "twenty-one-home"))
    assert "The bank's edge under this reading: " in home and "House edge" not in home
    assert "The bank's edge against ours, in percentage points" in home
    assert "the house's" not in home
    casino = html.unescape(_preset_section(page, "casino-boxes"))
    if "Readings of the text" in casino:  # (003's readings, where it has any)
        assert "bank's" not in casino
    russian = client.get("/rules", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    home_ru = html.unescape(_preset_section(russian, "twenty-one-home"))
    assert "Преимущество банка при таком прочтении" in home_ru and "казино" not in home_ru


def test_a_games_open_rules_and_readings_are_folded_but_at_the_chosen_game(
    client: Any, csrf: Any
) -> None:
    """The page ran to 4,200 words, each card as tall as its readings (a learner's walk): the
    open rules and the readings are folded, open at the learner's own game only."""
    page = client.get("/rules").get_data(as_text=True)  # Las Vegas, six decks, chosen
    home = _preset_section(page, "twenty-one-home")
    assert home.count('<details class="fold">') == 2 and '<details class="fold" open>' not in home
    assert "What the text leaves open" in home and "Readings of the text" in home
    chosen = client.post("/rules", data={"preset": "twenty-one-home", "csrf_token": csrf()})
    assert chosen.status_code == 303
    page = client.get("/rules").get_data(as_text=True)
    assert _preset_section(page, "twenty-one-home").count('<details class="fold" open>') == 2
    assert '<details class="fold" open>' not in _preset_section(page, "russian-bank")


def test_a_reading_after_a_colon_goes_on_in_lower_case_in_russian(client: Any) -> None:
    # «Тренажёр понимает это так: Разделить решает игрок», «Мы читаем так: Удвоить можно…» (a
    # walk): Russian goes on after a colon in lower case; English keeps the sentence's capital.
    import html
    import re

    russian = html.unescape(client.get("/rules", headers={"Accept-Language": "ru"}).text)
    after = re.findall(r"(?:понимает это так|Мы читаем так): (\w\w)", russian)
    assert after and all(not (w[0].isupper() and w[1].islower()) for w in after), after
    english = html.unescape(client.get("/rules").text)
    assert re.search(r"(?:reads it so|We read it so): [A-Z][a-z]", english)
