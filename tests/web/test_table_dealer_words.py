"""Each game's dealer by its text's word at the table, in Russian: 002's club game says
сдатчик (its seat and the settlement's first line), as its home game and the glossary do,
where issue 30's walk found «Дилер» and «У дилера 17.»; 000's permanent bank says сдающий;
a casino table keeps its дилер."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_table_pages import waits
from tests.web.test_table_web import sit

pytestmark = pytest.mark.usefixtures("count_studies")

ANSWERS = {"bet": {"units": "1"}, "play": {"answer": "S"}, "insurance": {"answer": "N"},
           "count": {"running": "0", "true": "0"}}  # fmt: skip


def _settled_page(client: Any, csrf: Any, db: Any, hidden_fields: Any, **table: Any) -> str:
    """The page after the first round is settled, read in Russian."""
    switched = client.post("/language", data={"language": "ru", "next": "/", "csrf_token": csrf()})
    assert switched.status_code == 303
    url = sit(client, csrf, graded=["strategy"], **table)
    for _, ask, page, kind, fields in waits(client, db, url, hidden_fields):
        if ask.number > 1 or kind == "over":
            return page
        response = client.post(url + "/step", data={**fields, **ANSWERS.get(kind, {})})
        assert response.status_code == 303, kind
    raise AssertionError("no round was settled")


def test_the_club_table_names_its_dealer_as_002_does(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    club = {"rules": "twenty-one-club", "unit": "1", "bankroll": "200"}
    page = _settled_page(client, csrf, db, hidden_fields, **club)
    assert "Сдатчик" in page and "У сдатчика" in page
    assert "У дилера" not in page


def test_the_permanent_bank_names_its_dealer_as_000_does(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    bank = {"rules": "permanent-bank", "unit": "1", "bankroll": "2000"}
    page = _settled_page(client, csrf, db, hidden_fields, **bank)
    assert "Сдающий" in page and "У сдающего" in page
    assert "У дилера" not in page


def test_a_casino_table_keeps_its_dealer(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    page = _settled_page(client, csrf, db, hidden_fields, rules="vegas-6d-s17")
    assert "У дилера" in page and "сдатчик" not in page.lower()
