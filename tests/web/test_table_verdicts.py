"""The table's words in the issue's shape: a verdict's first line says right or wrong, the right
answer and its cost in at most about 15 words, a mistake gets one sentence of why, and the rest
(the EVs, the ramp's risk of ruin against Kelly) is behind "Details"; the end-of-shoe summary
groups its errors in one line, shows each with the few cards it turned on (never the shoe so
far, never the engine's notation), and keeps how costs are counted behind "details"."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

import pytest

from tests.web.test_table_web import sit, step_form
from trainer.engine.rulebook.rules import Rules

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

# Engine notation a learner must not read: a card code ("4H", "TD"), a count check's or a
# bet's question ("rc hi-lo 6d:", "tc -1"), an option name of the rules.
CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")
COUNT_NOTATION = re.compile(r"\b(rc|tc) ([a-z-]+ \d+d:|[+-]?\d)")
OPTION_NAMES = [name for name in Rules.__dataclass_fields__ if "_" in name]


def visible(part: str) -> str:
    """The text a learner reads of an HTML part (no tags, no attributes)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", part))).strip()


def verdict_of(page: str) -> str:
    found = re.search(r'<section id="verdict".*?</section>', page, re.S)
    assert found, "no verdict on the page"
    return found.group(0)


def outside_details(part: str) -> str:
    return visible(re.sub(r"<details.*?</details>", " ", part, flags=re.S))


def words(text: str) -> int:
    return len(text.split())


