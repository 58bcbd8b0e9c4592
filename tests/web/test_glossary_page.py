"""The glossary page (/glossary): every term of the data file, its English, the texts' sentences
and its note, in English and in Russian; linked from the rules page and every page's footer; no
JavaScript needed (a plain page)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tests.conftest import app_config
from trainer import create_app
from trainer.engine.rulebook.glossary import terms

CATALOGUE = Path(__file__).resolve().parents[2] / "trainer/translations/ru/LC_MESSAGES/messages.po"


def _russian(english: str) -> str:
    with CATALOGUE.open("rb") as handle:
        message = read_po(handle).get(english)
    assert message is not None and message.string, english
    return str(message.string)


def _page(client: Any, **headers: str) -> str:
    response = client.get("/glossary", headers=headers)
    assert response.status_code == 200
    assert "<script>" not in response.get_data(as_text=True)  # a plain page: no inline script
    return html.unescape(response.get_data(as_text=True))


def test_the_page_lists_every_term_with_its_english_sentences_and_note(client: Any) -> None:
    page = _page(client)
    assert "<h1>Glossary</h1>" in page
    for term in terms():
        assert f'id="term-{term.key}"' in page
        assert f'<span lang="ru">{term.russian}</span>' in page
        assert f'<span lang="en">{term.english}</span>' in page
        for quote in term.quotes:
            assert quote.text in page, quote.text
        assert term.note in page


@pytest.fixture
def bilingual(tmp_path: Path, strategy_charts: None) -> Any:
    return create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))


@pytest.mark.long
def test_in_russian_the_notes_and_headings_are_the_catalogues(bilingual: Any) -> None:
    page = _page(bilingual.test_client(), **{"Accept-Language": "ru"})
    assert f"<h1>{_russian('Glossary')}</h1>" in page
    for term in terms():
        assert f'<span lang="ru">{term.russian}</span>' in page
        if term.note:
            assert _russian(term.note) in page
            assert term.note not in page
    assert _russian("Source %(number)s") % {"number": "004"} in page


def test_the_rules_page_and_every_footer_link_to_it(client: Any) -> None:
    for url in ("/rules", "/", "/drills/"):
        assert 'href="/glossary"' in client.get(url).get_data(as_text=True), url


def test_back_counting_has_one_clear_russian_term_the_glossary_explains() -> None:
    """«Счёт из-за стола» read as "from behind a table" or "because of the table": the pages say
    «счёт со стороны» everywhere, and the glossary says why (and the words counters also use)."""
    with CATALOGUE.open("rb") as handle:
        catalogue = read_po(handle)
    behind = re.compile(r"(счёт\w*|счета|считать|считает|смотр\w*)( раунды)? из-за стола", re.I)
    for message in catalogue:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            assert not behind.search(string or ""), string
    assert _russian("Back-counting") == "Счёт со стороны"
    term = next(t for t in terms() if t.key == "back-counting")
    assert term.russian == "счёт со стороны" and "counting" in term.games
    assert "из-за стола" in term.note and "бэккаунтинг" in _russian(term.note)
