"""``python -m trainer indices``: the JSON document, text, bad input, the disk cache."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.engine.counting import find_system
from trainer.engine.indices import cache
from trainer.engine.indices.cli import main
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import cache as strategy_cache

# One worker runs this file: its cold whole-process run (a study, about 40 s) is a module
# fixture, which each worker taking one of its tests would otherwise run again.
pytestmark = pytest.mark.xdist_group("indices-cli")


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch):
    monkeypatch.setattr(cache.CACHE, "_memory", {})


@pytest.fixture(scope="module")
def single_deck_json(tmp_path_factory):
    """One cold run, as a whole process: single deck, Hi-Lo."""
    directory = tmp_path_factory.mktemp("indices-cache")
    argv = ["--preset", "single-deck", "--system", "hilo", "--json", "--cache-dir", str(directory)]
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "indices", *argv],
        capture_output=True,
        text=True,
        check=True,
    )
    return directory, json.loads(done.stdout), done.stderr


def test_json_has_the_issues_shape(single_deck_json):
    _, data, progress = single_deck_json
    assert list(data) == ["rules", "system", "count", "plays"]
    assert data["rules"] == "single-deck"
    assert data["system"] == "hi-lo"
    assert data["count"] == "true"
    assert progress == ""  # piped: no bar, no lines (--progress-lines asks for those)
    for play in data["plays"]:
        assert list(play) == ["hand", "dealer", "basic", "play", "index", "when"]
        assert play["dealer"] in {"2", "3", "4", "5", "6", "7", "8", "9", "10", "A"}
        assert play["basic"] in set("HSDPRN") and play["play"] in set("HSDPRI")
        assert play["basic"] != play["play"]
        assert play["when"] in ("at_or_above", "below")
        assert -10 <= play["index"] <= 10
        hand = play["hand"]
        assert hand == "insurance" or hand.split()[0] in ("hard", "soft") or "-" in hand
    assert sum(p["hand"] == "insurance" for p in data["plays"]) == 1


def test_second_run_reads_the_disk_and_computes_nothing(single_deck_json, monkeypatch, capsys):
    directory, data, _ = single_deck_json

    def refuse(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr(cache, "compute_study", refuse)
    argv = ["--preset", "single-deck", "--system", "Hi-Lo", "--json", "--cache-dir", str(directory)]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == data


def test_a_study_leaves_the_full_shoes_chart_for_the_charts_page(single_deck_json):
    # Worked out once for the study, not again by the chart's own job.
    directory, _, _ = single_deck_json
    rules = Rules.parse("single-deck")
    assert strategy_cache.cached(rules, cache_dir=directory) is not None
    assert strategy_cache.cached(rules.replace(decks=2), cache_dir=directory) is None


def test_text_lists_the_plays_in_force_at_a_count(single_deck_json, capsys):
    directory, _, _ = single_deck_json
    argv = ["--preset", "single-deck", "--count", "4", "--cache-dir", str(directory)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Indices for single-deck, Hi-Lo (true count)" in out
    assert "insurance v A" in out and "play I at +" in out
    plays = out.splitlines()[2:]
    assert plays
    for line in plays:  # every play listed is in force at +4
        words = line.split()
        if words[-2:] == ["or", "above"]:
            assert int(words[-3]) <= 4, line
        else:
            assert words[-2] == "below" and int(words[-1]) > 4, line
    assert main([*argv[:3], "-8", *argv[4:]]) == 0
    low = capsys.readouterr().out
    assert "insurance v A" not in low and "below" in low


def test_evs_of_a_hand_at_a_count(capsys):
    argv = ["--rule", "surrender=none", "--count", "+4", "--hand", "T6", "--dealer", "10"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "true count of 4" in lines[0]
    assert lines[1].split()[0] == "stand"  # at +4 standing is best: the index is about 0


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--system", "plus-minus"], "unknown counting system 'plus-minus'"),
        (["--rule", "decks=9"], "decks"),
        (["--rule", "colour=red"], "colour"),
        (["--preset", "atlantis"], "atlantis"),
        (["--rules", "atlantis decks=2"], "atlantis"),
        (["--rules", "single-deck decks"], "not option=value"),
        (["--count", "31"], "-30 to +30, not 31"),
        # A cut card too shallow for the study's counts: it failed with a traceback (a walk).
        (["--rule", "penetration=0.2"], "use a penetration of 0.35 or more"),
        (["--count", "-30.5"], "not -61/2"),
        (["--count", "lots"], "not a number"),
        (["--count", "\u0663"], "not a number"),  # an Arabic-Indic 3: digits are 0-9
        (["--rule", "decks=\u0662"], "decks"),
        (["--count", "3", "--hand", "T6"], "--hand needs --dealer and --count"),
        (
            [
                "--preset",
                "single-deck",
                "--system",
                "ko",
                "--count",
                "30",
                "--hand",
                "T6",
                "--dealer",
                "10",
            ],
            "no shoe reaches",
        ),
    ],
)
def test_bad_input_exits_2_naming_it_and_caches_nothing(tmp_path, capsys, argv, named):
    with pytest.raises(SystemExit) as stopped:
        status = main([*argv, "--cache-dir", str(tmp_path)])
        raise SystemExit(status)
    assert stopped.value.code == 2
    assert named in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_cache_file_is_recomputed_not_trusted(tmp_path, monkeypatch):
    rules = Rules.parse("single-deck")
    hilo = find_system("hi-lo")
    path = tmp_path / f"count-{cache.cache_key(rules, hilo)}.json"
    path.write_text("{not json", encoding="utf-8")
    assert cache.cached_study(rules, hilo, cache_dir=tmp_path) is None
    other = {"rules": "vegas-6d-s17", "system": "hi-lo", "plays": []}
    path.write_text(json.dumps({"indices": other, "edge": {"edges": []}}))
    assert cache.cached_study(rules, hilo, cache_dir=tmp_path) is None


def test_the_key_follows_the_notation_and_the_system():
    hilo, ko = find_system("hi-lo"), find_system("ko")
    six = Rules.parse("vegas-6d-s17")
    assert cache.cache_key(six, hilo) != cache.cache_key(six, ko)
    assert cache.cache_key(six, hilo) != cache.cache_key(six.replace(decks=2), hilo)
    assert cache.cache_key(six, hilo) == cache.cache_key(Rules.parse("vegas-6d-s17"), hilo)


def test_progress_lines_are_printed_where_asked_for(monkeypatch, capsys):
    """A line per count for a log, where asked for; piped, nothing otherwise."""
    from trainer.engine.indices import cli

    def quick_study(rules, system, progress, **_options):
        for done in (1, 2):
            progress(done, 2)
        raise SystemExit(0)  # the lines are all this test reads

    monkeypatch.setattr(cli, "study", quick_study)
    for extra, lines in (([], ""), (["--progress-lines"], "charts at 1 of 2 counts")):
        with pytest.raises(SystemExit):
            main(["--preset", "single-deck", "--system", "hilo", *extra])
        err = capsys.readouterr().err
        assert (lines in err) if lines else err == ""
        assert "%|" not in err  # not a terminal: no bar
