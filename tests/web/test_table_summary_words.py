"""The end-of-shoe summary in plain English: the heading says how it ended, how many rounds and
what the learner won or lost; each error says what the learner did and what was right (not
"Doubling the bets: you said no double"), its cost, and the few cards it turned on."""

from __future__ import annotations

import re
from typing import Any

import pytest

from drills.table_sums import error_words
from tests.web.test_table_dealing_luck import deal_to_the_end
from tests.web.test_table_dealing_web import HOME_TABLE
from tests.web.test_table_pages import BANK_TABLE

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")


@pytest.mark.parametrize(
    ("name", "answer", "right", "words"),
    [
        ("play", "H", "S", "you hit, where standing was right"),
        ("play", "R", "S", "you surrendered, where standing was right"),
        ("insurance", "I", "N", "you took insurance, where declining it was right"),
        ("insurance", "N", "I", "you declined insurance, where taking it was right"),
        ("rc", "+3", "+5", "you gave the running count as +3, where it was +5"),
        ("tc", "-1", "+0", "you gave the true count as -1, where it was +0"),
        ("bet1", "40", "5", "you bet 40 on box 2, where the ramp bets 5"),
        ("dealer", "draw", "stand", "you drew a card, where standing was right"),
        ("dealer", "stand", "draw", "you stood, where drawing a card was right"),
        (
            "double",
            "no double",
            "double",
            "you did not double the bets, where doubling them was right",
        ),
        ("double", "double", "no double", "you doubled the bets, where not doubling was right"),
        ("redouble", "no redouble", "redouble", "you did not redouble, where redoubling was right"),
        ("wong", "L", "S", "you chose to leave, where the count said to stay"),
        ("wong", "C", "W", "you chose to come in, where the count said to watch"),
    ],
)
def test_each_kind_of_error_reads_as_a_sentence(
    name: str, answer: str, right: str, words: str
) -> None:
    assert error_words(name, answer, right) == words


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".").strip()


@pytest.mark.long
@pytest.mark.parametrize(
    ("table", "line"),
    [
        (
            HOME_TABLE,
            r"you (did not double|doubled) the bets, where (doubling them|not doubling) was right",
        ),
        (BANK_TABLE, r"you (drew a card|stood), where (standing|drawing a card) was right"),
    ],
)
def test_a_dealing_tables_summary_reads_as_plain_english(
    table: dict[str, Any], line: str, client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The home table's first choice is its double; the bank's first two are draws. A double
    # on a first card the dealer doubles on at times (a five or a six at method 3's
    # equilibrium) is right either way: then another table is dealt.
    for _ in range(12):
        page, _ = deal_to_the_end(
            client, csrf, db, hidden_fields, table, 1 if table is HOME_TABLE else 2
        )
        summary = page.split('class="table-summary"')[1].split("</section>")[0]
        heading = text_of(summary.split("</h2>")[0])
        assert re.search(r": \d+ rounds? played, and you (won \d|lost \d|broke even)", heading)
        lists = re.findall(r'<ol class="table-errors">(.*?)</ol>', summary, re.S)
        errors = re.findall(r"<li>(.*?)</li>", "".join(lists), re.S)
        # Only the dealer's choices: at twenty-one-home the deal may pass to a punter's
        # natural, and the learner's plays as a punter (always standing here) have errors of
        # their own.
        errors = [e for e in errors if re.search(line, text_of(e))]
        if errors or table is not HOME_TABLE:
            break
    assert len(errors) == 1
    said = text_of(errors[0])
    # With the few cards it turned on (the dealer's own, ranks with suit symbols), never the
    # question's notation.
    card = r"(10|[2-9JQKA])[♠♥♦♣]"
    # As the table's verdict says it: the dealer's choices are priced in table minimums.
    cost = r"(under 1% of the minimum|\d+(\.\d\d?)?% of the minimum|\d+(\.\d\d?)? table minimums?)"
    assert re.fullmatch(rf"Round \d+ , {card}( {card})* : {line} \(it cost {cost}\)\.", said), said
    assert "Drilled again" not in summary
    # A pack dealt to its end is no shoe (both tables here: 002 home, 004).
    assert "in this pack" in summary and "this shoe" not in summary
    assert "you said" not in summary and "Doubling the bets" not in summary
    assert "Only your choices as the dealer" in summary
