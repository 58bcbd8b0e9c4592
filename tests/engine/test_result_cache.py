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
