"""A count check's price starts at the round dealt after it, and says which check it is: at
002's club a pack that ran out inside a round is counted afresh, so the cards a check counts
no longer say where it came, and the last check of such a table was priced from round 3 and
called "The count check before round 3" beside "Round 7" in the summary's list (a walk)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from drills.counting.notation import format_count
from tests.web.test_table_tray import replayed
from tests.web.test_table_web import answer, post_step, sit, step_form
from trainer.engine.counting import running_count

pytestmark = pytest.mark.usefixtures("count_studies")
REFILLED = "The pack ran out during this round"


def counted_wrong(client: Any, db: Any, url: str, hidden_fields: Any) -> tuple[str, bool]:
    """Every step answered, every running count two high, to the pack's end: the summary, and
    whether the pack ran out inside a round."""
    refilled = False
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        page = client.get(url).get_data(as_text=True)
        refilled = refilled or REFILLED in page
        if kind == "over" and "Sit at another table" in page:
            return page, refilled
        data = answer(kind, fields)
        if kind == "count":
            spec, ask = replayed(db, url)
            right = running_count(spec.system, ask.seen, spec.rules.decks)
            data["running"] = format_count(right + 2)
        post_step(client, url, data)
    pytest.fail("the pack never ended")


@pytest.mark.parametrize("seed", [5, 8])
def test_each_checks_price_starts_after_it_where_the_pack_ran_out_inside_a_round(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, seed: int
) -> None:
    client.application.config["RNG_SEED"] = seed
    url = sit(client, csrf, rules="twenty-one-club", graded=["counts"])
    page, refilled = counted_wrong(client, db, url, hidden_fields)
    assert refilled
    names = re.findall(r'<p class="miscount-when"><strong>([^<]*)</strong>', page)
    assert names and names[-1] == "The last count check", names
    before = [int(n) for n in re.findall(r"The count check before round (\d+)", " ".join(names))]
    assert before == sorted(set(before)), names
