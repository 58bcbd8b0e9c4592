"""Payouts at the table on the web road: a table paid box by box, stored once under the table's
rules; an amount that is not one, a box left out or a forged table a readable 400, nothing
stored."""

from __future__ import annotations

import re
from typing import Any

import pytest

from drills.dealing.table_payouts import BOX_FIELDS
from drills.dealing.table_round import read_played
from drills.payout.money import money_text
from tests.conftest import sealed

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

URL = "/drills/table-payouts"


def ask(client: Any, hidden_fields: Any, boxes: int = 5) -> dict[str, str]:
    page = client.get(f"{URL}?boxes={boxes}")
    assert page.status_code == 200
    return hidden_fields(page.get_data(as_text=True))


def paid(notation: str) -> dict[str, str]:
    _, result = read_played(notation)
    return {
        field: money_text(seat.net) for field, seat in zip(BOX_FIELDS, result.seats, strict=False)
    }


def test_a_table_of_five_paid_right_is_stored_once_under_its_rules(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields)
    amounts = paid(form["question"])
    assert len(amounts) == 5
    response = client.post(f"{URL}/answer?boxes=5", data={**form, **amounts}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Right" in page and "You took" in page
    assert page.count('class="amount"') == 5  # the next table, five boxes again
    [row] = db.query("SELECT * FROM attempts")
    assert row["drill"] == "table-payouts" and row["correct"] == 1
    assert row["rules"] == "vegas-6d-s17" and row["question"] == form["question"]
    again = client.post(f"{URL}/answer?boxes=5", data={**form, **amounts}, follow_redirects=True)
    assert "counted once" in again.get_data(as_text=True)
    assert db["attempts"].count == 1


def test_a_wrong_box_shows_up_on_the_mistakes_page(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields, 3)
    amounts = paid(form["question"])
    amounts["box2"] = "999"
    page = client.post(f"{URL}/answer", data={**form, **amounts}, follow_redirects=True).get_data(
        as_text=True
    )
    assert "Not quite" in page and "Box 2:" in page and "not +999" in page
    mistakes = client.get("/mistakes").get_data(as_text=True)
    assert "Payouts at the table" in mistakes and "Box 3" in mistakes


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"box1": "ten"}, "Box 1: “ten” is not an amount"),
        ({"box2": ""}, "Box 2: Type an amount"),
        ({"box3": "1" * 30}, "Box 3:"),
        ({"box6": "0"}, "one per box, not 6"),
    ],
)
def test_a_box_not_paid_an_amount_is_a_readable_400_and_stores_nothing(
    client: Any, hidden_fields: Any, db: Any, change: dict[str, str], message: str
) -> None:
    form = ask(client, hidden_fields)
    response = client.post(
        f"{URL}/answer", data={**form, **paid(form["question"]), **change}, follow_redirects=True
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and message in page
    assert db["attempts"].count == 0
    assert hidden_fields(page)["question"] == form["question"]
    # The focus is on the box refused, marked so (a walk found box 1 focused whatever box was).
    inputs = dict(re.findall(r'<input name="(box\d)"([^>]*)>', page))
    refused = [name for name in change if name in inputs and "Box" in message]
    focused = [name for name, rest in inputs.items() if "autofocus" in rest]
    assert focused == (refused or ["box1"])
    assert [name for name, rest in inputs.items() if "aria-invalid" in rest] == refused


def test_a_forged_table_is_a_readable_400_and_stores_nothing(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields, 2)
    forged = form["question"].rsplit("|", 1)[0] + "|s s s s s s s"
    response = client.post(
        f"{URL}/answer",
        data=sealed({**form, "question": forged, "box1": "0"}, "table-payouts"),
        follow_redirects=True,
    )
    assert response.status_code == 400
    assert "not a question this drill asks" in response.get_data(as_text=True)
    assert db["attempts"].count == 0
