"""Luck against skill where the learner deals: the summary sets the bank's result beside what
perfect dealer play expected on the same cards (each round priced at its first choice: the
double at twenty-one-home, else the dealer's turn with the busts settled before it, and the
naturals too where they are shown: at 004 as dealt a punter's dealt 21 lies face down, so the
banker's turn prices it among the hands standing), and what the learner's own play expected."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from drills.table_dealing import (
    DRILL,
    KEYS,
    bank_ev,
    dealer_grade,
    dealer_notation,
    double_notation,
    settled_at_once,
)
from tests.web.test_table_dealing_web import HOME_TABLE
from tests.web.test_table_pages import BANK_TABLE, replayed, waits
from tests.web.test_table_web import sit

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

FIGURES = ("Perfect dealer play expected", "Your mistakes cost (skill)", "So your play expected")


def figure(page: str, label: str) -> float:
    found = re.search(rf"<dt>{re.escape(label)}</dt><dd>([-+\u2212]?[\d.]+)</dd>", page)
    assert found, f"no {label!r} in the summary"
    return float(found[1].replace("\u2212", "-"))  # written with the true minus, as read


# Where the deal passes to a punter's natural (twenty-one-home) the learner plays on as a
# punter until it comes back: their answers there (a mistake among them is kept).
AS_A_PUNTER = {"bet": {"units": "1"}, "play": {"answer": "S"}, "redouble": {"answer": "N"}}


def _costs_enough(notation: str, answer: str, rules: Any) -> bool:
    cost = DRILL.grade(notation, answer, rules).ev_cost
    return cost is not None and cost >= Fraction(1, 20)


def deal_to_the_end(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, table: dict[str, Any], wrong: int
) -> tuple[str, float | None]:
    """Deal a table to its end, each choice the right one but the ``wrong``-th choice graded
    (kept); its summary page, and perfect dealer play's expectation worked out from each
    round's first choice as the table asked it (None where the learner also played rounds as
    a punter: those are priced by their boxes' first plays, as the house tables' are)."""
    url = sit(client, csrf, **table)
    first: dict[int, tuple[str, str]] = {}  # round: its first choice's kind and notation
    choices = 0
    for spec, ask, page, kind, fields in waits(client, db, url, hidden_fields):
        if kind == "over":
            _, game, _ = replayed(db, url)
            if any(played.record.dealer != 0 for played in game.rounds):
                return page, None
            expected = Fraction(0)
            for played in game.rounds:
                result = played.record.result
                kind_notation = first.get(played.record.number)
                if kind_notation is None:
                    expected += result.bank_net
                    continue
                expected += Fraction(bank_ev(kind_notation[1], spec.rules))
                if kind_notation[0] == "draw":
                    # By the table's rules: a natural the banker cannot see is not settled
                    # before his turn (bank_ev prices it), only the busts are.
                    expected += settled_at_once(result, spec.rules)
            return page, float(expected)
        data: dict[str, str] = {"running": "0", "true": "0"} if kind == "count" else {}
        if kind == "deal":
            data = {"answer": "D"}
        if kind in AS_A_PUNTER:
            data = AS_A_PUNTER[kind]
        if kind in ("draw", "double"):
            notation = dealer_notation(spec.rules, ask) or double_notation(ask)
            grade = dealer_grade(spec.rules, ask, "stand" if kind == "draw" else "double 0")
            if notation is not None and grade is not None:
                first.setdefault(ask.number, (kind, notation))
                right = next(k for k, w in KEYS[kind].items() if w == grade.right_answer)
                other = next(k for k in KEYS[kind] if k != right)
                # The wrong-th choice whose wrong answer costs enough to show in the summary's
                # two places (a shuffle can make the other answer almost as good).
                costly = _costs_enough(notation, other, spec.rules)
                choices += costly
                data = {"answer": other if costly and choices == wrong else right}
            else:
                data = {"answer": "S" if kind == "draw" else "N"}
        assert client.post(url + "/step", data={**fields, **data}).status_code == 303
    raise AssertionError("the table never ended")


@pytest.mark.long
@pytest.mark.parametrize(("table", "wrong"), [(BANK_TABLE, 2), (HOME_TABLE, 1)])
def test_a_dealing_tables_summary_sets_luck_against_skill(
    table: dict[str, Any], wrong: int, client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    page, expected = deal_to_the_end(client, csrf, db, hidden_fields, table, wrong)
    summary = page.split('class="table-summary"')[1]
    # Perfect *dealer* play where the learner dealt every round; where they also punted, the
    # figure is perfect play's, both explained.
    labels = FIGURES if expected is not None else ("Perfect play expected", *FIGURES[1:])
    perfect, skill, yours = (figure(summary, label) for label in labels)
    if expected is None:
        assert "hand you played as a punter" in summary
    got, luck = figure(summary, "You got"), figure(summary, "The cards (luck)")
    if expected is not None:
        assert perfect == pytest.approx(expected, abs=0.006)
    assert perfect + skill == pytest.approx(yours, abs=0.011)
    assert yours + luck == pytest.approx(got, abs=0.011)
    assert skill < 0  # the wrong choice kept
    # Said in chips, beside the mistakes' lines in bets (a reader added one against the other).
    assert 'id="luck-unit">These are in chips, each expectation worked out on the first' in summary
    assert "what the right choice was worth to the bank" in summary
    if table is HOME_TABLE:  # a pack dealt to its end, as the count check said it
        assert "The pack is played out:" in summary
