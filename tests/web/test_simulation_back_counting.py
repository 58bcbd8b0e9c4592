"""The simulation page's other players, back-counting and more hands: the fields in plain words
(in Russian too), each bad one a 400 beside it with nothing stored, and a run's page saying
what was played and the figures per round played, per round dealt and an hour."""

from __future__ import annotations

import re
from typing import Any

import pytest

from trainer.jobs.worker import run_by_id as run_job

FORM = {"preset": "vegas-6d-s17", "rounds": "20000", "seats": "1", "system": "hi-lo"}
LABELS = (
    "Other players at the table",
    "Sit in at a count of",
    "Leave below a count of",
    "Hands at a good count",
    "Play them from a count of",
)


@pytest.fixture
def quiet_app(app: Any) -> Any:
    app.config["SIMULATION_LAUNCH"] = False  # the test runs the job itself
    return app


def _post(client: Any, csrf: Any, **fields: str) -> Any:
    return client.post("/simulate", data={**FORM, **fields, "csrf_token": csrf()})


def test_the_form_asks_in_plain_words(client: Any) -> None:
    text = client.get("/simulate").get_data(as_text=True)
    assert "<legend>Other players, back-counting and more hands</legend>" in text
    for label, name in zip(LABELS, ("others", "enter", "leave", "spots", "spots_at"), strict=True):
        assert re.search(rf"<label>{label} <input name=\"{name}\"", text), label
    assert "some 209 heads-up, 52 at seven" in text


def test_the_form_in_russian(app: Any, client: Any) -> None:
    app.config["LANGUAGES"] = ("en", "ru")
    text = client.get("/simulate", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "<legend>Другие игроки, счёт со стороны и больше рук</legend>" in text
    for words in ("Сесть играть при счёте", "Уйти при счёте ниже", "Рук при хорошем счёте"):
        assert words in text


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"enter": "2"}, "others"),
        ({"others": "1", "leave": "0"}, "leave"),
        ({"others": "1", "enter": "1", "leave": "2"}, "leave"),
        ({"others": "9"}, "others"),
        ({"others": "1", "enter": "x"}, "enter"),
        ({"others": "1", "enter": "1e9"}, "enter"),
        ({"spots": "4", "spots_at": "2"}, "spots"),
        ({"spots": "2"}, "spots_at"),
        ({"spots_at": "3"}, "spots"),
        ({"spots": "3", "spots_at": "2", "others": "5"}, "others"),
    ],
)
def test_a_bad_table_field_is_a_400_beside_it(
    quiet_app: Any, client: Any, csrf: Any, db: Any, fields: dict[str, str], named: str
) -> None:
    response = _post(client, csrf, **fields)
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    assert f'id="{named}-error"' in text and f'aria-describedby="{named}-error"' in text
    assert db.execute("SELECT count(*) FROM jobs").fetchone()[0] == 0


def test_a_back_counters_run_says_what_was_played(quiet_app: Any, client: Any, csrf: Any) -> None:
    fields = {"others": "2", "enter": "+1", "leave": "\u22121", "spots": "2", "spots_at": "3"}
    response = _post(client, csrf, ramp="1@-99,2@2,4@3", **fields)
    assert response.status_code == 303
    job_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert run_job(quiet_app.config["DATABASE"], job_id) == 0
    text = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert "2 other players at the table. Back-counting: you sit in at a count of +1 and" in text
    assert "leave below \u22121 or at the shuffle." in text
    assert "From a count of +3 you play 2 hands, the ramp&#39;s bet on each." in text
    played = re.search(r"<dt>Rounds played</dt><dd>([\d,]+) of 20,000 rounds dealt", text)
    assert played and 0 < int(played.group(1).replace(",", "")) < 20_000
    for words in ("<dt>A round you play</dt>", "<dt>A round dealt</dt>", "<dt>An hour</dt>"):
        assert words in text
    assert "every hand of the round together" in text


def test_a_run_of_every_round_says_a_round_once(quiet_app: Any, client: Any, csrf: Any) -> None:
    response = _post(client, csrf)
    job_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert run_job(quiet_app.config["DATABASE"], job_id) == 0
    text = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert "<dt>A round you play</dt>" in text and "<dt>An hour</dt>" in text
    # The figures an hour say their pace is an assumption, and what it is.
    assert "The pace is assumed, not measured: 209 rounds an hour heads-up, 52 at seven" in text
    assert "Rounds played" not in text and "A round dealt" not in text
    assert "other players at the table" not in text and "Back-counting:" not in text


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"others": "1", "enter": "1", "leave": "2"}, "не выше счёта, при котором вы садитесь"),
        ({"others": "1", "leave": "0"}, "укажите и счёт, при котором вы садитесь играть"),
        ({"enter": "2"}, "не меньше 1 для счёта со стороны"),
        ({"seats": "3", "spots": "2", "spots_at": "2"}, "не меньше числа ваших мест (3)"),
        ({"spots": "2"}, "укажите счёт, с которого вы играете 2 руки"),
        ({"spots_at": "3"}, "сколько рук вы играете с этого счёта (от 1 до 3)"),
        ({"spots": "3", "spots_at": "2", "others": "5"}, "ваших рук (3) и других игроков (5)"),
        ({"ramp": "1@1,x@2"}, "«x@2» — не запись единицы@счёт"),
        ({"ramp": "1@1,0@2"}, "«0@2»: единиц должно быть больше 0, но не больше 10"),
        ({"sweep": "1/2,9/2"}, "«9/2» — не пенетрация"),
    ],
)
def test_a_refused_table_field_says_why_in_russian(
    quiet_app: Any, client: Any, csrf: Any, fields: dict[str, str], said: str
) -> None:
    quiet_app.config["LANGUAGES"] = ("en", "ru")
    data = {**FORM, **fields, "csrf_token": csrf()}
    response = client.post("/simulate", data=data, headers={"Accept-Language": "ru"})
    text = response.get_data(as_text=True).replace("&#39;", "'").replace("&#34;", '"')
    assert response.status_code == 400
    assert said in text
    # No English refusal and no Python quotes around what the learner typed.
    for english in ("must be", "give the", "back-count", "is not units", "'x", "'9/2'"):
        assert english not in text
