"""The rules' text notation: a preset name, then the options that differ from it."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from trainer.engine.rulebook.rule_options import (
    FRACTION_OPTIONS,
    MAX_NOTATION_LENGTH,
    MAX_VALUE_LENGTH,
)
from trainer.engine.rulebook.rules import (
    OPTION_CHOICES,
    PRESETS,
    InvalidRulesError,
    OptionValueError,
    Rules,
    RulesNotationError,
    UnknownOptionError,
    UnknownPresetError,
    find_preset,
)

_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}
_RATIOS = st.builds(Fraction, st.integers(1, 20), st.integers(1, 8)).filter(lambda r: r <= 10)


def _values(option: str) -> st.SearchStrategy[Any]:
    """Values an option may plausibly take (some are refused by validation, and skipped)."""
    default = _DEFAULTS[option]
    if option in OPTION_CHOICES:
        return st.sampled_from(OPTION_CHOICES[option])
    if isinstance(default, bool):
        return st.booleans()
    if option == "penetration":
        return st.builds(Fraction, st.integers(1, 12), st.integers(1, 12)).filter(lambda p: p <= 1)
    if option in ("min_bet", "max_bet"):
        return st.builds(Fraction, st.integers(1, 5000), st.sampled_from([1, 2, 3, 4, 100]))
    if option in FRACTION_OPTIONS:
        return st.one_of(st.none(), _RATIOS) if default is None else _RATIOS
    if option == "max_draws":
        return st.one_of(st.none(), st.integers(1, 10))
    return st.integers(0, 21)


# No deadline: four helpers share two cores, and a slow example is not a wrong one.
PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """A preset with up to five options changed to random values."""
    base = draw(st.sampled_from(list(PRESETS.values())))
    options = draw(st.lists(st.sampled_from(Rules.option_names()), max_size=5, unique=True))
    changes = {option: draw(_values(option)) for option in options}
    try:
        return base.replace(**changes)
    except InvalidRulesError:
        assume(False)
        raise  # not reached: assume(False) stops the example


@PROPERTY
@given(rule_sets())
def test_the_notation_round_trips(rules: Rules) -> None:
    notation = rules.notation()
    assert Rules.parse(notation) == rules
    assert Rules.parse(notation).notation() == notation
    assert notation.split()[0] == rules.name


@PROPERTY
@given(rule_sets())
def test_repr_is_the_parse_call(rules: Rules) -> None:
    assert repr(rules) == f"Rules.parse({rules.notation()!r})"
    assert eval(repr(rules), {"Rules": Rules}) == rules


@PROPERTY
@given(rule_sets())
def test_changes_are_the_options_that_differ_from_the_preset(rules: Rules) -> None:
    base = find_preset(rules.name)
    differ = [o for o in Rules.option_names() if getattr(rules, o) != getattr(base, o)]
    assert list(rules.changes()) == differ
    assert base.replace(**rules.changes()) == rules
    assert all(len(text) <= MAX_VALUE_LENGTH for text in rules.changes().values())


@PROPERTY
@given(rule_sets(), rule_sets())
def test_equal_rules_hash_alike_however_they_were_made(rules: Rules, other: Rules) -> None:
    rebuilt = find_preset(rules.name).replace(**rules.changes())
    assert hash(rebuilt) == hash(Rules.parse(rules.notation())) == hash(rules)
    assert len({rules, rebuilt, other}) == (1 if other == rules else 2)


@PROPERTY
@given(rule_sets(), st.randoms())
def test_options_may_come_in_any_order(rules: Rules, rng: Any) -> None:
    words = [f"{k}={v}" for k, v in rules.changes().items()]
    rng.shuffle(words)
    assert Rules.parse(" ".join([rules.name, *words])) == rules


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_preset_is_its_name(name: str) -> None:
    preset = find_preset(name)
    assert preset.notation() == name
    assert preset.changes() == {}
    assert preset.is_preset
    assert Rules.parse(name) is preset


def test_the_examples_of_the_issue() -> None:
    rules = Rules.parse("vegas-6d-s17 decks=2 surrender=none")
    assert (rules.decks, rules.surrender, rules.name) == (2, "none", "vegas-6d-s17")
    assert rules.changes() == {"decks": "2", "surrender": "none"}
    assert repr(rules) == "Rules.parse('vegas-6d-s17 decks=2 surrender=none')"
    assert repr(Rules.parse("casino-boxes")) == "Rules.parse('casino-boxes')"


def test_a_changed_preset_keeps_its_name_and_says_what_changed() -> None:
    rules = find_preset("russian-bank").replace(decks="1").replace(max_draws="2")
    assert rules.name == "russian-bank"
    assert rules.notation() == "russian-bank decks=1 max_draws=2"
    assert not rules.is_preset
    # Changing an option back to the preset's value leaves the preset itself.
    assert rules.replace(decks=2, max_draws=3) == find_preset("russian-bank")


def test_exact_values_are_written_exactly() -> None:
    rules = Rules.parse("vegas-6d-s17 penetration=2/3 min_bet=2.5 blackjack_pays=6:5")
    assert rules.penetration == Fraction(2, 3)
    assert rules.min_bet == Fraction(5, 2)
    assert rules.notation() == ("vegas-6d-s17 penetration=2/3 blackjack_pays=6:5 min_bet=2.5")
    assert Rules.parse("vegas-6d-s17 penetration=0.8").notation() == (
        "vegas-6d-s17 penetration=0.8"
    )


def test_custom_rules_start_from_the_models_defaults() -> None:
    assert Rules().notation() == "custom"
    assert Rules.parse("custom decks=2") == Rules(decks=2)


@pytest.mark.parametrize(
    ("text", "error", "option"),
    [
        ("", RulesNotationError, None),
        ("   ", RulesNotationError, None),
        ("vegas", UnknownPresetError, None),
        ("vegas-6d-s17 decks", RulesNotationError, None),
        ("vegas-6d-s17 =2", RulesNotationError, None),
        ("vegas-6d-s17 decks=", RulesNotationError, None),
        ("vegas-6d-s17 decks=2 decks=3", RulesNotationError, "decks"),
        ("vegas-6d-s17 deck=2", UnknownOptionError, "deck"),
        ("vegas-6d-s17 name=casino-boxes", UnknownOptionError, "name"),
        ("vegas-6d-s17 decks=two", OptionValueError, "decks"),
        ("vegas-6d-s17 decks=1.5", OptionValueError, "decks"),
        ("vegas-6d-s17 decks=99", InvalidRulesError, "decks"),
        ("vegas-6d-s17 surrender=sometimes", InvalidRulesError, "surrender"),
        ("vegas-6d-s17 insurance=maybe", OptionValueError, "insurance"),
        ("vegas-6d-s17 blackjack_pays=3:0", OptionValueError, "blackjack_pays"),
        ("vegas-6d-s17 penetration=1e9999999", OptionValueError, "penetration"),
        ("vegas-6d-s17 penetration=" + "9" * 100, OptionValueError, "penetration"),
        ("vegas-6d-s17 min_bet=1e9999999", OptionValueError, "min_bet"),
        ("vegas-6d-s17 blackjack_pays=1e9999:1", OptionValueError, "blackjack_pays"),
        ("vegas-6d-s17 decks=" + "9" * 20, OptionValueError, "decks"),
        ("vegas-6d-s17 resplit_aces=true max_split_hands=2", InvalidRulesError, "resplit_aces"),
    ],
)
def test_bad_notation_names_what_is_wrong(
    text: str, error: type[InvalidRulesError], option: str | None
) -> None:
    with pytest.raises(error) as raised:
        Rules.parse(text)
    assert raised.value.option == option
    if option is not None:
        assert option in str(raised.value)


def test_over_long_text_is_refused_before_it_is_read() -> None:
    text = "vegas-6d-s17 " + "decks=2 " * MAX_NOTATION_LENGTH
    with pytest.raises(RulesNotationError, match="at most"):
        Rules.parse(text)
    # The message quotes no more than a few characters of what it was given.
    with pytest.raises(UnknownPresetError) as raised:
        Rules.parse("x" * 1500)
    assert len(str(raised.value)) < 300


def test_no_rules_named_is_said_so_not_quoted_empty() -> None:
    """An address without its rules: "no rules were named", not "no rules called “”"."""
    with pytest.raises(UnknownPresetError) as raised:
        find_preset("")
    assert raised.value.said == ("no rules were named", {})


def test_a_rules_value_names_only_presets() -> None:
    with pytest.raises(UnknownPresetError):
        Rules(name="vegas (modified)")


@pytest.mark.parametrize("typed", ["-5", "\u22125", "-0.5", "-3/4"])
def test_a_negative_amount_is_refused_as_below_zero_not_as_no_number(typed: str) -> None:
    # "−5" was refused as "expected a number like 10, 2.5 or 3/4": it is one, below 0 (a walk).
    with pytest.raises(OptionValueError) as raised:
        Rules.parse(f"russian-bank min_bet={typed}")
    assert str(raised.value) == f"min_bet: expected a number above 0, not {typed!r}"
