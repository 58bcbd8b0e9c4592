"""Your game: a learner's own answers read as an error model, worked out by the simulator (a job)
beside a perfect counter's game, the leaks ranked; "not enough answers yet" for a learner with
too few; another learner's answers and jobs never shown."""

from __future__ import annotations

import html
import json
import random
import re
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest

from drills.deviation_due import reader
from drills.deviation_reach import reach
from drills.error_model import FLOORS, error_model, sd_interval, wilson
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules
from trainer.store import attempts

pytestmark = pytest.mark.usefixtures("count_studies")

RANKS = "23456789TJQKA"
START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)  # a Monday


@pytest.fixture
def app(tmp_path: Any, strategy_charts: None) -> Any:
    from tests.conftest import app_config
    from trainer import create_app

    return create_app(app_config(tmp_path, YOUR_GAME_ROUNDS=20_000))


def sign_up(client: Any, name: str) -> int:
    with client.session_transaction() as session:
        session["_csrf"] = "csrf-for-" + name
    data = {"username": name, "password": "password " + name, "csrf_token": "csrf-for-" + name}
    assert client.post("/signup", data=data).status_code == 303
    with client.session_transaction() as session:
        session["_csrf"] = "csrf-for-" + name
        return int(session["uid"])


def _store(
    db: Any,
    user: int,
    n: int,
    drill: str,
    question: str,
    answer: str,
    right: str,
    *,
    cost: Fraction | None = None,
    token: str | None = None,
    day: int = 0,
) -> None:
    attempts.record_attempt(
        db,
        user_id=user,
        drill=drill,
        question=question,
        rules="vegas-6d-s17",
        answer=answer,
        right_answer=right,
        correct=answer == right,
        token=token or f"yg-{user}-{drill}-{n}",
        ev_cost=cost if answer != right else None,
        created_at=(START + timedelta(days=day, seconds=20 * n)).isoformat(),
    )


def seed(db: Any, user: int, *, weeks: int = 2, table: bool = True) -> None:
    """Answers of every kind: one play in ten wrong at 0.1 of a bet, insurance by the count
    missed where due 3 times in 30 and taken where not 4 times in 30, one running count in
    three off by one, true counts and decks off now and then, table hands for a pace (none
    without ``table``)."""
    rng = random.Random(user)
    for week in range(weeks):
        day = 7 * week
        for n in range(40):
            _store(db, user, n + 100 * week, "basic-strategy", "T6v9", "H" if n % 10 else "S", "H",
                   cost=Fraction(1, 10), day=day)  # fmt: skip
            _store(db, user, n + 100 * week, "bet-sizing", "hi-lo bankroll 10000 risk 0.05 tc +3",
                   "50" if n % 8 == 0 else "40", "40", cost=Fraction(1, 20), day=day)  # fmt: skip
            off = rng.choice((-1, 0, 0, 1))
            tc = "hi-lo floor half 6d rc +7 played 130 tray"
            _store(db, user, n + 100 * week, "true-count", tc, f"{2 + off:+d}", "+2", day=day)
            _store(db, user, n + 100 * week, "deck-estimation", "6d played 130 remaining half",
                   "3.5" if n % 6 == 0 else "3.5" if off else "3", "3", day=day)  # fmt: skip
        for n in range(60):  # insurance (its index +3 or so): due at +6, not due at -1
            due = n % 2 == 0
            question = f"hi-lo 9S 7H v AD insurance tc {'+6' if due else '-1'}"
            right = "I" if due else "N"
            wrong = n % 20 == 0 if due else n % 16 == 1  # missed 3 in 30, taken 4 in 30
            answer = ("N" if due else "I") if wrong else right
            _store(db, user, n + 100 * week, "deviations", question, answer, right,
                   cost=Fraction(3, 100) if due else Fraction(4, 100), day=day)  # fmt: skip
        for session in range(3):
            for index in range(8):
                cards = " ".join(
                    f"{RANKS[(index * 26 + k) % 13]}S" for k in range(26 * (index + 1))
                )
                off = 1 if (index + session) % 3 == 0 else 0
                token = f"cs-s{week}{session}u{user}-{index}-rc"
                given = f"{off:+d}" if off else "0"
                rc = f"rc hi-lo 6d: {cards}"
                _store(db, user, index, "running-count", rc, given, "0", token=token, day=day)
        for n in range(60 if table else 0):
            _store(db, user, n + 100 * week, "table-play", "TS 6H v 9D", "hit", "hit", day=day)


