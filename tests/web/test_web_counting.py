"""The counting pages over HTTP: preferences every counting drill follows, and counting
sessions answered checkpoint by checkpoint, each count stored once, bad input refused."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

import pytest

from drills import DRILLS, preferences_of
from drills.counting.checkpoint import read_checkpoint
from drills.counting.notation import format_count
from drills.counting.session import RUNNING
from drills.counting.true_count import read_question
from tests.conftest import sealed
from trainer.engine.counting import running_count
from trainer.engine.deck.cards import Card
from trainer.store import attempts


def stored(db: Any) -> list[dict[str, Any]]:
    return list(db.query("SELECT * FROM attempts ORDER BY id"))


def choose(client: Any, csrf: Any, **prefs: str) -> Any:
    return client.post(
        "/counting/preferences", data={"csrf_token": csrf(), "next": "/drills/true-count", **prefs}
    )


def answer_action(page: str) -> str:
    match = re.search(r'<form class="question[^"]*" method="post"\s+action="([^"]*)"', page)
    assert match is not None
    return html.unescape(match.group(1))


def test_the_preferences_are_kept_and_every_counting_drill_follows_them(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    response = choose(client, csrf, system="zen", convention="truncate", resolution="quarter")
    assert response.status_code == 303
    assert response.headers["Location"] == "/drills/true-count"
    # The drill page puts the preferences in its URL, so its questions follow them.
    response = client.get("/drills/true-count")
    assert response.status_code == 303
    assert "system=zen&convention=truncate&resolution=quarter" in response.headers["Location"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    system, convention, resolution, *_ = read_question(hidden_fields(page)["question"])
    assert (system.slug, convention, resolution) == ("zen", "truncate", "quarter")
    assert '<option value="zen" selected>' in page
    # ...and the answer form posts them back, so the next question follows them too.
    assert "convention=truncate" in answer_action(page)


@pytest.mark.parametrize(
    ("prefs", "field", "words"),
    [
        (
            {"system": "nope", "convention": "floor", "resolution": "half"},
            "system",
            "There is no counting system called “nope”",
        ),
        (
            {"system": "hi-lo", "convention": "ceiling", "resolution": "half"},
            "convention",
            "True counts are rounded by floor, truncate, round, not “ceiling”",
        ),
        (
            {"system": "hi-lo", "convention": "floor", "resolution": "tenth"},
            "resolution",
            "Decks are estimated to the full, half, quarter deck, not “tenth”",
        ),
        ({"convention": "floor", "resolution": "half"}, "system", "There is no counting system"),
    ],
)
def test_unknown_preferences_are_refused_beside_their_field_with_nothing_stored(
    client: Any, csrf: Any, db: Any, prefs: dict[str, str], field: str, words: str
) -> None:
    response = choose(client, csrf, **prefs)
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert "cannot be used" in page and "Bad Request" not in page
    # The form again, the message beside the field it is about, and the way back kept.
    select = re.search(rf'<select name="{field}"([^>]*)>', page)
    assert select and f'aria-describedby="{field}-error"' in select.group(1)
    assert re.search(rf'<p class="field-error" role="alert" id="{field}-error">{words}', page)
    assert page.count('class="field-error"') == 1
    assert '<input type="hidden" name="next" value="/drills/true-count">' in page
    assert db["users"].count == 0 and db["counting_preferences"].count == 0


COUNTING_DRILLS = [drill.slug for drill in DRILLS if preferences_of(drill) == "counting"]


@pytest.mark.parametrize("slug", COUNTING_DRILLS)
def test_an_unknown_system_in_a_drills_address_is_a_400_beside_the_field(
    client: Any, db: Any, slug: str
) -> None:
    response = client.get(f"/drills/{slug}?system=nope&convention=floor&resolution=half")
    assert response.status_code == 400  # not sent on to the saved (or default) system
    page = html.unescape(response.get_data(as_text=True))
    assert re.search(
        r'<p class="field-error" role="alert" id="system-error">There is no counting system '
        r"called “nope”",
        page,
    )
    assert 'name="question"' not in page  # no question asked by a system it does not know
    assert f'<input type="hidden" name="next" value="/drills/{slug}">' in page
    assert db["users"].count == 0 and db["attempts"].count == 0


def test_a_drills_address_with_an_unknown_rounding_says_so_too(client: Any) -> None:
    response = client.get("/drills/true-count?system=zen&convention=up&resolution=half")
    assert response.status_code == 400
    assert 'id="convention-error"' in response.get_data(as_text=True)


def test_preferences_only_send_the_learner_back_to_this_site(client: Any, csrf: Any) -> None:
    response = client.post(
        "/counting/preferences",
        data={
            "csrf_token": csrf(),
            "next": "//evil.example/",
            "system": "hi-lo",
            "convention": "floor",
            "resolution": "half",
        },
    )
    assert response.headers["Location"] == "/drills/"


def test_a_true_count_answer_is_graded_and_stored(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    page = client.get("/drills/true-count", follow_redirects=True).get_data(as_text=True)
    form = hidden_fields(page)
    for bad in ("", "two", "1.5", "+99"):
        response = client.post(
            answer_action(page), data={**form, "answer": bad}, follow_redirects=True
        )
        assert response.status_code == 400
        assert 'role="alert"' in response.get_data(as_text=True)
    assert stored(db) == []
    response = client.post(
        answer_action(page), data={**form, "answer": "+60"}, follow_redirects=True
    )
    assert response.status_code == 200
    [row] = stored(db)
    assert row["drill"] == "true-count" and row["question"] == form["question"]
    assert row["answer"] == "+60"


def test_a_deck_estimation_page_draws_the_tray(client: Any) -> None:
    page = client.get("/drills/deck-estimation", follow_redirects=True).get_data(as_text=True)
    assert '<svg class="tray"' in page
    assert "Decks played" in page or "Decks remaining" in page


@pytest.mark.parametrize(
    ("resolution", "hint"),
    [("full", "Such as 1 or 2;"), ("half", "Such as 1 or 1.5;"), ("quarter", "Such as 1, 1.5 or")],
)
def test_a_deck_estimations_hint_offers_its_own_steps(
    client: Any, csrf: Any, resolution: str, hint: str
) -> None:
    """The hint's examples are steps the question takes, within its shoe of 2 decks or more (a
    half deck's offered 2.25, which it then refused, and a 2-deck shoe's 2.5: walks)."""
    chosen = choose(client, csrf, system="hi-lo", convention="floor", resolution=resolution)
    address = chosen.headers["Location"].replace("/drills/true-count", "/drills/deck-estimation")
    page = client.get(address, follow_redirects=True).get_data(as_text=True)
    said = re.search(r'<p class="hint muted">(.*?)</p>', page, re.S)
    assert said is not None and said.group(1).strip().startswith(hint), said


def test_the_penetration_feedback_charts_the_study(client: Any, hidden_fields: Any) -> None:
    with client.session_transaction() as session:  # a small preset keeps this quick
        session["rules"] = "single-deck"
    page = client.get("/drills/shoe-penetration", follow_redirects=True).get_data(as_text=True)
    assert '<svg class="penetration-chart"' not in page  # it would show a share's answer
    data = {**hidden_fields(page), "question": "single-deck 1/2 hi-lo share 2", "answer": "5"}
    data = sealed(data, "shoe-penetration")
    # Without JavaScript the answer's page waits for the chart.
    feedback = client.post(answer_action(page), data=data, follow_redirects=True).get_data(
        as_text=True
    )
    assert '<svg class="penetration-chart"' in feedback
    assert "+3 or more" in feedback
    # Each figure titled: the legend's shares ("75%") are penetrations, the axis's shares of
    # rounds; the groups are true counts.
    chart = feedback.split('<svg class="penetration-chart"')[1].split("</svg>")[0]
    for title in ("share of rounds", "true count at the start of a round"):
        assert f">{title}</text>" in chart, title
    # The key above the chart, where it wraps to a phone's width.
    key = feedback.split('<p class="chart-key">')[1].split("</p>")[0]
    assert "<strong>Penetration</strong>" in key and "50%" in key
    assert "at each true count (Hi-Lo) at each penetration: " in chart
    # The verdict says a share with its sign, as the question asks it in per cent.
    assert re.search(r"Not quite: the answer is \d+%, not 5%\.", html.unescape(feedback))


def test_a_penetration_question_does_not_contradict_its_rules_line(client: Any) -> None:
    """The table (vegas-6d-s17, the default) puts its cut card at 75% of the pack; a question
    at another penetration says it moves the cut card, naming the table's own."""
    own = moved = 0
    for _ in range(30):
        page = client.get("/drills/shoe-penetration", follow_redirects=True).get_data(as_text=True)
        text = re.sub(r"\s+", " ", html.unescape(page))
        assert "cut card at 75% of the pack" in text  # the rules line
        if "the cut card at <strong>75%</strong> of the pack." in text:
            own += 1
            continue
        found = re.search(r"this question moves the cut card to <strong>(\d+)%</strong>", text)
        assert found is not None and found.group(1) != "75", text
        assert "(this table's own is at 75%)" in text
        moved += 1
    assert moved


