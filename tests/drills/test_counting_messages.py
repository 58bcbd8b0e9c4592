"""What a learner reads after a wrong kind of answer: the message says what was wrong."""

from __future__ import annotations

import pytest

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
    assert "whole number, like +3, 0 or -2" in str(raised.value)
    assert "1.5" not in str(raised.value)
    with pytest.raises(InvalidAnswerError) as raised:
        read_number("lots", "the running count")
    assert "like +3, -2 or 1.5" in str(raised.value)


def test_over_long_text_is_quoted_short() -> None:
    with pytest.raises(InvalidAnswerError) as raised:
        read_number("9" * 10_000, "the running count")
    assert len(str(raised.value)) < 120


def test_a_whole_number_asked_and_given_reads() -> None:
    assert read_whole_count("+3", "the true count") == 3
    assert read_number("2.5", "the running count") == 2.5
