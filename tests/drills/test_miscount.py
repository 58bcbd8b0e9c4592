"""The price of a miscount on a shoe dealt from a fixed seed: which rounds a wrong count
changes, and what they give up (drills/counting/miscount.py)."""

from __future__ import annotations

import random
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from drills.bet_sizing import bet_cost
from drills.count_study import study_for
from drills.counting.dealing import build_shoe
from drills.counting.miscount import prices
from drills.counting.preferences import CountPreferences
from trainer.engine.counting import running_count, true_count
from trainer.engine.rulebook.rules import find_preset

pytestmark = pytest.mark.usefixtures("count_studies")
RULES = find_preset("vegas-6d-s17")


@pytest.fixture(scope="module")
def session() -> object:
    return build_shoe(RULES, random.Random(7), CountPreferences(), seats=2, speed=Fraction(2))


def test_a_count_eight_high_bets_up_where_there_is_no_edge(session: object) -> None:
    (price,) = prices(session, {0: Fraction(8)})
    assert price.until_next.bets > 0
    assert price.to_end.lost >= price.until_next.lost > 0
    edge = study_for(RULES, session.counting_system).edge  # type: ignore[attr-defined]
    for changed in price.to_end.changed:
        if changed.bet != changed.bet_read and not changed.plays:
            assert changed.read > changed.count and changed.bet_read > changed.bet
            assert changed.lost == bet_cost(edge, int(changed.count), changed.bet_read, changed.bet)


def test_the_stretch_to_the_next_checkpoint_is_the_start_of_the_one_to_the_end(
    session: object,
) -> None:
    (price,) = prices(session, {1: Fraction(-6)})
    soon = [c.label for c in price.until_next.changed]
    assert soon == [c.label for c in price.to_end.changed][: len(soon)]
    assert price.until_next.rounds < price.to_end.rounds


def test_no_error_has_no_price(session: object) -> None:
    assert prices(session, {0: Fraction(0)}) == []


def test_a_tables_true_count_off_with_its_running_count_right_is_priced(
    session: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table's rounds as the shoe's (the first seat's hands), its count checks after the
    # first and third rounds: the running counts right, the first check's true count 3 high.
    miscount, spec, rounds, right = _table_checks(session, monkeypatch)
    checks = [(question, running, running) for question, running, _ in right]
    true_checks = [("tc " + question[3:], count, count) for question, _, count in right]
    question, _, right = true_checks[0]
    true_checks[0] = (question, _signed(Fraction(right) + 3), right)
    assert miscount.table_prices(spec, None, checks, None, [None, None]) == []
    (price,) = miscount.table_prices(spec, None, checks, None, true_checks)
    assert price.true and price.index == 0 and price.off == 3
    assert price.until_next.rounds == 2  # the second and third rounds, to the next check
    for changed in price.to_end.changed:
        assert changed.read == changed.count + 3
    assert price.to_end.bets > 0
    # A running count off is priced by it, whatever the true count said.
    checks[0] = (checks[0][0], _signed(Fraction(checks[0][1]) + 2), checks[0][2])
    (price,) = miscount.table_prices(spec, None, checks, None, true_checks)
    assert not price.true and price.off == 2


def test_a_tray_tables_conversion_off_the_shoes_true_count_is_priced(
    session: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table with a tray: no true count asked, the decks left and a conversion instead. At the
    # first check the running count is right but the decks left judged too few, so the
    # conversion, right from that estimate, is 2 above the true count of the cards seen.
    miscount, spec, rounds, right = _table_checks(session, monkeypatch)
    checks = [(question, running, running) for question, running, _ in right]
    converts = [
        (f"hi-lo floor half 6d rc {running} played {len(seen.before)} decks", count, count)
        for (_, running, count), seen in zip(right, (rounds[1], rounds[3]), strict=True)
    ]
    assert miscount.table_prices(spec, None, checks, None, [None, None], converts) == []
    wrong = _signed(true_count(Fraction(checks[0][2]), Fraction(312 - len(rounds[1].before), 52),
                               "floor", "half") + 2)  # fmt: skip
    converts[0] = (converts[0][0], wrong, wrong)
    (price,) = miscount.table_prices(spec, None, checks, None, [None, None], converts)
    assert price.true and price.index == 0 and price.off == 2
    assert price.until_next.rounds == 2  # the second and third rounds, to the next check
    for changed in price.to_end.changed:
        assert changed.read == changed.count + 2
    assert price.to_end.lost > 0
    # A running count off is priced by it, whatever the conversion said.
    checks[0] = (checks[0][0], _signed(Fraction(checks[0][1]) - 3), checks[0][2])
    (price,) = miscount.table_prices(spec, None, checks, None, [None, None], converts)
    assert not price.true and price.off == -3


def _table_checks(session: object, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """The table's rounds as the shoe's, patched in; a table's spec; and its two count checks'
    right answers (after the first and third rounds): question, running count, true count."""
    from drills.counting import miscount

    rounds, _ = miscount.session_rounds(session)
    monkeypatch.setattr(miscount, "table_rounds", lambda game: rounds)
    system = session.counting_system  # type: ignore[attr-defined]
    spec = SimpleNamespace(rules=RULES, system=system, convention="floor", resolution="half",
                           bankroll=None)  # fmt: skip
    right = []
    for seen in (rounds[1].before, rounds[3].before):
        running = running_count(system, seen, RULES.decks)
        count = true_count(running, Fraction(312 - len(seen), 52), "floor", "half")
        question = "rc hi-lo 6d: " + " ".join(str(card) for card in seen)
        right.append((question, _signed(running), _signed(count)))
    return miscount, spec, rounds, right


def _signed(value: Fraction) -> str:
    return f"+{value}" if value > 0 else str(value)