# -- sessions --------------------------------------------------------------------------------


def start(client: Any, csrf: Any, kind: str, **fields: str) -> str:
    response = client.post(
        "/counting/sessions", data={"csrf_token": csrf(), "kind": kind, "speed": "20", **fields}
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def shown_cards(page: str) -> list[Card]:
    return [
        Card.parse(code)
        for codes in re.findall(r'data-codes="([^"]*)"', page)
        for code in codes.split()
    ]


def miss_every_checkpoint(client: Any, db: Any, url: str, hidden_fields: Any) -> list[str]:
    """Answer each checkpoint of the running-count session at ``url`` one off its count (toward
    zero: a count its cards could have made), whatever the shuffle dealt: the answers given."""
    session_id = url.rsplit("/", 1)[1]
    (spec,) = db.execute("SELECT spec FROM counting_sessions WHERE id = ?", [session_id]).fetchone()
    checkpoints = RUNNING.session_asks(RUNNING.read_session(spec), session_id)
    given = []
    for asks in checkpoints:
        page = client.get(url).get_data(as_text=True)
        count = int(read_checkpoint(asks[0].notation).right)
        missed = count - 1 if count > 0 else count + 1
        given.append(f"{missed:+d}" if missed else "0")
        client.post(
            f"{url}/answer",
            data={**hidden_fields(page), "running": given[-1]},
            follow_redirects=True,
        )
    assert "Summary:" in client.get(url).get_data(as_text=True)
    return given


def test_a_right_checkpoint_says_right_once(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    """A right count's verdict says "right" once, for the checkpoint, and the count by its
    value ("Checkpoint 1: right. Running count +2."), not "right" again beside it."""
    url = start(client, csrf, "running", group="1", cards="8")
    session_id = url.rsplit("/", 1)[1]
    (spec,) = db.execute("SELECT spec FROM counting_sessions WHERE id = ?", [session_id]).fetchone()
    asks = RUNNING.session_asks(RUNNING.read_session(spec), session_id)[0]
    count = int(read_checkpoint(asks[0].notation).right)
    page = client.get(url).get_data(as_text=True)
    answered = client.post(
        f"{url}/answer",
        data={**hidden_fields(page), "running": f"{count:+d}" if count else "0"},
        follow_redirects=True,
    ).get_data(as_text=True)
    # (One box to answer: the hint says nothing of moving between boxes.)
    assert "Enter answers." in page and "Tab moves between boxes" not in page
    heading = re.search(r'<h2 id="feedback-heading"[^>]*>(.*?)</h2>', answered, re.S)
    assert heading is not None
    said = html.unescape(heading[1])
    assert said.startswith("Checkpoint 1: right. Running count ") and said.count("right") == 1


def checkpoint_fields(page: str) -> list[str]:
    return re.findall(r'<input name="(running|true|missing)"', page)


def test_a_shoe_is_counted_through_and_each_count_stored_once(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    url = start(client, csrf, "shoe", rules="single-deck", seats="2")
    seen: list[Card] = []
    misses = 0
    for number in range(1, 100):
        page = client.get(url).get_data(as_text=True)
        if "Summary:" in page:
            break
        seen += shown_cards(page)
        form = hidden_fields(page)
        assert form["checkpoint"] == str(number - 1)
        running = running_count(read_checkpoint("rc hi-lo 1d:").system, seen, 1)
        # Every other checkpoint's running count is off by two.
        wrong = number % 2 == 0
        data = {**form, "running": str(int(running) + (2 if wrong else 0))}
        misses += wrong
        if "true" in checkpoint_fields(page):
            data["true"] = "0"
        response = client.post(f"{url}/answer", data=data, follow_redirects=True)
        assert response.status_code == 200
        # The same form again is a replay: its stored grade again, nothing more stored.
        before = len(stored(db))
        replay = client.post(f"{url}/answer", data=data, follow_redirects=True)
        assert replay.status_code == 200
        assert f"Checkpoint {number}: " in replay.get_data(as_text=True)
        assert "counted once" in replay.get_data(as_text=True)
        assert len(stored(db)) == before
    else:
        pytest.fail("the shoe never ended")
    assert "went wrong" in page or misses == 0
    rows = stored(db)
    assert {row["drill"] for row in rows} == {"shoe-count"}
    running_rows = [row for row in rows if row["question"].startswith("rc ")]
    assert sum(not row["correct"] for row in running_rows) == misses
    # Each stored question grades again from its text alone.
    for row in rows:
        assert read_checkpoint(row["question"]).grade(row["answer"]).correct == bool(row["correct"])


def test_a_wrong_running_count_at_a_checkpoint_counts_once(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    """A running count off by two makes the true count worked from it wrong too: one slip, so
    one wrong answer stored (the running count's) and shown, in the learner's figures as on
    the page; with the running count right, a wrong true count is a mistake of its own."""
    url = start(client, csrf, "shoe", rules="single-deck", seats="2")
    seen: list[Card] = []
    asked = 0
    for _ in range(100):
        page = client.get(url).get_data(as_text=True)
        assert "Summary:" not in page, "no checkpoint asked a true count"
        seen += shown_cards(page)
        if "true" in checkpoint_fields(page):
            break
        running = running_count(read_checkpoint("rc hi-lo 1d:").system, seen, 1)
        client.post(
            f"{url}/answer",
            data={**hidden_fields(page), "running": str(int(running))},
            follow_redirects=True,
        )
        asked += 1
    running = int(running_count(read_checkpoint("rc hi-lo 1d:").system, seen, 1))
    data = {**hidden_fields(page), "running": str(running + 2), "true": "0"}
    response = client.post(f"{url}/answer", data=data, follow_redirects=True)
    assert response.status_code == 200
    rows = stored(db)[asked:]
    assert [(row["question"][:3], row["correct"]) for row in rows] == [("rc ", 0)]
    verdict = html.unescape(response.get_data(as_text=True)).split('id="feedback-heading"')[1]
    line = verdict.split("</h2>")[0]
    assert "Running count" in line
    # The true count is not graded, and the line says so (a walk found it said in the
    # details alone), never as a wrong count of its own.
    assert line.endswith("True count not graded."), line
    assert "True count 0" not in line and "True count" not in line.split("True count not")[0]
    # Why: where it went wrong, off by two in the stretch since the last checkpoint (all
    # right before it); the stretch's steps, each with the count after it, in the details.
    why = re.search(r'<p class="why">(.*?)</p>', verdict)
    assert why is not None and "went wrong" in why.group(1) and "off by +2" in why.group(1)
    details = verdict.split('class="verdict-details"')[1].split("</details>")[0]
    assert "The count through that stretch:" in details
    assert f"running count {format_count(Fraction(running))}" in html.unescape(details)
    # The next checkpoint is asked; the figures count one answer for the check, wrong.
    assert client.get(url).get_data(as_text=True).count('name="checkpoint"') == 1
    stats = attempts.drill_stats(db, rows[0]["user_id"], drill="shoe-count")["shoe-count"]
    assert (stats.attempts - asked, stats.correct) == (1, asked)
    progress = re.sub(
        r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get("/progress").get_data(as_text=True))
    )
    assert f"Counting through a shoe {asked + 1} " in progress


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("running", {"group": "1", "cards": "8"}),
        ("countdown", {}),
        ("shoe", {"rules": "single-deck", "seats": "2"}),
    ],
)
def test_a_resent_checkpoint_answer_shows_its_stored_grade_counted_once(
    client: Any, csrf: Any, hidden_fields: Any, db: Any, kind: str, fields: Any, htmx: bool
) -> None:
    url = start(client, csrf, kind, **fields)
    page = client.get(url).get_data(as_text=True)
    data = {**hidden_fields(page), **{name: "0" for name in checkpoint_fields(page)}}
    headers = {"HX-Request": "true"} if htmx else {}
    first = client.post(f"{url}/answer", data=data, headers=headers, follow_redirects=True)
    assert first.status_code == 200
    graded = stored(db)
    # A wrong running count is stored alone: the true count worked from it is left out.
    fields = checkpoint_fields(page)
    left_out = "true" in fields and not graded[0]["correct"]
    assert len(graded) == len(fields) - left_out
    # The same form again, and again with other counts (a second tab): the stored grade.
    for resent in (data, {**data, **{name: "-5" for name in checkpoint_fields(page)}}):
        again = client.post(f"{url}/answer", data=resent, headers=headers, follow_redirects=True)
        assert again.status_code == 200
        text = html.unescape(again.get_data(as_text=True))
        assert "Checkpoint 1: " in text and "counted once" in text
        all_right = all(row["correct"] for row in graded)
        for row in graded:  # each count in the first line, as it was said and graded
            said = f"{row['answer']}, right." if row["correct"] else (
                f"{row['right_answer']}, not {row['answer']}.")  # fmt: skip
            if all_right:  # "right" said once, for the checkpoint: each count by its value
                said = f"{row['answer']}."
                assert f"{row['answer']}, right." not in text
            assert said in text
        assert ("Checkpoint 1: right." in text) == all_right
        assert ("<html" in text) != htmx
        assert stored(db) == graded
    # The first answer's page said nothing of a resend.
    assert "counted once" not in first.get_data(as_text=True)


def test_bad_checkpoint_answers_store_nothing(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    url = start(client, csrf, "countdown")
    page = client.get(url).get_data(as_text=True)
    form = hidden_fields(page)
    cases = [
        ({"running": "lots", "missing": "0"}, "as a number"),
        ({"running": "999", "missing": "0"}, "out of reach"),
        ({"running": "0"}, "Type the count of the missing cards"),
        ({"running": "0", "missing": "0", "checkpoint": "1"}, "never asked"),
        ({"running": "0", "missing": "0", "checkpoint": "x"}, "names no checkpoint"),
        ({"running": "0", "missing": "0", "checkpoint": "\u0660"}, "names no checkpoint"),
    ]
    for fields, message in cases:
        response = client.post(f"{url}/answer", data={**form, **fields}, follow_redirects=True)
        assert response.status_code == 400
        assert message in response.get_data(as_text=True)
    assert stored(db) == []


def test_a_malformed_count_shows_the_cards_again_only_where_they_were_listed(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    """Without the script the cards are listed, and a typing mistake's page lists them again
    (a walker had to answer from memory); an htmx answer's cards were flipped by the script,
    counted from memory: its error does not show them."""
    url = start(client, csrf, "running", group="3", cards="6")
    page = client.get(url).get_data(as_text=True)
    cards = shown_cards(page)
    sent = {**hidden_fields(page), "running": "abc"}
    plain = client.post(f"{url}/answer", data=sent).get_data(as_text=True)
    assert "not a number" in plain.replace("’", "'") or "as a number" in plain
    assert 'class="count-steps"' in plain and shown_cards(plain) == cards
    flipped = client.post(f"{url}/answer", data=sent, headers={"HX-Request": "true"})
    assert flipped.status_code == 400
    assert 'class="count-steps flipped"' in flipped.get_data(as_text=True)
    assert stored(db) == []


def test_another_learners_session_is_not_found(app: Any, client: Any, csrf: Any) -> None:
    url = start(client, csrf, "countdown")
    other = app.test_client()
    assert other.get(url).status_code == 404
    assert client.get(url).status_code == 200
    assert client.get("/counting/sessions/not-a-session").status_code == 404


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "poker"}, "no counting session"),
        ({"kind": "running", "group": "5", "cards": "52"}, "1, 2 or 3 at a time"),
        ({"kind": "running", "group": "1", "cards": "9999"}, "Count 4 to 312"),
        ({"kind": "shoe", "rules": "single-deck", "seats": "9"}, "1 to 7 seats"),
        # A whole number that is too big is too big, not "not a whole number".
        ({"kind": "shoe", "rules": "single-deck", "seats": "100000"}, "far too many"),
        ({"kind": "shoe", "rules": "single-deck", "seats": "three"}, "as a whole number"),
        ({"kind": "shoe", "rules": "nope", "seats": "3"}, "no known rules preset"),
        ({"kind": "countdown", "speed": "0"}, "cards per second"),
    ],
)
def test_a_session_that_cannot_be_dealt_is_refused(
    client: Any, csrf: Any, db: Any, fields: dict[str, str], message: str
) -> None:
    response = client.post(
        "/counting/sessions", data={"csrf_token": csrf(), "speed": "2", **fields}
    )
    assert response.status_code == 400
    assert message in html.unescape(response.get_data(as_text=True))
    assert list(db.query("SELECT * FROM counting_sessions")) == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "running", "group": "5", "cards": "52"}, "по 1, 2 или 3 за раз"),
        ({"kind": "running", "group": "1", "cards": "9999"}, "от 4 до 312 карт, а не 9999"),
        ({"kind": "shoe", "rules": "single-deck", "seats": "9"}, "от 1 до 7 мест, а не 9"),
        ({"kind": "shoe", "rules": "single-deck", "seats": "100000"}, "слишком велико"),
        ({"kind": "shoe", "rules": "single-deck", "seats": "three"}, "должно быть целым"),
        ({"kind": "countdown", "speed": "99"}, "от 0,25 до 20 карт в секунду, а не 99"),
        ({"kind": "countdown", "speed": "fast"}, "например 2 или 1,5"),
    ],
)
def test_a_session_refused_says_why_in_the_learners_language(
    client: Any, csrf: Any, fields: dict[str, str], message: str
) -> None:
    response = client.post(
        "/counting/sessions",
        data={"csrf_token": csrf(), "speed": "2", **fields},
        headers={"Accept-Language": "ru"},
    )
    assert response.status_code == 400
    assert message in html.unescape(response.get_data(as_text=True))