def test_a_right_bet_is_one_short_line_its_explanation_behind_details(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training")
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    response = client.post(url + "/step", data={**fields, "units": "1"})  # the ramp's, at 0
    verdict = verdict_of(client.get(response.headers["Location"]).get_data(as_text=True))
    first = visible(re.search(r'class="verdict-first">(.*?)</p>', verdict, re.S).group(1))
    assert first == "Bet, box 1: 5."  # "Right" is the heading's, said once
    assert words(outside_details(verdict)) <= 15  # "Right", and its one line
    details = re.search(r"<details.*?</details>", verdict, re.S)
    assert details and "risk of ruin" in visible(details.group(0))


def test_a_wrong_bet_says_the_right_one_and_its_cost_first_the_ramp_behind_details(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training", stop_at="0")
    kind, fields = step_form(client, url, hidden_fields)
    response = client.post(url + "/step", data={**fields, "units": "8"})
    verdict = verdict_of(client.get(response.headers["Location"]).get_data(as_text=True))
    cost = db.execute("SELECT ev_cost FROM attempts").fetchone()[0]
    first = visible(re.search(r'class="verdict-first">(.*?)</p>', verdict, re.S).group(1))
    assert words(first) <= 15, first
    assert first.startswith("Bet, box 1: 5 was right, not 40; it cost "), first
    # Its cost in table minimums, the ramp's unit (not "bets", which elsewhere are the hand's),
    # as the stored attempt prices it: a share of the minimum, as the mistakes page says it.
    share = re.search(r"it cost ([\d.]+)% of the minimum\.$", first)
    assert share and float(share.group(1)) == pytest.approx(float(Fraction(cost)) * 100, abs=0.005)
    why = re.search(r'class="verdict-why">(.*?)</p>', verdict, re.S)
    assert why and visible(why.group(1)).startswith("At a true count of 0 the ramp bets 5")
    assert visible(why.group(1)).count(". ") == 0  # one sentence
    # Risk of ruin against Kelly: only behind Details.
    assert "Kelly" not in outside_details(verdict) and "risk of ruin" not in outside_details(
        verdict
    )
    # (Behind it, the ramp with its risk of ruin: at this table's small bankroll a ramp that
    # loses, which no Kelly sentence explains.)
    assert "risk of ruin" in visible(re.search(r"<details.*?</details>", verdict, re.S).group(0))


def play_a_test_shoe(client: Any, url: str, hidden_fields: Any) -> str:
    """A whole shoe in test mode, every count given as +1 and 0 (mostly wrong), every hand
    stood on; the summary page."""
    for _ in range(400):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            return str(client.get(url).get_data(as_text=True))
        extra = {
            "count": {"running": "1", "true": "0"},
            "bet": {"units": "2"},
            "insurance": {"answer": "N"},
        }.get(kind, {"answer": "S"})
        assert client.post(url + "/step", data={**fields, **extra}).status_code == 303
    raise AssertionError("the shoe never ended")


def test_the_summary_groups_its_errors_and_shows_no_notation(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="test")
    page = play_a_test_shoe(client, url, hidden_fields)
    summary = page.split('class="table-summary"')[1].split("</section>")[0]
    # The errors' lists (one under each kind), not the count errors' prices below them.
    errors = "".join(part.split("</ol>")[0] for part in summary.split('class="table-errors"')[1:])
    listed = [visible(e) for e in re.findall(r"<li>(.*?)</li>", errors, re.S)]
    counted = [e for e in listed if "count as" in e]
    assert counted, "no count error in a shoe of counts given as +1"
    # The grouped line: as many count errors as listed.
    groups = visible(re.search(r'class="error-groups">(.*?)</p>', summary, re.S).group(1))
    # Which count and which shoe they were counted for, in plain words.
    assert re.search(rf"\b{len(counted)} count errors? \(Hi-Lo, 6 decks\)", groups), groups
    assert re.match(rf"{len(listed)} mistakes?:", groups), groups
    # Each kind under its own line, as many errors listed as it says.
    kinds = re.findall(r'<h3 class="error-kind">(.*?)</h3>\s*<ol class="table-errors">(.*?)</ol>',
                       summary, re.S)  # fmt: skip
    assert kinds and sum(len(re.findall(r"<li>", errors)) for _, errors in kinds) == len(listed)
    for title, errors in kinds:
        assert int(visible(title).split(" ")[0]) == len(re.findall(r"<li>", errors)), title
    assert any(
        re.fullmatch(rf"{len(counted)} count errors? \(Hi-Lo, 6 decks\)", visible(title))
        for title, _ in kinds
    ), [visible(title) for title, _ in kinds]
    # No engine notation anywhere a learner reads it, and never the shoe so far.
    text = visible(summary)
    assert not CARD_CODE.search(text), CARD_CODE.search(text)
    assert not COUNT_NOTATION.search(text), COUNT_NOTATION.search(text)
    assert not [name for name in OPTION_NAMES if name in text]
    assert "Drilled again" not in text
    # One minus sign: the true minus every number a learner reads is written with.
    assert not re.search(r"(?<![\w\u2212-])-\d", text), re.search(r".{30}(?<![\w-])-\d.{10}", text)
    for error in counted:  # a count error is one line: what was said, what was right
        assert re.fullmatch(
            r"(Count check before round \d+|The last count check) : you gave the (running|true) "
            r"count as [+\u2212]?\d+, where it was "
            r"[+\u2212]?\d+\.",
            error,
        ), error
    # A play's error shows its hand against the up card, with suit symbols.
    played = [e for e in listed if "where" in e and "count as" not in e and "bet " not in e]
    for error in played:
        assert re.match(
            r"Round \d+ , (10|[2-9JQKA])[♠♥♦♣] .* against (10|[2-9JQKA])[♠♥♦♣] :", error
        )
    # How costs are counted: behind details, one sentence left in view.
    assert "EV cost is the expectation" not in outside_details(summary)
    details = re.search(r"<details.*?</details>", summary, re.S)
    assert details and "EV cost is the expectation" in visible(details.group(0))
    hint = re.search(r'class="hint muted">(.*?)</p>', summary, re.S)
    assert hint and visible(hint.group(1)).count(". ") == 0


def test_a_rounds_page_shows_its_errors_with_their_cards_not_their_notation(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="test")
    page = play_a_test_shoe(client, url, hidden_fields)
    summary = page.split('class="table-summary"')[1]
    first = re.search(r'href="([^"]+/rounds/\d+)"', summary)
    assert first
    shown = client.get(html.unescape(first.group(1))).get_data(as_text=True)
    mistakes = shown.split("Your mistakes in this round")[1]
    assert not CARD_CODE.search(visible(mistakes.split("</ul>")[0]))
    assert "Drilled again" not in shown


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("Hard 20 against 3 (2 cards): the chart says stand. EV of each play: stand +64.80%.",
         "Hard 20 against 3 (2 cards): the chart says stand."),
        ("Running count -2; 20 of 312 cards seen, 5.5 to the half deck. -2 / 5.5 = -0.36.",
         "Running count -2; 20 of 312 cards seen, 5.5 to the half deck."),
        ("At a true count of 0 the ramp bets 5 (-0.27%): the table minimum.",
         "At a true count of 0 the ramp bets 5 (-0.27%): the table minimum."),
    ],
)  # fmt: skip
def test_a_verdicts_why_is_its_explanations_first_sentence(text: str, first: str) -> None:
    from trainer.web.table_verdict import first_sentence

    why, rest = first_sentence(text)
    assert why == first
    assert (why + " " + rest).strip() == text


