"""``python -m trainer strategy``: text, JSON, bad input; the disk cache."""

from __future__ import annotations

import json

import pytest

from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.engine.strategy import cache
from trainer.engine.strategy.cli import main

# 004 with the cards face up (a named option) has the strategy engine's chart; the text's own
# deal has the chart of one column (test_the_texts_own_deal_prints_its_chart_of_one_column).
FACE_UP = "russian-bank banker_best=false deal_faces=casino"


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch):
    monkeypatch.setattr(cache.CACHE, "_memory", {})


def test_json_output_has_the_agreed_shape(tmp_path, capsys):
    assert main(["--rules", FACE_UP, "--json", "--cache-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["rules", "player_edge_percent", "house_edge_percent", "chart", "ev"]
    assert data["player_edge_percent"] == -data["house_edge_percent"]  # the key every command has
    assert data["rules"] == Rules.parse(FACE_UP).to_dict()
    assert isinstance(data["house_edge_percent"], float)
    assert set(data["chart"]) == {"hard", "soft", "pairs"}
    assert list(data["chart"]["pairs"])[-2:] == ["10-10", "A-A"]
    assert list(data["chart"]["hard"]["16"]) == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
    assert set(data["ev"]["hard"]["16"]["10"]) == {"S", "H"}  # no double, no surrender
    assert data["chart"]["hard"]["16"]["A"] == "H"


def test_text_output_shows_the_grid_legend_and_house_edge(tmp_path, capsys):
    argv = ["--rules", FACE_UP, "--rule", "decks=1", "--cache-dir", str(tmp_path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Hard totals" in out and "Pairs" in out and "Legend:" in out
    # These rules give the player the edge: said as the player's, never a negative house edge.
    assert "Playing this chart: player's edge 24." in out and "edge -" not in out
    assert "1 deck" in out
    assert "Basic strategy for The Russian banking game" in out
    assert "(rules russian-bank decks=1 banker_best=false deal_faces=casino)" in out


def test_the_texts_own_deal_prints_its_chart_of_one_column(tmp_path, capsys):
    from trainer.engine.banker.face_down import fixed_point

    point = fixed_point(find_preset("russian-bank"))
    assert main(["--preset", "russian-bank", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "the chart has one column" in out and "Pairs" not in out
    # The punters have the edge at 004: said as theirs, never as a negative house edge.
    assert f"Punters' edge {100 * point.edge:.3f}% of a punter's stake" in out
    assert "house edge -" not in out.lower()
    assert f"worked out in {len(point.rounds)} rounds" in out
    assert main(["--preset", "russian-bank", "--json", "--cache-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["house_edge"] == pytest.approx(-100 * point.edge)
    assert data["player_edge_percent"] == pytest.approx(100 * point.edge)
    assert len(data["rounds"]) == len(point.rounds)
    assert {row["drawn"] for row in data["rows"]} == {0, 1, 2}  # at most three draws: 0 to 2


def test_rules_are_given_in_their_notation(tmp_path, capsys):
    argv = ["--rules", "russian-bank decks=1", "--cache-dir", str(tmp_path)]
    assert main(argv) == 0
    assert "(rules russian-bank decks=1)" in capsys.readouterr().out
    argv = ["--rules", "russian-bank deal_faces=casino", "--cache-dir", str(tmp_path)]
    assert main(argv) == 2  # the banker's best play is worked out for the text's deal only
    assert "banker_best" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--preset", "nope"], "unknown preset 'nope'"),
        (["--rules", "russian-bank decks"], "not option=value"),
        (["--rules", "russian-bank penetration=1e9999999"], "penetration"),
        (["--rule", "colour=red"], "unknown rule option 'colour'"),
        (["--rule", "decks=nine"], "decks"),
        (["--rule", "blackjack_pays=3-2"], "blackjack_pays"),
        (["--rule", "decks"], "option=value"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_input_exits_2_with_a_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(argv))
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_the_cache_survives_a_restart_and_ignores_damage(tmp_path, monkeypatch):
    rules = find_preset("russian-bank")
    first = cache.chart(rules, cache_dir=tmp_path)
    files = list(tmp_path.glob("*.json"))
    assert len(files) == 1

    def refuse(*args, **kwargs):
        raise AssertionError("computed again instead of reading the cache")

    monkeypatch.setattr(cache.CACHE, "_memory", {})
    monkeypatch.setattr(cache, "compute_chart", refuse)
    again = cache.chart(rules, cache_dir=tmp_path)
    assert again.codes == first.codes
    assert again.house_edge == pytest.approx(first.house_edge, abs=1e-4)
    assert again.house_edge_cd == pytest.approx(first.house_edge_cd, abs=1e-9)

    files[0].write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(cache.CACHE, "_memory", {})
    monkeypatch.undo()
    monkeypatch.setattr(cache.CACHE, "_memory", {})
    repaired = cache.chart(rules, cache_dir=tmp_path)
    assert repaired.codes == first.codes


def test_the_key_changes_with_any_option():
    rules = find_preset("vegas-6d-s17")
    keys = {
        cache.cache_key(rules, (24,) * 9 + (96,)),
        cache.cache_key(rules.replace(decks="2"), (24,) * 9 + (96,)),
        cache.cache_key(rules.replace(blackjack_pays="6:5"), (24,) * 9 + (96,)),
        cache.cache_key(rules, (23,) * 9 + (96,)),
    }
    assert len(keys) == 4


def test_russian_bank_prices_its_texts_advice(tmp_path, capsys):
    from trainer.engine.strategy.advice import advice_cost, advice_for

    rules = Rules.parse(FACE_UP)
    advice = advice_for(rules)
    assert advice is not None and advice.stand_on == frozenset(range(16, 21))
    priced = advice_cost(rules, advice, cache_dir=tmp_path)
    # Standing on soft 16 and 17 is always wrong: the advice costs the punter.
    assert priced.cost > 0.1
    assert ("soft", "17", "6", "H", "S") in priced.differences
    assert all(followed == "S" for *_, followed in priced.differences)
    assert advice_for(find_preset("vegas-6d-s17")) is None
    assert main(["--rules", FACE_UP, "--cache-dir", str(tmp_path)]) == 0
    assert "Following it costs" in capsys.readouterr().out


def test_a_chart_cached_for_the_old_home_game_is_never_served(tmp_path, monkeypatch):
    # Issue 10: twenty-one-home now pays 002's bonus hands (002_377025c94223eb79.txt, РАСЧЕТЫ:
    # "За 21 в пяти картах - двойную ставку ..."); a chart computed before, for the game
    # without them, sits under another key (the rules and the code version are in it).
    home = find_preset("twenty-one-home")
    assert home.five_card_21_pays == 2 and home.seven_seven_seven_pays == 3
    old_game = home.replace(
        five_card_21_pays="none",
        six_card_21_pays="none",
        seven_seven_seven_pays="none",
        six_seven_eight_pays="none",
    )
    shoe = (4,) * 9 + (16,)
    assert cache.cache_key(old_game, shoe) != cache.cache_key(home, shoe)
    stale = cache.chart(old_game, cache_dir=tmp_path)
    monkeypatch.setattr(cache.CACHE, "_memory", {})
    assert cache.cached(home, cache_dir=tmp_path) is None
    fresh = cache.chart(home, cache_dir=tmp_path)
    # About 11.74% with the bonuses (issue 10), 12.02% without them, each playing its chart's
    # own total-dependent optimum (issue 12; 11.76% and 12.08% playing the codes alone).
    assert round(fresh.house_edge, 2) == 11.74
    assert round(stale.house_edge, 2) == 12.02
    key = cache.cache_key(home, shoe)
    monkeypatch.setattr(cache.CACHE, "code_version", "strategy-old")
    assert cache.cache_key(home, shoe) != key  # and a change of the maths moves every key


def test_a_chart_under_other_bet_limits_is_read_and_given_back_under_them(tmp_path, monkeypatch):
    # No play or EV depends on the table's bet limits: a counter who changed only the minimum
    # waited for the same chart again (1 s). It is read, and its rules are the ones asked for.
    plain = Rules.parse("single-deck")
    limited = plain.replace(min_bet=25, max_bet=500)
    first = cache.chart(plain, cache_dir=tmp_path)
    monkeypatch.setattr(cache, "compute_chart", pytest.fail)  # read, never worked out
    for kept in ({}, None):  # in memory, then from disk
        if kept is not None:
            monkeypatch.setattr(cache.CACHE, "_memory", kept)
        found, same = (
            cache.chart(limited, cache_dir=tmp_path),
            cache.chart(plain, cache_dir=tmp_path),
        )
        assert found.rules == limited and same.rules == plain
        assert found.codes == first.codes and found.evs == same.evs  # (on disk: 6 places)
        assert cache.cached(limited, cache_dir=tmp_path).rules == limited
    assert cache.cache_key(limited, (4,) * 9 + (16,)) == cache.cache_key(plain, (4,) * 9 + (16,))
    assert cache.cache_key(plain.replace(decks=2), (8,) * 9 + (32,)) != cache.cache_key(
        limited, (8,) * 9 + (32,)
    )