def test_the_interval_helpers_match_known_values() -> None:
    low, high = wilson(3, 30)  # Wilson's interval of 3 in 30 (Newcombe, 1998: 0.0346 to 0.2562)
    assert round(low, 3) == 0.035 and round(high, 3) == 0.256
    sd, low, high = sd_interval(30.0, 30.0, 30)  # s = 1 with 30 errors: chi-square 16.79, 46.98
    assert sd == 1.0 and round(low, 2) == 0.80 and round(high, 2) == 1.34
    # One error (chi-square quantiles of 1 degree: 0.000982 and 5.024; NIST/SEMATECH
    # e-Handbook, table 1.3.6.7.4): s = 1, the interval sqrt(1/5.024) to sqrt(1/0.000982).
    sd, low, high = sd_interval(1.0, 1.0, 1)
    assert sd == 1.0 and round(low, 3) == 0.446 and round(high, 1) == 31.9
    sd, low, high = sd_interval(4.0, 2.0, 2)  # two errors: 0.0506 and 7.378 (the same table)
    assert low**2 == pytest.approx(4 / 7.378, rel=1e-3)
    assert high**2 == pytest.approx(4 / 0.0506, rel=1e-3)  # the table's three figures


def test_a_learner_without_answers_reads_not_enough_answers_yet(client: Any, db: Any) -> None:
    sign_up(client, "nobody")
    page = client.get("/your-game")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Not enough answers yet." in text
    assert "Work out my game" not in text
    refused = client.post("/your-game", data={"csrf_token": "csrf-for-nobody", "bankroll": "20000"})
    assert refused.status_code == 400
    assert db["jobs"].count == 0


def test_the_model_reads_each_kind_from_the_learners_answers(app: Any, db: Any) -> None:
    user = db["users"].insert({"created_at": "2026-01-01", "is_guest": 1}).last_pk
    seed(db, user, weeks=1)
    model = error_model(attempts.list_attempts(db, user), due=reader())
    missed, taken = model.kinds["deviation"], model.kinds["taken"]
    assert (missed.answers, missed.wrong, taken.answers, taken.wrong) == (30, 3, 30, 4)
    assert missed.weight == taken.weight == 0.5 and taken.cost == pytest.approx(0.04)
    play = model.kinds["play"]
    assert (play.answers, play.wrong) == (
        100,
        4,
    )  # the quiz and the table and play.cost == pytest.approx(0.1)
    running = model.kinds["running"]
    assert running.answers == 24 and running.enough
    # Off by one at checkpoints 1, 4 and 7 of each session's 8 (counted on from the one
    # before, a slip and its making up are two changes), each 26 cards after the one before.
    changes = sum(
        sum(1 for i in range(8) if ((i + s) % 3 == 0) != (i > 0 and (i - 1 + s) % 3 == 0))
        for s in range(3)
    )
    assert running.rate == pytest.approx((changes / (24 * 26)) ** 0.5)
    assert model.kinds["true"].enough and model.kinds["decks"].enough
    assert model.pace.measured  # 60 hands, 20 seconds apart
    assert model.pace.per_hour == pytest.approx(60 / (59 * 20 / 3600))
    assert all(kind.answers >= FLOORS[name] for name, kind in model.kinds.items())


def test_a_seeded_learner_gets_figures_and_ranked_leaks(client: Any, db: Any) -> None:
    alice = sign_up(client, "alice")
    seed(db, alice)
    page = client.get("/your-game").get_data(as_text=True)
    assert "Work out my game" in page and "Not enough answers yet." not in page
    # The rules it is worked out under, named above the form, and where to choose others (a
    # walk took the drills' $5 minimum for the table's $10).
    assert "Your rules: Las Vegas, 6 decks" in html.unescape(page)
    assert '<a href="/rules">the rules page</a>' in page
    posted = client.post(
        "/your-game", data={"csrf_token": "csrf-for-alice", "bankroll": "20000", "risk": "5%"}
    )
    assert posted.status_code == 303
    result = client.get(posted.headers["Location"])
    assert result.status_code == 200
    text = result.get_data(as_text=True)
    assert "You beside a perfect counter" in text
    # Its perfect counter makes no index plays, said (beside the index chart's ramp, which
    # does, a walk read the two wins as a disagreement).
    assert "the simulator makes no index plays" in html.unescape(text)
    pace = re.search(r"An hour here is ([0-9,]+) hands: your own pace at the table\.", text)
    assert pace and int(pace.group(1).replace(",", "")) == 183  # 60 hands over 59 x 20 s
    assert "Your leaks, costliest first" in text
    leaks = re.findall(
        r"<li><strong>([^<]+)</strong>: fixing it is worth ([-\u2212]?[0-9.,]+)", text
    )
    assert len(leaks) == 7  # every kind has its answers
    worths = [float(worth.replace(",", "").replace("\u2212", "-")) for _, worth in leaks]
    priced = [w for (name, _), w in zip(leaks, worths, strict=True) if "plays" in name]
    assert all(w > 0 for w in priced)
    assert "<svg" in text and "Your win an hour, week by week" in text
    assert 'href="/drills/running-count"' in text
    taken = "Index plays made where the count does not call for them"
    assert taken in [name for name, _ in leaks]  # its own leak, priced, with its drill
    assert worths[[name for name, _ in leaks].index(taken)] > 0
    assert text.count('href="/drills/deviations"') >= 2
    # Each deviation kind is charged at the hands that can make it, and says how often.
    found = reach(Rules.parse("vegas-6d-s17"), find_system("hi-lo"))
    assert found is not None
    for words, share in (("calls for it", found.due), ("does not call for it", found.not_due)):
        said = f"About 1 hand in {round(1 / share)} meets one of your index plays where the count"
        assert f"{said} {words}." in text


