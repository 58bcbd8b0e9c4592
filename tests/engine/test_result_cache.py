"""A result's key in a ResultCache: the hash of its rules' document, made once per rule set
(the engine's bankers and punters ask for a result at every decision)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from trainer.engine import cache
from trainer.engine.cache import ResultCache
from trainer.engine.rulebook.rules import Rules


def a_cache() -> ResultCache[Any]:
    return ResultCache("results", "v-1", encode=dict, env_var="NO_SUCH_DIR", memory_limit=2)


def test_the_key_hashes_the_rules_parts_and_code_version_as_the_files_were_named() -> None:
    rules = Rules.parse("vegas-6d-s17 decks=2")
    document = {
        "rules": {"notation": rules.notation(), "options": rules.to_dict()},
        "system": "hi-lo",
        "code": "v-1",
    }
    text = json.dumps(document, sort_keys=True).encode()
    key = a_cache().key(rules, system="hi-lo")
    assert key == hashlib.sha256(text).hexdigest()[:32]


def test_a_key_is_made_once_for_equal_rules_and_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def counted(rules: Rules) -> dict[str, Any]:
        made.append(rules.notation())
        return {"notation": rules.notation(), "options": rules.to_dict()}

    monkeypatch.setattr(cache, "rules_key", counted)
    results = a_cache()
    rules = Rules.parse("vegas-6d-s17")
    first = results.key(rules)
    assert results.key(rules) == results.key(Rules.parse("vegas-6d-s17")) == first
    assert made == ["vegas-6d-s17"]
    other = results.key(rules, composition=[4, 4])
    assert other != first and results.key(rules, composition=[4, 4]) == other
    assert results.key(rules, composition=[4, 5]) not in (first, other)
    assert results.key(Rules.parse("vegas-6d-s17 decks=2")) not in (first, other)
    assert len(made) == 4


def _made_in_another_process(directory: str, marks: str) -> float:
    """Ask ``a_cache()`` for one result in ``directory``, noting each time it is worked out."""
    import time
    from pathlib import Path

    def make() -> dict[str, Any]:
        with Path(marks).open("a") as noted:
            noted.write("made\n")
        time.sleep(0.5)  # long enough for the other process to ask meanwhile
        return {"value": 42.0}

    return float(a_cache().get("the-key", make, dict, directory)["value"])


def test_two_processes_asking_at_once_work_the_result_out_once(tmp_path: Any) -> None:
    """Another process asking while one works a result out waits for it and reads it (the
    suite's workers, a server's job worker and the command line, each a process)."""
    import multiprocessing

    marks = tmp_path / "marks"
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        asked = [(str(tmp_path / "results"), str(marks))] * 2
        values = pool.starmap(_made_in_another_process, asked)
    assert values == [42.0, 42.0]
    assert marks.read_text() == "made\n"


def test_a_place_where_no_lock_can_be_made_still_gives_the_result(tmp_path: Any) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")  # the cache's directory would be beneath a file: nothing is kept
    result = a_cache().get("the-key", lambda: {"value": 1.0}, dict, blocked / "results")
    assert result == {"value": 1.0}
