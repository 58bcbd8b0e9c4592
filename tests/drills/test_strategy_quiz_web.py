"""The strategy quiz's pages through the test client: the answer road, custom rules stored with
their options, forged and illegal answers (400, nothing stored), the heat map, timed runs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from drills.strategy_quiz import DRILL, work_out
from tests.conftest import sealed
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.store import attempts
from trainer.words import cost_percent

QUIZ = "/drills/basic-strategy"

# The games' figures on disk (004's banker, 002's method-3 game), as the chart's job leaves them:
# drills only read them (run alone, the file found them being worked out).
pytestmark = pytest.mark.usefixtures("strategy_charts")


@pytest.fixture
def app(tmp_path: Any) -> Any:
    from tests.conftest import app_config
    from trainer import create_app

    return create_app(app_config(tmp_path, RNG_SEED=11))


def ask(client: Any, read: Callable[[str], dict[str, str]], query: str = "") -> dict[str, str]:
    # wait=1: ask at once, whether or not an earlier test has worked out these rules' chart
    # (without it, rules never worked out in this process show the chart being worked out).
    query = f"{query}&wait=1" if query else "?wait=1"
    if client.get_cookie("trainer_session") is None:
        client.get("/")  # a browser the server knows: new rules' chart is a job it may start
    response = client.get(QUIZ + query)
    assert response.status_code == 200
    return read(response.get_data(as_text=True))


def stored(db: Any) -> list[attempts.Attempt]:
    return list(attempts.list_attempts(db, 1, drill=DRILL.slug))


def right_key(fields: dict[str, str]) -> str:
    return work_out(fields["question"], Rules.parse(fields["rules"])).right


def test_a_right_answer_is_stored_and_shown_with_every_plays_ev(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    fields = ask(client, hidden_fields, "?rules=vegas-6d-s17&mix=cells")
    key = right_key(fields)
    response = client.post(f"{QUIZ}/answer", data={**fields, "answer": key}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'<h2 id="feedback-heading"[^>]*>Right: \w', page)
    assert "EV of each play" in page
    # The best play, chosen: one pair of brackets (a walk read «(лучшее) (ваше)»).
    table = page.split('class="ev-table"', 1)[1].split("</table>")[0]
    assert re.search(r"\((best|by the index), yours\)</th>", table), table
    assert "(yours)" not in table and ") (" not in table
    [attempt] = stored(db)
    assert attempt.correct and attempt.answer == key and attempt.ev_cost == 0
    assert attempt.rules == "vegas-6d-s17"


def test_the_russian_ev_table_writes_its_shares_as_the_sentences_do(
    client: Any, hidden_fields: Any
) -> None:
    """Each share reads "−25,19 %" (a no-break space before %), as the sentences write one."""
    client.get("/", headers={"Accept-Language": "ru"})
    fields = ask(client, hidden_fields, "?rules=vegas-6d-s17&mix=cells")
    response = client.post(
        f"{QUIZ}/answer",
        data={**fields, "answer": right_key(fields)},
        headers={"Accept-Language": "ru"},
        follow_redirects=True,
    )
    table = response.get_data(as_text=True).split('class="ev-table"', 1)[1].split("</table>")[0]
    cells = re.findall(r"<td>([^<]*)</td>", table)
    assert len(cells) >= 2
    assert all(re.fullmatch("[+\u2212]?[0-9]+,[0-9]{2}\u00a0%", cell) for cell in cells), cells


def test_a_wrong_answer_stores_its_cost(client: Any, db: Any, hidden_fields: Any) -> None:
    fields = ask(client, hidden_fields, "?rules=vegas-6d-s17&mix=hard")
    play = work_out(fields["question"], find_preset("vegas-6d-s17"))
    wrong = next(k for k in play.evs if k != play.right and play.evs[k] < play.evs[play.right])
    page = client.post(
        f"{QUIZ}/answer", data={**fields, "answer": wrong}, follow_redirects=True
    ).get_data(as_text=True)
    assert "Not quite" in page
    [attempt] = stored(db)
    assert not attempt.correct and attempt.right_answer == play.right
    assert float(attempt.ev_cost) == pytest.approx(play.evs[play.right] - play.evs[wrong], abs=1e-6)
    assert f"It costs {cost_percent(attempt.ev_cost)}% of the bet." in page


def test_custom_rules_are_carried_and_stored_with_their_options(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    query = (
        "?rules=vegas-6d-s17&preset=vegas-6d-s17&mix=hard"
        "&rule-surrender=none&rule-decks=6&rule-double_on=10-11"
    )
    # The form's Start goes to the rules' own address: the notation only, no option fields.
    sent = client.get(QUIZ + query)
    assert sent.status_code == 303
    assert sent.headers["Location"] == (
        f"{QUIZ}?rules=vegas-6d-s17+double_on%3D10-11+surrender%3Dnone&mix=hard"
    )
    fields = ask(client, hidden_fields, "?" + sent.headers["Location"].split("?", 1)[1])
    assert fields["rules"] == "vegas-6d-s17 double_on=10-11 surrender=none"
    response = client.post(
        f"{QUIZ}/answer", data={**fields, "answer": right_key(fields)}, follow_redirects=True
    )
    assert response.status_code == 200
    [attempt] = stored(db)
    assert attempt.rules == "vegas-6d-s17 double_on=10-11 surrender=none"
    # The next question carries the same rules.
    again = hidden_fields(response.get_data(as_text=True))
    assert again["rules"] == fields["rules"]


def test_bad_custom_rules_are_a_readable_400(client: Any) -> None:
    response = client.get(f"{QUIZ}?rules=vegas-6d-s17+decks%3D12")
    assert response.status_code == 400
    assert "Decks: must be 1 to 8" in response.get_data(as_text=True)
    assert client.get(f"{QUIZ}?preset=nowhere").status_code == 400
    assert client.get(f"{QUIZ}?mix=lucky").status_code == 400


NOT_THIS_PAGE = (
    "This answer&#39;s question is not one this page asked, so nothing was stored; reload the quiz."
)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"question": "AKv9"}, "not a question this quiz asks"),
        ({"question": "T63v9"}, "not a question this quiz asks"),
        ({"question": "TS 6H v 9D insurance"}, "not a question this quiz asks"),
        ({"rules": "vegas-6d-s17 surrender=sometimes"}, "cannot be played"),
        ({"rules": "vegas-6d-s17 decks=" + "9" * 5000}, "cannot be played"),
        ({"token": "short"}, "submission token"),
        ({"asked_at": "soon"}, "its question was asked is not a whole number"),
        # Not sealed by the page: a question, rules or time of the learner's choosing.
        ({"question": "TS 6H v 9D", "seal": ""}, NOT_THIS_PAGE),
        ({"rules": "single-deck"}, NOT_THIS_PAGE),
        ({"asked_at": "1"}, NOT_THIS_PAGE),
    ],
)
def test_a_forged_form_is_a_400_and_stores_nothing(
    client: Any, db: Any, hidden_fields: Any, change: dict[str, str], message: str
) -> None:
    fields = ask(client, hidden_fields)
    form = {**fields, "answer": "H", **change}
    if "question" in change and "seal" not in change:  # sealed: the drill's own refusal
        form = sealed(form, DRILL.slug)
    response = client.post(f"{QUIZ}/answer", data=form, follow_redirects=True)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert stored(db) == []


def test_an_illegal_play_is_a_400_that_keeps_the_question(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    fields = sealed({**ask(client, hidden_fields), "question": "TS 6H v 9D"}, DRILL.slug)
    response = client.post(f"{QUIZ}/answer", data={**fields, "answer": "P"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Split is not allowed for this hand" in page
    assert hidden_fields(page)["question"] == "TS 6H v 9D"
    assert stored(db) == []


def test_a_play_the_game_never_has_has_no_button(client: Any, hidden_fields: Any) -> None:
    """004 has no double, split or surrender: no button for them, rather than three greyed
    ones on every hand."""
    page = client.get(f"{QUIZ}?rules=russian-bank&wait=1").get_data(as_text=True)
    for key in ("D", "P", "R"):
        assert f'data-key="{key}"' not in page
    assert re.search(r'value="H" data-key="H"', page)
    assert not re.search(r'value="H" data-key="H"[^>]*\s+disabled', page)


def test_a_play_not_allowed_for_this_hand_has_a_disabled_button(client: Any) -> None:
    """A play the game has but not for this hand (a split of two cards that are no pair) keeps
    its button, disabled, with its reason."""
    for _ in range(20):  # a hand against an ace asks insurance first (1 in 13): a new hand
        page = client.get(f"{QUIZ}?rules=vegas-6d-s17&mix=hard&wait=1").get_data(as_text=True)
        if "No insurance" not in page:
            break
    assert re.search(r'value="P" data-key="P"[^>]*\s+disabled title="Not allowed', page)
    assert not re.search(r'value="D" data-key="D"[^>]*\s+disabled', page)


@pytest.mark.parametrize(
    ("rules", "said", "not_said"),
    [
        ("vegas-6d-s17", "As dealt from a shoe", "As dealt from the pack"),
        ("russian-bank", "As dealt from the pack", "As dealt from a shoe"),  # a pack, no shoe
        ("twenty-one-home", "As dealt from the pack", "As dealt from a shoe"),
        ("single-deck", "As dealt from the pack", "As dealt from a shoe"),  # held in the hand
    ],
)
def test_the_hands_menu_deals_from_a_pack_where_the_game_has_no_shoe(
    client: Any, rules: str, said: str, not_said: str
) -> None:
    page = client.get(f"{QUIZ}?rules={rules}&wait=1").get_data(as_text=True)
    assert f'<option value="shoe" selected>{said}</option>' in page
    assert not_said not in page


def test_a_resent_answer_counts_once(client: Any, db: Any, hidden_fields: Any) -> None:
    fields = ask(client, hidden_fields)
    client.post(f"{QUIZ}/answer", data={**fields, "answer": "S"}, follow_redirects=True)
    again = client.post(f"{QUIZ}/answer", data={**fields, "answer": "H"}, follow_redirects=True)
    assert "counted once" in again.get_data(as_text=True)
    assert len(stored(db)) == 1


def test_htmx_gets_the_panel_only(client: Any, db: Any, hidden_fields: Any) -> None:
    fields = ask(client, hidden_fields)
    response = client.post(
        f"{QUIZ}/answer",
        data={**fields, "answer": "S"},
        headers={"HX-Request": "true"},
        follow_redirects=True,
    )
    page = response.get_data(as_text=True)
    assert "feedback-heading" in page and "<html" not in page
    assert "HX-Request" in response.headers["Vary"]
    # The panel's next question (its form kept, with this one's seal filled in) is taken.
    again = hidden_fields(page)
    again["answer"] = "N" if again["question"].endswith("insurance") else "S"
    assert again["seal"] != fields["seal"]
    response = client.post(f"{QUIZ}/answer", data=again, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert len(stored(db)) == 2


# 004 read with the banker's card face up: the chart of one column per up card.
FACE_UP_BANK = "russian-bank banker_best=false deal_faces=casino"
FACE_UP_QUERY = "rules=russian-bank+banker_best%3Dfalse+deal_faces%3Dcasino"


def test_the_heat_map_shows_each_cells_score(client: Any, hidden_fields: Any) -> None:
    for _ in range(3):
        fields = ask(client, hidden_fields, f"?{FACE_UP_QUERY}&mix=cells")
        fields = sealed({**fields, "question": "TS 6H v 7D"}, DRILL.slug)
        # Wrong: a busted banker pays 2:1 in russian-bank, so 16 stands against a 7.
        client.post(f"{QUIZ}/answer", data={**fields, "answer": "H"}, follow_redirects=True)
    fields = ask(client, hidden_fields, f"?{FACE_UP_QUERY}&mix=cells")
    fields = sealed({**fields, "question": "9S 7H v 7C"}, DRILL.slug)
    client.post(f"{QUIZ}/answer", data={**fields, "answer": "S"}, follow_redirects=True)  # right
    # The heat map's form goes to the rules' own address, as the quiz's Start does.
    sent = client.get(f"{QUIZ}/chart?preset=russian-bank&mix=cells")
    assert sent.status_code == 303
    assert sent.headers["Location"] == f"{QUIZ}/chart?rules=russian-bank&mix=cells"
    page = client.get(f"{QUIZ}/chart?{FACE_UP_QUERY}&mix=cells").get_data(as_text=True)
    assert (
        '<span class="visually-hidden">hard 16 against 7: the chart says stand; 1 of 4 right</span>'
        in page
    )
    assert 'class="heat-poor"' in page
    # Other rules have their own map.
    other = client.get(f"{QUIZ}/chart?rules=vegas-6d-s17").get_data(as_text=True)
    assert "1 of 4 right" not in other


def test_the_weakest_mix_asks_the_cell_got_wrong(client: Any, hidden_fields: Any) -> None:
    fields = ask(client, hidden_fields, f"?{FACE_UP_QUERY}&mix=cells")
    fields = sealed({**fields, "question": "TS 6H v 7D"}, DRILL.slug)
    client.post(
        f"{QUIZ}/answer", data={**fields, "answer": "H"}, follow_redirects=True
    )  # wrong: stand
    for _ in range(3):
        asked = ask(client, hidden_fields, f"?{FACE_UP_QUERY}&mix=weakest")
        play = work_out(asked["question"], Rules.parse(FACE_UP_BANK))
        assert str(play.cell) == "hard 16 v 7"


def test_the_russian_bank_as_dealt_asks_no_banker_card(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    """Issue 27: the text deals every card face down, so the quiz shows the punter's own cards,
    how many he drew, and grades by the chart of one column; its heat map has a column per
    number of cards drawn."""
    fields = ask(client, hidden_fields, "?rules=russian-bank&mix=cells")
    assert fields["question"].endswith(" v ?")
    # hard 16 after one card drawn: stand
    fields = sealed({**fields, "question": "TS 2H 4C v ?"}, DRILL.slug)
    response = client.post(f"{QUIZ}/answer", data={**fields, "answer": "H"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "The banker shows no card" in page and "Dealer shows" not in page
    # Issue 26: one short why in the heading's word; the chart and its reading behind Details.
    assert "Standing is worth " in page and "chart of one column" in page
    [attempt] = stored(db)
    assert not attempt.correct and attempt.right_answer == "S" and attempt.ev_cost > 0
    forged = client.post(
        f"{QUIZ}/answer",
        data=sealed({**fields, "question": "TS 6H v 7D", "answer": "S"}, DRILL.slug),
        follow_redirects=True,
    )
    assert forged.status_code == 400
    assert len(stored(db)) == 1
    heat = client.get(f"{QUIZ}/chart?rules=russian-bank").get_data(as_text=True)
    assert ">Dealt</th>" in heat and ">1 drawn</th>" in heat and ">2 drawn</th>" in heat
    assert "hard 16, 1 card drawn: the chart says stand; 0 of 1 right</span>" in heat
    assert "?1" not in heat
    quiz_page = client.get(f"{QUIZ}?rules=russian-bank&wait=1").get_data(as_text=True)
    assert 'value="pairs"' not in quiz_page


def timed_fields(page: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))


def test_a_timed_run_scores_and_shows_the_slowest(
    client: Any, db: Any, hidden_fields: Any, csrf: Any
) -> None:
    ask(client, hidden_fields)
    start = client.post(
        f"{QUIZ}/timed",
        data={"csrf_token": csrf(), "preset": "russian-bank", "mix": "cells", "count": "10"},
    )
    assert start.status_code == 303
    page = client.get(f"{QUIZ}/timed").get_data(as_text=True)
    assert "Hand <strong>1</strong> of 10" in page
    for index in range(10):
        fields = timed_fields(page)
        assert fields["index"] == str(index)
        response = client.post(
            f"{QUIZ}/timed/answer", data={**fields, "answer": "H"}, follow_redirects=True
        )
        assert response.status_code == 200
        page = response.get_data(as_text=True)
    assert "Run complete" in page
    assert "of 10 right" in page
    assert "Your slowest decisions" in page
    assert len(stored(db)) == 10
    # An answer to a hand the run is not asking is refused.
    stale = client.post(
        f"{QUIZ}/timed/answer", data={**fields, "answer": "H"}, follow_redirects=True
    )
    assert stale.status_code == 400
    assert len(stored(db)) == 10


def test_a_timed_run_out_of_time_stores_nothing_more(
    app: Any, client: Any, db: Any, hidden_fields: Any, csrf: Any
) -> None:
    ask(client, hidden_fields)
    client.post(
        f"{QUIZ}/timed",
        data={"csrf_token": csrf(), "preset": "russian-bank", "mix": "cells", "count": "10"},
    )
    page = client.get(f"{QUIZ}/timed").get_data(as_text=True)
    with client.session_transaction() as session:
        run = session["strategy_timed"]
        session["strategy_timed"] = {**run, "started": run["started"] - run["limit_ms"] - 1}
    response = client.post(
        f"{QUIZ}/timed/answer", data={**timed_fields(page), "answer": "H"}, follow_redirects=True
    )
    assert "Time is up" in response.get_data(as_text=True)
    assert stored(db) == []


def test_a_timed_run_refuses_an_odd_length(client: Any, hidden_fields: Any, csrf: Any) -> None:
    ask(client, hidden_fields)
    response = client.post(f"{QUIZ}/timed", data={"csrf_token": csrf(), "count": "7"})
    assert response.status_code == 400


def test_a_timed_run_after_an_insurance_question_deals_different_hands(
    client: Any, db: Any, hidden_fields: Any, csrf: Any
) -> None:
    # The quiz's next question after an insurance question is that hand's play; a timed run
    # must not take that follow-up for every one of its hands.
    fields = ask(client, hidden_fields, "?rules=vegas-6d-s17&mix=cells")
    insurance = sealed({**fields, "question": "TS 6H v AD insurance", "answer": "N"}, DRILL.slug)
    assert client.post(f"{QUIZ}/answer", data=insurance, follow_redirects=True).status_code == 200
    [attempt] = stored(db)
    assert attempt.question.endswith("insurance")
    start = client.post(
        f"{QUIZ}/timed",
        data={"csrf_token": csrf(), "preset": "vegas-6d-s17", "mix": "cells", "count": "10"},
    )
    assert start.status_code == 303
    with client.session_transaction() as session:
        questions = session["strategy_timed"]["questions"]
    assert len(questions) == 10
    assert len(set(questions)) > 1


@pytest.mark.parametrize("seed", range(8))
def test_a_timed_run_from_the_shoe_starts_every_time(
    app: Any, client: Any, hidden_fields: Any, csrf: Any, seed: int
) -> None:
    """Issue 11: with the ``shoe`` mix, a dealt natural against an ace was asked about with its
    insurance suffix stripped, a 500 about one run in five of 50 hands."""
    app.config["RNG_SEED"] = seed
    ask(client, hidden_fields)
    start = client.post(
        f"{QUIZ}/timed",
        data={"csrf_token": csrf(), "preset": "vegas-6d-s17", "mix": "shoe", "count": "50"},
    )
    assert start.status_code == 303
    with client.session_transaction() as session:
        questions = session["strategy_timed"]["questions"]
    assert len(questions) == 50
    assert not any(q.endswith("insurance") for q in questions)


def test_the_footer_names_the_pages_rules_beside_the_learners_table(
    client: Any, hidden_fields: Any
) -> None:
    # The quiz under other rules than the table: the footer says both, never the table alone.
    page = client.get(f"{QUIZ}?rules=single-deck&mix=hard").get_data(as_text=True)
    footer = page.split('<footer class="site-footer">', 1)[1]
    assert "This page: Single deck, dealer hits soft 17" in footer
    assert (
        "your rules for the drills:" in footer
        and "Las Vegas, 6 decks, dealer stands on soft 17" in footer
    )
    # /strategy showing another preset says so too.
    page = client.get("/strategy?rules=russian-bank").get_data(as_text=True)
    footer = page.split('<footer class="site-footer">', 1)[1]
    assert "This page: The Russian banking game" in footer and "source" not in footer
    # Under the table's own rules the footer names the table once.
    page = client.get(f"{QUIZ}?rules=vegas-6d-s17&mix=hard").get_data(as_text=True)
    footer = page.split('<footer class="site-footer">', 1)[1]
    assert "This page:" not in footer
    assert "Your rules for the drills: " in footer


def test_a_huge_answer_is_refused_and_not_echoed_whole(client: Any, hidden_fields: Any) -> None:
    """An answer is a key: read to 8 characters, as the table's drills read theirs (5,000
    characters came back whole in the refusal)."""
    fields = ask(client, hidden_fields)
    response = client.post(f"{QUIZ}/answer", data={**fields, "answer": "X" * 5000})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "X" * 9 not in page and "XXXXXXXX" in page


def test_the_rules_menus_own_start_is_under_it_above_the_timed_run(client: Any) -> None:
    """The settings' Start follows the rules menu and its options, so the button right under
    the menu is its own: the timed run's was, and started a run under the rules played before
    (a walk); the timed run says which rules it asks under."""
    page = client.get("/drills/basic-strategy").get_data(as_text=True)
    settings = page.split('class="strategy-settings"', 1)[1].split("</section>", 1)[0]
    menu = settings.index('name="preset"')
    options = settings.index("</details>", menu)
    start = settings.index(">Start</button>")
    clock = settings.index(">Start the clock</button>")
    assert menu < options < start < settings.index("</form>", start) < clock
    assert "A timed run asks under the rules you are playing" in settings[clock:]