def test_without_table_hands_the_page_says_its_pace_is_assumed(client: Any, db: Any) -> None:
    alice = sign_up(client, "alice")
    seed(db, alice, weeks=1, table=False)
    page = client.get("/your-game").get_data(as_text=True)
    assert "Hands an hour at the table: 100 assumed (about three players at the table)" in page
    posted = client.post(
        "/your-game", data={"csrf_token": "csrf-for-alice", "bankroll": "20000", "risk": "5%"}
    )
    text = client.get(posted.headers["Location"]).get_data(as_text=True)
    assert "An hour here is 100 hands, an assumed pace (about three players at the table)" in text
    assert "your own pace at the table" not in text


def test_another_learners_answers_and_jobs_never_show(client: Any, app: Any, db: Any) -> None:
    alice = sign_up(client, "alice")
    seed(db, alice)
    posted = client.post(
        "/your-game", data={"csrf_token": "csrf-for-alice", "bankroll": "20000", "risk": "5%"}
    )
    where = posted.headers["Location"]
    other = app.test_client()
    sign_up(other, "bob")
    assert other.get(where).status_code == 404
    page = other.get("/your-game").get_data(as_text=True)
    assert "Not enough answers yet." in page
    assert "Your game as last worked out" not in page


@pytest.mark.parametrize("bankroll", ["", "-5", "1e9", "x" * 300, "99999999999"])
def test_a_bad_bankroll_is_a_400_and_starts_nothing(client: Any, db: Any, bankroll: str) -> None:
    alice = sign_up(client, "alice")
    seed(db, alice, weeks=1)
    answer = client.post("/your-game", data={"csrf_token": "csrf-for-alice", "bankroll": bankroll})
    assert answer.status_code == 400
    assert "bankroll" in answer.get_data(as_text=True).lower()
    assert db["jobs"].count == 0


def test_a_post_without_its_csrf_token_is_refused(client: Any, db: Any) -> None:
    sign_up(client, "alice")
    assert client.post("/your-game", data={"bankroll": "20000"}).status_code == 403


def test_a_week_like_the_whole_record_reads_the_learners_own_figure(db: Any) -> None:
    """A record of one week: the week reads what the figures say of the learner, whose run
    plays every count error at once. The count errors' costs, each
    the run without it less the learner's, do not add up (here one adds to the win, as a
    count read high at the edge bets more), so the perfect counter's win less them is not it."""
    from drills.your_game import figures, weekly

    user = db["users"].insert({"created_at": "2026-01-01", "is_guest": 1}).last_pk
    seed(db, user, weeks=1)
    answers = attempts.list_attempts(db, user)
    model = error_model(answers, due=reader())

    def run(win: float) -> dict[str, Any]:
        return {"win": win, "sd": 3.0, "bet": 2.0, "hands": 1.02, "se": 0.001}

    result = {
        "unit": 5.0,
        "bankroll_units": 4000.0,
        "runs": {
            "perfect": run(0.040),
            "yours": run(0.036),
            "best": run(0.038),
            "worst": run(0.030),
            "without-running": run(0.039),  # costs 0.003 a round
            "without-true": run(0.035),  # adds 0.001 a round
            "without-decks": run(0.0365),
        },
    }
    yours = figures(model, result)["yours"].win_per_hour
    (week,) = weekly(answers, model, result, due=reader())
    assert week.win_per_hour == pytest.approx(yours)


def seed_speeds(db: Any, user: int, sessions: dict[str, tuple[str, int]]) -> None:
    """Counting sessions at their speeds (cards a second), each with eight checkpoints 26 cards
    apart, the count off by ``off`` from the fourth on (one slip a session)."""
    for name, (speed, off) in sessions.items():
        db["counting_sessions"].insert(
            {
                "id": name,
                "user_id": user,
                "drill": "running-count",
                "rules": "vegas-6d-s17",
                "spec": json.dumps({"system": "hi-lo", "speed": speed}),
                "created_at": START.isoformat(),
            }
        )
        for index in range(8):
            cards = " ".join(f"{RANKS[k % 13]}S" for k in range(26 * (index + 1)))
            given = f"{off:+d}" if off and index >= 3 else "0"
            _store(db, user, index, "running-count", f"rc hi-lo 6d: {cards}", given, "0",
                   token=f"cs-{name}-{index}-rc")  # fmt: skip


