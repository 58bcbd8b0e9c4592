"""The edge by count, the counts' frequencies and the bet ramp (trainer.engine.indices.edge)."""

from __future__ import annotations

import csv
import itertools
import json
import math
import random
import re
from fractions import Fraction

import pytest
from indices_data import DATA, STUDIED

from trainer.engine.counting import find_system, study_counts
from trainer.engine.indices import CountEdge, EdgeTable, InvalidRampError, bet_ramp
from trainer.engine.indices import cache as study_cache
from trainer.engine.indices.edge import _tag_groups, _ways, count_frequencies
from trainer.engine.indices.edge_cli import main
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import compute_chart


def _rates() -> list[dict[str, str]]:
    with (DATA / "edge_per_true_count.csv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


@pytest.mark.parametrize("row", _rates(), ids=lambda row: row["rules"])
def test_edge_rises_about_half_a_percent_per_true_count(hilo_studies, row):
    name = next(key for key, text in STUDIED.items() if text == row["rules"])
    edge = hilo_studies[name].edge
    rate = 100 * edge.slope(int(row["low"]), int(row["high"]))
    assert abs(rate - float(row["percent_per_count"])) <= float(row["tolerance"]), rate


def test_edge_with_indices_is_never_below_basic_and_rises_with_the_count(hilo_studies):
    for found in hilo_studies.values():
        counts = found.edge.counts
        assert all(c.indices >= c.basic - 1e-9 for c in counts)
        assert all(a.basic < b.basic for a, b in itertools.pairwise(counts))
        at_zero = next(c for c in counts if c.count == 0)
        assert abs(at_zero.indices - at_zero.basic) < 2e-4  # nothing to deviate for at 0


def test_playing_another_charts_codes_prices_them_on_the_shoe():
    rules = Rules.parse("vegas-6d-s17 decks=2")
    own = compute_chart(rules)
    same = compute_chart(rules, playing=own)  # its codes and its exceptions
    assert same.house_edge_playing == pytest.approx(own.house_edge)
    # The codes alone, read as a player reads them, miss the chart's exceptions (16 v 10 and
    # soft 18 v A standing on three cards or more, in two decks): they cost a little.
    codes_only = compute_chart(rules, playing=own.codes)
    assert own.exceptions
    assert own.house_edge < codes_only.house_edge_playing < own.house_edge + 0.02
    never_double = {
        section: {
            row: {up: code.replace("D/", "").replace("D", "H") for up, code in cells.items()}
            for row, cells in rows.items()
        }
        for section, rows in own.codes.items()
    }
    worse = compute_chart(rules, playing=never_double)
    assert worse.house_edge_playing > own.house_edge + 0.5  # doubling is worth well over 0.5%
    assert worse.house_edge == pytest.approx(own.house_edge)


def test_ways_count_every_set_of_cards_by_its_tag_sum():
    hilo = find_system("hi-lo")
    groups, scale = _tag_groups(hilo, 1)
    ways, offset = _ways(groups, 4)
    for d in range(5):
        assert ways[d].sum() == pytest.approx(math.comb(52, d))
    # Three cards by brute force over one deck's 52 cards.
    tags = [int(hilo.tags[v] * scale) for v in range(10) for _ in range(16 if v == 9 else 4)]
    tally: dict[int, int] = {}
    for three in itertools.combinations(tags, 3):
        tally[sum(three)] = tally.get(sum(three), 0) + 1
    for total, n in tally.items():
        assert ways[3, total + offset] == pytest.approx(n)


@pytest.mark.parametrize("system", ["hi-lo", "wong-halves", "ko", "red-7"])
def test_frequencies_are_a_law_over_the_grid(system):
    counting = find_system(system)
    rules = Rules.parse("vegas-6d-s17")
    grid = tuple(range(-10, 11)) if counting.balanced else tuple(range(-30, 11))
    shares = count_frequencies(rules, counting, grid)
    assert sum(shares.values()) == pytest.approx(1.0)
    assert all(share >= 0 for share in shares.values())
    if counting.balanced:
        assert max(shares, key=shares.__getitem__) == 0
        for c in range(1, 6):
            assert shares[c] == pytest.approx(shares[-c], rel=0.05)


def test_frequencies_agree_with_the_rounds_of_shoes_the_engine_deals():
    """The exact law (round starts spread evenly over the depths) against 300 shoes dealt at a
    one-seat table, true counts rounded the same way. Counts of one size are pooled (+c with -c):
    the rounds of one shoe share its count, so the simulation is noisy."""
    rules = Rules.parse("vegas-6d-s17")
    hilo = find_system("hi-lo")
    dealt = study_counts(rules, hilo, random.Random(5), shoes=300, seats=1, convention="round")
    exact = count_frequencies(rules, hilo, tuple(range(-10, 11)))
    for c in range(0, 5):
        pooled = exact[c] + (exact[-c] if c else 0.0)
        simulated = float(dealt.share(c) + (dealt.share(-c) if c else 0))
        assert abs(pooled - simulated) < 0.015, c


def _table(edges: list[tuple[int, float, float]], rules: Rules) -> EdgeTable:
    counts = tuple(CountEdge(c, share, edge, edge) for c, share, edge in edges)
    return EdgeTable(rules, find_system("hi-lo"), counts)


RAMP_RULES = Rules.parse("vegas-6d-s17")  # table minimum 5, maximum 1000
EDGES = [(c, [0.05, 0.1, 0.3, 0.2, 0.15, 0.1, 0.1][c + 2], 0.005 * c - 0.003) for c in range(-2, 5)]


def test_ramp_bets_in_table_units_within_limits_and_more_as_the_edge_grows():
    ramp = bet_ramp(_table(EDGES, RAMP_RULES), 10_000, 0.05)
    bets = [bet for _, bet in ramp.bets]
    assert all(bet % RAMP_RULES.min_bet == 0 for bet in bets)
    assert all(RAMP_RULES.min_bet <= bet <= RAMP_RULES.max_bet for bet in bets)
    assert bets[:3] == [RAMP_RULES.min_bet] * 3  # no edge: the minimum
    assert bets == sorted(bets) and bets[-1] > bets[3]
    assert ramp.kelly_fraction == pytest.approx(-2 / math.log(0.05))
    # Kelly: at +4 (edge 1.7%) 0.6676 x 10,000 x 0.017 / 1.3 = 87.3, in units of 5: 85.
    assert ramp.bet_at(4) == 85
    assert ramp.win_per_100 > 0 and ramp.sd_per_100 > 0
    bolder = bet_ramp(_table(EDGES, RAMP_RULES), 10_000, 0.2)
    assert bolder.bet_at(4) > ramp.bet_at(4) and bolder.risk_of_ruin > ramp.risk_of_ruin


def test_ramp_stops_at_the_table_maximum():
    ramp = bet_ramp(_table(EDGES, RAMP_RULES), 10**7, 0.1)
    assert ramp.bet_at(4) == RAMP_RULES.max_bet


@pytest.mark.parametrize(
    ("bankroll", "risk", "named"),
    [
        (4, 0.05, "table minimum (5)"),
        (Fraction(10**10), 0.05, "at most"),
        (1000, 0.0, "above 0 and below 1, not 0.0"),
        (1000, 1.0, "not 1.0"),
        (1000, float("nan"), "not nan"),
        ("plenty", 0.05, "not a number"),
    ],
)
def test_a_bankroll_or_risk_that_makes_no_ramp_is_refused(bankroll, risk, named):
    with pytest.raises(InvalidRampError, match=re.escape(named)):
        bet_ramp(_table(EDGES, RAMP_RULES), bankroll, risk)


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--bankroll", "4", "--risk", "0.05"], "table minimum"),
        (["--bankroll", "1000", "--risk", "1"], "risk of ruin"),
        (["--bankroll", "1000", "--risk", "0"], "risk of ruin"),
        (["--bankroll", "1000"], "--bankroll and --risk go together"),
        (["--bankroll", "1000", "--risk", "often"], "--risk: not a number"),
        (["--bankroll", "\u0661\u0660\u0660\u0660", "--risk", "0.05"], "not a number"),
        (["--bankroll", "1000", "--risk", "0.\u0660\u0665"], "--risk: not a number"),
        (["--system", "tens"], "unknown counting system"),
        (["--rule", "decks=0"], "decks"),
        (["--rule", "penetration=0.01"], "use a penetration of 0.35 or more"),
    ],
)
def test_edge_command_bad_input_exits_2_and_caches_nothing(tmp_path, capsys, argv, named):
    with pytest.raises(SystemExit) as stopped:
        raise SystemExit(main([*argv, "--cache-dir", str(tmp_path)]))
    assert stopped.value.code == 2
    assert named in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_edge_command_prints_the_edges_and_the_ramp(count_studies, capsys, monkeypatch):
    # The single-deck study is one of the suite's warm ones: read from the run's cache, on disk
    # (tests/indices/test_indices_cli.py works one out cold, as a whole process).
    monkeypatch.setattr(study_cache.CACHE, "_memory", {})
    monkeypatch.setattr(study_cache, "compute_study", pytest.fail)  # read, never worked out
    argv = ["--preset", "single-deck", "--bankroll", "5000", "--risk", "0.05"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["rules", "system", "count", "player_edge_percent", "edges", "ramp"]
    table = study_cache.study(Rules.parse("single-deck"), find_system("hi-lo")).edge
    assert data["player_edge_percent"] == round(100 * table.flat_edge, 4) > 0  # the player's
    assert [row["count"] for row in data["edges"]] == list(range(-10, 11))
    assert sum(row["share"] for row in data["edges"]) == pytest.approx(1.0, abs=1e-5)
    assert data["ramp"]["bets"][0] == {"count": -10, "bet": 10.0}  # single deck's minimum
    assert main(argv) == 0  # from memory now
    out = capsys.readouterr().out
    assert "Edge by true count for single-deck, Hi-Lo" in out
    assert "per 100 rounds" in out and "risk of ruin" in out


def test_a_study_under_other_bet_limits_is_the_same_study_given_back_under_them(
    count_studies, monkeypatch
):
    # No chart, index or edge by count depends on the table's bet limits: a counter who
    # changed only the minimum waited 21 s for the same study again (a walk). It is read, not
    # worked out, and its ramp bets by the limits asked for.
    monkeypatch.setattr(study_cache.CACHE, "_memory", {})
    monkeypatch.setattr(study_cache, "compute_study", pytest.fail)  # read, never worked out
    hilo, plain = find_system("hi-lo"), Rules.parse("vegas-6d-s17")
    limited = Rules.parse("vegas-6d-s17 min_bet=25 max_bet=2500")
    assert study_cache.cache_key(limited, hilo) == study_cache.cache_key(plain, hilo)
    found, same = study_cache.study(limited, hilo), study_cache.study(plain, hilo)
    assert found.indices.rules == found.edge.rules == limited
    assert found.indices.plays == same.indices.plays and found.edge.counts == same.edge.counts
    ramp = bet_ramp(found.edge, 100_000, 0.05)
    assert min(bet for _, bet in ramp.bets) == 25 and max(bet for _, bet in ramp.bets) <= 2500
    assert study_cache.cached_study(limited, hilo).edge.rules == limited
    assert study_cache.cache_key(Rules.parse("vegas-6d-s17 decks=4"), hilo) != (
        study_cache.cache_key(plain, hilo)
    )