def test_a_right_play_other_than_the_charts_says_why_the_charts_own_does_not(
    app: Any,
) -> None:
    """Hitting 2-6-8 against a ten, worth more than the chart's stand for these cards: right,
    with the sentence that says so in view (the chart says stand); the chart's stand is right
    in one short line, its explanation behind details."""
    from drills.table_play import DRILL
    from trainer.web.table_verdict import verdict

    rules = Rules.parse("vegas-6d-s17")
    with app.test_request_context("/"):
        for answer, shown in (("H", True), ("S", False)):
            grade = DRILL.grade("2S 6D 8C v TH", answer, rules)
            said = verdict("play", answer, "S", True, None, Fraction(0), grade.explanation)
            assert bool(said["why"]) is shown and said["why"].startswith("For these") is shown
            assert said["details"]


@pytest.mark.parametrize(
    ("name", "answer", "right", "line"),
    [
        ("redouble", "redouble", "no redouble",
         "Not redoubling was right; your choice cost 0.21 bets, 0.42 in chips."),
        ("double", "no double", "double",
         "Doubling the bets was right; your choice cost 0.21 bets, 0.42 in chips."),
        ("dealer", "stand", "draw",
         "Draw or stand: drawing was right; your choice cost 0.21 bets, 0.42 in chips."),
        ("insurance", "I", "N",
         "Insurance: declining it was right; your choice cost 21.00% of the bet, 0.42 in chips."),
        ("play", "H", "S",
         "Play: stand was right, not hit; it cost 21.00% of the bet, 0.42 in chips."),
        ("bet0", "40", "5", "Bet, box 1: 5 was right, not 40; it cost 0.21 bets, 0.42 in chips."),
    ],
)  # fmt: skip
def test_a_wrong_answers_first_line_names_the_right_one_and_its_cost(
    name: str, answer: str, right: str, line: str, app: Any
) -> None:
    # One of two choices names the right one only ("not redoubling was right, not
    # redoubling" would read as a riddle); any other names what was said too.
    from trainer.web.table_verdict import verdict

    with app.test_request_context():
        said = verdict(name, answer, right, False, Fraction(21, 100), Fraction(42, 100), "Why.")
    assert said["lead"] == line and said["why"] == "Why." and said["details"] == ""
    assert words(said["lead"]) <= 15


def test_a_verdicts_numbers_are_written_in_the_learners_language(tmp_path: Any) -> None:
    """A tray's decks left and a bet of cents, said back in a Russian verdict, take the decimal
    comma ("0,5"), as the learner types them; they read "0.5"."""
    from tests.conftest import app_config
    from trainer import create_app
    from trainer.web.table_verdict import verdict

    app = create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))
    with app.test_request_context(headers={"Accept-Language": "ru-RU,ru;q=0.9"}):
        said = verdict("decks", "0.5", "0.5", True, None, Fraction(0), "")
        assert said["lead"] == "Осталось колод, по лотку для сброса: 0,5 — верно.", said["lead"]
        said = verdict("bet0", "12.50", "25", False, Fraction(1, 10), Fraction(1), "")
        assert "правильно — 25, а не 12,50;" in said["lead"], said["lead"]
    with app.test_request_context(headers={"Accept-Language": "en"}):
        said = verdict("decks", "1.5", "1.5", True, None, Fraction(0), "")
        assert said["lead"] == "Decks left, from the tray: 1.5, right."


@pytest.mark.parametrize(
    ("name", "answer", "right", "correct", "line"),
    [
        ("double", "no double", "double", False,
         "Doubling the bets was right; your choice cost 0.34 bets."),
        ("double", "double", "double", True, "Doubling the bets, right."),
        ("stake", "3", "249", False, "Your stake: 249 was right, not 3; it cost 0.34 bets."),
    ],
)  # fmt: skip
def test_a_first_line_says_no_phrase_nor_figure_twice(
    name: str, answer: str, right: str, correct: bool, line: str, app: Any
) -> None:
    """Issue 26: "Doubling the bets: doubling the bets was right; your choice cost 0.34 bets (0.34)"
    said the ask's name twice and the cost twice; at a stake of one unit the money is the
    figure in bets, said once."""
    from trainer.web.table_verdict import verdict

    cost = Fraction(34, 100)
    with app.test_request_context():
        said = verdict(name, answer, right, correct, None if correct else cost, cost, "Why.")
    assert said["lead"] == line
    assert said["lead"].casefold().count("doubling the bets") <= 1 and "(0.34)" not in line
