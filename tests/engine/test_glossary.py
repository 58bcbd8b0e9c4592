"""The glossary's data (trainer/engine/rulebook/glossary.toml): every sentence it quotes is the
text's own, word for word, in the text it names (copies of the seed texts are in
tests/data/seeds/); every term issue 30 names is there with its English; bad data is refused
naming the term; and `make messages` finds every note to translate."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from trainer.engine.rulebook.glossary import DATA, GlossaryError, extract_notes, read, terms

SEEDS = Path(__file__).resolve().parents[1] / "data" / "seeds"


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _seed(source: str) -> str:
    (path,) = SEEDS.glob(f"{source}_*.txt")
    return _plain(path.read_text(encoding="utf-8"))


def test_the_seed_copies_are_all_here() -> None:
    assert sorted(path.name[:3] for path in SEEDS.glob("*.txt")) == ["000", "002", "003", "004"]


@pytest.mark.parametrize("term", terms(), ids=lambda term: term.key)
def test_each_quote_is_the_named_texts_own_sentence(term: object) -> None:
    for quote in term.quotes:  # type: ignore[attr-defined]
        assert _plain(quote.text) in _seed(quote.source), (quote.source, quote.text)


def test_a_changed_word_is_not_found() -> None:
    assert _plain("Банкомёт сдает всем понтерам по две карты") not in _seed("004")  # ё, not е


def test_every_game_term_has_a_quote_and_every_counting_term_none() -> None:
    for term in terms():
        if term.games == ("counting",):
            assert term.quotes == (), term.key
        else:
            assert term.quotes, term.key


# Each term issue 30 and its second reading name, by its English (the glossary's, in part).
NAMED = {
    "банкомёт": "banker",
    "понтёр": "punter",
    "сдатчик": "dealer",
    "талия": "talia",
    "прикупка": "drawing",
    "прикупать": "to draw",
    "перебор": "bust",
    "очко": "point",
    "блэк джек": "blackjack",
    "стоять": "to stand",
    "страховка": "insurance",
    "равные деньги": "even money",
    "удвоение": "double",
    "разделение карт": "split",
    "сарэнда": "surrender",
    "текущий счёт": "running count",
    "истинный счёт": "true count",
    "базовая стратегия": "basic strategy",
    "отклонение по индексу": "index play",
    "риск разорения": "risk of ruin",
    "пенетрация": "penetration",
    "шуз": "shoe",
}


@pytest.mark.parametrize("russian", NAMED)
def test_every_named_term_is_there_with_its_english(russian: str) -> None:
    found = [term for term in terms() if russian in re.split(r"[,;] ", term.russian)]
    assert found, russian
    assert any(NAMED[russian] in term.english for term in found), [t.english for t in found]


def test_002s_ochko_is_the_natural_not_the_game() -> None:
    (natural,) = [term for term in terms() if term.key == "ochko-natural"]
    assert natural.games == ("002",) and "natural" in natural.english
    assert any("(очко)" in quote.text for quote in natural.quotes)


BAD = {
    "an unknown game": 'games = ["005"]\nquotes = []',
    "a quote of a text not among its games": (
        'games = ["004"]\nquotes = [{ source = "002", text = "x" }]'
    ),
    "no game": "games = []\nquotes = []",
}


@pytest.mark.parametrize("case", BAD)
def test_bad_data_is_refused_naming_the_term(case: str) -> None:
    data = f'[[term]]\nkey = "odd"\nrussian = "р"\nenglish = "e"\n{BAD[case]}\n'
    with pytest.raises(GlossaryError, match="odd"):
        read(data.encode())


def test_a_key_used_twice_is_refused() -> None:
    entry = '[[term]]\nkey = "twice"\nrussian = "р"\nenglish = "e"\ngames = ["004"]\n'
    with pytest.raises(GlossaryError, match="twice"):
        read((entry * 2).encode())


def test_the_extractor_finds_every_note_for_the_catalogue() -> None:
    found = list(extract_notes(io.BytesIO(DATA.read_bytes()), (), (), {}))
    notes = [message for _, _, message, _ in found]
    assert notes == [term.note for term in terms() if term.note]
    assert all(line > 0 for line, _, _, _ in found)
