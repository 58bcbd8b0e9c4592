"""The URL rules' builders kept for the process (trainer.web.url_rules): a second map with the
same rules compiles no builder, and every URL it builds is its own (converters, defaults, the
query); rules that differ only in a default, a converter or the query get their own."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, url_for
from werkzeug.routing import Map

from trainer.web.url_rules import SharedBuilderRule


class Counting(SharedBuilderRule):
    """A shared-builder rule that counts the builders werkzeug compiles for it."""

    compiled = 0

    def _compile_builder(self, append_unknown: bool = True) -> Any:
        before = len(self._builders)
        found = super()._compile_builder(append_unknown)
        type(self).compiled += len(self._builders) - before
        return found


@pytest.fixture(autouse=True)
def _fresh() -> None:
    Counting._builders = {}  # this test's own, not the process's
    Counting.compiled = 0


def _map(*rules: Counting) -> Any:
    return Map(list(rules)).bind("example.org", "/")


def test_a_second_map_of_the_same_rules_compiles_nothing_and_builds_its_own_urls() -> None:
    first = _map(Counting("/answered/<int:attempt>", endpoint="verdict"))
    assert Counting.compiled == 2  # the builder with the query and the one without
    second = _map(Counting("/answered/<int:attempt>", endpoint="verdict"))
    assert Counting.compiled == 2
    assert first.build("verdict", {"attempt": 7}) == "/answered/7"
    assert second.build("verdict", {"attempt": 12, "review": "1 2"}) == "/answered/12?review=1+2"
    with pytest.raises(ValueError):
        second.build("verdict", {"attempt": "x"})  # the second map's own converter refuses


def test_rules_that_differ_in_a_default_or_a_converter_get_their_own_builders() -> None:
    plain = _map(Counting("/drills/<slug>", endpoint="drill"))
    defaulted = _map(Counting("/drills/", endpoint="drill", defaults={"slug": "hand-totals"}))
    typed = _map(Counting("/drills/<int:slug>", endpoint="drill"))
    assert Counting.compiled == 6
    assert plain.build("drill", {"slug": "a b"}) == "/drills/a%20b"
    assert defaulted.build("drill", {}) == "/drills/"
    assert typed.build("drill", {"slug": 3}) == "/drills/3"


def test_two_apps_share_the_builders_and_each_builds_its_own_prefix() -> None:
    urls = []
    for root in ("/", "/club/"):
        app = Flask("two")
        app.url_rule_class = SharedBuilderRule

        @app.get("/mistakes/<int:attempt>")
        def mistake(attempt: int) -> str:
            return str(attempt)

        with app.test_request_context(base_url=f"http://example.org{root}"):
            urls.append(url_for("mistake", attempt=5, page=2))
        assert isinstance(next(app.url_map.iter_rules("mistake")), SharedBuilderRule)
    assert urls == ["/mistakes/5?page=2", "/club/mistakes/5?page=2"]


def test_the_trainers_app_registers_its_rules_as_shared_builder_rules(app: Any) -> None:
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 50
    assert all(isinstance(rule, SharedBuilderRule) for rule in rules)
    with app.test_request_context():
        assert url_for("strategy_quiz.verdict", attempt_id=9, review="1") == (
            "/drills/basic-strategy/answered/9?review=1"
        )
