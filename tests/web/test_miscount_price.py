"""The price of a miscount: a shoe counted through with wrong running counts shows, beside each
count error, the bets and index plays it changes until the next checkpoint and to the end of the
shoe, with the EV given up; the summary prices them all."""

from __future__ import annotations

import re
from typing import Any

import pytest

from drills.counting.checkpoint import Checkpoint, read_checkpoint
from tests.web.test_web_counting import checkpoint_fields, shown_cards, start
from trainer.engine.counting import find_system, running_count
from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.rules import Rules

pytestmark = pytest.mark.usefixtures("count_studies")
HI_LO = find_system("hi-lo")
TOTAL = re.compile(
    r"would have given up ([0-9.,]+) in expectation \(([0-9.,]+) table minimums\) before each "
    r"next checkpoint.*?and ([0-9.,]+) \(([0-9.,]+) table minimums\) had none"
)
# Each count error's price, in money and in bets (table minimums), both stretches.
PRICE = re.compile(
    r"expectation given up ([0-9.,]+) \(([0-9.,]+) table minimums\)\. Never corrected, until the "
    r"shuffle: .*?expectation given up ([0-9.,]+) \(([0-9.,]+) table minimums\)\."
)


def count_through(client: Any, csrf: Any, hidden_fields: Any, off: int, true_off: int = 0) -> str:
    """A single-deck shoe with two seats, every running count answered ``off`` from the right
    one and every true count ``true_off`` from it; the summary page."""
    url = start(client, csrf, "shoe", rules="single-deck", seats="2")
    seen: list[Card] = []
    for _ in range(100):
        page = client.get(url).get_data(as_text=True)
        if "Summary:" in page:
            return page
        seen += shown_cards(page)
        running = running_count(read_checkpoint("rc hi-lo 1d:").system, seen, 1)
        # Off by ``off``, within the counts the cards seen could give (one a card in Hi-Lo):
        # a count past them is refused as no count at all, not graded.
        given = max(-len(seen), min(len(seen), int(running) + off))
        data = {**hidden_fields(page), "running": str(given)}
        if "true" in checkpoint_fields(page):
            right_true = Checkpoint("tc", HI_LO, 1, tuple(seen)).right
            data["true"] = str(int(right_true) + true_off)
        assert client.post(f"{url}/answer", data=data, follow_redirects=True).status_code == 200
    pytest.fail("the shoe never ended")


def test_a_shoe_counted_high_prices_its_count_errors(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    # Eight high: the rounds whose true count gives no edge are bet up, at a cost, and a
    # single-deck shoe has such rounds after every checkpoint but its last.
    client.application.config["RNG_SEED"] = 4  # a shoe whose errors give up some expectation
    page = count_through(client, csrf, hidden_fields, off=8)
    assert page.count('class="miscount-price"') >= 1
    # Each price says which check it is (two alike read the same word for word: a walk).
    checks = re.findall(r'<p class="miscount-when"><strong>([^<]*)</strong>', page)
    assert len(checks) == page.count('class="miscount-price"') == len(set(checks))
    assert all(
        re.fullmatch(r"The count check before round \d+|The last count check", c) for c in checks
    )
    assert "a count off by +8, until the next checkpoint: bets changed" in page
    # The last check, no round after it: "bets changed 0, index plays changed 0, expectation
    # given up 0.00" twice over read as noise (a walk). Said in a few words.
    last = page.split("<strong>The last count check</strong>")[1].split("</p>")[1]
    assert (
        "a count off by +8 would have changed no bet and no index play before the shuffle" in last
    )
    assert "bets changed 0" not in last
    # A bet changed is written as the table writes money ("bet 30 instead of 10", not "30.00").
    assert re.search(r"bet \d+ instead of \d+", page) and not re.search(r"\d\.00 instead of", page)
    total = TOTAL.search(page.replace("\n", " "))
    assert total is not None
    until_next, units, to_end, units_end = (float(x.replace(",", "")) for x in total.groups())
    assert to_end >= until_next >= 0  # what they come to depends on the shuffle (see tests/drills)
    # The EV lost in bets (table minimums) too, not only in money.
    unit = float(Rules.parse("single-deck").min_bet)
    assert units == pytest.approx(until_next / unit, abs=0.01)
    assert units_end == pytest.approx(to_end / unit, abs=0.01)
    found = PRICE.findall(page.replace("\n", " "))
    assert found
    for money, bets, money_end, bets_end in found:
        assert float(bets) == pytest.approx(float(money) / unit, abs=0.01)
        assert float(bets_end) == pytest.approx(float(money_end) / unit, abs=0.01)


def test_a_shoe_counted_right_has_nothing_to_price(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    page = count_through(client, csrf, hidden_fields, off=0)
    assert 'class="miscount-price"' not in page and "would have given up" not in page


def test_a_true_count_off_with_the_running_count_right_is_priced_too(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    # Every running count right, every true count two high: the conversion slip is read as a
    # true count two high until the next checkpoint, beside the running count's own price.
    # A shoe whose slip gives up some expectation (many give up none, said in a few words).
    client.application.config["RNG_SEED"] = 5
    page = count_through(client, csrf, hidden_fields, off=0, true_off=2)
    assert "a true count off by +2 (the running count right), until the next checkpoint" in page
    assert "a count off by" not in page  # no running count was wrong
    total = TOTAL.search(page.replace("\n", " "))
    assert total is not None
    until_next, _, to_end, _ = (float(x.replace(",", "")) for x in total.groups())
    assert to_end >= until_next >= 0  # what they come to depends on the shuffle
    changed = re.findall(r"count ([+\u2212]?[0-9.,]+) read as ([+\u2212]?[0-9.,]+)", page)
    # Each round it changes (none where both counts bet the table minimum) is read 2 high.
    for right, read in changed:
        number = lambda text: float(text.replace("\u2212", "-").replace(",", ""))  # noqa: E731
        assert number(read) == number(right) + 2


def test_a_slip_that_changes_nothing_is_said_so_in_a_few_words(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    # A true count two high that changed no bet nor play to the shuffle read "bets changed 0,
    # index plays changed 0, expectation given up 0.00" twice over, and the total "0.00 ... and
    # 0.00" (a walk): seed 1's shoe is such a one.
    client.application.config["RNG_SEED"] = 1
    page = count_through(client, csrf, hidden_fields, off=0, true_off=2)
    assert "a true count off by +2 (the running count right) would have changed no bet" in page
    assert "bets changed 0" not in page
    assert "would have given up nothing in expectation, corrected at the next checkpoint" in page