def test_checkpoints_cannot_be_answered_through_the_generic_road(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = hidden_fields(client.get("/drills/running-count").get_data(as_text=True))
    response = client.post(
        "/drills/running-count/answer",
        data={
            **form,
            "question": "rc hi-lo 6d: 5H",
            "answer": "+1",
            "token": "t" * 20,
            "asked_at": "1",
        },
        follow_redirects=True,
    )
    assert response.status_code == 400
    assert stored(db) == []


def test_the_running_count_misses_appear_in_the_mistakes(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    url = start(client, csrf, "running", group="3", cards="12")
    given = miss_every_checkpoint(client, db, url, hidden_fields)
    mistakes = client.get("/mistakes").get_data(as_text=True)
    assert "Running count" in mistakes
    said = given[-1].replace("-", "\u2212")  # the answer as stored and read: a true minus
    assert f"You said <strong>{said}</strong>" in mistakes
    user = client.get("/progress").get_data(as_text=True)
    assert "Running count" in user
    assert attempts  # the store the mistakes page reads


def test_a_missed_checkpoint_is_drilled_again_from_the_mistakes(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    url = start(client, csrf, "running", group="3", cards="6")
    miss_every_checkpoint(client, db, url, hidden_fields)
    missed = [row for row in stored(db) if not row["correct"]]
    assert missed
    response = client.post(
        "/mistakes/review",
        data={"csrf_token": csrf(), "drill": "running-count", "sort": "newest"},
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    form = hidden_fields(page)
    assert form["question"] in {row["question"] for row in missed}
    assert 'aria-label="The cards seen"' in page
    right = str(read_checkpoint(form["question"]).grade("0").right_answer)
    response = client.post(
        "/drills/running-count/answer", data={**form, "answer": right}, follow_redirects=True
    )
    assert response.status_code == 200
    assert "Right" in response.get_data(as_text=True)
    assert stored(db)[-1]["correct"] == 1


def test_a_replayed_true_count_answer_shows_its_grade_counted_once(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    page = client.get("/drills/true-count", follow_redirects=True).get_data(as_text=True)
    form = {**hidden_fields(page), "answer": "+1"}
    assert client.post(answer_action(page), data=form, follow_redirects=True).status_code == 200
    replay = client.post(answer_action(page), data=form, follow_redirects=True)
    assert replay.status_code == 200
    assert "counted once" in replay.get_data(as_text=True)
    assert len(stored(db)) == 1


def test_htmx_gets_the_panel_only_and_rounds_are_drawn_by_hand(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    # 30 cards: at 20 one deal in fourteen held a single checkpoint, so that answering it ended
    # the session and the page asked nothing more (a clean run's failure).
    url = start(client, csrf, "running", group="rounds", cards="30", seats="2")
    page = client.get(url).get_data(as_text=True)
    assert "Round 1" in page and 'aria-label="Dealer"' in page
    assert "counting.js" in page and "data-flip" in page
    response = client.post(
        f"{url}/answer",
        data={**hidden_fields(page), "running": "0"},
        headers={"HX-Request": "true"},
        follow_redirects=True,
    )
    assert response.status_code == 200
    panel = response.get_data(as_text=True)
    assert "<html" not in panel
    assert "Checkpoint 1:" in panel
    assert "HX-Request" in response.headers["Vary"]
    # The rounds the cards come from, in the learner's words (it said "(round 1)" in Russian).
    russian = client.get(url, headers={"Accept-Language": "ru"}).get_data(as_text=True)
    heading = re.search(r'<h2 id="run-heading"[^>]*>([^<]*)</h2>', russian)
    assert heading is not None and "(раунд" in heading[1] and "round" not in heading[1], heading
    # "Count 5 cards" read as the session's cards, cut short: the checkpoint it leads to (a walk).
    english = re.search(r'<h2 id="run-heading"[^>]*>([^<]*)</h2>', page)
    assert english is not None and re.match(
        r"Up to checkpoint 1 of \d+: count \d+ card", english[1]
    )


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"kind": "running", "group": "1", "speed": "fast", "cards": "30"},
            "speed",
            "not “fast”",
        ),
        (
            {"kind": "running", "group": "1", "speed": "1e400", "cards": "30"},
            "speed",
            "cards per second",
        ),
        ({"kind": "running", "group": "1", "speed": "3", "cards": "9999"}, "cards", "Count 4 to"),
        ({"kind": "shoe", "speed": "1.5", "seats": "9", "rules": "single-deck"}, "seats", "seats"),
    ],
)
def test_a_bad_set_up_shows_the_form_again_with_the_error_beside_its_field(
    client: Any, csrf: Any, fields: dict[str, str], field: str, message: str
) -> None:
    """Issue 11: "fast" was a bare "Bad Request" page, 1e400 a 500 (OverflowError)."""
    response = client.post("/counting/sessions", data={"csrf_token": csrf(), **fields})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    error = re.search(rf'<p class="field-error" role="alert" id="{field}-error">([^<]*)</p>', page)
    assert error is not None and message in error.group(1)
    assert f'aria-describedby="{field}-error"' in page
    # The learner's settings are kept: the bad value and the others.
    assert f'name="{field}"' in page
    for name, value in fields.items():
        if name not in ("kind", "rules"):
            assert f'value="{html.escape(value)}"' in page
    if "rules" in fields:
        assert f'<option value="{fields["rules"]}" selected>' in page


def test_the_counting_set_up_names_the_tables_in_words(client: Any) -> None:
    page = client.get("/drills/shoe-count", follow_redirects=True).get_data(as_text=True)
    assert "Rules preset" in page
    # Where the game is chosen, a source text's game names its text once (issue 26).
    assert ">Club twenty-one (text 002)</option>" in page
    assert ">twenty-one-club</option>" not in page
    # The casino's games first, as every other rules menu (the texts' came first: a walk).
    menu = re.findall(
        r'<option value="([a-z0-9-]+)"[^>]*>[^<]*\(text \d+\)</option>'
        r'|<option value="(vegas-[a-z0-9-]+)"',
        page,
    )
    order = ["text" if texts else "casino" for texts, _ in menu]
    assert order and order == sorted(order)  # "casino" sorts before "text"


def test_the_running_count_set_up_names_the_decks_once(client: Any) -> None:
    page = client.get("/drills/running-count", follow_redirects=True).get_data(as_text=True)
    line = re.search(r"Cards from a shuffled shoe of your table \(([^)]*)\)", page)
    assert line is not None, page
    assert line.group(1) == "Las Vegas, 6 decks, dealer stands on soft 17"


@pytest.mark.parametrize(
    ("convention", "said"),
    [("floor", "round down"), ("truncate", "round toward zero"), ("round", "round to the nearest")],
)
def test_the_true_counts_conversion_is_said_in_plain_words(
    app: Any, convention: str, said: str
) -> None:
    """What the counting pages say of turning a running count into a true count: "round
    down", not the mathematician's "floor" (nor "truncate" for toward zero)."""
    with app.test_request_context("/"):
        words = app.jinja_env.get_template("drills/_counting_words.html").module
        assert str(words.conversion(convention, "half")) == f"{said}, decks to the half deck"


def test_the_set_up_chooses_a_pace_and_keeps_the_learners(client: Any, csrf: Any) -> None:
    """Timed is chosen on the page (none was, where the script did not run to choose); a form
    shown again keeps the learner's choice, marked so the script leaves it."""
    radios = r'<fieldset class="pace-choice" hidden( data-chosen)?>.*?</fieldset>'
    page = client.get("/drills/running-count").get_data(as_text=True)
    shown = re.search(radios, page, re.S)
    assert shown is not None and shown[1] is None
    assert re.findall(r'value="(\w+)" checked', shown[0]) == ["timed"]
    data = {"csrf_token": csrf(), "kind": "running", "speed": "2", "cards": "", "pace": "hand"}
    again = re.search(radios, client.post("/counting/sessions", data=data).get_data(True), re.S)
    assert again is not None and again[1] == " data-chosen"
    assert re.findall(r'value="(\w+)" checked', again[0]) == ["hand"]


@pytest.mark.parametrize(
    "address", ["/counting/penetration-chart", "/counting/penetration-chart?preset="]
)
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "There is no penetration chart for that: no rules were named."),
        ("ru", "правила не указаны"),
    ],
)
def test_a_penetration_chart_of_no_rules_says_so_in_a_learners_words(
    client: Any, address: str, language: str, said: str
) -> None:
    response = client.get(address, headers={"Accept-Language": language})
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 400
    assert said in text
    assert "unknown preset" not in text and "''" not in text


