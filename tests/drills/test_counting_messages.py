"""What a learner reads after a wrong kind of answer: the message says what was wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from drills.base import InvalidAnswerError
from drills.counting.notation import read_number, read_whole_count


def test_a_huge_whole_number_is_out_of_reach_not_not_a_number() -> None:
    with pytest.raises(InvalidAnswerError) as raised:
        read_number("100000", "the running count")
    message = str(raised.value)
    assert "far out of reach" in message
    assert "not one" not in message and "whole number" not in message


def test_where_a_whole_number_is_asked_the_example_is_whole() -> None:
    with pytest.raises(InvalidAnswerError) as raised:
        read_whole_count("lots", "the true count")
    assert "whole number, like +3, 0 or \u22122" in str(raised.value)
    assert "1.5" not in str(raised.value)
    with pytest.raises(InvalidAnswerError) as raised:
        read_number("lots", "the running count")
    assert "like +3, \u22122 or 1.5" in str(raised.value)


def test_over_long_text_is_quoted_short() -> None:
    with pytest.raises(InvalidAnswerError) as raised:
        read_number("9" * 10_000, "the running count")
    assert len(str(raised.value)) < 120


def test_a_whole_number_asked_and_given_reads() -> None:
    assert read_whole_count("+3", "the true count") == 3
    assert read_number("2.5", "the running count") == 2.5


PO = Path(__file__).parents[2] / "trainer/translations/ru/LC_MESSAGES/messages.po"
# An example number with a hyphen for its minus ("like +3, 0 or -2"), in either language.
HYPHEN_EXAMPLE = re.compile(r"(like|such as|e\.g\.|например)[^.;]*?(^|[\s(])-\d")


def test_the_examples_show_the_true_minus_and_it_reads_as_typed() -> None:
    """The hints show a learner the true minus (the English ones showed a hyphen), and what
    an example shows, typed back, reads, as a hyphen still does."""
    with PO.open("rb") as po:
        catalogue = read_po(po)
    for message in catalogue:
        texts = [message.id, message.string]
        for text in texts:
            for one in text if isinstance(text, tuple | list) else [text]:
                assert not HYPHEN_EXAMPLE.search(one or ""), one
    assert read_whole_count("\u22122", "the true count") == -2
    assert read_whole_count("-2", "the true count") == -2