def test_the_page_says_which_speed_the_running_count_is_read_at(client: Any, db: Any) -> None:
    alice = sign_up(client, "alice")
    slow = {f"slow{n}a": ("1", 1) for n in range(2)}  # 16 checkpoints, a slip of 1 each
    fast = {f"fast{n}a": ("3/2", 3) for n in range(3)}  # 24, a slip of 3 each
    seed_speeds(db, alice, slow | fast)
    text = client.get("/your-game").get_data(as_text=True)
    assert "Read at 1.5 cards a second, the speed you count at most (24 checkpoints)." in text
    # The fast sessions' error alone: 3 a session over 8 x 26 cards, a deck of 52 counted.
    per_deck = number_in(text, "Off by ", " a deck counted")
    assert per_deck == pytest.approx(3 / (8 * 26) ** 0.5 * 52**0.5, abs=0.005)
    russian = client.get("/your-game", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert (
        "По скорости 1,5 карты в секунду: на ней вы считаете чаще всего (24 контрольные точки)."
        in russian
    )


def test_below_the_floor_at_each_speed_the_page_says_they_are_pooled(client: Any, db: Any) -> None:
    bob = sign_up(client, "bob")
    seed_speeds(db, bob, {"s1b": ("1", 1), "s2b": ("1", 1), "s3b": ("2", 2), "s4b": ("2", 2)})
    text = client.get("/your-game").get_data(as_text=True)
    assert "Read from all your speeds together: none has 20 checkpoints yet." in text
    assert "Read at" not in text
    per_deck = number_in(text, "Off by ", " a deck counted")
    assert per_deck == pytest.approx((10 / (32 * 26)) ** 0.5 * 52**0.5, abs=0.005)


def test_an_old_jobs_model_without_speeds_still_renders(client: Any, db: Any) -> None:
    alice = sign_up(client, "alice")
    seed(db, alice, weeks=1)
    seed_speeds(db, alice, {f"fast{n}c": ("2", 1) for n in range(3)})
    posted = client.post(
        "/your-game", data={"csrf_token": "csrf-for-alice", "bankroll": "20000", "risk": "5%"}
    )
    where = posted.headers["Location"]
    assert "Read at 2 cards a second" in client.get(where).get_data(as_text=True)
    (row,) = db.execute("SELECT id, params FROM jobs").fetchall()
    params = json.loads(row[1])
    assert params["model"].pop("running_speed") == "2" and params["model"].pop("speeds")
    db.execute("UPDATE jobs SET params = ? WHERE id = ?", [json.dumps(params), row[0]])
    db.conn.commit()
    old = client.get(where)
    assert old.status_code == 200
    text = old.get_data(as_text=True)
    assert "You beside a perfect counter" in text and "Read at" not in text


def number_in(text: str, before: str, after: str) -> float:
    found = re.search(re.escape(before) + r"([0-9.,]+)" + re.escape(after), text)
    assert found, before
    return float(found.group(1).replace(",", ""))


def test_sessions_counted_through_the_drill_are_read_at_their_speed(
    client: Any, csrf: Any, db: Any
) -> None:
    """End to end: sessions dealt and answered as the counting drill stores them (the token
    naming the session, its speed in its spec)."""
    from tests.web.test_counting_speed import count_checkpoints

    count_checkpoints(client, csrf, db, "1.5", [True] * 20)
    count_checkpoints(client, csrf, db, "2", [True, False] * 5)
    text = client.get("/your-game").get_data(as_text=True)
    assert "Read at 1.5 cards a second, the speed you count at most (20 checkpoints)." in text
    assert "Off by 0.00 a deck counted" in text  # the misses at 2 cards a second left out


def test_a_plays_average_cost_reads_as_its_verdict_says_a_cost(app: Any) -> None:
    """/your-game read "gave up 0.351 of a bet on average" where each verdict says "It costs
    35.10% of the bet": one unit, a share of the bet to two places, in both languages."""
    from drills.error_model import Kind
    from trainer.web.your_game_page import describe_kind

    play = Kind("play", 100, 10, 0.1, 0.05, 0.17, cost=0.351)
    with app.test_request_context():
        assert describe_kind(play).endswith("a wrong play gave up 35.10% of the bet on average.")
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert describe_kind(play).endswith("неверный ход в среднем терял 35,10\u00a0% ставки.")