@pytest.mark.parametrize("asked_at", [None, "1000"])
def test_a_checkpoints_time_is_kept_only_as_the_page_sealed_it(
    client: Any, csrf: Any, hidden_fields: Any, db: Any, asked_at: str | None
) -> None:
    # The checkpoint's answer time, from the page's form: stored under the page's seal; a time
    # changed in the form is not (the answer is graded and stored all the same).
    url = start(client, csrf, "shoe", rules="single-deck", seats="2")
    page = client.get(url).get_data(as_text=True)
    form = hidden_fields(page)
    assert form["asked_seal"]
    data = {**form, "running": "0", **({} if asked_at is None else {"asked_at": asked_at})}
    if "true" in checkpoint_fields(page):
        data["true"] = "0"
    assert client.post(f"{url}/answer", data=data, follow_redirects=True).status_code == 200
    times = [row["response_ms"] for row in stored(db)]
    assert times
    if asked_at is None:
        assert all(ms is not None and 0 <= ms < 60_000 for ms in times)
    else:
        assert times == [None] * len(times)


def test_a_checkpoints_time_starts_when_its_last_card_is_shown(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    """With JavaScript the cards flip at the set speed before the question shows, and the time
    counted the flip: the script's flip time is taken off, never more than the flip's own at
    that speed (whatever the form says); without the script (no flip_ms) nothing is."""
    from tests.conftest import SECRET
    from trainer.web.security import seal_with_key
    from trainer.web.views.drills import now_ms

    url = start(client, csrf, "running", group="3", cards="12", speed="0.25")
    session_id = url.rsplit("/", 1)[1]
    (spec,) = db.execute("SELECT spec FROM counting_sessions WHERE id = ?", [session_id]).fetchone()
    session = RUNNING.read_session(spec)
    place, ago = f"session {session_id}", 120_000
    for index, flip in enumerate(("99999999", None)):
        form = hidden_fields(client.get(url).get_data(as_text=True))
        asked_at = now_ms() - ago
        seal = seal_with_key(SECRET, place, "", "", "", asked_at)
        data = {**form, "asked_at": str(asked_at), "asked_seal": seal, "running": "0"}
        data.update({"flip_ms": flip} if flip else {"flip_ms": ""})
        client.post(f"{url}/answer", data=data)
        (ms,) = [row["response_ms"] for row in stored(db)][index:]
        own = RUNNING.flip_ms(session, index)
        assert 10_000 < own < ago, own  # 4 s a card: more than the time's leeway below
        taken = own if flip else 0
        assert ago - taken <= ms < ago - taken + 10_000, (ms, own)


def test_deal_on_starts_the_next_checkpoints_time_when_it_is_pressed(
    client: Any, csrf: Any, hidden_fields: Any, db: Any, monkeypatch: Any
) -> None:
    """After a verdict the next cards wait for "Deal on" (shown by the script), which draws
    the session's page again: the next checkpoint's time runs from then, so a minute spent on
    the verdict is not counted in it. Without the script the verdict's own form answers."""
    from trainer.web import session_answers

    url = start(client, csrf, "running", group="1", cards="24")
    first = hidden_fields(client.get(url).get_data(as_text=True))
    real_now = session_answers.now_ms
    monkeypatch.setattr(session_answers, "now_ms", lambda: real_now() - 60_000)
    verdict = client.post(
        f"{url}/answer", data={**first, "running": "0"}, headers={"HX-Request": "true"}
    ).get_data(as_text=True)  # drawn, as far as its time says, a minute ago
    monkeypatch.setattr(session_answers, "now_ms", real_now)
    deal_on = re.search(r'<form class="deal-on" method="get" action="([^"]+)" hx-get="\1"', verdict)
    assert deal_on is not None and deal_on[1] == url, verdict
    assert re.search(r'<form class="deal-on"[^>]*\shidden>', verdict)  # the script shows it
    dealt = client.get(deal_on[1], headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'class="deal-on"' not in dealt and "data-flip" in dealt  # its cards flip at once
    # The verdict's own form (the road without the script) would time from a minute before.
    later = int(hidden_fields(dealt)["asked_at"]) - int(hidden_fields(verdict)["asked_at"])
    assert later >= 60_000
    client.post(f"{url}/answer", data={**hidden_fields(dealt), "running": "0", "flip_ms": ""})
    times = [row["response_ms"] for row in stored(db)]
    assert len(times) == 2
    assert 0 <= times[1] < 10_000, times  # from Deal on, not from the verdict a minute before
