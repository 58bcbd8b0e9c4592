"""The engine's own sentences go through the catalogue (:mod:`trainer.engine.words`): the rules
in plain words and the table's refusals are whole sentences said by ``say`` or ``plural``, each
string a literal ``pybabel extract`` finds (or a word marked ``N_`` where it is written), so
that a translation (issue 30) can replace every one of them whole."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords

from trainer.engine import words
from trainer.engine.play.table import InvalidTableError
from trainer.engine.play.table_setup import TableSetup
from trainer.engine.rulebook import rule_words
from trainer.engine.rulebook.rules import PRESETS, Rules

ENGINE = Path(__file__).resolve().parents[2] / "trainer" / "engine"
# Rule sets whose lines take every branch of the summary: the presets, and these changes.
CHANGES = (
    "decks=1 penetration=1 max_draws=1 max_seats=1 max_bet=none",
    "decks=2 double_on=9-11 double_after_split=false split_by=value resplit_aces=true",
    "hole_card=none surrender=early surrender_vs_ace=false ties=dealer dealer_stands_on=16",
    "hole_card=none surrender=late no_hole_card_loses=original insurance=false",
    "double_on=none max_split_hands=1 surrender=none split_aces_one_card=true",
)


class Marking(gettext.NullTranslations):
    """A catalogue that writes every message it is asked for between « and », and keeps it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add(singular)
        self.asked.add(plural)
        return f"«{singular if n == 1 else plural}»"


@pytest.fixture
def marking() -> Iterator[Marking]:
    catalogue = Marking()
    words.use(lambda: catalogue)
    try:
        yield catalogue
    finally:
        words.use(gettext.NullTranslations)


def extracted() -> set[str]:
    """Every message ``pybabel extract`` finds in the engine, by the words' keywords."""
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(list(words.KEYWORDS))}  # as pybabel -k
    found: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ENGINE), method_map=[("**.py", "python")], keywords=keywords
    ):
        found.update([message] if isinstance(message, str) else message)
    return found


def rule_sets() -> list[Rules]:
    found = list(PRESETS.values())
    found += [Rules.parse(f"vegas-6d-s17 {changes}") for changes in CHANGES]
    return found


def test_every_line_of_the_rules_is_one_sentence_of_the_catalogue(marking: Marking) -> None:
    for rules in rule_sets():
        for line in [*rule_words.summary_lines(rules), rule_words.short_summary(rules)]:
            if line in rules.interpretation:  # the texts' readings: issue 30 words them
                continue
            assert line.startswith("«") and line.endswith("»"), line
        for option in rules.changes():
            assert rule_words.OPTION_LABELS[option].label == (
                f"«{rule_words.OPTION_LABELS[option].label_text}»"
            )
    assert marking.asked <= extracted(), sorted(marking.asked - extracted())


def test_plurals_follow_the_count_in_the_rules() -> None:
    one = rule_words.summary_lines(Rules.parse(f"vegas-6d-s17 {CHANGES[0]}"))
    assert "1 deck, dealt to the end of the pack" in one
    assert "At most 1 card drawn to a hand" in one
    assert "At most 1 player besides the dealer" in one
    assert rule_words.summary_lines(PRESETS["vegas-6d-s17"])[0].startswith("6 decks, cut card")


def test_the_tables_refusals_are_sentences_of_the_catalogue(marking: Marking) -> None:
    casino = PRESETS["casino-boxes"]
    for setup, rule in [
        (dict(others=7, boxes=1), "others"),
        (dict(others=5, boxes=3), "seats"),
        (dict(others=1, boxes=1, co_bettors=casino.box_bettors), "box_bettors"),
    ]:
        with pytest.raises(InvalidTableError) as refused:
            TableSetup(casino, seed=1, **setup)  # type: ignore[arg-type]
        named, _, sentence = str(refused.value).partition(": ")
        assert named == rule
        assert sentence.startswith("«") and sentence.endswith("»"), sentence
    assert "%(count)s co-bettor at most" in " ".join(marking.asked)
    assert marking.asked <= extracted(), sorted(marking.asked - extracted())


def test_a_box_takes_its_co_bettors_in_the_right_number() -> None:
    casino = PRESETS["casino-boxes"]
    assert casino.box_bettors == 3
    with pytest.raises(InvalidTableError, match="takes 2 co-bettors at most, not 3"):
        TableSetup(casino, others=1, boxes=1, seed=1, co_bettors=3)
    two = Rules.parse("casino-boxes box_bettors=2")
    with pytest.raises(InvalidTableError, match="takes 1 co-bettor at most, not 2"):
        TableSetup(two, others=1, boxes=1, seed=1, co_bettors=2)


# The English words the payout drills once chose the rules' lines by: every line they chose
# must still be chosen, in any language.
PAYOUT_WORDS = ("pay", "Insurance", "insurance", "urrender", "Ties", "hole card", "collects", "21")


@pytest.mark.parametrize(
    "notation", [*sorted(PRESETS), *(f"vegas-6d-s17 {changes}" for changes in CHANGES)]
)
def test_the_payout_and_dealer_lines_are_chosen_by_rule_not_by_word(
    notation: str, marking: Marking
) -> None:
    """In another language the payout drills show the same lines as in English: a catalogue
    that rewrites every message (as Russian does) loses none of them."""
    rules = Rules.parse(notation)
    words.use(gettext.NullTranslations)
    english = rule_words.summary_lines(rules)
    chosen = rule_words.payout_lines(rules)
    stated = [line for line in chosen if line not in rules.interpretation]
    assert stated == [
        line
        for line in english
        if line not in rules.interpretation and any(word in line for word in PAYOUT_WORDS)
    ]
    dealer = rule_words.dealer_lines(rules)
    assert all(line in english for line in dealer) and dealer
    words.use(lambda: marking)
    assert len(rule_words.payout_lines(rules)) == len(chosen)
    said = [line for line in rule_words.payout_lines(rules) if line not in rules.interpretation]
    assert said and all(line.startswith("«") for line in said)
