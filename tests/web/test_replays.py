"""Replaying a shoe: a table or a counting session, step by step, the decisions, the count and
the right play at each step; sharing it as a link that shows nothing else of the learner, and
withdrawing it. Another learner's unshared shoe is a 404; a step out of range a 404, a step
that is no number a 400; a share of a shoe not the learner's a 404, nothing stored."""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction
from typing import Any

import pytest

from tests.web.page_text import notation_in, visible_text
from tests.web.test_table_web import answer, post_step, step_form
from trainer.store import replays

SETUP = {
    "rules": "vegas-6d-s17",
    "others": "1",
    "boxes": "1",
    "bankroll": "500",
    "unit": "5",
    "system": "hi-lo",
    "convention": "floor",
    "resolution": "half",
    "graded": ["insurance"],  # no count study needed; plays are graded by the replay
    "mode": "test",
}


def sit_and_play(client: Any, csrf: Any, hidden_fields: Any, steps: int = 6, **changes: Any) -> str:
    """Sit at a table and play ``steps`` steps (or to the end of the shoe, if it comes first)."""
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == 303
    url = str(response.headers["Location"])
    for _ in range(steps):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            break
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    return url


def table_id(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[1]


def test_a_table_replays_step_by_step_with_the_right_play(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit_and_play(client, csrf, hidden_fields)
    replay = f"/replays/table/{table_id(url)}"
    first = client.get(replay).get_data(as_text=True)
    assert "Step 1 of 6" in first
    assert "You bet 5." in first  # bets are not graded at this table: the step in words
    assert 'rel="next"' in first and 'rel="prev"' not in first
    # The shoe is in play: the replay keeps its counts to itself.
    assert "Running count" not in first and "still in play" in first
    pages = [client.get(f"{replay}?step={n}").get_data(as_text=True) for n in range(1, 7)]
    # Every play was a stand (the test's answer): each is graded, by the replay if need be.
    plays = [p for p in pages if "Play: " in p]
    assert plays, "no play among the first six steps"
    for page in plays:
        assert re.search(r"Play: (stand, right|\w+ was right, not stand)", page)
        assert "graded now: the table did not grade it" in page
    last = pages[-1]
    assert 'rel="prev"' in last and 'rel="next"' not in last


def test_a_shoe_played_out_shows_the_count_at_every_step(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit_and_play(client, csrf, hidden_fields, steps=400, rules="single-deck", unit="10",
                       graded=["counts"])  # fmt: skip
    replay = f"/replays/table/{table_id(url)}"
    first = client.get(replay).get_data(as_text=True)
    total = int(re.search(r"Step 1 of (\d+)", first).group(1))  # type: ignore[union-attr]
    assert total > 5
    assert re.search(r"Running count</dt><dd class=\"big-count\">0<", first)
    last = client.get(f"{replay}?step={total}").get_data(as_text=True)
    # The last step is the count at the end of the shoe, graded as it was: its answer, 0,
    # against the right one.
    assert "Running count: " in last
    assert "Cards seen since the shuffle" in last
    # It comes after the shoe's last round, which it is named by: no round follows it (a walk
    # read "Round 5" over a shoe of four rounds).
    after = re.search(r'id="frame-heading">After round (\d+)<', last)
    assert after, last
    assert f"Round {after.group(1)} as it ended" in last
    # Each step's true count is its running count over the decks left as the learner
    # estimates them (to the half deck), shown beside the exact decks left: "+7" over "1.35
    # decks" read as +5 where the table's was +4 (a walk).
    checked = 0
    for n in range(2, total + 1, 3):  # (a shoe may end in 6 steps: 2 of them)
        page = html.unescape(client.get(f"{replay}?step={n}").get_data(as_text=True))
        facts = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page, re.S))
        if "True count (rounded down)" not in facts:
            continue
        divided = facts["Decks left, to the half deck"]
        exact = Fraction(facts["Decks left"])
        halves = math.floor(exact * 2 + Fraction(1, 2))  # the nearest half deck, halfway up
        assert Fraction(divided) == max(Fraction(1, 2), Fraction(halves, 2)), facts
        running = Fraction(facts["Running count"].replace("\u2212", "-"))
        true = facts["True count (rounded down)"].replace("\u2212", "-")
        assert Fraction(true) == math.floor(running / Fraction(divided)), facts
        checked += 1
    assert checked >= 2, (checked, total)


@pytest.mark.parametrize(
    ("step", "status"),
    [
        ("0", 404),
        ("7", 404),
        ("99999", 404),
        ("x", 400),
        ("1e3", 400),
        ("123456", 400),
        ("-1", 400),
    ],  # fmt: skip
)
def test_a_step_out_of_range_or_no_number_is_refused(
    client: Any, csrf: Any, hidden_fields: Any, step: str, status: int
) -> None:
    url = sit_and_play(client, csrf, hidden_fields)
    response = client.get(f"/replays/table/{table_id(url)}?step={step}")
    assert response.status_code == status
    if step == "7":  # said in the page's language, not the error's English
        russian = client.get(
            f"/replays/table/{table_id(url)}?step=7", headers={"Accept-Language": "ru"}
        )
        text = russian.get_data(as_text=True)
        assert "В этом шузе нет шага 7: его шаги — от 1 до" in text and "no step" not in text


def test_another_learners_shoe_is_a_404_until_shared_then_shows_nothing_else(
    app: Any, client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    url = sit_and_play(client, csrf, hidden_fields)
    tid = table_id(url)
    other = app.test_client()
    other.get("/")
    assert other.get(f"/replays/table/{tid}").status_code == 404
    # Nor can they share it (their CSRF token, their session): a 404, nothing stored.
    page = other.get("/table/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    refused = other.post(f"/replays/table/{tid}/share", data={"csrf_token": token.group(1)})
    assert refused.status_code == 404
    assert db["replay_shares"].count == 0
    # Without the CSRF token the owner's share is refused too.
    assert client.post(f"/replays/table/{tid}/share", data={}).status_code == 403
    shared = client.post(f"/replays/table/{tid}/share", data={"csrf_token": csrf(), "step": "2"})
    assert shared.status_code == 303 and shared.headers["Location"].endswith("?step=2#share")
    row = next(iter(db["replay_shares"].rows))
    assert len(row["token"]) >= 43  # 32 random bytes
    link = f"/replays/shared/{row['token']}"
    seen = other.get(link + "?step=2").get_data(as_text=True)
    assert "Step 2 of 6" in seen and "Share this replay" not in seen
    assert tid not in seen  # the shoe's own id never leaves its owner's pages
    assert other.get(f"/replays/table/{tid}").status_code == 404  # still not theirs
    # Sharing again gives the same link; withdrawn, the link says so.
    client.post(f"/replays/table/{tid}/share", data={"csrf_token": csrf()})
    assert db["replay_shares"].count == 1
    client.post(f"/replays/table/{tid}/withdraw", data={"csrf_token": csrf()})
    gone = other.get(link)
    assert gone.status_code == 410 and "withdrawn" in gone.get_data(as_text=True)
    assert other.get("/replays/shared/" + "A" * 43).status_code == 404


def test_a_share_link_is_long_and_unguessable(db: Any) -> None:
    assert replays.TOKEN_BYTES >= 32


def _session(client: Any, csrf: Any) -> str:
    response = client.post(
        "/counting/sessions",
        data={"kind": "running", "group": "1", "cards": "20", "speed": "2", "csrf_token": csrf()},
    )
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return str(response.headers["Location"]).rstrip("/").rsplit("/", 1)[1]


def test_a_counting_session_replays_up_to_the_last_checkpoint_answered(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    session_id = _session(client, csrf)
    replay = f"/replays/count/{session_id}"
    # Nothing answered: none of the cards is shown (they are still to come in the session).
    empty = client.get(replay).get_data(as_text=True)
    assert "No checkpoint of this session is answered yet" in empty and "Step 1" not in empty
    page = client.get(f"/counting/sessions/{session_id}").get_data(as_text=True)
    sent = client.post(
        f"/counting/sessions/{session_id}/answer",
        data={**hidden_fields(page), "running": "0"},
        follow_redirects=True,
    )
    assert sent.status_code == 200
    first = client.get(replay).get_data(as_text=True)
    total = int(re.search(r"Step 1 of (\d+)", first).group(1))  # type: ignore[union-attr]
    last = client.get(f"{replay}?step={total}").get_data(as_text=True)
    assert re.search(r"Running count: (0, right|[+\-\u2212]?\d+ was right, not 0)\.", last)
    assert client.get(f"{replay}?step={total + 1}").status_code == 404


@pytest.mark.parametrize(
    "changes",
    [
        {"rules": "twenty-one-home", "unit": "1", "graded": ["strategy"]},  # the learner deals
        {"rules": "russian-bank decks=1", "unit": "1", "bankroll": "200", "graded": ["strategy"]},
        {"rules": "single-deck", "unit": "10", "graded": ["counts", "insurance"], "boxes": "2"},
        {"rules": "single-deck", "unit": "10", "graded": ["strategy"], "wong": "1"},
    ],
    ids=["home deal", "russian bank", "two boxes", "back-counting"],
)
def test_every_step_of_every_kind_of_table_replays(
    client: Any, csrf: Any, hidden_fields: Any, changes: dict[str, Any]
) -> None:
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == 303, response.get_data(as_text=True)[-800:]
    url = str(response.headers["Location"])
    for _ in range(60):
        page = client.get(url).get_data(as_text=True)
        kind = re.search(r'name="kind" value="(\w+)"', page)
        if kind is None:
            break
        keys = re.findall(r'name="answer" value="(\w+)"', page)
        chosen = next((k for k in ("S", "N", "D", "H") if k in keys), keys[0] if keys else "S")
        extra = {"count": {"running": "0", "true": "0"}, "bet": {"units": "1"}}
        data = {**hidden_fields(page), **extra.get(kind.group(1), {"answer": chosen})}
        assert post_step(client, url, data).status_code == 200
    replay = f"/replays/table/{table_id(url)}"
    first = client.get(replay).get_data(as_text=True)
    found = re.search(r"Step 1 of (\d+)", first)
    assert found, first[-600:]
    for step in range(1, int(found.group(1)) + 1):
        page = client.get(f"{replay}?step={step}")
        assert page.status_code == 200, (step, page.get_data(as_text=True)[-600:])
        assert notation_in(visible_text(page.get_data(as_text=True))) == [], step


def test_a_replayed_bet_is_priced_in_table_minimums_as_the_table_priced_it(app: Any) -> None:
    # "6.33% of the minimum" in the summary and on the mistakes page, "0.06 bets" in the
    # replay (a walk).
    from fractions import Fraction

    from drills.replay import Judged
    from trainer.web.table_verdict import stored_verdicts
    from trainer.web.views.replay import _verdict

    judged = Judged("bet0", "160", "100", False, Fraction(633, 10000))
    with app.test_request_context(headers={"Accept-Language": "en"}):
        replayed = _verdict(judged)["lead"]
        stored = {"answer": "160", "right_answer": "100", "correct": 0, "ev_cost": "0.0633"}
        [at_the_table] = stored_verdicts({"bet0": stored})
    assert "of the minimum" in replayed and " bets" not in replayed
    assert replayed == at_the_table["lead"]
