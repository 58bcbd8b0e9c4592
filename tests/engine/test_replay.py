"""The replay command (REPLAY.md): every scenario in tests/data/scenarios plays as it expects.

The scenario files are the conformance examples of ``REPLAY.md`` (copied from the shared
scenarios) and our own, one or more per rule row of ``RULES.md``; each names the rule and the
source text line it checks in its ``note``.
"""

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from trainer.engine.play.replay import main

SCENARIOS = Path(__file__).parent.parent / "data" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))


def run(argv: list[str]) -> tuple[int, dict]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(argv)
    return status, json.loads(out.getvalue())


def matches(expected, actual, where="") -> list[str]:
    """Differences where ``expected`` is not a subset of ``actual`` (only the keys given)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}.{key}: missing")
            else:
                problems += matches(value, actual[key], f"{where}.{key}")
        return problems
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {len(expected)} items, got {actual!r}"]
        problems = []
        for index, (want, have) in enumerate(zip(expected, actual, strict=True)):
            problems += matches(want, have, f"{where}[{index}]")
        return problems
    if (
        expected != actual
        or type(expected) is not type(actual)
        and not (isinstance(expected, int | float) and isinstance(actual, int | float))
    ):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def test_there_are_enough_scenarios():
    assert len(FILES) >= 69  # the 9 shared examples and at least 60 of our own


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_scenario(path):
    data = json.loads(path.read_text())
    assert set(data) >= {"note", "scenario", "expect"}, "a scenario file has a note and expect"
    status, output = run([str(path)])
    problems = matches(data["expect"], output)
    assert not problems, f"{data['note']}\n" + "\n".join(problems) + f"\n{output}"
    assert status == (2 if "error" in data["expect"] else 0)


def test_each_preset_has_scenarios():
    from trainer.engine.rulebook.rules import PRESETS

    seen = {json.loads(path.read_text())["scenario"]["preset"] for path in FILES}
    assert seen == set(PRESETS)


def test_the_command_line_runs_a_bare_scenario(tmp_path):
    scenario = json.loads((SCENARIOS / "vegas-natural-pays-3-2.json").read_text())["scenario"]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["seats"][0]["net"] == 7.5
    assert output["seats"][0]["hands"][0]["result"] == "blackjack"
    assert output["dealer"] == {"cards": ["9", "7"], "total": 16}


def test_an_error_exits_2_with_json_on_stdout(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("{not json")
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad-scenario"


def scenario(**fields):
    base = {"preset": "vegas-6d-s17", "cards": ["9", "10", "8", "8"], "bets": [10]}
    base["decisions"] = [["stand"]]
    base.update(fields)
    return base


def play(tmp_path, data) -> tuple[int, dict]:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    return run([str(path)])


@pytest.mark.parametrize(
    ("fields", "code", "words"),
    [
        ({"preset": "no-such-game"}, "bad-scenario", "unknown preset"),
        ({"rules": {"no_such_option": 1}}, "bad-scenario", "no_such_option"),
        ({"rules": {"decks": 9}}, "bad-scenario", "decks"),
        ({"bets": [1]}, "bad-scenario", "min_bet"),
        ({"bets": [5000]}, "bad-scenario", "max_bet"),
        ({"bets": [True]}, "bad-scenario", "number"),
        ({"cards": ["9", "X", "8", "8"]}, "bad-scenario", "'X'"),
        ({"decisions": [["fly"]]}, "bad-scenario", "'fly'"),
        ({"decisions": [["stand"], ["stand"]]}, "bad-scenario", "decisions"),
        ({"insurance": [5, 5]}, "bad-scenario", "insurance"),
        ({"extra": 1}, "bad-scenario", "'extra'"),
        ({"cards": ["9", "10", "8"]}, "shoe-exhausted", "3 listed"),
        ({"decisions": [["hit"]]}, "shoe-exhausted", "4 listed"),
        ({"decisions": [[]]}, "missing-decision", "seat 1"),
        ({"decisions": [["stand", "hit"]]}, "unused-decisions", "hit"),
        ({"decisions": [["split"]]}, "illegal-decision", "split_by"),
        ({"insurance": [5]}, "illegal-decision", "up card is an ace"),
        ({"dealer_doubles": True}, "illegal-decision", "deal method 3"),
    ],
)
def test_errors(tmp_path, fields, code, words):
    status, output = play(tmp_path, scenario(**fields))
    assert status == 2
    assert set(output) == {"error"}
    assert output["error"]["code"] == code
    assert words in output["error"]["message"]


def test_unused_decisions_are_found_before_a_later_seat_plays(tmp_path):
    data = scenario(cards=["9", "7", "10", "8", "10", "8"], bets=[10, 10])
    data["decisions"] = [["stand", "stand"], ["double"]]
    status, output = play(tmp_path, data)
    assert (status, output["error"]["code"]) == (2, "unused-decisions")


def test_missing_file_and_bad_arguments(tmp_path):
    status, output = run([str(tmp_path / "nope.json")])
    assert status == 2 and output["error"]["code"] == "bad-scenario"
    assert main([]) == 2


def test_same_scenario_gives_byte_identical_output():
    path = str(SCENARIOS / "casino-boxes-split-double-after-split.json")
    first, second = io.StringIO(), io.StringIO()
    with redirect_stdout(first):
        main([path])
    with redirect_stdout(second):
        main([path])
    assert first.getvalue() == second.getvalue()


def test_suits_are_kept_in_the_output(tmp_path):
    status, output = play(tmp_path, scenario(cards=["9S", "10H", "8D", "8C"]))
    assert status == 0
    assert output["seats"][0]["hands"][0]["cards"] == ["9S", "8D"]
    assert output["dealer"]["cards"] == ["10H", "8C"]


def test_a_scenario_from_standard_input(monkeypatch):
    scenario = json.loads((SCENARIOS / "vegas-natural-pays-3-2.json").read_text())["scenario"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(scenario)))
    status, output = run(["-"])
    assert status == 0
    assert output["seats"][0]["net"] == 7.5


@pytest.mark.parametrize(
    "rules",
    [{"decks": [1]}, {"penetration": {}}, {"blackjack_pays": None}, {"ties": 3}],
)
def test_rule_values_of_the_wrong_type_are_bad_scenarios(tmp_path, rules):
    status, output = play(tmp_path, scenario(rules=rules))
    assert (status, output["error"]["code"]) == (2, "bad-scenario")
    assert next(iter(rules)) in output["error"]["message"]


def test_non_finite_numbers_are_bad_scenarios(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario(bets=[10])).replace("[10]", "[NaN]"))
    status, output = run([str(path)])
    assert (status, output["error"]["code"]) == (2, "bad-scenario")
