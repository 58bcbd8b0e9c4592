"""What a walk of the Russian pages read wrong, each mended: a verdict's plays said in the
sentences that pair them ("Not quite: %(right)s, not %(answer)s."; «нужно застраховаться, а
не не брать страховку»: every play against every other), the ace said as a word in a
deviation's working, a hint quoting its select's choice in the select's words, and the
fields' own numbers written as the page writes numbers («0,05», «−3»)."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from drills.deviation_why import PLAY_WORDS as _PLAY_WORDS
from drills.strategy_chart import _CHOICE_WORDS
from trainer.words import say

PLAYS = sorted(set(_PLAY_WORDS.values()) | set(_CHOICE_WORDS.values()))
SENTENCES = ("Not quite: %(right)s, not %(answer)s.", "Right: %(answer)s.")


@pytest.mark.parametrize("sentence", SENTENCES)
def test_no_play_is_said_with_a_double_not(app: Any, sentence: str) -> None:
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        said = [say(sentence, right=say(a), answer=say(b)) for a, b in permutations(PLAYS, 2)]
    assert said and all("Неверно" in s or "Верно" in s for s in said), said[:3]
    doubled = [s for s in said if " не не " in s or "нужно не " in s]
    assert not doubled, doubled


@pytest.mark.usefixtures("count_studies")  # a deviation's working reads its indices
@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Hard 11 against an ace (Hi-Lo): "), ("ru", "Жёсткие 11 против туза (Hi-Lo): ")],
)
def test_a_deviation_against_an_ace_says_the_ace_in_words(
    app: Any, language: str, said: str
) -> None:
    """A walk read «Жёсткие 11 против A» in a deviation's working, where the quiz says «против
    туза»: the ace is said as a word, as every other verdict says it."""
    from drills.deviations import DRILL
    from trainer.engine.rulebook.rules import Rules

    with app.test_request_context(headers={"Accept-Language": language}):
        grade = DRILL.grade("hi-lo 6S 5H v AD tc +3", "H", Rules.parse("vegas-6d-s17"))
    assert said in grade.explanation, grade.explanation
    assert "against A " not in grade.explanation and "против A " not in grade.explanation


@pytest.mark.usefixtures("count_studies")
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_deviations_hint_quotes_the_choice_it_names(client: Any, language: str) -> None:
    """The hint under the deviations' cells names a choice of the select beside it in its own
    words (a walk read «в диапазоне» there against «в заданных пределах» in the select)."""
    import html
    import re

    page = client.get(
        "/drills/deviations", headers={"Accept-Language": language}, follow_redirects=True
    )
    text = html.unescape(page.get_data(as_text=True))
    options = re.findall(r'<option value="[a-z0-9]+"[^>]*>([^<]+)</option>', text)
    hint = re.search(r"[“«]([^”»]+)[”»]\. ", text)
    assert hint is not None and options, text[:200]
    assert hint.group(1).lower() in [o.lower() for o in options], (hint.group(1), options)


@pytest.mark.usefixtures("count_studies")
@pytest.mark.parametrize(
    ("address", "field", "shown"),
    [
        ("/drills/deviations", "low", "−3"),
        ("/drills/bet-sizing", "risk", "0,05"),
        ("/indices?rules=vegas-6d-s17&system=hi-lo", "risk", "0,05"),
    ],
)
def test_a_fields_own_number_is_written_as_the_page_writes_numbers_and_read_back(
    client: Any, address: str, field: str, shown: str
) -> None:
    """A Russian page wrote «0,05» in its hint beside a field holding "0.05", and «−1» beside
    a field holding "-3": each field's number is written the page's way, and sent back as it
    stands it is read (not a 400)."""
    import html
    import re

    russian = {"Accept-Language": "ru"}
    page = client.get(address, headers=russian, follow_redirects=True)
    text = html.unescape(page.get_data(as_text=True))
    value = re.search(rf'<input name="{field}" value="([^"]*)"', text)
    assert value is not None and value.group(1) == shown, value and value.group(1)
    sent = client.get(
        page.request.full_path + f"&{field}={shown}", headers=russian, follow_redirects=True
    )
    assert sent.status_code == 200, sent.get_data(as_text=True)[:300]


@pytest.mark.usefixtures("count_studies")
def test_an_index_range_refused_is_quoted_as_typed(client: Any) -> None:
    """The range reads the true minus the field shows; a value it refuses is quoted as the
    learner typed it (it read back "--3" for "−−3"), nothing else changed."""
    import html

    page = client.get(
        "/drills/deviations?cells=range&low=\u2212\u22123&high=%2B3", follow_redirects=True
    )
    assert page.status_code == 400
    assert "not \u201c\u2212\u22123\u201d" in html.unescape(page.get_data(as_text=True))
