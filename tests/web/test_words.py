"""The words' helpers: numbers, signs, plurals and bets written one way everywhere, in templates
as in Python."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from flask import render_template_string

from trainer.words import bets, number, plural, say, signed


def test_numbers_are_grouped_and_rounded():
    assert number(10000) == "10,000"
    assert number(1.456, 2) == "1.46"
    assert number(0.5) == "0"  # rounded half to even, as Babel rounds


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_number_written_without_babel_is_written_as_babel_writes_it(app, language) -> None:
    """Whole and float numbers from 0 to 10**15 are written without Babel (trainer.words._plain):
    the same text as Babel's, its rounding of halves included."""
    from trainer.words import _decimal, _plain

    rng = random.Random(28)
    values: list[int | float] = [0, 1, 999, 1000, 99_999, 1_000_000, 10**15 - 1]
    values += [rng.randrange(10**k) for k in range(1, 16) for _ in range(20)]
    values += [k / d for k in range(0, 4000, 13) for d in (2, 8, 20, 200, 2000)]  # halves
    values += [rng.random() * 10 ** rng.randrange(8) for _ in range(500)]
    values += [0.0, 0.05, 0.15, 0.25, 0.35, 2.5, 3.5, 1234.5, 999.95, 999.995, 1e14 + 0.5]
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for value in values:
            for digits in range(4):
                shape = "#,##0" + ("." + "0" * digits if digits else "")
                assert _plain(value, digits) == _decimal(value, shape), (value, digits)
        assert _plain(-1, 0) is None and _plain(-0.0, 1) is None and _plain(10**15, 0) is None
        assert number(1234567.25, 1) == ("1,234,567.2" if language == "en" else "1\xa0234\xa0567,2")


def test_counts_always_carry_their_sign():
    assert [signed(3), signed(-2), signed(0), signed(-0.01, 1)] == ["+3", "\u22122", "0", "0.0"]


def test_a_negative_number_takes_the_same_minus_sign_as_a_count():
    """One minus sign a learner reads: a number's is the true minus a count's is ("\u22124",
    never "-4" beside "\u22121")."""
    assert number(-4) == "\u22124" == signed(-4)
    assert number(-1234.5, 1) == "\u22121,234.5"
    assert bets(-0.5) == "\u22120.5 bets"


def test_the_rounding_conventions_are_explained_with_the_same_minus_sign():
    """The counting settings' rounding labels ("-1.5 is -2") wrote a hyphen where every count
    beside them is written with the true minus."""
    from drills.counting.preferences import CONVENTION_LABELS

    for label in CONVENTION_LABELS.values():
        assert "\u22121.5 is \u2212" in label and "-1" not in label, label


def test_plurals_choose_their_form_and_write_the_number():
    assert plural("%(count)s seat", "%(count)s seats", 1) == "1 seat"
    assert plural("%(count)s seat", "%(count)s seats", 10000) == "10,000 seats"
    assert say("A %(what)s.", what="sentence") == "A sentence."


def test_bets_drop_the_zeros_nobody_reads():
    assert [bets(1), bets(0.4), bets(2.5), bets(1.004)] == [
        "1 bet",
        "0.4 bets",
        "2.5 bets",
        "1 bet",
    ]


def test_a_dealing_speed_takes_its_units_form(app) -> None:
    """A counting session at 1 card a second said "1 cards per second"."""
    from trainer.words import card_speed

    assert [card_speed(1), card_speed(2), card_speed(1.25)] == [
        "1 card per second",
        "2 cards per second",
        "1.25 cards per second",
    ]
    with app.test_request_context("/", headers={"Accept-Language": "ru"}):
        said = [card_speed(1), card_speed(2), card_speed(5), card_speed(2.5)]
    assert said == [
        "1 карта в секунду",
        "2 карты в секунду",
        "5 карт в секунду",
        "2,5 карты в секунду",
    ]


def test_templates_have_the_same_helpers(app):
    with app.test_request_context():
        text = render_template_string(
            "{{ number(12345) }} {{ signed(2) }} {{ bets(0.25) }} "
            "{{ plural('%(count)s seat', '%(count)s seats', 2) }} {{ _('Hello') }}"
        )
    assert text == "12,345 +2 0.25 bets 2 seats Hello"


def test_templates_have_the_article_helper(app):
    with app.test_request_context():
        assert render_template_string("{{ a_or_an('8') }}, {{ a_or_an('ace') }}") == "an 8, an ace"


def test_pages_write_plurals_and_numbers_through_the_helpers(client, db):
    from trainer.store import simulations, users

    guest = users.create_guest(db)
    with client.session_transaction() as session:
        session["uid"] = guest.id
    account = client.get("/account").get_data(as_text=True)
    assert "You are drilling as a guest: 0 answers so far." in account
    settings = {"rules": "vegas-6d-s17", "rounds": 10000, "seats": 1, "system": "hi-lo"}
    job = simulations.create_job(db, guest.id, settings)
    page = client.get(f"/simulate/{job}").get_data(as_text=True)
    assert "10,000 rounds, 1 seat," in page
    assert "seat(s)" not in page


def test_the_drills_can_use_them_without_flask():
    """The drills may not import Flask: the words' helpers load without it."""
    code = "import sys, trainer.words; sys.exit('flask' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_number_past_decimals_precision_is_written_as_it_is() -> None:
    """A number a visitor typed may have hundreds of digits: written, never an error."""
    from trainer.words import number

    huge = int("9" * 300)
    assert number(huge) == "9" * 300
    assert number(123456) == "123,456"


def test_a_stored_answers_numbers_are_said_in_the_learners_language(app) -> None:
    """The stored answers ("17.15", "-3") went into Russian verdicts as they are stored:
    "сдача стоит 17.15"."""
    from trainer.words import said_numbers

    stored = "17.15; +1.5; −10.50; -3; 0; hard 12; a-3"
    with app.test_request_context():
        assert said_numbers(stored) == "17.15; +1.5; −10.50; −3; 0; hard 12; a-3"
        assert render_template_string("{{ said_numbers('2.5') }}") == "2.5"
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert said_numbers(stored) == "17,15; +1,5; −10,50; −3; 0; hard 12; a-3"
