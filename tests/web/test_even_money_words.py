"""Even money's verdict in one short natural line (right or wrong, the right play and what the
other costs) and one sentence of why, on the basic-strategy quiz and at the table."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.conftest import sealed
from trainer.web.table_verdict import stored_verdicts

NATURAL = "AS KH v AD insurance"


def heading_and_why(page: str) -> tuple[str, str]:
    text = html.unescape(page)
    heading = re.search(r'<h2 id="feedback-heading"[^>]*>(.*?)</h2>', text, re.S)
    why = re.search(r'<p class="why">(.*?)</p>', text, re.S)
    assert heading and why, "no verdict"
    return heading.group(1).strip(), why.group(1).strip()


def test_even_money_on_the_quiz_reads_as_one_line_and_one_sentence(
    client: Any, hidden_fields: Any
) -> None:
    form = hidden_fields(client.get("/drills/basic-strategy?rules=vegas-6d-s17").get_data(True))
    form = sealed({**form, "question": NATURAL}, "basic-strategy")
    wrong = client.post(
        "/drills/basic-strategy/answer", data={**form, "answer": "I"}, follow_redirects=True
    )
    assert wrong.status_code == 200
    line, why = heading_and_why(wrong.get_data(as_text=True))
    # Under Vegas 3:2 rules the natural is worth more played out than even money's sure 1.
    assert re.fullmatch(
        r"Not quite: play the natural out; even money costs \d+(\.\d\d?)?% of your bet\.", line
    ), line
    assert len(line.split()) <= 15
    assert re.fullmatch(
        r"Even money wins 100% of your bet for sure; playing the natural out wins \d+\.\d% of "
        r"it on average\.",
        why,
    ), why


def test_even_money_at_the_table_is_named_so() -> None:
    row = {"answer": "I", "right_answer": "N", "correct": 0, "ev_cost": "1/25"}
    (shown,) = stored_verdicts({"insurance": {**row, "question": NATURAL}})
    lead = "Even money: playing the natural out was right; your choice cost 4.00% of the bet."
    assert shown["lead"] == lead
    (plain,) = stored_verdicts({"insurance": {**row, "question": "TS 6H v AD insurance"}})
    assert plain["lead"].startswith("Insurance: declining it was right")
